// HTTP shape of the comment area (reference/api/contests-trainings-discussions.md §4).
import { Permission } from '@oj/protocol';
import { discussionOperations as O } from '@oj/protocol/discussion/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../platform/http/app';
import { ok } from '../platform/http/envelope';
import type { DiscussionService } from './service';

const anonymous = { access: 'anonymous' } as const;
const login = { access: 'login' } as const;
const commenters = { access: 'login', permissions: [Permission.COMMENT_ADD] } as const;
const repliers = { access: 'login', permissions: [Permission.REPLY_ADD] } as const;

export function registerDiscussionRoutes(app: App, s: DiscussionService): void {
  app.get('/api/comments', { config: anonymous, schema: routeSchema(O['GET /api/comments']) }, async (req) =>
    ok(await s.comments(req.user ?? null, req.query)),
  );
  app.post('/api/comment', { config: commenters, schema: routeSchema(O['POST /api/comment']) }, async (req) =>
    ok(await s.addComment(req.user!, req.body)),
  );
  app.delete('/api/comment', { config: login, schema: routeSchema(O['DELETE /api/comment']) }, async (req) =>
    ok(await s.deleteComment(req.user!, req.body)),
  );
  app.get(
    '/api/comment-like',
    { config: login, schema: routeSchema(O['GET /api/comment-like']) },
    async (req) => ok(await s.likeComment(req.user!, req.query)),
  );
  app.get('/api/reply', { config: anonymous, schema: routeSchema(O['GET /api/reply']) }, async (req) =>
    ok(await s.replies(req.user ?? null, req.query.commentId)),
  );
  app.post('/api/reply', { config: repliers, schema: routeSchema(O['POST /api/reply']) }, async (req) =>
    ok(await s.addReply(req.user!, req.body)),
  );
  app.delete('/api/reply', { config: login, schema: routeSchema(O['DELETE /api/reply']) }, async (req) =>
    ok(await s.deleteReply(req.user!, req.body)),
  );
}

// HTTP shape of the comment area (reference/api/contests-trainings-discussions.md §4).
import { Permission } from '@oj/protocol';
import {
  CommentBody,
  CommentLikeQuery,
  CommentsQuery,
  DeleteCommentBody,
  DeleteReplyBody,
  ReplyBody,
  ReplyQuery,
} from '@oj/protocol/discussion/schemas';
import type { App } from '../platform/http/app';
import { ok } from '../platform/http/envelope';
import type { DiscussionService } from './service';

const anonymous = { access: 'anonymous' } as const;
const login = { access: 'login' } as const;
const commenters = { access: 'login', permissions: [Permission.COMMENT_ADD] } as const;
const repliers = { access: 'login', permissions: [Permission.REPLY_ADD] } as const;

export function registerDiscussionRoutes(app: App, s: DiscussionService): void {
  app.get('/api/comments', { config: anonymous, schema: { querystring: CommentsQuery } }, async (req) =>
    ok(await s.comments(req.user ?? null, req.query)),
  );
  app.post('/api/comment', { config: commenters, schema: { body: CommentBody } }, async (req) =>
    ok(await s.addComment(req.user!, req.body)),
  );
  app.delete('/api/comment', { config: login, schema: { body: DeleteCommentBody } }, async (req) =>
    ok(await s.deleteComment(req.user!, req.body)),
  );
  app.get('/api/comment-like', { config: login, schema: { querystring: CommentLikeQuery } }, async (req) =>
    ok(await s.likeComment(req.user!, req.query)),
  );
  app.get('/api/reply', { config: anonymous, schema: { querystring: ReplyQuery } }, async (req) =>
    ok(await s.replies(req.user ?? null, req.query.commentId)),
  );
  app.post('/api/reply', { config: repliers, schema: { body: ReplyBody } }, async (req) =>
    ok(await s.addReply(req.user!, req.body)),
  );
  app.delete('/api/reply', { config: login, schema: { body: DeleteReplyBody } }, async (req) =>
    ok(await s.deleteReply(req.user!, req.body)),
  );
}

// HTTP shape of group discussions (groups-admin-files.md §3).
import { Type } from '@sinclair/typebox';
import { DiscussionBody, DiscussionDeleteQuery } from '@oj/protocol/discussion/posts';
import type { App } from '../platform/http/app';
import { ok } from '../platform/http/envelope';
import type { GroupPostService } from './group-post-service';

const login = { access: 'login' } as const;
const ListQuery = Type.Object({
  gid: Type.Integer(),
  pid: Type.Optional(Type.String()),
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
});

export function registerGroupPostRoutes(app: App, s: GroupPostService): void {
  app.get(
    '/api/group/get-discussion-list',
    { config: login, schema: { querystring: ListQuery } },
    async (req) => ok(await s.list(req.user!, req.query)),
  );
  app.get(
    '/api/group/get-admin-discussion-list',
    { config: login, schema: { querystring: ListQuery } },
    async (req) => ok(await s.adminList(req.user!, req.query)),
  );
  app.post('/api/group/discussion', { config: login, schema: { body: DiscussionBody } }, async (req) =>
    ok(await s.create(req.user!, req.body)),
  );
  app.put('/api/group/discussion', { config: login, schema: { body: DiscussionBody } }, async (req) =>
    ok(await s.update(req.user!, req.body)),
  );
  app.delete(
    '/api/group/discussion',
    { config: login, schema: { querystring: DiscussionDeleteQuery } },
    async (req) => ok(await s.remove(req.user!, req.query.did)),
  );
}

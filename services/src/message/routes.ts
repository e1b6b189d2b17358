// HTTP shape of the message center (reference core.md §9) and admin notices
// (groups-admin-files.md §4.3).
import { messageOperations as O } from '@oj/protocol/message/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../platform/http/app';
import { ok } from '../platform/http/envelope';
import type { MessageService } from './service';

const login = { access: 'login' } as const;
const root = { access: 'login', roles: ['root'] } as const;

/** The reminder lists and their table entries (one handler each). */
const remindLists = [
  ['comment', O['GET /api/msg/comment']],
  ['reply', O['GET /api/msg/reply']],
  ['like', O['GET /api/msg/like']],
] as const;
const noticeLists = [
  ['Sys', O['GET /api/msg/sys']],
  ['Mine', O['GET /api/msg/mine']],
] as const;

export function registerMessageRoutes(app: App, s: MessageService): void {
  app.get('/api/msg/unread', { config: login, schema: routeSchema(O['GET /api/msg/unread']) }, async (req) =>
    ok(await s.unread(req.user!.uid)),
  );
  for (const [list, op] of remindLists)
    app.get(`/api/msg/${list}`, { config: login, schema: routeSchema(op) }, async (req) =>
      ok(await s.reminds(req.user!, list, req.query)),
    );
  for (const [kind, op] of noticeLists)
    app.get(`/api/msg/${kind.toLowerCase()}`, { config: login, schema: routeSchema(op) }, async (req) =>
      ok(await s.notices(req.user!, kind, req.query)),
    );
  app.delete(
    '/api/msg/clean',
    { config: login, schema: routeSchema(O['DELETE /api/msg/clean']) },
    async (req) => {
      const q = req.query;
      return ok(await s.clean(req.user!, q.type, q.id));
    },
  );

  app.get(
    '/api/admin/msg/notice',
    { config: root, schema: routeSchema(O['GET /api/admin/msg/notice']) },
    async (req) => ok(await s.adminNotices(req.query)),
  );
  app.post(
    '/api/admin/msg/notice',
    { config: root, schema: routeSchema(O['POST /api/admin/msg/notice']) },
    async (req) => ok(await s.createNotice(req.user!, req.body)),
  );
  app.put(
    '/api/admin/msg/notice',
    { config: root, schema: routeSchema(O['PUT /api/admin/msg/notice']) },
    async (req) => ok(await s.updateNotice(req.user!, req.body)),
  );
  app.delete(
    '/api/admin/msg/notice',
    { config: root, schema: routeSchema(O['DELETE /api/admin/msg/notice']) },
    async (req) => ok(await s.deleteNotice(req.user!, req.query.id)),
  );
}

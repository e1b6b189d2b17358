// HTTP shape of the message center (reference core.md §9) and admin notices
// (groups-admin-files.md §4.3).
import {
  AdminNoticeBody,
  CleanQuery,
  MsgListQuery,
  NoticeDeleteQuery,
  NoticeListQuery,
} from '@oj/protocol/message/schemas';
import type { App } from '../platform/http/app';
import { ok } from '../platform/http/envelope';
import type { MessageService } from './service';

const login = { access: 'login' } as const;
const root = { access: 'login', roles: ['root'] } as const;

export function registerMessageRoutes(app: App, s: MessageService): void {
  app.get('/api/msg/unread', { config: login }, async (req) => ok(await s.unread(req.user!.uid)));
  for (const list of ['comment', 'reply', 'like'] as const)
    app.get(`/api/msg/${list}`, { config: login, schema: { querystring: MsgListQuery } }, async (req) =>
      ok(await s.reminds(req.user!, list, req.query)),
    );
  for (const kind of ['Sys', 'Mine'] as const)
    app.get(
      `/api/msg/${kind.toLowerCase()}`,
      { config: login, schema: { querystring: MsgListQuery } },
      async (req) => ok(await s.notices(req.user!, kind, req.query)),
    );
  app.delete('/api/msg/clean', { config: login, schema: { querystring: CleanQuery } }, async (req) => {
    const q = req.query;
    return ok(await s.clean(req.user!, q.type, q.id));
  });

  app.get('/api/admin/msg/notice', { config: root, schema: { querystring: NoticeListQuery } }, async (req) =>
    ok(await s.adminNotices(req.query)),
  );
  app.post('/api/admin/msg/notice', { config: root, schema: { body: AdminNoticeBody } }, async (req) =>
    ok(await s.createNotice(req.user!, req.body)),
  );
  app.put('/api/admin/msg/notice', { config: root, schema: { body: AdminNoticeBody } }, async (req) =>
    ok(await s.updateNotice(req.user!, req.body)),
  );
  app.delete(
    '/api/admin/msg/notice',
    { config: root, schema: { querystring: NoticeDeleteQuery } },
    async (req) => ok(await s.deleteNotice(req.user!, req.query.id)),
  );
}

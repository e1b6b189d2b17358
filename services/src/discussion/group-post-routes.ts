// HTTP shape of group discussions (groups-admin-files.md §3).
import { discussionOperations as O } from '@oj/protocol/discussion/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../platform/http/app';
import { ok } from '../platform/http/envelope';
import type { GroupPostService } from './group-post-service';

const login = { access: 'login' } as const;

export function registerGroupPostRoutes(app: App, s: GroupPostService): void {
  app.get(
    '/api/group/get-discussion-list',
    { config: login, schema: routeSchema(O['GET /api/group/get-discussion-list']) },
    async (req) => ok(await s.list(req.user!, req.query)),
  );
  app.get(
    '/api/group/get-admin-discussion-list',
    { config: login, schema: routeSchema(O['GET /api/group/get-admin-discussion-list']) },
    async (req) => ok(await s.adminList(req.user!, req.query)),
  );
  app.post(
    '/api/group/discussion',
    { config: login, schema: routeSchema(O['POST /api/group/discussion']) },
    async (req) => ok(await s.create(req.user!, req.body)),
  );
  app.put(
    '/api/group/discussion',
    { config: login, schema: routeSchema(O['PUT /api/group/discussion']) },
    async (req) => ok(await s.update(req.user!, req.body)),
  );
  app.delete(
    '/api/group/discussion',
    { config: login, schema: routeSchema(O['DELETE /api/group/discussion']) },
    async (req) => ok(await s.remove(req.user!, req.query.did)),
  );
}

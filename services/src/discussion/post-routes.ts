// HTTP shape of discussion posts (reference contests-trainings-discussions.md §3) and their back
// office (groups-admin-files.md §4.12).
import { Permission } from '@oj/protocol';
import { discussionOperations as O } from '@oj/protocol/discussion/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../platform/http/app';
import { ok } from '../platform/http/envelope';
import type { PostService } from './post-service';

const anonymous = { access: 'anonymous' } as const;
const login = { access: 'login' } as const;
const root = { access: 'login', roles: ['root'] } as const;
const staff = { access: 'login', roles: ['root', 'admin', 'problem_admin'] } as const;
const perm = (p: string) => ({ access: 'login', permissions: [p] }) as const;

export function registerPostRoutes(app: App, s: PostService): void {
  app.get(
    '/api/discussion-category',
    { config: anonymous, schema: routeSchema(O['GET /api/discussion-category']) },
    async () => ok(await s.categories()),
  );
  app.post(
    '/api/discussion-category',
    { config: root, schema: routeSchema(O['POST /api/discussion-category']) },
    async (req) => ok(await s.saveCategories(req.body)),
  );
  app.get(
    '/api/get-discussion-list',
    { config: anonymous, schema: routeSchema(O['GET /api/get-discussion-list']) },
    async (req) => ok(await s.list(req.user ?? null, req.query)),
  );
  app.get(
    '/api/get-discussion-detail',
    { config: anonymous, schema: routeSchema(O['GET /api/get-discussion-detail']) },
    async (req) => ok(await s.detail(req.user ?? null, req.query.did)),
  );
  // Issue #26 item 4 (not in the reference): the posting rule and the caller's progress.
  app.get(
    '/api/discussion-write-rule',
    { config: login, schema: routeSchema(O['GET /api/discussion-write-rule']) },
    async (req) => ok(await s.writeRule(req.user!)),
  );
  app.post(
    '/api/discussion',
    { config: perm(Permission.DISCUSSION_ADD), schema: routeSchema(O['POST /api/discussion']) },
    async (req) => ok(await s.create(req.user!, req.body), 'success'),
  );
  app.put(
    '/api/discussion',
    { config: perm(Permission.DISCUSSION_EDIT), schema: routeSchema(O['PUT /api/discussion']) },
    async (req) => ok(await s.update(req.user!, req.body)),
  );
  app.delete(
    '/api/discussion',
    { config: perm(Permission.DISCUSSION_DEL), schema: routeSchema(O['DELETE /api/discussion']) },
    async (req) => ok(await s.remove(req.user!, req.query.did)),
  );
  app.get(
    '/api/discussion-like',
    { config: login, schema: routeSchema(O['GET /api/discussion-like']) },
    async (req) => {
      const q = req.query;
      return ok(await s.like(req.user!, q.did, q.toLike));
    },
  );
  app.post(
    '/api/discussion-report',
    { config: login, schema: routeSchema(O['POST /api/discussion-report']) },
    async (req) => ok(await s.report(req.user!, req.body)),
  );

  app.put(
    '/api/admin/discussion',
    { config: staff, schema: routeSchema(O['PUT /api/admin/discussion']) },
    async (req) => ok(await s.adminUpdate(req.body)),
  );
  app.delete(
    '/api/admin/discussion',
    { config: staff, schema: routeSchema(O['DELETE /api/admin/discussion']) },
    async (req) => ok(await s.adminDelete(req.body)),
  );
  app.get(
    '/api/admin/discussion-report',
    { config: staff, schema: routeSchema(O['GET /api/admin/discussion-report']) },
    async (req) => ok(await s.reports(req.query)),
  );
  app.put(
    '/api/admin/discussion-report',
    { config: staff, schema: routeSchema(O['PUT /api/admin/discussion-report']) },
    async (req) => {
      const b = req.body;
      return ok(await s.handleReport(b.id, b.status));
    },
  );
}

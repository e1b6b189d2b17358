// HTTP shape of the back office endpoints the admin capability owns (reference §4.1, §4.2,
// §4.5 service info) plus the dashboard's live lists.
import type { DbAndRedisConfig } from '@oj/protocol/admin/schemas';
import { adminOperations as O } from '@oj/protocol/admin/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../platform/http/app';
import { sendAttachment } from '../platform/http/files';
import { ok, okEmpty } from '../platform/http/envelope';
import { fail } from '../platform/http/errors';
import { requestLanguage, translateMessage } from '../platform/http/message-catalog';
import type { DashboardService } from './service';
import type { UsersService } from './users-service';
import type { AdminLive } from './live';
import { M } from './messages';
import { DEPLOYMENT_MSG } from './deployment-config';

const tags = ['admin'];
const admins = { access: 'login', roles: ['root', 'admin', 'problem_admin'] } as const;
const userAdmin = { access: 'login', permissions: ['user_admin'] } as const;
const rootOnly = { access: 'login', roles: ['root'] } as const;

export function registerAdminRoutes(
  app: App,
  s: {
    dashboard: DashboardService;
    users: UsersService;
    live: AdminLive;
    /** The deployment's database and bus settings (secrets blanked). */
    dbAndRedisConfig: () => DbAndRedisConfig;
  },
) {
  // ---------- dashboard ----------
  app.get(
    '/api/admin/dashboard/get-dashboard-info',
    { config: admins, schema: { tags, ...routeSchema(O['GET /api/admin/dashboard/get-dashboard-info']) } },
    async () => ok(await s.dashboard.info()),
  );
  // The reference's client posts a form body here (application/x-www-form-urlencoded, which the
  // app does not parse elsewhere): a parser for that type in this route's own scope; the body is ignored.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(
      '/api/admin/dashboard/get-sessions',
      { config: admins, schema: { tags, ...routeSchema(O['POST /api/admin/dashboard/get-sessions']) } },
      async (req) => ok(await s.dashboard.previousSession(req.user!.uid)),
    );
  });
  app.get(
    '/api/admin/dashboard/recent-sessions',
    { config: admins, schema: { tags, ...routeSchema(O['GET /api/admin/dashboard/recent-sessions']) } },
    async (req) => ok(await s.dashboard.recentSessions(req.user!.uid)),
  );
  app.get(
    '/api/admin/dashboard/judge-servers',
    { config: admins, schema: { tags, ...routeSchema(O['GET /api/admin/dashboard/judge-servers']) } },
    async () => ok(s.live.judgeServers()),
  );
  app.get(
    '/api/admin/dashboard/submission-rate',
    { config: admins, schema: { tags, ...routeSchema(O['GET /api/admin/dashboard/submission-rate']) } },
    async () => ok(s.live.submissionRate()),
  );
  app.get(
    '/api/admin/config/get-judge-service-info',
    { config: admins, schema: { tags, ...routeSchema(O['GET /api/admin/config/get-judge-service-info']) } },
    async () => ok(s.live.judgeServiceInfo()),
  );
  app.get(
    '/api/admin/config/get-service-info',
    { config: admins, schema: { tags, ...routeSchema(O['GET /api/admin/config/get-service-info']) } },
    async () => ok(s.live.serviceInfo()),
  );
  // Settings of the deployment, read-only (docs/compat.md BO15).
  app.get(
    '/api/admin/config/get-db-and-redis-config',
    {
      config: rootOnly,
      schema: { tags, ...routeSchema(O['GET /api/admin/config/get-db-and-redis-config']) },
    },
    async () => ok(s.dbAndRedisConfig()),
  );
  app.put(
    '/api/admin/config/set-db-and-redis-config',
    {
      config: rootOnly,
      schema: { tags, ...routeSchema(O['PUT /api/admin/config/set-db-and-redis-config']) },
    },
    async () => {
      throw fail(DEPLOYMENT_MSG.READ_ONLY);
    },
  );

  // ---------- users (§4.2) ----------
  app.get(
    '/api/admin/user/get-user-list',
    {
      config: userAdmin,
      schema: { tags, ...routeSchema(O['GET /api/admin/user/get-user-list']) },
    },
    async (req) => ok(await s.users.list(req.query)),
  );
  app.put(
    '/api/admin/user/edit-user',
    { config: userAdmin, schema: { tags, ...routeSchema(O['PUT /api/admin/user/edit-user']) } },
    async (req) => {
      await s.users.edit(req.body, req.user!);
      return okEmpty();
    },
  );
  app.delete(
    '/api/admin/user/delete-user',
    { config: userAdmin, schema: { tags, ...routeSchema(O['DELETE /api/admin/user/delete-user']) } },
    async (req) => {
      await s.users.remove(req.body.ids, req.user!);
      return okEmpty();
    },
  );
  app.post(
    '/api/admin/user/insert-batch-user',
    { config: userAdmin, schema: { tags, ...routeSchema(O['POST /api/admin/user/insert-batch-user']) } },
    async (req) => {
      const rows = req.body.users;
      if (!rows || rows.length === 0) throw fail(M.BATCH_EMPTY);
      const batch = await s.users.insertBatch(rows);
      // Row reasons in the interface language, as the envelope's msg (issue #26 item 7).
      const lang = requestLanguage(req.headers['accept-language']);
      const results = batch.results.map((r) =>
        r.reason ? { ...r, reason: translateMessage(r.reason, lang) } : r,
      );
      const { failed } = batch;
      // Successful rows stay created; the per-row outcome is in `data` either way.
      if (failed.length)
        throw fail(M.batchResult(results.length - failed.length, failed.length, failed), 400, results);
      return ok(results);
    },
  );
  app.post(
    '/api/admin/user/generate-user',
    { config: userAdmin, schema: { tags, ...routeSchema(O['POST /api/admin/user/generate-user']) } },
    async (req) => ok(await s.users.generate(req.body)),
  );
  app.get(
    '/api/file/generate-user-excel',
    { config: rootOnly, schema: { tags, ...routeSchema(O['GET /api/file/generate-user-excel']) } },
    async (req, reply) => {
      return sendAttachment(
        reply,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        `${req.query.key}.xlsx`,
        await s.users.generatedXlsx(req.query.key),
      );
    },
  );
}

// HTTP shape of the group problem endpoints (reference groups-admin-files.md §3).
import { groupOperations as O } from '@oj/protocol/group/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../platform/http/app';
import { ok, okEmpty } from '../platform/http/envelope';
import { PM } from './problem-messages';
import type { GroupProblemService } from './problem-service';

const login = { access: 'login' } as const;

export function registerGroupProblemRoutes(app: App, s: GroupProblemService): void {
  for (const kind of ['spj', 'interactive'] as const) {
    app.post(
      `/api/group/compile-${kind}`,
      { config: login, schema: routeSchema(O[`POST /api/group/compile-${kind}`]) },
      async (req) => {
        await s.compile(req.user!, req.query.gid, kind, req.body);
        return okEmpty(PM.COMPILED);
      },
    );
  }
  app.get(
    '/api/group/get-problem-list',
    { config: login, schema: routeSchema(O['GET /api/group/get-problem-list']) },
    async (req) => ok(await s.list(req.user!, req.query)),
  );
  app.get(
    '/api/group/get-admin-problem-list',
    { config: login, schema: routeSchema(O['GET /api/group/get-admin-problem-list']) },
    async (req) => ok(await s.adminList(req.user!, req.query)),
  );
  app.get(
    '/api/group/get-all-problem-tags',
    { config: login, schema: routeSchema(O['GET /api/group/get-all-problem-tags']) },
    async (req) => ok(await s.tags(req.user!, req.query.gid)),
  );
  app.get(
    '/api/group/problem',
    { config: login, schema: routeSchema(O['GET /api/group/problem']) },
    async (req) => ok(await s.get(req.user!, req.query.pid)),
  );
  app.post(
    '/api/group/problem',
    { config: login, schema: routeSchema(O['POST /api/group/problem']) },
    async (req) => ok(await s.create(req.user!, req.body)),
  );
  app.post(
    '/api/group/contest-problem',
    { config: login, schema: routeSchema(O['POST /api/group/contest-problem']) },
    async (req) => ok(await s.createForContest(req.user!, req.body)),
  );
  app.put(
    '/api/group/problem',
    { config: login, schema: routeSchema(O['PUT /api/group/problem']) },
    async (req) => ok(await s.update(req.user!, req.body)),
  );
  app.delete(
    '/api/group/problem',
    { config: login, schema: routeSchema(O['DELETE /api/group/problem']) },
    async (req) => ok(await s.remove(req.user!, req.query.pid)),
  );
  app.get(
    '/api/group/get-problem-cases',
    { config: login, schema: routeSchema(O['GET /api/group/get-problem-cases']) },
    async (req) => ok(await s.cases(req.user!, req.query.pid)),
  );
  app.put(
    '/api/group/change-problem-auth',
    { config: login, schema: routeSchema(O['PUT /api/group/change-problem-auth']) },
    async (req) => {
      const q = req.query;
      return ok(await s.changeAuth(req.user!, q.pid, q.auth));
    },
  );
  app.put(
    '/api/group/apply-public',
    { config: login, schema: routeSchema(O['PUT /api/group/apply-public']) },
    async (req) => {
      const q = req.query;
      return ok(await s.applyPublic(req.user!, q.pid, q.isApplied));
    },
  );
}

// HTTP shape of the training calls (reference contests-trainings-discussions.md §2) and the
// training back office (groups-admin-files.md §4.9).
import { trainingOperations as O } from '@oj/protocol/training/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { FastifyReply } from 'fastify';
import type { App } from '../platform/http/app';
import { ok } from '../platform/http/envelope';
import type { TrainingAdminService } from './admin-service';
import type { GroupTrainingService } from './group-service';
import type { TrainingService } from './service';

const anonymous = { access: 'anonymous' } as const;
const login = { access: 'login' } as const;
const backOffice = { access: 'login', roles: ['root', 'admin', 'problem_admin'] } as const;
const rootOnly = { access: 'login', roles: ['root'] } as const;
const problemAdmins = { access: 'login', roles: ['root', 'problem_admin'] } as const;

/**
 * Sends an envelope already serialised (the shared rank page bytes): Fastify writes a Buffer as it
 * is, past the route's serialiser, so the typed reply of the schema does not apply to it.
 */
function sendBytes(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.send(bytes);
}

export function registerTrainingRoutes(
  app: App,
  s: TrainingService,
  a: TrainingAdminService,
  g: GroupTrainingService,
): void {
  app.get(
    '/api/get-training-category',
    { config: anonymous, schema: routeSchema(O['GET /api/get-training-category']) },
    async () => ok(await s.categoryList()),
  );
  app.get(
    '/api/get-training-list',
    { config: anonymous, schema: routeSchema(O['GET /api/get-training-list']) },
    async (req) => ok(await s.list(req.user ?? null, req.query)),
  );
  app.get(
    '/api/get-training-detail',
    { config: login, schema: routeSchema(O['GET /api/get-training-detail']) },
    async (req) => ok(await s.detail(req.user!, req.query.tid)),
  );
  app.get(
    '/api/get-training-access',
    { config: login, schema: routeSchema(O['GET /api/get-training-access']) },
    async (req) => ok(await s.access(req.user!, req.query.tid)),
  );
  app.post(
    '/api/register-training',
    { config: login, schema: routeSchema(O['POST /api/register-training']) },
    async (req) => ok(await s.registerTraining(req.user!, req.body), 'success'),
  );
  app.get(
    '/api/get-training-problem-list',
    { config: login, schema: routeSchema(O['GET /api/get-training-problem-list']) },
    async (req) => ok(await s.problemList(req.user!, req.query.tid)),
  );
  // Ours: the caller's status per problem of a training (the list's icons), under the training's access rule.
  app.get(
    '/api/get-training-problem-status',
    { config: login, schema: routeSchema(O['GET /api/get-training-problem-status']) },
    async (req) => ok(await s.myStatuses(req.user!, req.query.tid)),
  );
  // The page's envelope bytes are made once per board version and shared by every viewer of it;
  // clients that accept gzip get the gzip form (made once too).
  app.get(
    '/api/get-training-rank',
    { config: login, schema: routeSchema(O['GET /api/get-training-rank']) },
    async (req, reply) => {
      const page = await s.rankPage(req.user!, req.query);
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return sendBytes(reply, page.json);
      return sendBytes(reply.header('content-encoding', 'gzip'), page.gzip());
    },
  );

  // ---------- back office ----------
  app.get(
    '/api/admin/training/get-training-list',
    { config: backOffice, schema: routeSchema(O['GET /api/admin/training/get-training-list']) },
    async (req) => ok(await a.list(req.query)),
  );
  app.get(
    '/api/admin/training',
    { config: backOffice, schema: routeSchema(O['GET /api/admin/training']) },
    async (req) => ok(await a.get(req.user!, req.query.tid)),
  );
  app.post(
    '/api/admin/training',
    { config: backOffice, schema: routeSchema(O['POST /api/admin/training']) },
    async (req) => ok(await a.create(req.user!, req.body)),
  );
  app.put(
    '/api/admin/training',
    { config: backOffice, schema: routeSchema(O['PUT /api/admin/training']) },
    async (req) => ok(await a.update(req.user!, req.body)),
  );
  app.delete(
    '/api/admin/training',
    { config: rootOnly, schema: routeSchema(O['DELETE /api/admin/training']) },
    async (req) => ok(await a.remove(req.query.tid)),
  );
  app.put(
    '/api/admin/training/change-training-status',
    { config: backOffice, schema: routeSchema(O['PUT /api/admin/training/change-training-status']) },
    async (req) => ok(await a.changeStatus(req.user!, req.query.tid, req.query.status)),
  );
  app.get(
    '/api/admin/training/get-problem-list',
    { config: backOffice, schema: routeSchema(O['GET /api/admin/training/get-problem-list']) },
    async (req) => ok(await a.problems(req.user!, req.query)),
  );
  app.put(
    '/api/admin/training/problem',
    { config: problemAdmins, schema: routeSchema(O['PUT /api/admin/training/problem']) },
    async (req) => ok(await a.updateProblem(req.user!, req.body)),
  );
  app.delete(
    '/api/admin/training/problem',
    { config: problemAdmins, schema: routeSchema(O['DELETE /api/admin/training/problem']) },
    async (req) => ok(await a.removeProblem(req.user!, req.query.pid, req.query.tid)),
  );
  app.post(
    '/api/admin/training/add-problem-from-public',
    { config: backOffice, schema: routeSchema(O['POST /api/admin/training/add-problem-from-public']) },
    async (req) => ok(await a.addFromPublic(req.user!, req.body)),
  );
  app.post(
    '/api/admin/training/category',
    { config: problemAdmins, schema: routeSchema(O['POST /api/admin/training/category']) },
    async (req) => ok(await a.createCategory(req.body)),
  );
  app.put(
    '/api/admin/training/category',
    { config: problemAdmins, schema: routeSchema(O['PUT /api/admin/training/category']) },
    async (req) => ok(await a.updateCategory(req.body)),
  );
  app.delete(
    '/api/admin/training/category',
    { config: problemAdmins, schema: routeSchema(O['DELETE /api/admin/training/category']) },
    async (req) => ok(await a.deleteCategory(req.query.cid)),
  );

  // ---------- group trainings (every /api/group/** call needs login; the group's rules decide) ----------
  app.get(
    '/api/group/get-training-list',
    { config: login, schema: routeSchema(O['GET /api/group/get-training-list']) },
    async (req) => ok(await g.list(req.user!, req.query)),
  );
  app.get(
    '/api/group/get-admin-training-list',
    { config: login, schema: routeSchema(O['GET /api/group/get-admin-training-list']) },
    async (req) => ok(await g.adminList(req.user!, req.query)),
  );
  app.get(
    '/api/group/training',
    { config: login, schema: routeSchema(O['GET /api/group/training']) },
    async (req) => ok(await g.get(req.user!, req.query.tid)),
  );
  app.post(
    '/api/group/training',
    { config: login, schema: routeSchema(O['POST /api/group/training']) },
    async (req) => ok(await g.create(req.user!, req.body)),
  );
  app.put(
    '/api/group/training',
    { config: login, schema: routeSchema(O['PUT /api/group/training']) },
    async (req) => ok(await g.update(req.user!, req.body)),
  );
  app.delete(
    '/api/group/training',
    { config: login, schema: routeSchema(O['DELETE /api/group/training']) },
    async (req) => ok(await g.remove(req.user!, req.query.tid)),
  );
  app.put(
    '/api/group/change-training-status',
    { config: login, schema: routeSchema(O['PUT /api/group/change-training-status']) },
    async (req) => ok(await g.changeStatus(req.user!, req.query.tid, req.query.status)),
  );
  app.get(
    '/api/group/get-training-problem-list',
    { config: login, schema: routeSchema(O['GET /api/group/get-training-problem-list']) },
    async (req) => ok(await g.problems(req.user!, req.query)),
  );
  app.put(
    '/api/group/training-problem',
    { config: login, schema: routeSchema(O['PUT /api/group/training-problem']) },
    async (req) => ok(await g.updateProblem(req.user!, req.body)),
  );
  app.delete(
    '/api/group/training-problem',
    { config: login, schema: routeSchema(O['DELETE /api/group/training-problem']) },
    async (req) => ok(await g.removeProblem(req.user!, req.query.pid, req.query.tid)),
  );
  app.post(
    '/api/group/add-training-problem-from-public',
    { config: login, schema: routeSchema(O['POST /api/group/add-training-problem-from-public']) },
    async (req) => ok(await g.addFromPublic(req.user!, req.body)),
  );
  app.post(
    '/api/group/add-training-problem-from-group',
    { config: login, schema: routeSchema(O['POST /api/group/add-training-problem-from-group']) },
    async (req) => ok(await g.addFromGroup(req.user!, req.query.problemId, req.query.tid)),
  );
}

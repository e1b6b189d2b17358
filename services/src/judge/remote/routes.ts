// HTTP shape of the remote judge's back office (groups-admin-files.md §4.6 import, remote accounts).
import { judgeOperations as O } from '@oj/protocol/judge/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../../platform/http/app';
import { ok, okEmpty } from '../../platform/http/envelope';
import type { RemoteJudgeService } from './service';
import { RemoteMessages as RM } from './messages';

const tags = ['remote-judge'];
const problemAdmins = { access: 'login', roles: ['root', 'admin', 'problem_admin'] } as const;
const rootOnly = { access: 'login', roles: ['root'] } as const;

export function registerRemoteJudgeRoutes(app: App, s: RemoteJudgeService) {
  app.get(
    '/api/admin/problem/import-remote-oj-problem',
    {
      config: problemAdmins,
      schema: { tags, ...routeSchema(O['GET /api/admin/problem/import-remote-oj-problem']) },
    },
    async (req) => {
      await s.importProblem(req.user!, req.query.name, req.query.problemId);
      return okEmpty(RM.IMPORT_OK);
    },
  );
  app.get(
    '/api/admin/training/import-remote-oj-problem',
    {
      config: problemAdmins,
      schema: { tags, ...routeSchema(O['GET /api/admin/training/import-remote-oj-problem']) },
    },
    async (req) => {
      await s.importIntoTraining(req.user!, req.query.name, req.query.problemId, req.query.tid);
      return okEmpty(RM.IMPORT_OK);
    },
  );
  app.get(
    '/api/admin/contest/import-remote-oj-problem',
    {
      config: problemAdmins,
      schema: { tags, ...routeSchema(O['GET /api/admin/contest/import-remote-oj-problem']) },
    },
    async (req) => {
      const q = req.query;
      await s.importIntoContest(req.user!, q.name, q.problemId, q.cid, q.displayId);
      return okEmpty(RM.IMPORT_OK);
    },
  );
  app.get(
    '/api/admin/problem/remote-oj-problem-preview',
    {
      config: problemAdmins,
      schema: { tags, ...routeSchema(O['GET /api/admin/problem/remote-oj-problem-preview']) },
    },
    async (req) => ok(await s.preview(req.query.name, req.query.problemId)),
  );
  app.get(
    '/api/admin/remote-judge/accounts',
    {
      config: rootOnly,
      schema: { tags, ...routeSchema(O['GET /api/admin/remote-judge/accounts']) },
    },
    async (req) => ok(await s.listAccounts(req.query.oj)),
  );
  app.post(
    '/api/admin/remote-judge/account',
    { config: rootOnly, schema: { tags, ...routeSchema(O['POST /api/admin/remote-judge/account']) } },
    async (req) => {
      await s.saveAccount(req.body);
      return okEmpty();
    },
  );
  app.delete(
    '/api/admin/remote-judge/account',
    {
      config: rootOnly,
      schema: { tags, ...routeSchema(O['DELETE /api/admin/remote-judge/account']) },
    },
    async (req) => {
      await s.deleteAccount(req.query.id);
      return okEmpty();
    },
  );
}

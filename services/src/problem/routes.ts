// HTTP shape of the public problem endpoints (core.md §6).
import { problemOperations as O } from '@oj/protocol/problem/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../platform/http/app';
import { ok } from '../platform/http/envelope';
import type { ProblemService } from './service';

const anonymous = { access: 'anonymous' } as const;
const login = { access: 'login' } as const;

export function registerProblemRoutes(app: App, service: ProblemService): void {
  app.get(
    '/api/get-all-problem-tags',
    { config: anonymous, schema: routeSchema(O['GET /api/get-all-problem-tags']) },
    async (req) => ok(await service.allTags(req.query.oj)),
  );
  app.get(
    '/api/get-problem-tags-and-classification',
    {
      config: anonymous,
      schema: routeSchema(O['GET /api/get-problem-tags-and-classification']),
    },
    async (req) => ok(await service.tagsAndClassification(req.query.oj)),
  );
  app.get(
    '/api/get-problem-tags',
    { config: anonymous, schema: routeSchema(O['GET /api/get-problem-tags']) },
    async (req) => ok(await service.problemTags(req.query.pid, req.user ?? null)),
  );
  app.get(
    '/api/get-problem-list',
    { config: anonymous, schema: routeSchema(O['GET /api/get-problem-list']) },
    async (req) => ok(await service.problemList(req.query)),
  );
  app.get(
    '/api/get-random-problem',
    { config: anonymous, schema: routeSchema(O['GET /api/get-random-problem']) },
    async () => ok(await service.randomProblem()),
  );
  app.get(
    '/api/get-problem-detail',
    { config: anonymous, schema: routeSchema(O['GET /api/get-problem-detail']) },
    async (req) => ok(await service.problemDetail(req.user, req.query.problemId, req.query.gid)),
  );
  app.get(
    '/api/get-problem-code-template',
    {
      config: anonymous,
      schema: routeSchema(O['GET /api/get-problem-code-template']),
    },
    async (req) => ok(await service.codeTemplates(req.query.pid, req.user ?? null)),
  );
  app.get(
    '/api/languages',
    {
      config: anonymous,
      schema: routeSchema(O['GET /api/languages']),
    },
    async (req) => ok(await service.languages(req.query.pid, req.query.all)),
  );
  app.get(
    '/api/get-problem-languages',
    { config: anonymous, schema: routeSchema(O['GET /api/get-problem-languages']) },
    async (req) => ok(await service.problemLanguages(req.query.pid, req.user ?? null)),
  );
  app.get(
    '/api/get-full-screen-problem-list',
    {
      config: login,
      schema: routeSchema(O['GET /api/get-full-screen-problem-list']),
    },
    async (req) => ok(await service.fullScreenList(req.user!, req.query.tid, req.query.cid)),
  );
  app.post(
    '/api/get-user-problem-status',
    {
      config: login,
      schema: routeSchema(O['POST /api/get-user-problem-status']),
    },
    async (req) => ok(await service.userProblemStatus(req.user!, req.body)),
  );
}

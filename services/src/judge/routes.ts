// HTTP shape of the judge capability: paths, schemas, access levels. Rules live in service.ts.
import { Permission, toDateStr } from '@oj/protocol';
import { SubmitHeadersSchema } from '@oj/protocol/submission/schemas';
import { judgeOperations as O } from '@oj/protocol/judge/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../platform/http/app';
import { ok, okEmpty } from '../platform/http/envelope';
import type { JudgeService } from './service';
import type { ProblemPort } from './ports';
import type { SubmissionGuard } from './access';
import { JudgeMessages as M } from './messages';

const tags = ['submissions'];
const ROOT_REJUDGE = { access: 'login' as const, roles: ['root'], permissions: [Permission.REJUDGE] };

export function registerJudgeRoutes(
  app: App,
  judge: JudgeService,
  problems: ProblemPort,
  guard: SubmissionGuard,
): void {
  app.post(
    '/api/submit-problem-judge',
    {
      config: { access: 'login', permissions: [Permission.SUBMIT] },
      schema: { tags, headers: SubmitHeadersSchema, ...routeSchema(O['POST /api/submit-problem-judge']) },
    },
    async (req) =>
      ok(await judge.submit(req.user!, req.body, req.ip ?? null, req.headers['idempotency-key'] ?? null)),
  );

  app.post(
    '/api/submit-problem-test-judge',
    {
      config: { access: 'login', permissions: [Permission.SUBMIT] },
      schema: { tags, ...routeSchema(O['POST /api/submit-problem-test-judge']) },
    },
    async (req) => ok(await judge.testSubmit(req.user!, req.body)),
  );

  app.get(
    '/api/get-test-judge-result',
    {
      config: { access: 'login' },
      schema: { tags, ...routeSchema(O['GET /api/get-test-judge-result']) },
    },
    async (req) => ok(await judge.testResult(req.user!, req.query.testJudgeKey)),
  );

  app.get(
    '/api/get-submission-detail',
    {
      config: { access: 'anonymous' },
      schema: { tags, ...routeSchema(O['GET /api/get-submission-detail']) },
    },
    async (req) => ok(await guard.detail(req.user, await judge.detail(req.user, req.query.submitId))),
  );

  app.get(
    '/api/get-all-case-result',
    {
      config: { access: 'anonymous' },
      schema: { tags, ...routeSchema(O['GET /api/get-all-case-result']) },
    },
    async (req) => {
      const cases = await judge.allCaseResult(req.user, req.query.submitId);
      return ok((await guard.mayReadCases(req.user, req.query.submitId)) ? cases : null);
    },
  );

  app.post(
    '/api/check-submissions-status',
    {
      config: { access: 'anonymous' },
      schema: { tags, ...routeSchema(O['POST /api/check-submissions-status']) },
    },
    async (req) => ok(await guard.batch(req.user, await judge.checkStatus(req.body.submitIds))),
  );

  app.get(
    '/api/get-submission-list',
    {
      config: { access: 'anonymous' },
      schema: { tags, ...routeSchema(O['GET /api/get-submission-list']) },
    },
    async (req) => ok(await judge.list(req.user, req.query)),
  );

  app.get(
    '/api/resubmit',
    {
      config: { access: 'login' },
      schema: { tags, ...routeSchema(O['GET /api/resubmit']) },
    },
    async (req) => ok(await judge.resubmit(req.user!, req.query.submitId)),
  );

  app.put(
    '/api/submission',
    {
      config: { access: 'login' },
      schema: { tags, ...routeSchema(O['PUT /api/submission']) },
    },
    async (req) => {
      await judge.share(req.user!, req.body.submitId, req.body.share);
      return okEmpty();
    },
  );

  app.get(
    '/api/get-last-ac-code',
    {
      config: { access: 'login' },
      schema: { tags, ...routeSchema(O['GET /api/get-last-ac-code']) },
    },
    async (req) => ok(await judge.lastAcCode(req.user!, req.query.pid, req.query.cid ?? 0)),
  );

  // ---- admin (groups-admin-files.md §4.11) ----

  app.get(
    '/api/admin/judge/rejudge',
    {
      config: ROOT_REJUDGE,
      schema: { tags, ...routeSchema(O['GET /api/admin/judge/rejudge']) },
    },
    async (req) => ok(await judge.rejudge(req.query.submitId), M.REJUDGE_OK),
  );

  app.get(
    '/api/admin/judge/manual-judge',
    {
      config: ROOT_REJUDGE,
      schema: { tags, ...routeSchema(O['GET /api/admin/judge/manual-judge']) },
    },
    async (req) =>
      ok(await judge.manualJudge(req.user!, req.query.submitId, req.query.status, req.query.score)),
  );

  app.get(
    '/api/admin/judge/cancel-judge',
    {
      config: ROOT_REJUDGE,
      schema: { tags, ...routeSchema(O['GET /api/admin/judge/cancel-judge']) },
    },
    async (req) => ok(await judge.cancelJudge(req.user!, req.query.submitId)),
  );

  // ---- home and ranks ----

  app.get(
    '/api/get-rank-list',
    {
      config: { access: 'anonymous' },
      schema: { tags: ['ranks'], ...routeSchema(O['GET /api/get-rank-list']) },
    },
    async (req) =>
      ok(await judge.rankList(req.query.type, req.query.currentPage, req.query.limit, req.query.searchUser)),
  );

  app.get(
    '/api/get-recent-seven-ac-rank',
    {
      config: { access: 'anonymous' },
      schema: { tags: ['home'], ...routeSchema(O['GET /api/get-recent-seven-ac-rank']) },
    },
    async () => ok(await judge.recentSevenAcRank()),
  );

  app.get(
    '/api/get-last-week-submission-statistics',
    {
      config: { access: 'anonymous' },
      schema: { tags: ['home'], ...routeSchema(O['GET /api/get-last-week-submission-statistics']) },
    },
    async (req) => ok(await judge.lastWeekStatistics(req.user, req.query.forceRefresh ?? false)),
  );

  const recentProblems = problems.recentProblems?.bind(problems);
  if (recentProblems) {
    app.get(
      '/api/get-recent-updated-problem',
      {
        config: { access: 'anonymous' },
        schema: { tags: ['home'], ...routeSchema(O['GET /api/get-recent-updated-problem']) },
      },
      async () =>
        ok(
          (await recentProblems()).map((p) => ({
            ...p,
            gmtCreate: toDateStr(p.gmtCreate)!,
            gmtModified: toDateStr(p.gmtModified)!,
          })),
        ),
    );
  }
}

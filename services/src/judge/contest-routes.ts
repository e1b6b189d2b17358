// HTTP shape of the contest submission endpoints (reference §1); rules in contest-submissions.ts.
import { Permission } from '@oj/protocol';
import { contestOperations as O } from '@oj/protocol/contest/operations';
import { routeSchema } from '@oj/protocol/operations';
import type { App } from '../platform/http/app';
import { ok, okEmpty } from '../platform/http/envelope';
import type { ContestSubmissionViews } from './contest-submissions';
import { JudgeMessages as M } from './messages';
import type { JudgeService } from './service';

const tags = ['contest submissions'];

export function registerContestSubmissionRoutes(
  app: App,
  views: ContestSubmissionViews,
  judge: JudgeService,
): void {
  app.get(
    '/api/contest-submissions',
    {
      config: { access: 'login' },
      schema: { tags, ...routeSchema(O['GET /api/contest-submissions']) },
    },
    async (req) => ok(await views.list(req.user!, req.query)),
  );

  app.post(
    '/api/check-contest-submissions-status',
    {
      config: { access: 'login' },
      schema: { tags, ...routeSchema(O['POST /api/check-contest-submissions-status']) },
    },
    async (req) =>
      ok(
        await views.checkStatus(
          req.user!,
          req.body.cid,
          req.body.submitIds.map((id) => Number(id)),
        ),
      ),
  );

  app.get(
    '/api/admin/judge/rejudge-contest-problem',
    {
      config: { access: 'login', roles: ['root'], permissions: [Permission.REJUDGE] },
      schema: { tags, ...routeSchema(O['GET /api/admin/judge/rejudge-contest-problem']) },
    },
    async (req) => {
      await judge.rejudgeContestProblem(req.query.cid, req.query.pid);
      return okEmpty(M.CONTEST_REJUDGE_OK);
    },
  );
}

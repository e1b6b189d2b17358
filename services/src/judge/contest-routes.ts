// HTTP shape of the contest submission endpoints (reference §1); rules in contest-submissions.ts.
import { Type } from '@sinclair/typebox';
import { EmptyEnvelope, EnvelopeOf, PageOf, Permission } from '@oj/protocol';
import {
  CheckContestSubmissionsBody,
  ContestJudgeItem,
  ContestSubmissionListQuery,
  RejudgeContestProblemQuery,
} from '@oj/protocol/contest/submissions';
import { JudgeSchema } from '@oj/protocol/submission/schemas';
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
      schema: {
        tags,
        querystring: ContestSubmissionListQuery,
        response: { 200: EnvelopeOf(PageOf(ContestJudgeItem)) },
      },
    },
    async (req) => ok(await views.list(req.user!, req.query)),
  );

  app.post(
    '/api/check-contest-submissions-status',
    {
      config: { access: 'login' },
      schema: {
        tags,
        body: CheckContestSubmissionsBody,
        response: { 200: EnvelopeOf(Type.Record(Type.String(), JudgeSchema)) },
      },
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
      schema: { tags, querystring: RejudgeContestProblemQuery, response: { 200: EmptyEnvelope } },
    },
    async (req) => {
      await judge.rejudgeContestProblem(req.query.cid, req.query.pid);
      return okEmpty(M.CONTEST_REJUDGE_OK);
    },
  );
}

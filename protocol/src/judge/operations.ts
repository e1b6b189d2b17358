// The judge capability's operations (issue #30): request schemas and success envelope per route.
import { Type } from '@sinclair/typebox';
import { EmptyEnvelope, EnvelopeOf, PageOf } from '../envelope';
import type { OperationTable } from '../operations';
import {
  CaseResultListSchema,
  CheckStatusBodySchema,
  JudgeListItemSchema,
  JudgeSchema,
  LastAcCodeQuerySchema,
  ManualJudgeQuerySchema,
  RankListQuerySchema,
  RankRowSchema,
  ShareBodySchema,
  SubmissionListQuerySchema,
  SubmissionStatisticsSchema,
  SubmitBodySchema,
  SubmitIdQuerySchema,
  TestResultSchema,
  TestSubmitBodySchema,
} from '../submission/schemas';
import {
  ImportRemoteContestQuery,
  ImportRemoteQuery,
  ImportRemoteTrainingQuery,
  RemoteAccountBody,
  RemoteAccountIdQuery,
  RemoteAccountListQuery,
  RemoteAccountView,
  RemoteProblemPreview,
} from './remote';
import {
  SimilarityAnalysis,
  SimilarityCheatBody,
  SimilarityCheatResult,
  SimilarityIdQuery,
  SimilarityListQuery,
  SimilarityPairDetail,
  SimilarityReport,
  SimilarityReviewBody,
  StartSimilarityBody,
} from './similarity';
import {
  CancelJudgeResult,
  LastAcCode,
  ManualJudgeResult,
  RecentUpdatedProblem,
  StatisticsQuery,
  SubmissionDetail,
  SubmissionStatusMap,
  TestJudgeResultQuery,
} from './responses';

export const JudgeEnvelope = EnvelopeOf(JudgeSchema);
export const SubmissionPageEnvelope = EnvelopeOf(PageOf(JudgeListItemSchema));
export const RankPageEnvelope = EnvelopeOf(PageOf(RankRowSchema));

export const judgeOperations = {
  // submissions (core.md §7)
  'POST /api/submit-problem-judge': { body: SubmitBodySchema, response: JudgeEnvelope },
  'POST /api/submit-problem-test-judge': { body: TestSubmitBodySchema, response: EnvelopeOf(Type.String()) },
  'GET /api/get-test-judge-result': {
    querystring: TestJudgeResultQuery,
    response: EnvelopeOf(TestResultSchema),
  },
  'GET /api/get-submission-detail': {
    querystring: SubmitIdQuerySchema,
    response: EnvelopeOf(SubmissionDetail),
  },
  'GET /api/get-all-case-result': {
    querystring: SubmitIdQuerySchema,
    response: EnvelopeOf(CaseResultListSchema),
  },
  'POST /api/check-submissions-status': {
    body: CheckStatusBodySchema,
    response: EnvelopeOf(SubmissionStatusMap),
  },
  'GET /api/get-submission-list': {
    querystring: SubmissionListQuerySchema,
    response: SubmissionPageEnvelope,
  },
  'GET /api/resubmit': { querystring: SubmitIdQuerySchema, response: JudgeEnvelope },
  'PUT /api/submission': { body: ShareBodySchema, response: EmptyEnvelope },
  'GET /api/get-last-ac-code': { querystring: LastAcCodeQuerySchema, response: EnvelopeOf(LastAcCode) },

  // admin (groups-admin-files.md §4.11)
  'GET /api/admin/judge/rejudge': { querystring: SubmitIdQuerySchema, response: JudgeEnvelope },
  'GET /api/admin/judge/manual-judge': {
    querystring: ManualJudgeQuerySchema,
    response: EnvelopeOf(ManualJudgeResult),
  },
  'GET /api/admin/judge/cancel-judge': {
    querystring: SubmitIdQuerySchema,
    response: EnvelopeOf(CancelJudgeResult),
  },

  // home and ranks
  'GET /api/get-rank-list': { querystring: RankListQuerySchema, response: RankPageEnvelope },
  'GET /api/get-recent-seven-ac-rank': { response: EnvelopeOf(Type.Array(RankRowSchema)) },
  'GET /api/get-last-week-submission-statistics': {
    querystring: StatisticsQuery,
    response: EnvelopeOf(SubmissionStatisticsSchema),
  },
  'GET /api/get-recent-updated-problem': { response: EnvelopeOf(Type.Array(RecentUpdatedProblem)) },

  // remote judge back office (groups-admin-files.md §4.6)
  'GET /api/admin/problem/import-remote-oj-problem': {
    querystring: ImportRemoteQuery,
    response: EmptyEnvelope,
  },
  'GET /api/admin/training/import-remote-oj-problem': {
    querystring: ImportRemoteTrainingQuery,
    response: EmptyEnvelope,
  },
  'GET /api/admin/contest/import-remote-oj-problem': {
    querystring: ImportRemoteContestQuery,
    response: EmptyEnvelope,
  },
  'GET /api/admin/problem/remote-oj-problem-preview': {
    querystring: ImportRemoteQuery,
    response: EnvelopeOf(RemoteProblemPreview),
  },
  'GET /api/admin/remote-judge/accounts': {
    querystring: RemoteAccountListQuery,
    response: EnvelopeOf(Type.Array(RemoteAccountView)),
  },
  'POST /api/admin/remote-judge/account': { body: RemoteAccountBody, response: EmptyEnvelope },
  'DELETE /api/admin/remote-judge/account': { querystring: RemoteAccountIdQuery, response: EmptyEnvelope },

  // similarity reports (issue #28)
  'POST /api/admin/similarity/start': { body: StartSimilarityBody, response: EnvelopeOf(SimilarityAnalysis) },
  'GET /api/admin/similarity/list': {
    querystring: SimilarityListQuery,
    response: EnvelopeOf(Type.Array(SimilarityAnalysis)),
  },
  'GET /api/admin/similarity/report': {
    querystring: SimilarityIdQuery,
    response: EnvelopeOf(SimilarityReport),
  },
  'GET /api/admin/similarity/pair': {
    querystring: SimilarityIdQuery,
    response: EnvelopeOf(SimilarityPairDetail),
  },
  'PUT /api/admin/similarity/review': { body: SimilarityReviewBody, response: EmptyEnvelope },
  'POST /api/admin/similarity/cancel-user': {
    body: SimilarityCheatBody,
    response: EnvelopeOf(SimilarityCheatResult),
  },
} as const satisfies Partial<OperationTable>;

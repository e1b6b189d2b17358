// Wire objects of the judge capability's answers that were inline in its routes (issue #30).
import { Type } from '@sinclair/typebox';
import { Nullable } from '../nullable';
import { JudgeSchema } from '../submission/schemas';

/** get-submission-detail: the submission and whether its code is shared. */
export const SubmissionDetail = Type.Object({ submission: JudgeSchema, codeShare: Type.Boolean() });

/** check-submissions-status: per submit id, the submission's current row. */
export const SubmissionStatusMap = Type.Record(Type.String(), JudgeSchema);

/** get-last-ac-code: the caller's last accepted code (an empty code when there is none). */
export const LastAcCode = Type.Object({
  submitId: Nullable(Type.Integer()),
  code: Type.String(),
  language: Nullable(Type.String()),
});

/** admin/judge/manual-judge: the submission's new verdict. */
export const ManualJudgeResult = Type.Object({
  submitId: Type.Integer(),
  judger: Nullable(Type.String()),
  status: Type.Integer(),
  score: Nullable(Type.Integer()),
  oiRankScore: Nullable(Type.Integer()),
});

/** admin/judge/cancel-judge: the cancelled submission. */
export const CancelJudgeResult = Type.Object({
  submitId: Type.Integer(),
  judger: Nullable(Type.String()),
  status: Type.Integer(),
});

/** get-recent-updated-problem: one recently changed public problem of the home page. */
export const RecentUpdatedProblem = Type.Object({
  id: Type.Integer(),
  problemId: Type.String(),
  title: Type.String(),
  type: Type.Integer(),
  gmtCreate: Type.String(),
  gmtModified: Type.String(),
});

export const TestJudgeResultQuery = Type.Object({ testJudgeKey: Type.String({ maxLength: 128 }) });
export const StatisticsQuery = Type.Object({ forceRefresh: Type.Optional(Type.Boolean()) });

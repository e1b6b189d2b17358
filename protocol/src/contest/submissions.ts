/**
 * Contest submission endpoints (reference/api/contests-trainings-discussions.md §1:
 * contest-submissions, check-contest-submissions-status, rejudge-contest-problem).
 */
import { Type, type Static } from '@sinclair/typebox';
import { EnvelopeOf, PageOf } from '../envelope';
import { Nullable } from '../nullable';
import { JudgeSchema } from '../submission/schemas';

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const ContestSubmissionListQuery = Type.Object({
  contestID: Id,
  beforeContestSubmit: Type.Boolean(),
  onlyMine: Type.Boolean(),
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
  problemID: Type.Optional(Type.String({ maxLength: 255 })),
  completeProblemID: Type.Optional(Type.Boolean()),
  status: Type.Optional(Type.Integer()),
  username: Type.Optional(Type.String({ maxLength: 255 })),
  containsEnd: Type.Optional(Type.Boolean()),
});
export type ContestSubmissionListQuery = Static<typeof ContestSubmissionListQuery>;

/** A row of the contest status list (`JudgeVO`; pid, displayPid, oiRankScore, source, ip are null). */
export const ContestJudgeItem = Type.Object({
  uid: Type.String(),
  submitId: Type.Integer(),
  username: Type.String(),
  pid: Type.Null(),
  displayPid: Type.Null(),
  title: Nullable(Type.String()),
  displayId: Type.String(),
  submitTime: Type.String(),
  status: Type.Integer(),
  share: Type.Boolean(),
  time: Nullable(Type.Integer()),
  memory: Nullable(Type.Integer()),
  score: Nullable(Type.Integer()),
  oiRankScore: Type.Null(),
  length: Nullable(Type.Integer()),
  language: Type.String(),
  cid: Type.Integer(),
  cpid: Type.Integer(),
  source: Type.Null(),
  judger: Nullable(Type.String()),
  ip: Type.Null(),
  isManual: Nullable(Type.Boolean()),
});
export type ContestJudgeItem = Static<typeof ContestJudgeItem>;

export const ContestJudgePageEnvelope = EnvelopeOf(PageOf(ContestJudgeItem));

/** check-contest-submissions-status: the judge rows keyed by submitId. */
export const ContestSubmissionStatusEnvelope = EnvelopeOf(Type.Record(Type.String(), JudgeSchema));

export const CheckContestSubmissionsBody = Type.Object({
  /** Numbers, or digit strings as the original client may send. */
  submitIds: Type.Array(Type.Union([Id, Type.String({ pattern: '^[0-9]{1,15}$' })]), { maxItems: 500 }),
  cid: Type.Optional(Nullable(Type.Integer())),
});
export type CheckContestSubmissionsBody = Static<typeof CheckContestSubmissionsBody>;

export const RejudgeContestProblemQuery = Type.Object({ cid: Id, pid: Id });
export type RejudgeContestProblemQuery = Static<typeof RejudgeContestProblemQuery>;

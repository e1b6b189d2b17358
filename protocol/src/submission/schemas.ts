/**
 * Request and response shapes of the submission endpoints (reference/api/core.md §7, §8;
 * admin judge calls in groups-admin-files.md §4.11).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../nullable';
import { SampleIOSchema } from '../judge/schemas';

const Id = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const DateStr = Type.String({ description: 'ISO-8601 UTC, e.g. 2023-05-01T08:30:00.000+0000' });

/** A submission row as the wire sees it (core.md §2 `Judge`). */
export const JudgeSchema = Type.Object({
  submitId: Nullable(Type.Integer()),
  pid: Nullable(Type.Integer()),
  displayPid: Nullable(Type.String()),
  uid: Nullable(Type.String()),
  username: Nullable(Type.String()),
  submitTime: Nullable(DateStr),
  status: Type.Integer(),
  share: Nullable(Type.Boolean()),
  errorMessage: Nullable(Type.String()),
  time: Nullable(Type.Integer()),
  memory: Nullable(Type.Integer()),
  score: Nullable(Type.Integer()),
  length: Nullable(Type.Integer()),
  code: Nullable(Type.String()),
  language: Nullable(Type.String()),
  cid: Nullable(Type.Integer()),
  cpid: Nullable(Type.Integer()),
  gid: Nullable(Type.Integer()),
  judger: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  version: Nullable(Type.Integer()),
  oiRankScore: Nullable(Type.Integer()),
  vjudgeSubmitId: Type.Null(),
  vjudgeUsername: Type.Null(),
  vjudgePassword: Type.Null(),
  isManual: Nullable(Type.Boolean()),
  gmtCreate: Nullable(DateStr),
  gmtModified: Nullable(DateStr),
});
export type JudgeView = Static<typeof JudgeSchema>;

/** A row of the status list (core.md §7 `JudgeVO`). */
export const JudgeListItemSchema = Type.Object({
  uid: Type.String(),
  submitId: Type.Integer(),
  username: Type.String(),
  pid: Type.Integer(),
  displayPid: Type.String(),
  title: Type.String(),
  displayId: Type.Null(),
  submitTime: DateStr,
  status: Type.Integer(),
  share: Type.Boolean(),
  time: Nullable(Type.Integer()),
  memory: Nullable(Type.Integer()),
  score: Nullable(Type.Integer()),
  oiRankScore: Nullable(Type.Integer()),
  length: Type.Integer(),
  language: Type.String(),
  cid: Type.Integer(),
  cpid: Type.Integer(),
  source: Type.Null(),
  judger: Nullable(Type.String()),
  ip: Type.Null(),
  isManual: Nullable(Type.Boolean()),
});
export type JudgeListItem = Static<typeof JudgeListItemSchema>;

export const JudgeCaseSchema = Type.Object({
  id: Nullable(Type.Integer()),
  pid: Nullable(Type.Integer()),
  submitId: Nullable(Type.Integer()),
  uid: Nullable(Type.String()),
  caseId: Type.Union([Type.Integer(), Type.String(), Type.Null()]),
  time: Nullable(Type.Integer()),
  memory: Nullable(Type.Integer()),
  score: Nullable(Type.Integer()),
  status: Type.Integer(),
  inputData: Nullable(Type.String()),
  outputData: Nullable(Type.String()),
  userOutput: Nullable(Type.String()),
  groupNum: Nullable(Type.Integer()),
  seq: Nullable(Type.Integer()),
  mode: Nullable(Type.String()),
  gmtCreate: Nullable(DateStr),
  gmtModified: Nullable(DateStr),
  /**
   * Added field (not in HOJ), sample cases only: the start of the input, expected and user
   * output (each at most 4 KiB, `truncated` when cut), for viewers who may read the case results.
   */
  sampleIO: Type.Optional(SampleIOSchema),
});
export type JudgeCaseView = Static<typeof JudgeCaseSchema>;

export const SubtaskResultSchema = Type.Object({
  groupNum: Type.Integer(),
  time: Nullable(Type.Integer()),
  memory: Nullable(Type.Integer()),
  score: Type.Integer(),
  status: Type.Integer(),
  ac: Type.Integer(),
  total: Type.Integer(),
  subtaskDetailList: Type.Array(JudgeCaseSchema),
});

export const CaseResultListSchema = Type.Object({
  judgeCaseList: Nullable(Type.Array(JudgeCaseSchema)),
  subTaskJudgeCaseVoList: Nullable(Type.Array(SubtaskResultSchema)),
  judgeCaseMode: Type.String(),
});
export type CaseResultList = Static<typeof CaseResultListSchema>;

// ---- requests ----

export const SubmitBodySchema = Type.Object({
  pid: Type.String({ maxLength: 255, errorMessage: '提交的题目id不能为空！' }),
  language: Type.String({ maxLength: 64 }),
  code: Type.String(),
  cid: Type.Optional(Nullable(Id)),
  tid: Type.Optional(Nullable(Id)),
  gid: Type.Optional(Nullable(Id)),
  isRemote: Type.Optional(Nullable(Type.Boolean())),
  captcha: Type.Optional(Type.Unknown()),
});
export type SubmitBody = Static<typeof SubmitBodySchema>;

/**
 * Headers of a submit (issue #22.3): `Idempotency-Key`, chosen by the client per submission and
 * sent again with each retry of it; a retry with the same key (same user) answers the first
 * submission instead of storing a second. Printable ASCII, at most 128 characters.
 */
export const SubmitHeadersSchema = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 128,
      pattern: '^[\\x21-\\x7e]+$',
      errorMessage: 'Idempotency-Key must be 1 to 128 printable ASCII characters',
    }),
  ),
});

export const TestSubmitBodySchema = Type.Object({
  pid: Type.Optional(Nullable(Id)),
  type: Type.Optional(Nullable(Type.String())),
  code: Type.Optional(Nullable(Type.String())),
  language: Type.Optional(Nullable(Type.String())),
  userInput: Type.Optional(Nullable(Type.String())),
  expectedOutput: Type.Optional(Nullable(Type.String())),
  isRemoteJudge: Type.Optional(Nullable(Type.Boolean())),
  mode: Type.Optional(Nullable(Type.String())),
});
export type TestSubmitBody = Static<typeof TestSubmitBodySchema>;

export const TestResultSchema = Type.Object({
  status: Type.Integer(),
  time: Nullable(Type.Integer()),
  memory: Nullable(Type.Integer()),
  userInput: Nullable(Type.String()),
  userOutput: Nullable(Type.String()),
  expectedOutput: Nullable(Type.String()),
  stderr: Nullable(Type.String()),
  problemJudgeMode: Nullable(Type.String()),
});
export type TestResult = Static<typeof TestResultSchema>;

export const SubmitIdQuerySchema = Type.Object({ submitId: Id });

export const SubmissionListQuerySchema = Type.Object({
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
  onlyMine: Type.Boolean(),
  problemID: Type.Optional(Type.String({ maxLength: 255 })),
  status: Type.Optional(Type.Integer()),
  username: Type.Optional(Type.String({ maxLength: 255 })),
  completeProblemID: Type.Optional(Type.Boolean()),
  /** A group id: a 32-bit column (a larger id is refused here, never by the database). */
  gid: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
});
export type SubmissionListQuery = Static<typeof SubmissionListQuerySchema>;

export const CheckStatusBodySchema = Type.Object({
  submitIds: Type.Array(Id, { maxItems: 500 }),
  cid: Type.Optional(Type.Unknown()),
});

export const ShareBodySchema = Type.Object({
  submitId: Type.Optional(Nullable(Id)),
  share: Type.Optional(Nullable(Type.Boolean())),
  uid: Type.Optional(Type.Unknown()),
});

export const ManualJudgeQuerySchema = Type.Object({
  submitId: Id,
  status: Type.Integer(),
  score: Type.Optional(Type.Integer()),
});

export const LastAcCodeQuerySchema = Type.Object({ pid: Id, cid: Type.Optional(Id) });

export const RankListQuerySchema = Type.Object({
  type: Type.Integer(),
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
  searchUser: Type.Optional(Type.String({ maxLength: 255 })),
});

export const RankRowSchema = Type.Object({
  uid: Type.String(),
  username: Type.String(),
  nickname: Nullable(Type.String()),
  signature: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  titleName: Nullable(Type.String()),
  titleColor: Nullable(Type.String()),
  total: Nullable(Type.Integer()),
  ac: Type.Integer(),
  score: Type.Optional(Type.Integer()),
  rating: Type.Optional(Type.Null()),
});
export type RankRow = Static<typeof RankRowSchema>;

export const SubmissionStatisticsSchema = Type.Object({
  dateStrList: Type.Array(Type.String()),
  acCountList: Type.Array(Type.Integer()),
  totalCountList: Type.Array(Type.Integer()),
});
export type SubmissionStatistics = Static<typeof SubmissionStatisticsSchema>;

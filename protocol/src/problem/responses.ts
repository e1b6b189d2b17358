// Wire objects of the problem capability's answers and the request shapes that were inline in its
// routes (issue #30), beside schemas.ts: one place for the server, /api/docs and the web's types.
import { Type } from '@sinclair/typebox';
import { Nullable } from '../nullable';

/** A 32-bit problem primary key (the column's range: a larger one is bad input). */
const Pid = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** get-random-problem: the display id to open. */
export const RandomProblem = Type.Object({ problemId: Type.String() });

/** get-user-problem-status: per problem id (or display id in a contest) the caller's best status. */
export const UserProblemStatusMap = Type.Record(
  Type.String(),
  Type.Object({ status: Type.Integer(), score: Type.Optional(Nullable(Type.Integer())) }),
);

/** A package import's outcome (import-*-problem). */
export const ProblemImportResult = Type.Object({
  count: Type.Integer(),
  problemIds: Type.Array(Type.String()),
  verifying: Type.Optional(Type.Integer()),
  /** With verify: the primary keys, for the verification screen. */
  pids: Type.Optional(Type.Array(Type.Integer())),
});

/** verification/rerun: how many shipped solutions were queued again. */
export const VerificationRerun = Type.Object({ verifying: Type.Integer() });

export const GroupProblemReviewQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
  keyword: Type.Optional(Type.String()),
  gid: Type.Optional(Type.Integer()),
});
export const GroupProblemProgressBody = Type.Object({
  pid: Type.Optional(Nullable(Type.Integer())),
  progress: Type.Optional(Nullable(Type.Integer())),
});
export const TagIdQuery = Type.Object({ tid: Type.Integer() });
export const ClassificationIdQuery = Type.Object({ tcid: Type.Integer() });
export const TestCaseZipQuery = Type.Object({
  mode: Type.Optional(Type.String()),
  gid: Type.Optional(Type.Integer()),
});
/** `pid=1&pid=2` or `pid=1,2` (split by the route). */
export const ExportProblemQuery = Type.Object({ pid: Type.Optional(Type.Array(Type.String())) });
/** verify=true (issue #25 item 3): the shipped solutions are judged; the problem stays private. */
export const ImportPackageQuery = Type.Object({ verify: Type.Optional(Type.Boolean()) });
export const VerificationQuery = Type.Object({ pid: Pid });
export const VerificationBody = Type.Object({ pid: Pid });

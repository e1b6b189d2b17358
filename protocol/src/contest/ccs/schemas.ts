/**
 * The ICPC Contest API objects, version 2023-06 (CLICS, github.com/icpc/ccs-specs), as served at
 * /api/ccs (issue #24). These routes speak the Contest API's own shapes, not our envelope: the
 * property names and types follow the specification (ID strings, TIME, RELTIME, FILE references).
 * services/src/contest/ccs/ builds them; services/test/fixtures/ccs-specs-2023-06/ holds the
 * published JSON schemas the integration test checks every response against.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable } from '../../nullable';

const Opt = <T extends TSchema>(schema: T) => Type.Optional(schema);
const OptNull = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));

/** The Contest API version served. */
export const CCS_VERSION = '2023-06';
export const CCS_VERSION_URL = 'https://ccs-specs.icpc.io/2023-06/contest_api';

/** ID: a string of letters, digits, `_`, `-` and `.` (not first), at most 36 characters. */
export const CcsId = Type.String({ pattern: '^[A-Za-z0-9_][A-Za-z0-9_.-]{0,35}$' });
/** TIME: `2023-06-01T10:00:00.000+08:00`. */
export const CcsTime = Type.String();
/** RELTIME: `(-)h:mm:ss.uuu`. */
export const CcsRelTime = Type.String();

export const CcsFileRef = Type.Object({
  href: Type.String(),
  mime: Type.String(),
  filename: Opt(Type.String()),
  hash: Opt(Type.String()),
  width: Opt(Type.Integer({ minimum: 1 })),
  height: Opt(Type.Integer({ minimum: 1 })),
});
export type CcsFileRef = Static<typeof CcsFileRef>;

export const CcsApiInfo = Type.Object({
  version: Type.Literal(CCS_VERSION),
  version_url: Type.String(),
  provider: Opt(Type.Object({ name: Type.String(), version: Opt(Type.String()) })),
});
export type CcsApiInfo = Static<typeof CcsApiInfo>;

export const CcsContest = Type.Object({
  id: CcsId,
  name: Type.String(),
  formal_name: Opt(Type.String()),
  start_time: Nullable(CcsTime),
  duration: CcsRelTime,
  scoreboard_freeze_duration: OptNull(CcsRelTime),
  scoreboard_type: Type.Union([Type.Literal('pass-fail'), Type.Literal('score')]),
  /** Minutes per wrong try; pass-fail contests only. */
  penalty_time: Opt(Type.Integer({ minimum: 0 })),
});
export type CcsContest = Static<typeof CcsContest>;

export const CcsState = Type.Object({
  started: Nullable(CcsTime),
  frozen: OptNull(CcsTime),
  ended: Nullable(CcsTime),
  thawed: OptNull(CcsTime),
  finalized: Nullable(CcsTime),
  end_of_updates: Nullable(CcsTime),
});
export type CcsState = Static<typeof CcsState>;

export const CcsAccess = Type.Object({
  capabilities: Type.Array(Type.String()),
  endpoints: Type.Array(Type.Object({ type: Type.String(), properties: Type.Array(Type.String()) })),
});
export type CcsAccess = Static<typeof CcsAccess>;

export const CcsJudgementType = Type.Object({
  id: Type.String(),
  name: Type.String(),
  penalty: Type.Boolean(),
  solved: Type.Boolean(),
});
export type CcsJudgementType = Static<typeof CcsJudgementType>;

export const CcsLanguage = Type.Object({
  id: CcsId,
  name: Type.String(),
  entry_point_required: Type.Boolean(),
  entry_point_name: Opt(Type.String()),
  extensions: Type.Array(Type.String()),
});
export type CcsLanguage = Static<typeof CcsLanguage>;

export const CcsProblem = Type.Object({
  id: CcsId,
  label: Type.String(),
  name: Type.String(),
  ordinal: Type.Integer(),
  rgb: Opt(Type.String()),
  color: Opt(Type.String()),
  /** Seconds. */
  time_limit: Opt(Type.Number({ minimum: 0 })),
  test_data_count: Type.Integer({ minimum: 0 }),
  max_score: Opt(Type.Number()),
});
export type CcsProblem = Static<typeof CcsProblem>;

export const CcsGroup = Type.Object({ id: CcsId, name: Type.String(), type: OptNull(Type.String()) });
export type CcsGroup = Static<typeof CcsGroup>;

export const CcsOrganization = Type.Object({
  id: CcsId,
  icpc_id: OptNull(Type.String()),
  name: Type.String(),
  formal_name: OptNull(Type.String()),
  /** ISO 3166-1 alpha-3. */
  country: OptNull(Type.String({ pattern: '^[A-Z]{3}$' })),
});
export type CcsOrganization = Static<typeof CcsOrganization>;

export const CcsTeam = Type.Object({
  id: CcsId,
  name: Type.String(),
  label: Type.String(),
  display_name: OptNull(Type.String()),
  organization_id: OptNull(CcsId),
  group_ids: Opt(Type.Array(CcsId)),
  hidden: Opt(Type.Boolean()),
});
export type CcsTeam = Static<typeof CcsTeam>;

export const CcsAccount = Type.Object({
  id: CcsId,
  username: Type.String(),
  name: Opt(Type.String()),
  type: Type.Union([Type.Literal('team'), Type.Literal('admin'), Type.Literal('judge')]),
  team_id: OptNull(CcsId),
  person_id: OptNull(CcsId),
});
export type CcsAccount = Static<typeof CcsAccount>;

export const CcsPerson = Type.Object({
  id: CcsId,
  name: Type.String(),
  team_ids: Type.Array(CcsId),
  role: Type.Union([
    Type.Literal('contestant'),
    Type.Literal('coach'),
    Type.Literal('staff'),
    Type.Literal('other'),
  ]),
});
export type CcsPerson = Static<typeof CcsPerson>;

export const CcsSubmission = Type.Object({
  id: CcsId,
  language_id: CcsId,
  problem_id: CcsId,
  team_id: CcsId,
  time: CcsTime,
  contest_time: CcsRelTime,
  entry_point: OptNull(Type.String()),
  files: Type.Array(CcsFileRef),
});
export type CcsSubmission = Static<typeof CcsSubmission>;

export const CcsJudgement = Type.Object({
  id: CcsId,
  submission_id: CcsId,
  judgement_type_id: OptNull(Type.String()),
  score: Opt(Type.Number({ minimum: 0 })),
  start_time: CcsTime,
  start_contest_time: CcsRelTime,
  end_time: OptNull(CcsTime),
  end_contest_time: OptNull(CcsRelTime),
  /** Seconds. */
  max_run_time: OptNull(Type.Number({ minimum: 0 })),
});
export type CcsJudgement = Static<typeof CcsJudgement>;

export const CcsRun = Type.Object({
  id: CcsId,
  judgement_id: CcsId,
  ordinal: Type.Integer(),
  judgement_type_id: Type.String(),
  time: CcsTime,
  contest_time: CcsRelTime,
  /** Seconds. */
  run_time: Opt(Type.Number({ minimum: 0 })),
});
export type CcsRun = Static<typeof CcsRun>;

export const CcsClarification = Type.Object({
  id: CcsId,
  from_team_id: OptNull(CcsId),
  to_team_id: OptNull(CcsId),
  reply_to_id: OptNull(CcsId),
  problem_id: OptNull(CcsId),
  text: Type.String(),
  time: CcsTime,
  contest_time: CcsRelTime,
});
export type CcsClarification = Static<typeof CcsClarification>;

export const CcsAward = Type.Object({
  id: CcsId,
  citation: Type.String(),
  team_ids: Type.Array(CcsId),
});
export type CcsAward = Static<typeof CcsAward>;

export const CcsScoreboardProblem = Type.Object({
  problem_id: CcsId,
  num_judged: Type.Integer({ minimum: 0 }),
  num_pending: Type.Integer({ minimum: 0 }),
  solved: Opt(Type.Boolean()),
  score: Opt(Type.Number({ minimum: 0 })),
  /** Minutes into the contest. */
  time: Opt(Type.Integer({ minimum: 0 })),
});
export type CcsScoreboardProblem = Static<typeof CcsScoreboardProblem>;

export const CcsScoreboardRow = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  team_id: CcsId,
  score: Type.Object({
    num_solved: Opt(Type.Integer({ minimum: 0 })),
    /** Minutes. */
    total_time: Opt(Type.Integer({ minimum: 0 })),
    score: Opt(Type.Number()),
  }),
  problems: Type.Array(CcsScoreboardProblem),
});
export type CcsScoreboardRow = Static<typeof CcsScoreboardRow>;

export const CcsScoreboard = Type.Object({
  time: CcsTime,
  contest_time: CcsRelTime,
  state: CcsState,
  rows: Type.Array(CcsScoreboardRow),
});
export type CcsScoreboard = Static<typeof CcsScoreboard>;

/** Every failure: `code` equals the HTTP status. */
export const CcsError = Type.Object({ code: Type.Integer(), message: Type.String() });
export type CcsError = Static<typeof CcsError>;

/** Path parameters of the per-contest endpoints. */
export const CcsContestParams = Type.Object({ cid: Type.String({ maxLength: 64 }) });
export const CcsObjectParams = Type.Object({
  cid: Type.String({ maxLength: 64 }),
  id: Type.String({ maxLength: 128 }),
});
/** Query of collection endpoints: the event feed's tokens are refused here when malformed. */
export const CcsCollectionQuery = Type.Object({
  since_token: Type.Optional(Type.String({ maxLength: 200 })),
  since_id: Type.Optional(Type.String({ maxLength: 200 })),
  strict: Type.Optional(Type.String({ maxLength: 10 })),
});

/** Query of the event feed: `stream=false` answers what is there and ends. */
export const CcsEventFeedQuery = Type.Object({
  since_token: Type.Optional(Type.String({ maxLength: 200 })),
  since_id: Type.Optional(Type.String({ maxLength: 200 })),
  stream: Type.Optional(Type.String({ maxLength: 10 })),
});

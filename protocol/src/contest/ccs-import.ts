/**
 * Wire shapes of the Contest API imports (issue #24 items 5 and 7), served under
 * /api/admin/contest/ccs/…: team / organization / account import for a contest (the spec's JSON
 * files or DOMjudge's TSV files) with a result per row, and a Contest API event feed read into
 * what our scroll board reveals. The Contest API objects themselves are read loosely on the
 * server (services/src/contest/ccs-import/); the REST side's schemas (protocol/src/contest/ccs/)
 * could replace those readers later.
 */
import { Type, type Static } from '@sinclair/typebox';
import { EnvelopeOf } from '../envelope';
import { Nullable } from '../nullable';
import { OiScrollBoard } from './scroll-board';

/** Largest import file accepted (characters). */
export const CCS_IMPORT_MAX_CHARS = 4_000_000;

export const CcsImportKind = Type.Union([
  Type.Literal('organizations'),
  Type.Literal('teams'),
  Type.Literal('accounts'),
]);
export type CcsImportKind = Static<typeof CcsImportKind>;

export const CcsImportBody = Type.Object({
  cid: Type.Integer({ minimum: 1 }),
  kind: CcsImportKind,
  format: Type.Union([Type.Literal('json'), Type.Literal('tsv')]),
  content: Type.String({ maxLength: CCS_IMPORT_MAX_CHARS }),
});
export type CcsImportBody = Static<typeof CcsImportBody>;

export const CcsRowOutcome = Type.Union([
  Type.Literal('created'),
  Type.Literal('updated'),
  Type.Literal('refused'),
]);
export type CcsRowOutcome = Static<typeof CcsRowOutcome>;

export const CcsImportRow = Type.Object({
  /** 1-based: the JSON array index + 1, or the TSV line number. */
  line: Type.Integer(),
  /** The row's id (organization / team id, account username), when it has one. */
  id: Type.String(),
  outcome: CcsRowOutcome,
  /** Why it was refused, or a note on an update. */
  reason: Nullable(Type.String()),
});
export type CcsImportRow = Static<typeof CcsImportRow>;

export const CcsImportResult = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  refused: Type.Integer(),
  rows: Type.Array(CcsImportRow),
});
export type CcsImportResult = Static<typeof CcsImportResult>;
export const CcsImportResultEnvelope = EnvelopeOf(CcsImportResult);

/** Largest event feed accepted, uploaded or fetched (bytes). */
export const CCS_FEED_MAX_BYTES = 16 * 1024 * 1024;

export const CcsFeedBody = Type.Object({
  /** The NDJSON file's text (upload) … */
  ndjson: Type.Optional(Type.String({ maxLength: CCS_FEED_MAX_BYTES })),
  /** … or the event feed's URL (http/https), fetched by the server. */
  url: Type.Optional(Type.String({ maxLength: 2048 })),
  username: Type.Optional(Type.String({ maxLength: 200 })),
  password: Type.Optional(Type.String({ maxLength: 200 })),
});
export type CcsFeedBody = Static<typeof CcsFeedBody>;

/** One judged submission of a pass-fail feed, in the shape the ACM scroll board replays. */
export const CcsFeedSubmission = Type.Object({
  /** The team id (stands for the user on our boards). */
  uid: Type.String(),
  username: Type.String(),
  /** Team display name. */
  name: Type.String(),
  /** Organization name. */
  school: Nullable(Type.String()),
  /** Order of the submission in the feed (ties of equal times). */
  submitId: Type.Integer(),
  /** Our judge status code for the judgement type (0 AC, -1 WA, 1 TLE, …, -2 CE). */
  status: Type.Integer(),
  /** Epoch ms. */
  submitTime: Type.Number(),
  /** Problem label. */
  displayId: Type.String(),
});
export type CcsFeedSubmission = Static<typeof CcsFeedSubmission>;

/** What every feed board carries, pass-fail or scored. */
const feedBoardBase = {
  contestName: Type.String(),
  /** Epoch ms; the feed's contest start_time. */
  startTime: Type.Number(),
  endTime: Type.Number(),
  /** Epoch ms; start + duration − scoreboard_freeze_duration; null: never frozen. */
  freezeTime: Nullable(Type.Number()),
  /** Penalty minutes per rejected attempt the feed declares (our reveal counts 20). */
  penaltyMinutes: Type.Number(),
  /** Problem labels in ordinal order, and their colours. */
  problems: Type.Array(Type.String()),
  colors: Type.Record(Type.String(), Nullable(Type.String())),
  /** Lines read, lines skipped (not JSON, unknown type), submissions without a final judgement. */
  stats: Type.Object({
    lines: Type.Integer(),
    skipped: Type.Integer(),
    pending: Type.Integer(),
    hiddenTeams: Type.Integer(),
  }),
};

/** A Contest API event feed, read into our scroll boards (ACM: the submissions; OI: the board). */
export const CcsFeedBoard = Type.Union([
  Type.Object({ ...feedBoardBase, kind: Type.Literal('acm'), submissions: Type.Array(CcsFeedSubmission) }),
  Type.Object({ ...feedBoardBase, kind: Type.Literal('oi'), board: OiScrollBoard }),
]);
export type CcsFeedBoard = Static<typeof CcsFeedBoard>;
export const CcsFeedBoardEnvelope = EnvelopeOf(CcsFeedBoard);

/**
 * Wire shapes of the Contest API imports (issue #24 items 5 and 7), served under
 * /api/admin/contest/ccs/…: team / organization / account import for a contest (the spec's JSON
 * files or DOMjudge's TSV files) with a result per row, and a Contest API event feed read into
 * what our scroll board reveals. The Contest API objects themselves are read loosely on the
 * server (services/src/contest/ccs-import/); the REST side's schemas (protocol/src/contest/ccs/)
 * could replace those readers later.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../nullable';
import type { OiScrollBoard } from './scroll-board';

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
export interface CcsFeedSubmission {
  /** The team id (stands for the user on our boards). */
  uid: string;
  username: string;
  /** Team display name. */
  name: string;
  /** Organization name. */
  school: string | null;
  /** Order of the submission in the feed (ties of equal times). */
  submitId: number;
  /** Our judge status code for the judgement type (0 AC, -1 WA, 1 TLE, …, -2 CE). */
  status: number;
  /** Epoch ms. */
  submitTime: number;
  /** Problem label. */
  displayId: string;
}

/** A Contest API event feed, read into our scroll boards. */
export type CcsFeedBoard = {
  contestName: string;
  /** Epoch ms; the feed's contest start_time. */
  startTime: number;
  endTime: number;
  /** Epoch ms; start + duration − scoreboard_freeze_duration; null: never frozen. */
  freezeTime: number | null;
  /** Penalty minutes per rejected attempt the feed declares (our reveal counts 20). */
  penaltyMinutes: number;
  /** Problem labels in ordinal order, and their colours. */
  problems: string[];
  colors: Record<string, string | null>;
  /** Lines read, lines skipped (not JSON, unknown type), submissions without a final judgement. */
  stats: { lines: number; skipped: number; pending: number; hiddenTeams: number };
} & ({ kind: 'acm'; submissions: CcsFeedSubmission[] } | { kind: 'oi'; board: OiScrollBoard });

// The OI scroll board's wire shape (issue #26 item 9): GET /api/get-contest-scroll-board-oi.
// The server folds both boards with the OI board's own arithmetic (Scoreboard.oiCells); the
// client only swaps a cell's sealed facts for its final ones and re-ranks.
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../nullable';

/** One (user, problem) as the OI board counts it. */
export const OiScrollCell = Type.Object({
  /** The kept record's score (null: it had none). */
  score: Nullable(Type.Number()),
  /** Fastest AC run time in ms (OI timeInfo), null for none. */
  time: Nullable(Type.Number()),
  /** First-appearance key (board ties): the kept record's seconds from the start… */
  firstTime: Type.Number(),
  /** …and submitId. */
  firstId: Type.Integer(),
});
export type OiScrollCell = Static<typeof OiScrollCell>;

/** A judged submission made from the seal to the end, revealed on the scroll board. */
export const OiScrollHidden = Type.Object({
  submitId: Type.Integer(),
  status: Type.Integer(),
  score: Nullable(Type.Number()),
  /** "yyyy/MM/dd HH:mm:ss" GMT+8, like the ACM scroll board's submissions. */
  submitTime: Type.String(),
});
export type OiScrollHidden = Static<typeof OiScrollHidden>;

export const OiScrollRow = Type.Object({
  uid: Type.String(),
  username: Type.String(),
  nickname: Nullable(Type.String()),
  realname: Nullable(Type.String()),
  school: Nullable(Type.String()),
  /** Cells of the board sealed at the seal time (display id → cell). */
  before: Type.Record(Type.String(), OiScrollCell),
  /** Cells of the final board (the OI board of the ended contest). */
  after: Type.Record(Type.String(), OiScrollCell),
  /** Per problem, the judged submissions from the seal to the end, oldest first. */
  hidden: Type.Record(Type.String(), Type.Array(OiScrollHidden)),
});
export type OiScrollRow = Static<typeof OiScrollRow>;

export const OiScrollBoard = Type.Object({
  /** Display ids in the contest's order. */
  problems: Type.Array(Type.String()),
  /** Sealed board order first, then users with only hidden submissions. */
  rows: Type.Array(OiScrollRow),
});
export type OiScrollBoard = Static<typeof OiScrollBoard>;

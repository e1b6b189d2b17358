// The OI scroll board's wire shape (issue #26 item 9): GET /api/get-contest-scroll-board-oi.
// The server folds both boards with the OI board's own arithmetic (Scoreboard.oiCells); the
// client only swaps a cell's sealed facts for its final ones and re-ranks.

/** One (user, problem) as the OI board counts it. */
export interface OiScrollCell {
  /** The kept record's score (null: it had none). */
  score: number | null;
  /** Fastest AC run time in ms (OI timeInfo), null for none. */
  time: number | null;
  /** First-appearance key (board ties): the kept record's seconds from the start… */
  firstTime: number;
  /** …and submitId. */
  firstId: number;
}

/** A judged submission made from the seal to the end, revealed on the scroll board. */
export interface OiScrollHidden {
  submitId: number;
  status: number;
  score: number | null;
  /** "yyyy/MM/dd HH:mm:ss" GMT+8, like the ACM scroll board's submissions. */
  submitTime: string;
}

export interface OiScrollRow {
  uid: string;
  username: string;
  nickname: string | null;
  realname: string | null;
  school: string | null;
  /** Cells of the board sealed at the seal time. */
  before: Record<string, OiScrollCell>;
  /** Cells of the final board (the OI board of the ended contest). */
  after: Record<string, OiScrollCell>;
  /** Per problem, the judged submissions from the seal to the end, oldest first. */
  hidden: Record<string, OiScrollHidden[]>;
}

export interface OiScrollBoard {
  /** Display ids in the contest's order. */
  problems: string[];
  /** Sealed board order first, then users with only hidden submissions. */
  rows: OiScrollRow[];
}

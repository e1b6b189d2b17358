/**
 * Virtual participation (issue #27): one more clock over an ended contest's stream of
 * submissions. Browser-safe: no node imports.
 *
 * - `virtualTimes` shifts a contest's times to a virtual start, so the contest clock machine
 *   (clock.ts) runs the virtual clock unchanged: running → sealed → ended at the same elapsed
 *   times as the original.
 * - `ContestTape`: the original submissions made during the contest, sorted by (time, submitId)
 *   once per contest, with their elapsed milliseconds in one typed array. Every clock over the
 *   contest shares it.
 * - `GhostBoard`: one participant's board. A cursor into the tape advances with the clock and
 *   applies the submissions that "happen", each as one incremental `Scoreboard` update (one
 *   `RankDelta` per update for the variant the participant sees), so the cost is per clock and
 *   per original submission, never per viewer. The participant's own submissions are placed at
 *   their elapsed time on the original timeline.
 */
import type { ContestTimes } from './clock-times';
import { boardSealedAt } from './clock-times';
import type { RankDelta } from './rank-delta';
import {
  Scoreboard,
  type BoardConfig,
  type BoardPage,
  type BoardSubmission,
  type RankRow,
  type UserProfile,
  type VariantName,
} from './scoreboard';

/** The contest's times moved so that it starts at `startedAt` (epoch ms): the virtual clock. */
export function virtualTimes(c: ContestTimes, startedAt: number): ContestTimes {
  const shift = startedAt - c.startTime;
  return {
    startTime: startedAt,
    endTime: c.endTime + shift,
    sealRank: c.sealRank,
    sealRankTime: c.sealRankTime === null ? null : c.sealRankTime + shift,
    autoRealRank: c.autoRealRank,
  };
}

/** Elapsed milliseconds of a virtual clock at `now`, held within [0, duration]. */
export function virtualElapsed(
  c: Pick<ContestTimes, 'startTime' | 'endTime'>,
  startedAt: number,
  now: number,
) {
  return Math.max(0, Math.min(c.endTime - c.startTime, now - startedAt));
}

/** The original contest's submissions in the order they happened; shared by every clock. */
export class ContestTape {
  readonly subs: readonly BoardSubmission[];
  /** Elapsed milliseconds of each entry of `subs` (never below 0: submissions before the start count at 0). */
  readonly elapsed: Float64Array;

  constructor(
    readonly config: BoardConfig,
    submissions: Iterable<BoardSubmission>,
    /** Users whose original submissions stay off the tape (none by default). */
    leaveOut: ReadonlySet<string> = new Set(),
  ) {
    const list: BoardSubmission[] = [];
    for (const s of submissions) {
      // After-contest submissions (practice) and never-judged ones are not part of the contest.
      if (s.submitTime >= config.endTime || s.status === null || leaveOut.has(s.uid)) continue;
      list.push(s);
    }
    list.sort((a, b) => a.submitTime - b.submitTime || a.submitId - b.submitId);
    this.subs = list;
    this.elapsed = new Float64Array(list.length);
    for (let i = 0; i < list.length; i++)
      this.elapsed[i] = Math.max(0, list[i]!.submitTime - config.startTime);
  }

  get length(): number {
    return this.subs.length;
  }

  /** Number of entries that happened at or before `elapsedMs` (binary search). */
  countAt(elapsedMs: number): number {
    let lo = 0;
    let hi = this.elapsed.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.elapsed[mid]! <= elapsedMs) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * Whether the board is sealed at `elapsedMs` of a clock over `times` (original or shifted): the
 * contest's own rule at the same elapsed time; from the end on, the ended contest's (frozen, or
 * the real board with auto real rank).
 */
export function ghostSealed(times: ContestTimes, elapsedMs: number): boolean {
  const duration = times.endTime - times.startTime;
  const now = elapsedMs >= duration ? times.endTime + 1 : times.startTime + elapsedMs;
  return boardSealedAt(times, now);
}

export interface GhostStep {
  /** Tape entries applied by this step. */
  applied: number;
  /** One delta per applied change of the shown variant (null entries dropped). */
  deltas: RankDelta[];
  /** The shown variant changed (the seal began or ended): viewers read the page again. */
  variantChanged: boolean;
}

/** One participant's ghost board: the original participants at the same elapsed time, and them. */
export class GhostBoard {
  readonly board: Scoreboard;
  /** Tape entries applied so far. */
  cursor = 0;
  /** Elapsed milliseconds the board is at. */
  at = 0;
  private shown: VariantName;

  constructor(
    readonly tape: ContestTape,
    readonly times: ContestTimes,
    profiles: Iterable<UserProfile> = [],
  ) {
    this.board = new Scoreboard(tape.config);
    this.board.setProfiles(profiles);
    this.shown = this.variantAt(0);
  }

  /** The variant a participant sees at `elapsedMs`: sealed while the original board was sealed. */
  variantAt(elapsedMs: number): VariantName {
    return this.tape.config.sealRankTime !== null && ghostSealed(this.times, elapsedMs) ? 'sealed' : 'real';
  }

  get variant(): VariantName {
    return this.shown;
  }

  /** `<variant>/<epoch>.<version>`: the version a page read now is at (as x-oj-board-version). */
  get version(): string {
    return `${this.shown}/${this.board.boardVersion(this.shown)}`;
  }

  /**
   * Moves the clock to `elapsedMs` (never backwards) and applies the original submissions that
   * happened meanwhile; with `withDeltas` the shown variant's delta of each change is returned.
   */
  advanceTo(elapsedMs: number, withDeltas = true): GhostStep {
    const target = Math.max(this.at, elapsedMs);
    const end = this.tape.countAt(target);
    const deltas: RankDelta[] = [];
    const before = this.shown;
    const next = this.variantAt(target);
    const applied = end - this.cursor;
    for (; this.cursor < end; this.cursor++) {
      const sub = this.tape.subs[this.cursor]!;
      const mark = withDeltas && next === before ? this.board.deltaMark(sub.uid) : null;
      this.board.applySubmission(sub);
      if (mark) {
        const d = this.board.deltaSince(mark, before);
        if (d) deltas.push(d);
      }
    }
    this.at = target;
    this.shown = next;
    return { applied, deltas: next === before ? deltas : [], variantChanged: next !== before };
  }

  /**
   * The participant's own submission (or its new verdict), placed at its elapsed time on the
   * original timeline. Returns the shown variant's delta, or null when nothing shown moved.
   */
  applyOwn(sub: BoardSubmission, elapsedMs: number): RankDelta | null {
    const placed: BoardSubmission = { ...sub, submitTime: this.tape.config.startTime + elapsedMs };
    const mark = this.board.deltaMark(sub.uid);
    this.board.applySubmission(placed);
    return this.board.deltaSince(mark, this.shown);
  }

  setProfiles(profiles: Iterable<UserProfile>) {
    this.board.setProfiles(profiles);
  }

  hasProfile(uid: string): boolean {
    return this.board.hasProfile(uid);
  }

  /** A page of the shown board. */
  page(page = 1, size = 50, removeStar = false): BoardPage<RankRow> {
    return this.board.rows({ sealed: this.shown === 'sealed', page, size, removeStar });
  }
}

/**
 * Rank deltas: what a `contest:rank` push carries so a viewer can update the board page it
 * shows without fetching it (issue #6). Made by `Scoreboard.deltaSince`, applied by
 * `applyRankDelta`. Browser-safe: no node imports.
 *
 * One verdict changes one user's row (its cells, totals and place). Everything else a page
 * shows follows from that:
 * - positions: the user leaves `from` and enters at `to`; the rows between shift by one;
 * - ranks: a row's rank is 1 + the number of non-star rows with a strictly better key
 *   (primary desc, totalTime asc), so a row of key k moves by [new key better than k] −
 *   [old key better than k] (ties keep sharing their rank);
 * - awards: only rows next to an award boundary can change; they are listed by uid;
 * - first AC flags (ACM): the rows that gained or lost one are sent whole.
 */
import type { AcmRankRow, OiRankRow, RankRow, VariantName } from './scoreboard';

/** (primary, totalTime): ACM (ac, totalTime), OI (totalScore, totalTime). */
export type RankKey = [number, number];

/** Positions of the change in one view (with or without star rows). */
export interface RankMove {
  /** The user's index on the board before (-1: was not on it) and after (-1: left it). */
  from: number;
  to: number;
  /** Rows on the board before and after. */
  prevSize: number;
  size: number;
}

export interface RankDelta {
  variant: VariantName;
  /** `<board epoch>.<variant version>`: a page is at a version; a delta goes from prevVersion to version. */
  version: string;
  prevVersion: string;
  /** The change cannot be described as one move: fetch the page. */
  reload?: true;
  /** The changed user. */
  uid?: string;
  /** Board with star rows (removeStar off). */
  move?: RankMove;
  /** Board without star rows (removeStar on); absent when it equals `move` (no stars). */
  noStar?: RankMove;
  /** The user's key before and after; null when off the board or a star (stars move no rank). */
  oldKey?: RankKey | null;
  newKey?: RankKey | null;
  /** The user's row after the change (null when it left the board). */
  row?: RankRow | null;
  /** Other rows whose content changed (first AC flags), whole, by uid. */
  rows?: RankRow[];
  /** Award of rows next to an award boundary: [uid, index in awardInfo or -1 for none]. */
  awards?: [string, number][];
  awardInfo?: { name: string; background: string; color: string }[];
  /**
   * The page of `same.variant` at `same.version` is this variant's page at `version` (the seal
   * began and the sealed board still equals the open one): a viewer relabels it, no fetch.
   */
  same?: { variant: VariantName; version: string };
  /**
   * The problem headers' counts of this variant after the change (issue #22): per display id,
   * accepted submissions and submissions. Only the changed problems are listed.
   */
  counts?: [displayId: string, ac: number, total: number][];
}

/** The page as the REST endpoint returns it. */
export interface RankPage<T extends RankRow = RankRow> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export interface RankPageView {
  /** The page was asked with removeStar. */
  removeStar: boolean;
  /** The uid pinned first (inner board: the caller), or null. */
  pinUid: string | null;
}

/** a strictly better than b (a rank counts only strictly better keys). */
function better(a: RankKey | null | undefined, b: RankKey): boolean {
  if (!a) return false;
  return a[0] > b[0] || (a[0] === b[0] && a[1] < b[1]);
}

function keyOf(row: RankRow): RankKey {
  return 'totalScore' in row
    ? [(row as OiRankRow).totalScore, row.totalTime]
    : [(row as AcmRankRow).ac, row.totalTime];
}

/**
 * The page after the delta, or null when it cannot be built from what the page holds (a row
 * it does not have slides in, the delta says reload, the page does not match the delta's
 * sizes). The page must be a plain one: no keyword, no concerned users (only the caller's
 * own row may be pinned). Rows are never mutated: changed rows are copies.
 */
export function applyRankDelta<T extends RankRow>(
  page: RankPage<T>,
  delta: RankDelta,
  view: RankPageView,
): RankPage<T> | null {
  if (delta.reload || !delta.move || delta.uid === undefined || delta.row === undefined) return null;
  const m = view.removeStar ? (delta.noStar ?? delta.move) : delta.move;
  const uid = delta.uid;
  const oldPinned = page.total - m.prevSize;
  if (oldPinned !== 0 && oldPinned !== 1) return null;
  if (oldPinned === 1 && !view.pinUid) return null;
  const moved = uid === view.pinUid;
  const newPinned = oldPinned === 1 ? (moved ? (m.to >= 0 ? 1 : 0) : 1) : moved && m.to >= 0 ? 1 : 0;
  const size = page.size;
  const first = (page.current - 1) * size;
  // What the page holds: its pinned row (page 1 only) and board rows by position.
  const expected = Math.max(0, Math.min(page.total, first + size) - first);
  if (page.records.length !== expected) return null;
  let pinnedRow: T | null = null;
  const held = new Map<number, T>();
  for (let k = 0; k < page.records.length; k++) {
    const g = first + k;
    if (g < oldPinned) pinnedRow = page.records[k]!;
    else held.set(g - oldPinned, page.records[k]!);
  }
  const whole = new Map<string, RankRow>((delta.rows ?? []).map((r) => [r.uid, r]));
  const awards = new Map(delta.awards ?? []);
  const fix = (row: T): T => {
    const replaced = whole.get(row.uid);
    if (replaced) return replaced as T;
    const k = keyOf(row);
    const shift = row.rank === -1 ? 0 : (better(delta.newKey, k) ? 1 : 0) - (better(delta.oldKey, k) ? 1 : 0);
    const award = awards.get(row.uid);
    if (shift === 0 && award === undefined) return row;
    const out = { ...row, rank: row.rank + shift };
    if (award !== undefined) {
      const a = award >= 0 ? delta.awardInfo?.[award] : undefined;
      if (award >= 0 && !a) return row; // malformed: keep it, the next fetch repairs
      out.isWinAward = !!a;
      out.awardName = a?.name ?? null;
      out.awardBackground = a?.background ?? null;
      out.awardColor = a?.color ?? null;
    }
    return out;
  };
  const total = newPinned + m.size;
  const records: T[] = [];
  for (let g = first; g < Math.min(total, first + size); g++) {
    if (g < newPinned) {
      if (moved) records.push(delta.row as T);
      else if (pinnedRow) records.push(fix(pinnedRow));
      else return null;
      continue;
    }
    const j = g - newPinned;
    if (j === m.to) {
      records.push(delta.row as T);
      continue;
    }
    // Board position j after the change ← position before it.
    const w = m.to >= 0 && j > m.to ? j - 1 : j;
    const old = m.from >= 0 && w >= m.from ? w + 1 : w;
    const row = held.get(old);
    if (!row) return null;
    records.push(fix(row));
  }
  return { records, total, size, current: page.current, pages: Math.ceil(total / size) };
}

/** A shown board page and the version it is at, as a viewer that follows pushes holds it. */
export interface FollowedPage<T extends RankRow> {
  page: RankPage<T> | null;
  /** `<variant>/<version>` the page was read at (x-oj-board-version), or after the last delta applied. */
  version: string | null;
  /** No keyword and no concerned users pinned: only such pages follow deltas. */
  plain: boolean;
  removeStar: boolean;
  /** The caller's own row pinned first (inner board), or null. */
  pinUid: string | null;
}

export type FollowOutcome<T extends RankRow> =
  /**
   * The page is already at the pushed version, or past it (`older`: a push heard while the page
   * was being read, whose change the read already holds; its header counts are older too).
   */
  | { kind: 'current'; delta: RankDelta; older?: boolean }
  | { kind: 'apply'; page: RankPage<T>; version: string; delta: RankDelta }
  | { kind: 'fetch' }
  /** The push lists no delta of the page's variant (the admin room's pushes carry the real boards only). */
  | { kind: 'unlisted' };

/**
 * What a rank push means for a shown page: the delta of its variant applied when it starts at the
 * page's version; the page relabelled when another variant's delta says it equals the page
 * (`same`, the seal); else a fetch (a version gap, a reload delta, a page that is not plain or
 * misses a row sliding in). Shared by the web board and the services' tests of it.
 */
/** `version` is an earlier point than `at` of the same board epoch (`<epoch>.<n>`). */
export function isEarlierVersion(version: string, at: string): boolean {
  const a = version.lastIndexOf('.');
  const b = at.lastIndexOf('.');
  if (a < 0 || b < 0 || version.slice(0, a) !== at.slice(0, b)) return false;
  const v = Number(version.slice(a + 1));
  const w = Number(at.slice(b + 1));
  return Number.isInteger(v) && Number.isInteger(w) && v < w;
}

export function followRankPush<T extends RankRow>(
  shown: FollowedPage<T>,
  boards: readonly RankDelta[] | undefined,
): FollowOutcome<T> {
  if (!shown.page || !shown.version || !boards) return { kind: 'fetch' };
  const slash = shown.version.indexOf('/');
  const variant = shown.version.slice(0, slash);
  const at = shown.version.slice(slash + 1);
  const delta = boards.find((d) => d.variant === variant);
  if (!delta) {
    const moved = boards.find((d) => d.same && d.same.variant === variant && d.same.version === at);
    if (moved)
      return { kind: 'apply', page: shown.page, version: `${moved.variant}/${moved.version}`, delta: moved };
    return boards.some((d) => d.same?.variant === variant) ? { kind: 'fetch' } : { kind: 'unlisted' };
  }
  if (delta.version === at) return { kind: 'current', delta };
  if (isEarlierVersion(delta.version, at)) return { kind: 'current', delta, older: true };
  if (delta.prevVersion !== at || !shown.plain) return { kind: 'fetch' };
  const page = applyRankDelta(shown.page, delta, { removeStar: shown.removeStar, pinUid: shown.pinUid });
  return page ? { kind: 'apply', page, version: `${variant}/${delta.version}`, delta } : { kind: 'fetch' };
}

/**
 * Contest scoreboard arithmetic (reference/api/contests-trainings-discussions.md §5),
 * pure and incremental.
 *
 * The board keeps every contest submission it was given and, per user and problem,
 * the folded cell for each of three "variants" of the data:
 * - `real`: the unsealed board without after-contest submissions;
 * - `withAfter`: the unsealed board including after-contest submissions (containsEndEff);
 * - `sealed`: the board as a sealed viewer sees it (after-contest submissions never count).
 *
 * Everything lives in typed arrays indexed by small integers (user, problem, cell, slot),
 * so a 500k-submission contest is a few flat buffers instead of a million objects:
 * - submissions ("slots"): id, time, flags, status, score, run time, and a `next` link that
 *   chains each (user, problem) cell's submissions in (time, submitId) order;
 * - per variant, cells (stride CELL) and user totals (stride USER) in Float64Arrays, and
 *   the users in board order (`order`) with each user's position (`pos`).
 * A verdict touches one cell: its chain is re-folded, the user's totals move by the
 * difference and the user is moved in `order` by binary search and a shift of only the
 * rows in between. A recompute buckets the slots by cell, sorts each bucket once, folds
 * each cell once and sorts the users once. Ranks, awards, pinning and paging are derived
 * on read from the order (only the requested page's rows are built).
 */
import type { RankDelta } from './rank-delta';
import type { OiScrollCell } from './scroll-board';
import { StringIndex } from './string-index';

/** Contest record status (rule 2): 1 AC, -1 penalised attempt, 0 attempt without penalty. */
export type RecordStatus = 1 | -1 | 0;

/** Judge status → contest record status (rule 2); null for pending/judging and unknown codes. */
export function recordStatusOf(judgeStatus: number): RecordStatus | null {
  switch (judgeStatus) {
    case 0:
      return 1;
    case -3: // presentation error
    case -1: // wrong answer
    case 1: // time limit
    case 2: // memory limit
    case 3: // runtime error
      return -1;
    case 5: // pending
    case 6: // compiling
    case 7: // judging
    case 9: // submitting
    case 10: // submitted failed
      return null;
    default:
      return 0;
  }
}

/** One contest submission as the board sees it. */
export interface BoardSubmission {
  submitId: number;
  uid: string;
  username: string;
  displayId: string;
  /** Epoch milliseconds. */
  submitTime: number;
  /** Null while pending (ignored by every board). */
  status: RecordStatus | null;
  score: number | null;
  /** Judge run time in ms (OI timeInfo). */
  useTime: number | null;
}

export interface AwardConfig {
  priority?: number | null;
  name: string;
  background: string;
  color: string;
  num: number | null;
}

export type RankShowName = 'username' | 'realname' | 'nickname';

export interface BoardConfig {
  /** 0 ACM, 1 OI. */
  type: 0 | 1;
  /** Epoch milliseconds. */
  startTime: number;
  endTime: number;
  /** Null when the contest never seals. */
  sealRankTime: number | null;
  oiRankScoreType: 'Recent' | 'Highest';
  /** Creator, super admins, group owners (rule 3). */
  excludedUids: readonly string[];
  /** Star usernames (rule 10). */
  starUsernames: readonly string[];
  /** 0/null none, 1 percentage, 2 head count. */
  awardType: number | null;
  /** In stored (priority) order. */
  awards: readonly AwardConfig[];
  rankShowName: RankShowName;
}

export interface UserProfile {
  uid: string;
  username: string;
  realname: string | null;
  nickname: string | null;
  school: string | null;
  gender: string | null;
  avatar: string | null;
}

export interface AcmCell {
  errorNum: number;
  tryNum?: number;
  isAC?: true;
  isFirstAC?: boolean;
  ACTime?: number;
  isAfterContest?: true;
}

interface RowBase {
  rank: number;
  isWinAward: boolean;
  awardName: string | null;
  awardBackground: string | null;
  awardColor: string | null;
  uid: string;
  username: string;
  realname: string | null;
  nickname: string | null;
  school: string | null;
  gender: string | null;
  avatar: string | null;
}

export interface AcmRankRow extends RowBase {
  totalTime: number;
  total: number;
  ac: number;
  submissionInfo: Record<string, AcmCell>;
}

export interface OiRankRow extends RowBase {
  totalScore: number;
  totalTime: number;
  submissionInfo: Record<string, number | null>;
  timeInfo: Record<string, number> | null;
}

export type RankRow = AcmRankRow | OiRankRow;

export interface BoardView {
  /** The seal predicate's answer for this viewer (§0.7). */
  sealed: boolean;
  /** allowEndSubmit && containsEnd. Ignored when sealed. */
  containsEnd?: boolean;
  removeStar?: boolean;
  /** The caller's uid, pinned first (inner board only). */
  pinUid?: string | null;
  concernedList?: readonly string[];
  keyword?: string | null;
  page?: number;
  size?: number;
}

export interface BoardPage<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** Paging numbers of a pageJson page; `shared`: every viewer gets this page (it is cached). */
export interface SharedPageInfo {
  total: number;
  size: number;
  current: number;
  pages: number;
  shared: boolean;
}

export type VariantName = 'real' | 'withAfter' | 'sealed';

/** Milliseconds per phase of a bulk load (Scoreboard.recompute), added to what is there. */
export interface LoadPhases {
  /** Input records → typed-array slots (user and problem lookups, cells). */
  ingest: number;
  /** Slots grouped by cell in (time, submitId) order (counting sort, per-cell sorts, renumbering). */
  group: number;
  /** Every cell folded once and added to its user's totals. */
  fold: number;
  /** Users sorted once per variant. */
  order: number;
}
const VARIANTS: readonly VariantName[] = ['real', 'withAfter', 'sealed'];
const WITH_AFTER = 1;
const SEALED = 2;

const PENALTY_SECONDS = 20 * 60;
/** Built rows kept per variant between board changes. */
const ROW_CACHE_LIMIT = 5000;
/** Shared pages kept per variant between board changes. */
const PAGE_CACHE_LIMIT = 200;

/** Slot status for a null (pending) record; the others are the RecordStatus values. */
const ST_NONE = 2;
const BEFORE_START = 1;
const AFTER_CONTEST = 2;

// Cell fields, stride CELL. PROC 0 means "no entry" (the other fields are then meaningless).
// ACM and OI cells share the layout: SCORE and BEST reuse the ERR and TRY fields.
const PROC = 0; // ACM: records processed (total); OI: selected records kept
const ERR = 1;
const TRY = 2;
const SCORE = 1; // OI score, NaN for null
const BEST = 2; // OI fastest AC run time, NaN for none
const AC = 3; // AC time in seconds, -1 none
const AFTER = 4; // the AC is after the contest (1/0)
const FT = 5; // earliest processed/selected record: time…
const FID = 6; // …and submitId (first-appearance order)
const CELL = 7;

// User totals, stride USER. ACM: ac / totalTime (s) / total; OI: score / totalTime (ms).
const PRIMARY = 0;
const TTIME = 1;
const TOTAL = 2;
const NCELLS = 3;
const UFT = 4;
const UFID = 5;
const USER = 6;

type Growable = Int32Array | Float64Array | Uint8Array | Int8Array;

/** The same array, or a copy with at least `size` elements (capacity doubles unless `exact`; new room filled). */
function grow<T extends Growable>(a: T, size: number, fill = 0, exact = false): T {
  if (a.length >= size) return a;
  let cap = Math.max(16, a.length);
  while (cap < size) cap *= 2;
  if (exact) cap = size;
  const b = new (a.constructor as new (n: number) => T)(cap);
  b.set(a);
  if (fill !== 0) b.fill(fill, a.length);
  return b;
}

/**
 * Capacity for a bulk load of n: sized once, with room for the verdicts that follow (growing
 * the large buffers at the first new submission would cost a full GC of the caller's heap).
 */
function withHeadroom(n: number): number {
  return n + Math.max(1024, n >> 4);
}

/** A copy of `a` (same capacity, or into `b`) holding `a[order[k]]` at k. */
function gather<T extends Growable>(
  a: T,
  order: Int32Array,
  b = new (a.constructor as new (n: number) => T)(a.length),
): T {
  for (let k = 0; k < order.length; k++) b[k] = a[order[k]!]!;
  return b;
}

/**
 * submitId → slot, as parallel arrays sorted by id. Contests load in submit_id order and new
 * submissions get the largest ids, so inserts append and a bulk load needs no hashing; a
 * lookup is a binary search. Removed ids stay as tombstones (slot -1).
 */
class IdIndex {
  private ids = new Float64Array(0);
  private slots = new Int32Array(0);
  private length = 0;
  count = 0;

  private lowerBound(id: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ids[mid]! < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  get(id: number): number {
    const n = this.length;
    if (n > 0 && this.ids[n - 1] === id) return this.slots[n - 1]!;
    const i = this.lowerBound(id);
    return i < n && this.ids[i] === id ? this.slots[i]! : -1;
  }

  /** Stores id → slot for an id that is absent (or removed). */
  set(id: number, slot: number) {
    const n = this.length;
    let i = n;
    if (n > 0 && !(id > this.ids[n - 1]!)) {
      i = this.lowerBound(id);
      if (i < n && this.ids[i] === id) {
        if (this.slots[i]! < 0) this.count++;
        this.slots[i] = slot;
        return;
      }
    }
    this.ids = grow(this.ids, n + 1);
    this.slots = grow(this.slots, n + 1);
    if (i < n) {
      this.ids.copyWithin(i + 1, i, n);
      this.slots.copyWithin(i + 1, i, n);
    }
    this.ids[i] = id;
    this.slots[i] = slot;
    this.length++;
    this.count++;
  }

  delete(id: number) {
    const i = this.lowerBound(id);
    if (i < this.length && this.ids[i] === id && this.slots[i]! >= 0) {
      this.slots[i] = -1;
      this.count--;
    }
  }

  /**
   * Bulk build from slots 0..n-1 holding `ids`. Returns the slots that lose to a later
   * slot with the same id (a repeated submission: the last one counts).
   */
  build(ids: Float64Array, n: number): number[] {
    this.ids = new Float64Array(withHeadroom(n));
    this.slots = new Int32Array(withHeadroom(n));
    const dead: number[] = [];
    let perm: Int32Array;
    const packable =
      n <= 1 << 21 && ids.subarray(0, n).every((x) => Number.isInteger(x) && x >= 0 && x < 2 ** 31);
    if (packable) {
      // (id, slot) packed exactly into one double, sorted natively.
      const keys = new Float64Array(n);
      for (let k = 0; k < n; k++) keys[k] = ids[k]! * 2097152 + k;
      keys.sort();
      perm = new Int32Array(n);
      for (let k = 0; k < n; k++) perm[k] = keys[k]! % 2097152;
    } else {
      perm = new Int32Array(n);
      for (let k = 0; k < n; k++) perm[k] = k;
      perm.sort((x, y) => ids[x]! - ids[y]! || x - y);
    }
    let m = 0;
    for (let k = 0; k < n; k++) {
      const slot = perm[k]!;
      if (k + 1 < n && ids[perm[k + 1]!] === ids[slot]) {
        dead.push(slot);
        continue;
      }
      this.ids[m] = ids[slot]!;
      this.slots[m++] = slot;
    }
    this.length = this.count = m;
    return dead;
  }

  /**
   * Bulk build from strictly increasing `ids[0, n)` whose slots are `slots[0, n)`: both
   * buffers are taken over as they are (capacity included), nothing is copied.
   */
  adopt(ids: Float64Array<ArrayBuffer>, slots: Int32Array<ArrayBuffer>, n: number) {
    this.ids = ids;
    this.slots = slots;
    this.length = this.count = n;
  }

  /** Slots renumbered: slot s is now `to[s]`. */
  remap(to: Int32Array) {
    for (let i = 0; i < this.length; i++) if (this.slots[i]! >= 0) this.slots[i] = to[this.slots[i]!]!;
  }
}

/** One variant's folded cells, user totals and board order. */
class Variant {
  cells = new Float64Array(0);
  users = new Float64Array(0);
  /**
   * Users in board order; the first `length` entries are used. A user's place is found by
   * binary search on its totals (Scoreboard.posOf): no per-user position table to shift.
   */
  order = new Int32Array(16);
  length = 0;
  /**
   * First AC per problem (rule 8): the smallest AC time and how many cells have it. When
   * the last of them goes, the problem is marked stale and rescanned on the next read.
   */
  acMin = new Float64Array(0);
  acCount = new Int32Array(0);
  acStale = new Uint8Array(0);
  version = 0;
  /**
   * Built rows by position in `order`, for `rowsVersion`: every viewer of this variant sees
   * the same row at a position (pinning and star removal only pick positions), so a page
   * is built once per board change. Rows are shared: callers must not mutate them.
   */
  readonly rows = new Map<number, RankRow>();
  /** The same rows as JSON text. */
  readonly rowsText = new Map<number, string>();
  /** Whole pages every viewer shares (no pinned rows, no keyword), as wrapped by pageJson's caller. */
  readonly pages = new Map<string, { wrap: unknown; value: unknown }>();
  rowsVersion = -1;

  ensureCells(n: number, exact = false) {
    this.cells = grow(this.cells, n * CELL, 0, exact);
  }
  ensureUsers(n: number) {
    this.users = grow(this.users, n * USER);
    this.order = grow(this.order, n);
  }
  ensureProblems(n: number) {
    this.acMin = grow(this.acMin, n, Infinity);
    this.acCount = grow(this.acCount, n);
    this.acStale = grow(this.acStale, n);
  }
  addAc(p: number, t: number) {
    if (this.acStale[p]) return;
    if (t < this.acMin[p]!) {
      this.acMin[p] = t;
      this.acCount[p] = 1;
    } else if (t === this.acMin[p]) this.acCount[p]!++;
  }
  removeAc(p: number, t: number) {
    if (this.acStale[p] || t !== this.acMin[p]) return;
    if (--this.acCount[p]! === 0) this.acStale[p] = 1;
  }
}

export class Scoreboard {
  private readonly excluded: Set<string>;
  private readonly durationSec: number;
  private readonly sealSec: number | null;
  /** Variants folded: the sealed one only when the contest seals. */
  private readonly variantCount: number;
  private readonly variants: Variant[] = [new Variant(), new Variant(), new Variant()];

  // Users (by first appearance) and problems (display ids, by first appearance).
  private readonly uids: string[] = [];
  /** uid → user (its own hash table: a load looks up one fresh uid string per record). */
  private readonly userIndex = new StringIndex();
  /** Username of each user's first stored submission (used when there is no profile). */
  private readonly usernames: string[] = [];
  private userExcluded = new Uint8Array(0);
  private readonly pids: string[] = [];
  /** Display id → problem (a load looks one up per record, like the uids). */
  private readonly problemIndex = new StringIndex();
  /** Row stride of `userCells` (problem capacity). */
  private probCap = 16;
  /** Rows of the per-user tables (userExcluded, userCells, the variants' users and order). */
  private userCap = 0;
  /** user × probCap → cell id, -1 for none. */
  private userCells = new Int32Array(0);

  // Cells: owner, problem, first slot of the (time, submitId)-ordered chain.
  private cellCount = 0;
  private cellUser = new Int32Array(0);
  private cellProb = new Int32Array(0);
  private head = new Int32Array(0);

  // Submission slots.
  private readonly ids = new IdIndex();
  private slotCount = 0;
  private readonly freeSlots: number[] = [];
  private sId = new Float64Array(0);
  private sTime = new Int32Array(0);
  private sFlags = new Uint8Array(0);
  private sStatus = new Int8Array(0);
  private sScore = new Float64Array(0);
  private sUse = new Float64Array(0);
  private sCell = new Int32Array(0);
  private sNext = new Int32Array(0);

  private profiles = new Map<string, UserProfile>();
  /** Star users (rule 10), derived on demand; dropped when users or profiles change. */
  private starFlags: Uint8Array | null = null;
  private starUsers: number[] = [];
  /** While true (recompute), user positions are sorted once at the end. */
  private bulk = false;
  private renderCache = new Map<string, { version: number; entries: Entry[] }>();
  private readonly scratch = new Float64Array(CELL);

  constructor(readonly config: BoardConfig) {
    this.excluded = new Set(config.excludedUids);
    this.durationSec = Math.floor((config.endTime - config.startTime) / 1000);
    this.sealSec =
      config.sealRankTime === null ? null : Math.floor((config.sealRankTime - config.startTime) / 1000);
    this.variantCount = this.sealSec === null ? 2 : 3;
  }

  /** A board built from scratch; equal to applying every submission one by one. */
  static recompute(
    config: BoardConfig,
    submissions: Iterable<BoardSubmission>,
    profiles: Iterable<UserProfile> = [],
    /** Filled with the milliseconds of each load phase when given (benchmarks). */
    phases?: LoadPhases,
  ) {
    const board = new Scoreboard(config);
    board.setProfiles(profiles);
    board.load(Array.isArray(submissions) ? (submissions as BoardSubmission[]) : [...submissions], phases);
    return board;
  }

  get size(): number {
    return this.ids.count;
  }

  setProfiles(profiles: Iterable<UserProfile>) {
    for (const p of profiles) this.profiles.set(p.uid, p);
    this.renderCache.clear();
    for (const v of this.variants) v.rowsVersion = -1;
    this.starFlags = null;
  }

  hasProfile(uid: string): boolean {
    return this.profiles.has(uid);
  }

  /** Adds a submission or replaces the one with the same submitId (new verdict, rejudge, relabel). */
  applySubmission(sub: BoardSubmission): void {
    const cell = this.cellOf(this.userOf(sub.uid, sub.username), this.problemOf(sub.displayId));
    let slot = this.ids.get(sub.submitId);
    let oldCell = -1;
    if (slot >= 0) {
      oldCell = this.sCell[slot]!;
      this.unlink(slot);
    } else {
      slot = this.allocSlot();
      this.ids.set(sub.submitId, slot);
    }
    this.writeSlot(slot, sub, cell);
    this.link(slot, cell);
    if (oldCell >= 0 && oldCell !== cell) this.refold(oldCell);
    this.refold(cell);
  }

  removeSubmission(submitId: number): void {
    const slot = this.ids.get(submitId);
    if (slot < 0) return;
    const cell = this.sCell[slot]!;
    this.unlink(slot);
    this.ids.delete(submitId);
    this.freeSlots.push(slot);
    this.refold(cell);
  }

  // ---------- storage ----------

  private userOf(uid: string, username: string): number {
    const known = this.userIndex.get(uid);
    return known >= 0 ? known : this.addUser(uid, username);
  }

  /** A user not seen before. */
  private addUser(uid: string, username: string): number {
    const u = this.userIndex.intern(uid);
    this.uids.push(uid);
    this.usernames.push(username);
    if (u >= this.userCap) this.growUsers(u + 1);
    this.userExcluded[u] = this.excluded.has(uid) ? 1 : 0;
    this.starFlags = null;
    return u;
  }

  /** Room for `n` users in every per-user table, all grown together (capacity doubles). */
  private growUsers(n: number) {
    let cap = Math.max(16, this.userCap * 2);
    while (cap < n) cap *= 2;
    this.userCap = cap;
    this.userExcluded = grow(this.userExcluded, cap, 0, true);
    this.userCells = grow(this.userCells, cap * this.probCap, -1, true);
    for (const v of this.variants) v.ensureUsers(cap);
  }

  private problemOf(displayId: string): number {
    const known = this.problemIndex.get(displayId);
    if (known >= 0) return known;
    const p = this.problemIndex.intern(displayId);
    this.pids.push(displayId);
    for (const v of this.variants) v.ensureProblems(p + 1);
    if (p >= this.probCap) {
      // Re-lay the user × problem table with a wider row.
      const old = this.userCells;
      const oldCap = this.probCap;
      const rows = old.length / oldCap;
      this.probCap = oldCap * 2;
      this.userCells = new Int32Array(rows * this.probCap).fill(-1);
      for (let u = 0; u < this.uids.length; u++)
        this.userCells.set(old.subarray(u * oldCap, (u + 1) * oldCap), u * this.probCap);
    }
    return p;
  }

  private cellOf(u: number, p: number): number {
    const at = u * this.probCap + p;
    let c = this.userCells[at]!;
    if (c >= 0) return c;
    c = this.cellCount++;
    if (c >= this.cellUser.length) {
      this.cellUser = grow(this.cellUser, c + 1);
      this.cellProb = grow(this.cellProb, c + 1);
      this.head = grow(this.head, c + 1, -1);
    }
    // A bulk load sizes the variants' cell tables once, at the end.
    if (!this.bulk) for (let i = 0; i < this.variantCount; i++) this.variants[i]!.ensureCells(c + 1);
    this.userCells[at] = c;
    this.cellUser[c] = u;
    this.cellProb[c] = p;
    this.head[c] = -1;
    return c;
  }

  private reserveSlots(n: number, exact = false) {
    if (n <= this.sId.length) return;
    this.sId = grow(this.sId, n, 0, exact);
    this.sTime = grow(this.sTime, n, 0, exact);
    this.sFlags = grow(this.sFlags, n, 0, exact);
    this.sStatus = grow(this.sStatus, n, 0, exact);
    // Scores and run times only matter to OI boards.
    if (this.config.type === 1) {
      this.sScore = grow(this.sScore, n, 0, exact);
      this.sUse = grow(this.sUse, n, 0, exact);
    }
    this.sCell = grow(this.sCell, n, 0, exact);
    this.sNext = grow(this.sNext, n, 0, exact);
  }

  private allocSlot(): number {
    const free = this.freeSlots.pop();
    if (free !== undefined) return free;
    if (this.slotCount >= this.sId.length) this.reserveSlots(this.slotCount + 1);
    return this.slotCount++;
  }

  private writeSlot(slot: number, sub: BoardSubmission, cell: number) {
    const start = this.config.startTime;
    this.sId[slot] = sub.submitId;
    this.sTime[slot] = Math.floor(Math.abs(sub.submitTime - start) / 1000);
    this.sFlags[slot] =
      (sub.submitTime < start ? BEFORE_START : 0) |
      (sub.submitTime >= this.config.endTime ? AFTER_CONTEST : 0);
    this.sStatus[slot] = sub.status ?? ST_NONE;
    if (this.config.type === 1) {
      this.sScore[slot] = sub.score ?? NaN;
      this.sUse[slot] = sub.useTime ?? NaN;
    }
    this.sCell[slot] = cell;
  }

  /** Inserts a slot into its cell's chain at its (time, submitId) place. */
  private link(slot: number, cell: number) {
    const t = this.sTime[slot]!;
    const id = this.sId[slot]!;
    let prev = -1;
    let cur = this.head[cell]!;
    while (cur >= 0 && (this.sTime[cur]! < t || (this.sTime[cur] === t && this.sId[cur]! < id))) {
      prev = cur;
      cur = this.sNext[cur]!;
    }
    this.sNext[slot] = cur;
    if (prev < 0) this.head[cell] = slot;
    else this.sNext[prev] = slot;
  }

  private unlink(slot: number) {
    const cell = this.sCell[slot]!;
    let prev = -1;
    let cur = this.head[cell]!;
    while (cur >= 0 && cur !== slot) {
      prev = cur;
      cur = this.sNext[cur]!;
    }
    if (cur < 0) return;
    if (prev < 0) this.head[cell] = this.sNext[slot]!;
    else this.sNext[prev] = this.sNext[slot]!;
  }

  /**
   * Bulk load: one slot per input record; slots bucketed by cell, each bucket sorted once,
   * then renumbered so every cell's records are contiguous (the fold reads memory in order);
   * every cell folded once; users sorted once.
   */
  private load(subs: readonly BoardSubmission[], phases?: LoadPhases) {
    // One method per phase: each loop gets optimized on its own (a single long function was
    // compiled on its first loop and fell back to the interpreter at each later one).
    let mark = phases ? performance.now() : 0;
    const lap = (phase: keyof LoadPhases) => {
      if (!phases) return;
      const at = performance.now();
      phases[phase] += at - mark;
      mark = at;
    };
    this.bulk = true;
    // Each record's problem; its user goes to sCell until the cells exist.
    const ordered = this.ingest(subs);
    lap('ingest');
    // A repeated submitId: the last record counts, earlier ones are left out. Increasing ids
    // (the usual load, in submit_id order) are indexed after renumbering, from its buffers.
    if (!ordered) for (const slot of this.ids.build(this.sId, subs.length)) this.sCell[slot] = -1;
    const oldTime = this.sTime;
    const { starts, sorted, oldId } = this.bucketByUserProblem(subs.length);
    for (let i = 0; i < this.variantCount; i++)
      this.variants[i]!.ensureCells(withHeadroom(this.cellCount), true);
    // The old times are not needed any more: their buffer holds the old slot → new slot map.
    const to = this.renumber(starts, sorted, oldTime);
    if (ordered) this.ids.adopt(oldId, to, subs.length);
    else this.ids.remap(to);
    lap('group');
    if (this.config.type === 0) this.foldAllAcm(starts);
    else for (let i = 0; i < this.variantCount; i++) this.foldAll(i);
    lap('fold');
    this.bulk = false;
    for (let i = 0; i < this.variantCount; i++) this.rebuildOrder(this.variants[i]!);
    lap('order');
  }

  /**
   * One slot per input record, in input order, its cell key (user × probCap + problem) in
   * `sCell` (cells are made afterwards, in one pass: no per-record lookup in the user × problem
   * table); true when the ids are strictly increasing.
   */
  private ingest(subs: readonly BoardSubmission[]): boolean {
    const n = subs.length;
    // Buffers are sized once: regrowing large external buffers costs full GCs of the caller's heap.
    this.reserveSlots(withHeadroom(n), true);
    // writeSlot inlined over hoisted buffers: this loop reads every input object once and is
    // the largest phase of a load; only new users and problems leave it.
    const { sId, sTime, sFlags, sStatus, sScore, sUse, sCell } = this;
    const oi = this.config.type === 1;
    const start = this.config.startTime;
    const end = this.config.endTime;
    const userIndex = this.userIndex;
    const problemIndex = this.problemIndex;
    let cap = this.probCap;
    let ordered = true;
    let prevId = -Infinity;
    for (let k = 0; k < n; k++) {
      const s = subs[k]!;
      const uid = s.uid;
      let u = userIndex.get(uid);
      if (u < 0) u = this.addUser(uid, s.username);
      const pid = s.displayId;
      let p = problemIndex.get(pid);
      if (p < 0) {
        p = this.problemOf(pid);
        if (this.probCap !== cap) {
          // The user × problem table got wider: the keys so far move to its new stride.
          for (let j = 0; j < k; j++) {
            const key = sCell[j]!;
            const w = (key / cap) | 0;
            sCell[j] = w * this.probCap + (key - w * cap);
          }
          cap = this.probCap;
        }
      }
      const id = s.submitId;
      const time = s.submitTime;
      sId[k] = id;
      sTime[k] = Math.floor(Math.abs(time - start) / 1000);
      sFlags[k] = (time < start ? BEFORE_START : 0) | (time >= end ? AFTER_CONTEST : 0);
      sStatus[k] = s.status ?? ST_NONE;
      if (oi) {
        sScore[k] = s.score ?? NaN;
        sUse[k] = s.useTime ?? NaN;
      }
      sCell[k] = u * cap + p;
      if (!(id > prevId)) ordered = false;
      prevId = id;
    }
    return ordered;
  }

  /**
   * Bulk load of a new board: the cells, one per (user, problem) with a live record, numbered
   * in (user, problem) order, and a counting sort of the live slots by cell (stable: input
   * order within a cell). `sCell` holds each slot's cell key (-1: left out).
   * The sorting pass reads every slot's fields in order and writes them at their sorted place
   * (into new buffers that replace the slot buffers), so nothing is gathered at random later.
   * `sorted[k]` is the old slot now at k; the old ids are returned (in old slot order).
   */
  private bucketByUserProblem(n: number): {
    starts: Int32Array;
    sorted: Int32Array;
    oldId: Float64Array<ArrayBuffer>;
  } {
    const cap = this.probCap;
    const keys = this.uids.length * cap;
    const owner = this.sCell;
    // count[key + 1]: records of cell key = user * cap + problem; later its next free place.
    const count = new Int32Array(keys + 1);
    for (let s = 0; s < n; s++) {
      const key = owner[s]!;
      if (key >= 0) count[key + 1]!++;
    }
    let cells = 0;
    for (let key = 1; key <= keys; key++) if (count[key]! > 0) cells++;
    const room = withHeadroom(cells);
    this.cellUser = new Int32Array(room);
    this.cellProb = new Int32Array(room);
    this.head = new Int32Array(room).fill(-1);
    const { cellUser, cellProb, userCells } = this;
    const starts = new Int32Array(cells + 1);
    let c = 0;
    let at = 0;
    for (let key = 0; key < keys; key++) {
      const m = count[key + 1]!;
      if (m === 0) continue;
      const u = (key / cap) | 0;
      userCells[key] = c;
      cellUser[c] = u;
      cellProb[c] = key - u * cap;
      starts[c++] = at;
      count[key + 1] = at;
      at += m;
    }
    starts[cells] = at;
    this.cellCount = cells;
    // The chain links are written last (renumber, which reads each entry before overwriting it):
    // until then their buffer holds the sort order instead of a buffer of its own.
    const sorted = this.sNext.subarray(0, at);
    const oldTime = this.sTime;
    const oldId = this.sId;
    const oldFlags = this.sFlags;
    const oldStatus = this.sStatus;
    const time = new Int32Array(oldTime.length);
    const id = new Float64Array(oldId.length);
    const flags = new Uint8Array(oldFlags.length);
    const status = new Int8Array(oldStatus.length);
    for (let s = 0; s < n; s++) {
      const key = owner[s]!;
      if (key < 0) continue;
      const k = count[key + 1]!++;
      sorted[k] = s;
      time[k] = oldTime[s]!;
      id[k] = oldId[s]!;
      flags[k] = oldFlags[s]!;
      status[k] = oldStatus[s]!;
    }
    this.sTime = time;
    this.sId = id;
    this.sFlags = flags;
    this.sStatus = status;
    return { starts, sorted, oldId };
  }

  /**
   * The k-th slot in (cell, time, submitId) order becomes slot k; cells chain their slots in
   * order. The slots arrive bucketed by cell (bucketByUserProblem); each cell is sorted in
   * place, where its records sit side by side. Returns the old slot → new slot map, in
   * `reuse` (a buffer of old slot capacity that is not needed any more).
   */
  private renumber(
    starts: Int32Array,
    sorted: Int32Array,
    reuse: Int32Array<ArrayBuffer>,
  ): Int32Array<ArrayBuffer> {
    const live = sorted.length;
    const { sTime: time, sId: id, sFlags: flags, sStatus: status } = this;
    for (let c = 0; c < this.cellCount; c++)
      if (starts[c + 1]! - starts[c]! > 1)
        sortCell(sorted, time, id, flags, status, starts[c]!, starts[c + 1]!);
    if (this.config.type === 1) {
      this.sScore = gather(this.sScore, sorted);
      this.sUse = gather(this.sUse, sorted);
    }
    this.slotCount = live;
    const to = reuse;
    const head = this.head;
    const next = this.sNext;
    const cellOf = this.sCell;
    for (let c = 0; c < this.cellCount; c++) {
      const a = starts[c]!;
      const b = starts[c + 1]!;
      head[c] = a < b ? a : -1;
      for (let k = a; k < b; k++) {
        // `sorted` is the buffer of `next`: read before writing.
        to[sorted[k]!] = k;
        next[k] = k + 1 < b ? k + 1 : -1;
        cellOf[k] = c;
      }
    }
    return to;
  }

  /** Fresh cells of variant `i`: folded straight into the table, added to the totals and to first appearances. */
  private foldAll(i: number) {
    const v = this.variants[i]!;
    const U = v.users;
    for (let u = 0; u < this.uids.length; u++) U[u * USER + UFT] = U[u * USER + UFID] = Infinity;
    const C = v.cells;
    const acm = this.config.type === 0;
    for (let c = 0; c < this.cellCount; c++) {
      const o = c * CELL;
      if (acm) this.foldAcm(i, c, C, o);
      else this.foldOi(i, c, C, o);
      if (C[o + PROC] === 0) continue;
      const u = this.cellUser[c]!;
      this.account(v, u, this.cellProb[c]!, o, 1);
      const b = u * USER;
      const t = C[o + FT]!;
      if (t < U[b + UFT]! || (t === U[b + UFT] && C[o + FID]! < U[b + UFID]!)) {
        U[b + UFT] = t;
        U[b + UFID] = C[o + FID]!;
      }
    }
  }

  /**
   * ACM bulk fold: every variant of a cell from one walk of its records (the same rules as
   * foldAcm, which the incremental path uses; the property test holds them equal), then
   * the cell is added to its user's totals and first appearance in each variant. Right
   * after renumbering, cell c's records are the slots [starts[c], starts[c + 1]).
   */
  private foldAllAcm(starts: Int32Array) {
    const sealed = this.variantCount > SEALED;
    const real = this.variants[0]!;
    const after = this.variants[WITH_AFTER]!;
    const seal = this.variants[SEALED]!;
    for (let i = 0; i < this.variantCount; i++) {
      const U = this.variants[i]!.users;
      for (let u = 0; u < this.uids.length; u++) U[u * USER + UFT] = U[u * USER + UFID] = Infinity;
    }
    const R = real.cells;
    const W = after.cells;
    const S = seal.cells;
    const { sStatus, sFlags, sTime, sId, cellUser, cellProb, userExcluded } = this;
    const sealAt = this.sealSec ?? 0;
    const duration = this.durationSec;
    for (let c = 0; c < this.cellCount; c++) {
      const u = cellUser[c]!;
      // Variant 0 (real), 1 (withAfter), 2 (sealed): records processed, penalties, AC, first record.
      // prettier-ignore
      let p0 = 0, e0 = 0, a0 = -1, t0 = 0, i0 = 0;
      // prettier-ignore
      let p1 = 0, e1 = 0, a1 = -1, f1 = 0, t1 = 0, i1 = 0;
      // prettier-ignore
      let e2 = 0, a2 = -1, y2 = 0;
      if (userExcluded[u] === 0) {
        // Branch-free on the statuses (they come in any order): 0/1 masks instead of tests,
        // so only the first record and the AC of a cell take a branch. Statuses are 1, -1,
        // 0 or ST_NONE (2); flags hold BEFORE_START (1) and AFTER_CONTEST (2).
        const end = starts[c + 1]!;
        for (let s = starts[c]!; s < end; s++) {
          const st = sStatus[s]!;
          const f = sFlags[s]!;
          const t = sTime[s]!;
          // Counted at all (not pending, not before the start); also not after the contest.
          const any = (1 ^ ((st >> 1) & 1 & ~(st >>> 31))) & (~f & BEFORE_START);
          const inContest = any & ((~f >> 1) & 1);
          const err = st >>> 31;
          const ac = st & ~(st >> 1) & 1;
          if (p1 === 0 && any !== 0) {
            t1 = t;
            i1 = sId[s]!;
          }
          p1 += any;
          const open1 = any & (a1 >>> 31);
          e1 += open1 & err;
          if ((open1 & ac) !== 0) {
            a1 = t;
            f1 = (f >> 1) & 1;
          }
          if (p0 === 0 && inContest !== 0) {
            t0 = t;
            i0 = sId[s]!;
          }
          p0 += inContest;
          const open0 = inContest & (a0 >>> 31);
          e0 += open0 & err;
          if ((open0 & ac) !== 0) a0 = t;
          if (!sealed) continue;
          const frozen = inContest & (t >= sealAt && t < duration ? 1 : 0);
          y2 += frozen;
          const open2 = (inContest ^ frozen) & (a2 >>> 31);
          e2 += open2 & err;
          if ((open2 & ac) !== 0) a2 = t;
        }
      }
      // The sealed variant processes what the real one does (its first record too).
      const p2 = p0;
      const t2 = t0;
      const i2 = i0;
      const o = c * CELL;
      const p = cellProb[c]!;
      writeAcmCell(R, o, p0, e0, 0, a0, 0, t0, i0);
      if (p0 > 0) addAcmCell(real, u, p, p0, e0, a0, t0, i0);
      writeAcmCell(W, o, p1, e1, 0, a1, f1, t1, i1);
      if (p1 > 0) addAcmCell(after, u, p, p1, e1, a1, t1, i1);
      if (!sealed) continue;
      writeAcmCell(S, o, p2, e2, y2, a2, 0, t2, i2);
      if (p2 > 0) addAcmCell(seal, u, p, p2, e2, a2, t2, i2);
    }
  }

  // ---------- folding ----------

  /** Re-folds one cell in every variant; a changed cell moves its user's totals and place. */
  private refold(cell: number) {
    const u = this.cellUser[cell]!;
    const p = this.cellProb[cell]!;
    const out = this.scratch;
    const o = cell * CELL;
    for (let i = 0; i < this.variantCount; i++) {
      const v = this.variants[i]!;
      if (this.config.type === 0) this.foldAcm(i, cell, out, 0);
      else this.foldOi(i, cell, out, 0);
      // A verdict that changes nothing visible (e.g. a pending record) leaves the board as is.
      if (sameCell(v.cells, o, out)) continue;
      // The user's place before its totals move (found by them, so looked up first).
      const at = this.bulk ? -1 : this.posOf(v, u);
      this.account(v, u, p, o, -1);
      for (let k = 0; k < CELL; k++) v.cells[o + k] = out[k]!;
      this.account(v, u, p, o, 1);
      if (!this.bulk) {
        this.updateFirst(v, u);
        this.reposition(v, u, at);
      }
      v.version++;
    }
  }

  /** ACM rules 5–7 for one (user, problem) in variant `vi`. */
  private foldAcm(vi: number, cell: number, out: Float64Array, at: number) {
    let proc = 0;
    let err = 0;
    let tries = 0;
    let ac = -1;
    let after = 0;
    let ft = 0;
    let fid = 0;
    const sealWindow = vi === SEALED;
    const seal = this.sealSec ?? 0;
    const duration = this.durationSec;
    const { sStatus, sFlags, sTime, sNext } = this;
    const dropAfter = vi !== WITH_AFTER;
    if (this.userExcluded[this.cellUser[cell]!] === 0) {
      for (let s = this.head[cell]!; s >= 0; s = sNext[s]!) {
        const st = sStatus[s]!;
        const f = sFlags[s]!;
        if (st === ST_NONE || f & BEFORE_START || (dropAfter && f & AFTER_CONTEST)) continue;
        const t = sTime[s]!;
        if (proc === 0) {
          ft = t;
          fid = this.sId[s]!;
        }
        proc++;
        if (sealWindow && t >= seal && t < duration) {
          tries++;
          continue;
        }
        if (ac >= 0) continue;
        if (st === -1) err++;
        else if (st === 1) {
          ac = t;
          after = f & AFTER_CONTEST ? 1 : 0;
        }
      }
    }
    out[at + PROC] = proc;
    out[at + ERR] = err;
    out[at + TRY] = tries;
    out[at + AC] = ac;
    out[at + AFTER] = after;
    out[at + FT] = ft;
    out[at + FID] = fid;
  }

  /** OI rules 12–14 for one (user, problem) in variant `vi`. */
  private foldOi(vi: number, cell: number, out: Float64Array, at: number) {
    const highest = this.config.oiRankScoreType === 'Highest';
    const limit = vi === SEALED ? this.sealSec! - 1 : vi === WITH_AFTER ? Infinity : this.durationSec;
    // A selected record at/after the end is dropped without falling back (rule 12).
    const dropAfter = vi !== WITH_AFTER;
    const { sStatus, sFlags, sTime, sScore, sNext } = this;
    let have = false;
    let best = 0;
    let kept = 0;
    let score = NaN;
    let fastest = NaN;
    let ft = 0;
    let fid = 0;
    if (this.userExcluded[this.cellUser[cell]!] === 0) {
      for (let s = this.head[cell]!; s >= 0; s = sNext[s]!) {
        const st = sStatus[s]!;
        const f = sFlags[s]!;
        const t = sTime[s]!;
        if (st === ST_NONE || f & BEFORE_START || t > limit) continue;
        const sc = sScore[s]!;
        const key = highest ? (sc === sc ? sc : -Infinity) : t;
        if (!have || key > best) {
          have = true;
          best = key;
          kept = 0;
          score = NaN;
          fastest = NaN;
        } else if (key !== best) continue;
        if (dropAfter && f & AFTER_CONTEST) continue;
        if (kept === 0) {
          ft = t;
          fid = this.sId[s]!;
        }
        kept++;
        // Ties: Highest counts the score once; Recent keeps the last one processed.
        score = sc;
        const use = this.sUse[s]!;
        if (st === 1 && use === use && !(use >= fastest)) fastest = use;
      }
    }
    out[at + PROC] = kept;
    out[at + AC] = -1;
    out[at + AFTER] = 0;
    out[at + SCORE] = score;
    out[at + BEST] = fastest;
    out[at + FT] = ft;
    out[at + FID] = fid;
  }

  /** Adds (sign 1) or removes (sign -1) the cell at offset `o` from its user's totals. */
  private account(v: Variant, u: number, p: number, o: number, sign: 1 | -1) {
    const c = v.cells;
    if (c[o + PROC] === 0) return;
    const U = v.users;
    const b = u * USER;
    U[b + NCELLS]! += sign;
    if (this.config.type === 0) {
      U[b + TOTAL]! += sign * c[o + PROC]!;
      const ac = c[o + AC]!;
      if (ac >= 0) {
        U[b + PRIMARY]! += sign;
        U[b + TTIME]! += sign * (ac + PENALTY_SECONDS * c[o + ERR]!);
        if (sign > 0) v.addAc(p, ac);
        else v.removeAc(p, ac);
      }
    } else {
      const score = c[o + SCORE]!;
      if (score === score) U[b + PRIMARY]! += sign * score;
      const fastest = c[o + BEST]!;
      if (fastest === fastest) U[b + TTIME]! += sign * fastest;
    }
  }

  /** The user's earliest (time, submitId) over its cells (ties in the board order, rule 9). */
  private updateFirst(v: Variant, u: number) {
    let ft = Infinity;
    let fid = Infinity;
    const row = u * this.probCap;
    const cells = v.cells;
    for (let p = 0; p < this.pids.length; p++) {
      const c = this.userCells[row + p]!;
      if (c < 0) continue;
      const o = c * CELL;
      if (cells[o + PROC] === 0) continue;
      const t = cells[o + FT]!;
      const id = cells[o + FID]!;
      if (t < ft || (t === ft && id < fid)) {
        ft = t;
        fid = id;
      }
    }
    v.users[u * USER + UFT] = ft;
    v.users[u * USER + UFID] = fid;
  }

  // ---------- order ----------

  /** Board order (rules 9, 15): primary desc, totalTime asc, first appearance, uid. */
  private compare(v: Variant, a: number, b: number): number {
    const U = v.users;
    const ia = a * USER;
    const ib = b * USER;
    const pa = U[ia + PRIMARY]!;
    const pb = U[ib + PRIMARY]!;
    if (pa !== pb) return pb - pa;
    const ta = U[ia + TTIME]!;
    const tb = U[ib + TTIME]!;
    if (ta !== tb) return ta - tb;
    const fa = U[ia + UFT]!;
    const fb = U[ib + UFT]!;
    if (fa !== fb) return fa - fb;
    const da = U[ia + UFID]!;
    const db = U[ib + UFID]!;
    if (da !== db) return da - db;
    const x = this.uids[a]!;
    const y = this.uids[b]!;
    return x < y ? -1 : x > y ? 1 : 0;
  }

  /** First index in `order[lo, hi)` not before user `u`. */
  private lowerBound(v: Variant, u: number, lo: number, hi: number): number {
    const order = v.order;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(v, order[mid]!, u) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Whether user `u` has a row in variant `v` (a counted cell). */
  private onBoard(v: Variant, u: number): boolean {
    return v.users[u * USER + NCELLS]! > 0;
  }

  /**
   * User `u`'s index in `v.order`, -1 when not on the board: a binary search on its totals
   * (the order is sorted by them after every change, and the uid breaks every tie).
   */
  private posOf(v: Variant, u: number): number {
    if (!this.onBoard(v, u)) return -1;
    const at = this.lowerBound(v, u, 0, v.length);
    if (v.order[at] === u) return at;
    // Unreachable while the order invariant holds; a scan keeps a broken invariant visible but safe.
    const k = v.order.subarray(0, v.length).indexOf(u);
    return k;
  }

  /**
   * Moves one user, found at `p` before its totals changed (-1: was not on the board), to its
   * place: a binary search on the side it moved to, then one block move of the rows in between.
   */
  private reposition(v: Variant, u: number, p: number) {
    const order = v.order;
    const on = this.onBoard(v, u);
    const n = v.length;
    if (p < 0) {
      if (!on) return;
      const at = this.lowerBound(v, u, 0, n);
      order.copyWithin(at + 1, at, n);
      order[at] = u;
      v.length++;
      return;
    }
    if (!on) {
      order.copyWithin(p, p + 1, n);
      v.length--;
      return;
    }
    if (p > 0 && this.compare(v, u, order[p - 1]!) < 0) {
      const at = this.lowerBound(v, u, 0, p);
      order.copyWithin(at + 1, at, p);
      order[at] = u;
    } else if (p < n - 1 && this.compare(v, u, order[p + 1]!) > 0) {
      const at = this.lowerBound(v, u, p + 1, n) - 1;
      order.copyWithin(p, p + 1, at + 1);
      order[at] = u;
    }
  }

  /**
   * Bulk load: one sort of the users on the board (first appearances are already known).
   * When (primary, totalTime) are small non-negative integers they are packed with the user
   * into one exact double and sorted natively; only runs with equal totals (users without an
   * AC, mostly) go through the comparator. Otherwise every user does.
   */
  private rebuildOrder(v: Variant) {
    const U = v.users;
    const on: number[] = [];
    let maxPrimary = 0;
    let maxTime = 0;
    let packable = true;
    for (let u = 0; u < this.uids.length; u++) {
      if (U[u * USER + NCELLS]! <= 0) continue;
      on.push(u);
      const primary = U[u * USER + PRIMARY]!;
      const time = U[u * USER + TTIME]!;
      if (!(Number.isInteger(primary) && Number.isInteger(time) && primary >= 0 && time >= 0))
        packable = false;
      else {
        if (primary > maxPrimary) maxPrimary = primary;
        if (time > maxTime) maxTime = time;
      }
    }
    const n = on.length;
    const span = maxTime + 1;
    // Key (maxPrimary - primary) * span + time, times 2^21 for the user: exact below 2^53.
    const USER_BITS = 2097152;
    if (packable && this.uids.length <= USER_BITS && (maxPrimary + 1) * span * USER_BITS <= 2 ** 53) {
      const keys = new Float64Array(n);
      for (let k = 0; k < n; k++) {
        const b = on[k]! * USER;
        keys[k] = ((maxPrimary - U[b + PRIMARY]!) * span + U[b + TTIME]!) * USER_BITS + on[k]!;
      }
      keys.sort();
      for (let k = 0; k < n; k++) on[k] = keys[k]! % USER_BITS;
      for (let a = 0; a < n;) {
        const run = Math.floor(keys[a]! / USER_BITS);
        let b = a + 1;
        while (b < n && Math.floor(keys[b]! / USER_BITS) === run) b++;
        if (b - a > 1) {
          const tie = on.slice(a, b).sort((x, y) => this.compare(v, x, y));
          for (let k = a; k < b; k++) on[k] = tie[k - a]!;
        }
        a = b;
      }
    } else on.sort((a, b) => this.compare(v, a, b));
    v.order.set(on);
    v.length = n;
    v.version++;
  }

  // ---------- reading ----------

  /** The first AC time of problem `p` in a variant (Infinity: nobody solved it). */
  private firstAc(v: Variant, p: number): number {
    if (v.acStale[p]) {
      let min = Infinity;
      let count = 0;
      for (let u = 0; u < this.uids.length; u++) {
        const c = this.userCells[u * this.probCap + p]!;
        if (c < 0 || v.cells[c * CELL + PROC] === 0) continue;
        const ac = v.cells[c * CELL + AC]!;
        if (ac < 0 || ac > min) continue;
        if (ac < min) count = 0;
        min = ac;
        count++;
      }
      v.acMin[p] = min;
      v.acCount[p] = count;
      v.acStale[p] = 0;
    }
    return v.acMin[p]!;
  }

  /** Which variant a view reads. */
  variantFor(view: Pick<BoardView, 'sealed' | 'containsEnd'>): VariantName {
    if (view.sealed && this.sealSec !== null) return 'sealed';
    return view.containsEnd ? 'withAfter' : 'real';
  }

  /** Monotonic version of a variant: changes whenever its board changes. */
  versionOf(variant: VariantName): number {
    return this.variant(variant).version;
  }

  private variant(name: VariantName): Variant {
    return this.variants[VARIANTS.indexOf(name)]!;
  }

  private usernameFor(u: number): string {
    return this.profiles.get(this.uids[u]!)?.username ?? this.usernames[u]!;
  }

  /** Star flags per user (rule 10): the shown username is in the star list. */
  private stars(): Uint8Array {
    if (this.starFlags) return this.starFlags;
    const names = new Set(this.config.starUsernames);
    const flags = new Uint8Array(this.uids.length);
    this.starUsers = [];
    if (names.size > 0) {
      for (let u = 0; u < this.uids.length; u++) {
        if (names.has(this.usernameFor(u))) {
          flags[u] = 1;
          this.starUsers.push(u);
        }
      }
    }
    return (this.starFlags = flags);
  }

  /**
   * The ranked board (rules 10, 11, 15–18) as light entries: ranks and awards for every
   * row, but no row objects. Cached per variant until the variant changes.
   */
  private entries(variant: VariantName, removeStar: boolean): Entry[] {
    const v = this.variant(variant);
    const cacheKey = `${variant}:${removeStar}`;
    const hit = this.renderCache.get(cacheKey);
    if (hit && hit.version === v.version) return hit.entries;
    const stars = this.stars();
    const list: Entry[] = [];
    for (let i = 0; i < v.length; i++) {
      const u = v.order[i]!;
      const star = stars[u] === 1;
      if (removeStar && star) continue;
      list.push({ u, username: this.usernameFor(u), star, rank: 0, award: null });
    }
    assignRanks(list, v);
    this.assignAwards(list, v);
    this.renderCache.set(cacheKey, { version: v.version, entries: list });
    return list;
  }

  /** The full ranked board as rows, without pinning or paging. */
  ranked(variant: VariantName, removeStar = false): RankRow[] {
    const v = this.variant(variant);
    return this.entries(variant, removeStar).map((e) => this.renderRow(v, e));
  }

  /**
   * The counted OI cells of a variant's board as folded here, users in board order (the OI
   * scroll board, issue #26 item 9): score, fastest AC run time and first-appearance key.
   */
  oiCells(variant: VariantName): { uid: string; username: string; cells: Record<string, OiScrollCell> }[] {
    const v = this.variant(variant);
    const cells = v.cells;
    const out: { uid: string; username: string; cells: Record<string, OiScrollCell> }[] = [];
    if (this.config.type !== 1) return out;
    for (let i = 0; i < v.length; i++) {
      const u = v.order[i]!;
      const row = u * this.probCap;
      const info: Record<string, OiScrollCell> = {};
      for (let q = 0; q < this.pids.length; q++) {
        const c = this.userCells[row + q]!;
        if (c < 0) continue;
        const o = c * CELL;
        if (cells[o + PROC] === 0) continue;
        const score = cells[o + SCORE]!;
        const fastest = cells[o + BEST]!;
        info[this.pids[q]!] = {
          score: score === score ? score : null,
          time: fastest === fastest ? fastest : null,
          firstTime: cells[o + FT]!,
          firstId: cells[o + FID]!,
        };
      }
      out.push({ uid: this.uids[u]!, username: this.usernameFor(u), cells: info });
    }
    return out;
  }

  /** One row; built as single object literals (this runs for every row of every fresh page). */
  private renderRow(v: Variant, e: Entry): RankRow {
    const u = e.u;
    const uid = this.uids[u]!;
    const p = this.profiles.get(uid);
    const award = e.award;
    const U = v.users;
    const b = u * USER;
    const cells = v.cells;
    const row = u * this.probCap;
    const pids = this.pids;
    if (this.config.type === 0) {
      const info: Record<string, AcmCell> = {};
      for (let q = 0; q < pids.length; q++) {
        const c = this.userCells[row + q]!;
        if (c < 0) continue;
        const o = c * CELL;
        if (cells[o + PROC] === 0) continue;
        const errorNum = cells[o + ERR]!;
        const tryNum = cells[o + TRY]!;
        const ac = cells[o + AC]!;
        let cell: AcmCell;
        if (ac < 0) cell = tryNum > 0 ? { errorNum, tryNum } : { errorNum };
        else {
          const isFirstAC = this.firstAc(v, q) === ac;
          cell =
            tryNum > 0
              ? { errorNum, tryNum, isAC: true, isFirstAC, ACTime: ac }
              : { errorNum, isAC: true, isFirstAC, ACTime: ac };
          if (cells[o + AFTER] === 1) cell.isAfterContest = true;
        }
        info[pids[q]!] = cell;
      }
      return {
        rank: e.rank,
        isWinAward: award !== null,
        awardName: award?.name ?? null,
        awardBackground: award?.background ?? null,
        awardColor: award?.color ?? null,
        uid,
        username: e.username,
        realname: p?.realname ?? null,
        nickname: p?.nickname ?? null,
        school: p?.school ?? null,
        gender: p?.gender ?? null,
        avatar: p?.avatar ?? null,
        totalTime: U[b + TTIME]!,
        total: U[b + TOTAL]!,
        ac: U[b + PRIMARY]!,
        submissionInfo: info,
      };
    }
    const info: Record<string, number | null> = {};
    let timeInfo: Record<string, number> | null = null;
    for (let q = 0; q < pids.length; q++) {
      const c = this.userCells[row + q]!;
      if (c < 0) continue;
      const o = c * CELL;
      if (cells[o + PROC] === 0) continue;
      const score = cells[o + SCORE]!;
      info[pids[q]!] = score === score ? score : null;
      const fastest = cells[o + BEST]!;
      if (fastest === fastest) (timeInfo ??= {})[pids[q]!] = fastest;
    }
    return {
      rank: e.rank,
      isWinAward: award !== null,
      awardName: award?.name ?? null,
      awardBackground: award?.background ?? null,
      awardColor: award?.color ?? null,
      uid,
      username: e.username,
      realname: p?.realname ?? null,
      nickname: p?.nickname ?? null,
      school: p?.school ?? null,
      gender: p?.gender ?? null,
      avatar: p?.avatar ?? null,
      totalScore: U[b + PRIMARY]!,
      totalTime: U[b + TTIME]!,
      submissionInfo: info,
      timeInfo,
    };
  }

  private assignAwards(list: Entry[], v: Variant) {
    const queue = this.awardQueue(list.filter((e) => !e.star).length);
    let at = 0;
    for (const e of list) {
      if (e.star || v.users[e.u * USER + PRIMARY]! <= 0) continue;
      while (at < queue.length && queue[at]!.left === 0) at++;
      if (at >= queue.length) break;
      queue[at]!.left--;
      e.award = queue[at]!.award;
    }
  }

  /**
   * One page of the board for a viewer (rules 19–21). Without a keyword nothing is walked:
   * positions are read from `pos`, and ranks and awards are derived for the page's rows
   * only (equal keys are contiguous; star rows are few).
   */
  rows(view: BoardView): BoardPage<RankRow> {
    if (view.keyword?.trim()) return this.rowsByScan(view);
    return this.page(view, (v, at, entry) => {
      const built = this.rowCache(v);
      let row = built.get(at);
      if (!row) built.set(at, (row = this.renderRow(v, entry(at))));
      return row;
    });
  }

  /**
   * The same page with each row as its JSON text, serialized once per board change and
   * reused by every viewer (a push is followed by a burst of fetches of the same page).
   */
  rowsJson(view: BoardView): BoardPage<string> {
    if (view.keyword?.trim()) {
      const page = this.rowsByScan(view);
      return { ...page, records: page.records.map((r) => JSON.stringify(r)) };
    }
    return this.page(view, (v, at, entry) => this.rowText(v, at, entry));
  }

  /**
   * The page's records as one JSON array text, handed to `wrap` with the paging numbers.
   * A page every viewer shares (no keyword, no pinned row) is wrapped once per board change
   * and the wrapped value is returned to every later caller passing the same `wrap`.
   */
  pageJson<T>(view: BoardView, wrap: (records: string, page: SharedPageInfo) => T): T {
    const unwrap = (p: BoardPage<string>, shared: boolean) =>
      wrap(`[${p.records.join(',')}]`, {
        total: p.total,
        size: p.size,
        current: p.current,
        pages: p.pages,
        shared,
      });
    if (view.keyword?.trim()) return unwrap(this.rowsJson(view), false);
    const v = this.variant(this.variantFor(view));
    const ix = this.indexer(v, view.removeStar ?? false);
    const pinned = this.pinnedPositions(view, ix);
    if (pinned.length > 0)
      return unwrap(
        this.page(view, (w, at, entry) => this.rowText(w, at, entry), ix, pinned),
        false,
      );
    this.rowCache(v);
    const key = `${view.removeStar ? 1 : 0}:${view.page ?? 1}:${view.size ?? 50}`;
    const hit = v.pages.get(key);
    if (hit && hit.wrap === wrap) return hit.value as T;
    const value = unwrap(
      this.page(view, (w, at, entry) => this.rowText(w, at, entry), ix, pinned),
      true,
    );
    v.pages.set(key, { wrap, value });
    return value;
  }

  /** The row at a position as JSON text, from the cache of the current board. */
  private rowText(v: Variant, at: number, entry: (at: number) => Entry): string {
    this.rowCache(v);
    let text = v.rowsText.get(at);
    if (text === undefined) {
      let row = v.rows.get(at);
      if (!row) v.rows.set(at, (row = this.renderRow(v, entry(at))));
      v.rowsText.set(at, (text = JSON.stringify(row)));
    }
    return text;
  }

  /** Positions pinned before the board (rule 19): the caller's own row, then concerned users in board order. */
  private pinnedPositions(view: BoardView, ix: ReturnType<Scoreboard['indexer']>): number[] {
    const pinned: number[] = [];
    const pinUid = view.pinUid ?? null;
    if (pinUid) {
      const at = ix.positionOf(pinUid);
      if (at !== null) pinned.push(at);
    }
    const concerned: number[] = [];
    for (const uid of new Set(view.concernedList ?? [])) {
      if (uid === pinUid) continue;
      const at = ix.positionOf(uid);
      if (at !== null) concerned.push(at);
    }
    concerned.sort((a, b) => a - b);
    pinned.push(...concerned);
    return pinned;
  }

  /** Positions of one page (pinned rows first), each turned into a record by `build`. */
  private page<T>(
    view: BoardView,
    build: (v: Variant, at: number, entry: (at: number) => Entry) => T,
    ix = this.indexer(this.variant(this.variantFor(view)), view.removeStar ?? false),
    pinned = this.pinnedPositions(view, ix),
  ): BoardPage<T> {
    const v = this.variant(this.variantFor(view));
    const shell = paginate<null>([], view.page ?? 1, view.size ?? 50);
    const total = pinned.length + ix.size;
    const from = (shell.current - 1) * shell.size;
    const to = Math.min(total, shell.current * shell.size);
    const records: T[] = [];
    for (let k = from; k < to; k++)
      records.push(build(v, k < pinned.length ? pinned[k]! : ix.orderIndex(k - pinned.length), ix.entryAt));
    return { records, total, size: shell.size, current: shell.current, pages: Math.ceil(total / shell.size) };
  }

  /** The variant's built rows, emptied when the board changed (or grew too large to keep). */
  private rowCache(v: Variant): Map<number, RankRow> {
    if (v.rowsVersion !== v.version || v.rows.size > ROW_CACHE_LIMIT || v.pages.size > PAGE_CACHE_LIMIT) {
      v.rows.clear();
      v.rowsText.clear();
      v.pages.clear();
      v.rowsVersion = v.version;
    }
    return v.rows;
  }

  /** Position, rank and award arithmetic over one variant's order. */
  private indexer(v: Variant, removeStar: boolean) {
    const { order, users } = v;
    const stars = this.stars();
    const starPositions: number[] = [];
    for (const u of this.starUsers) if (this.onBoard(v, u)) starPositions.push(this.posOf(v, u));
    starPositions.sort((a, b) => a - b);
    const starsBefore = (i: number) => {
      let lo = 0;
      let hi = starPositions.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (starPositions[mid]! < i) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const nonStar = v.length - starPositions.length;
    const queue = this.awardQueue(nonStar);
    /** Rank: the start of the run of equal (primary, totalTime), not counting stars before it. */
    const rankAt = (i: number) => {
      const b = order[i]! * USER;
      const primary = users[b + PRIMARY]!;
      const time = users[b + TTIME]!;
      let lo = 0;
      let hi = i;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const m = order[mid]! * USER;
        const pm = users[m + PRIMARY]!;
        if (pm > primary || (pm === primary && users[m + TTIME]! < time)) lo = mid + 1;
        else hi = mid;
      }
      return lo - starsBefore(lo) + 1;
    };
    const awardAt = (i: number): AwardConfig | null => {
      if (users[order[i]! * USER + PRIMARY]! <= 0) return null;
      let m = i - starsBefore(i);
      for (const slot of queue) {
        if (m < slot.left) return slot.award;
        m -= slot.left;
      }
      return null;
    };
    return {
      size: removeStar ? nonStar : v.length,
      positionOf: (uid: string): number | null => {
        const u = this.userIndex.get(uid);
        if (u < 0 || !this.onBoard(v, u)) return null;
        return removeStar && stars[u] === 1 ? null : this.posOf(v, u);
      },
      /** The k-th row of the (star-filtered) board as an index into `order`. */
      orderIndex: (k: number): number => {
        if (!removeStar) return k;
        let at = k;
        for (const p of starPositions) {
          if (p <= at) at++;
          else break;
        }
        return at;
      },
      entryAt: (i: number): Entry => {
        const u = order[i]!;
        const star = stars[u] === 1;
        return {
          u,
          username: this.usernameFor(u),
          star,
          rank: star ? -1 : rankAt(i),
          award: star ? null : awardAt(i),
        };
      },
    };
  }

  /** Award slots in order (rules 16, 17), given the number of non-star rows. */
  private awardQueue(nonStar: number): { award: AwardConfig; left: number }[] {
    const type = this.config.awardType;
    if (type !== 1 && type !== 2) return [];
    return this.config.awards
      .filter((a) => a.num !== null && a.num > 0)
      .map((a) => ({ award: a, left: type === 2 ? a.num! : Math.trunc(a.num! * 0.01 * nonStar) }))
      .filter((a) => a.left > 0);
  }

  /** The keyword path: filters the whole pinned list (rules 19–21), O(board). */
  private rowsByScan(view: BoardView): BoardPage<RankRow> {
    const variant = this.variantFor(view);
    const v = this.variant(variant);
    const board = this.entries(variant, view.removeStar ?? false);
    const pinned: Entry[] = [];
    const pinUid = view.pinUid ?? null;
    if (pinUid) {
      const own = board.find((e) => this.uids[e.u] === pinUid);
      if (own) pinned.push(own);
    }
    const concerned = new Set((view.concernedList ?? []).filter((u) => u !== pinUid));
    if (concerned.size > 0) for (const e of board) if (concerned.has(this.uids[e.u]!)) pinned.push(e);
    let list = pinned.length > 0 ? [...pinned, ...board] : board;
    const keyword = view.keyword?.trim().toLowerCase() ?? '';
    const field = this.config.rankShowName;
    list = list.filter((e) => {
      const p = this.profiles.get(this.uids[e.u]!);
      const shown = field === 'username' ? e.username : p?.[field];
      return (
        (p?.school ?? '').toLowerCase().includes(keyword) || (shown ?? '').toLowerCase().includes(keyword)
      );
    });
    const page = paginate(list, view.page ?? 1, view.size ?? 50);
    // Pinned duplicates are the same object as their board row.
    const built = new Map<Entry, RankRow>();
    const records = page.records.map((e) => {
      let row = built.get(e);
      if (!row) built.set(e, (row = this.renderRow(v, e)));
      return row;
    });
    return { ...page, records };
  }

  // ---------- rank deltas (pushes that carry the change, rank-delta.ts) ----------

  /** Tells boards apart: the versions of a rebuilt board never match a page of an older one. */
  readonly epoch = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  /** `<epoch>.<version>` of a variant: the version a page read now is at. */
  boardVersion(variant: VariantName): string {
    return `${this.epoch}.${this.variant(variant).version}`;
  }

  /** What `deltaSince` needs of the board before a change of user `uid` (call it before applying). */
  deltaMark(uid: string): DeltaMark {
    const u = this.userIndex.get(uid);
    const stars = this.stars();
    const onBoard = (v: Variant) => this.starUsers.filter((s) => this.onBoard(v, s)).length;
    const variants = this.variants.map((v, i) => {
      if (i >= this.variantCount) return null;
      const pos = u < 0 ? -1 : this.posOf(v, u);
      const starCount = onBoard(v);
      return {
        version: v.version,
        pos,
        nsPos: pos < 0 || stars[u] === 1 ? -1 : pos - this.starsBeforePos(v, pos),
        length: v.length,
        nsLength: v.length - starCount,
        primary: pos < 0 ? 0 : v.users[u * USER + PRIMARY]!,
        time: pos < 0 ? 0 : v.users[u * USER + TTIME]!,
        firstAc: this.config.type === 0 ? this.pids.map((_, p) => this.firstAc(v, p)) : [],
      };
    });
    return { uid, variants };
  }

  /**
   * The change of a variant since `mark` as a delta (null when the variant did not change).
   * More than `limit` rows to send whole or by award (first AC moved for many users) makes a
   * reload delta instead.
   */
  deltaSince(mark: DeltaMark, variant: VariantName, limit = 200): RankDelta | null {
    const vi = VARIANTS.indexOf(variant);
    const v = this.variants[vi]!;
    const m = mark.variants[vi];
    if (m && m.version === v.version) return null;
    const version = this.boardVersion(variant);
    if (!m) return { variant, version, prevVersion: `${this.epoch}.-1`, reload: true };
    const base = { variant, version, prevVersion: `${this.epoch}.${m.version}` };
    const u = this.userIndex.get(mark.uid);
    if (u < 0) return { ...base, reload: true };
    const stars = this.stars();
    const star = stars[u] === 1;
    const ix = this.indexer(v, false);
    const built = this.rowCache(v);
    const rowAt = (at: number): RankRow => {
      let row = built.get(at);
      if (!row) built.set(at, (row = this.renderRow(v, ix.entryAt(at))));
      return row;
    };
    const to = this.posOf(v, u);
    const nsLength = ix.size - this.starUsers.filter((s) => this.onBoard(v, s)).length;
    const move = { from: m.pos, to, prevSize: m.length, size: v.length };
    const noStar =
      this.starUsers.length === 0
        ? undefined
        : {
            from: m.nsPos,
            to: to < 0 || star ? -1 : to - this.starsBeforePos(v, to),
            prevSize: m.nsLength,
            size: nsLength,
          };
    const b = u * USER;
    // Rows besides the user's: first AC flags that moved (ACM).
    const rows: RankRow[] = [];
    const whole = new Set<number>();
    for (let p = 0; p < m.firstAc.length; p++) {
      const before = m.firstAc[p]!;
      const after = this.firstAc(v, p);
      if (before === after) continue;
      for (let w = 0; w < this.uids.length; w++) {
        const c = this.userCells[w * this.probCap + p]!;
        if (w === u || c < 0 || !this.onBoard(v, w) || v.cells[c * CELL + PROC] === 0) continue;
        const ac = v.cells[c * CELL + AC]!;
        if (ac >= 0 && (ac === before || ac === after)) whole.add(this.posOf(v, w));
      }
    }
    if (whole.size > limit) return { ...base, reload: true };
    for (const at of whole) rows.push(rowAt(at));
    // Awards: only rows next to a boundary (old or new) of the award slots can change.
    const awards: [string, number][] = [];
    const oldCum = this.awardBoundaries(m.nsLength);
    const newCum = this.awardBoundaries(nsLength);
    if (newCum.length > 0) {
      const nsIx = this.indexer(v, true);
      const seen = new Set<number>();
      for (let k = 0; k < newCum.length; k++) {
        const lo = Math.min(oldCum[k]!, newCum[k]!) - 1;
        const hi = Math.max(oldCum[k]!, newCum[k]!);
        for (let q = Math.max(0, lo); q <= hi && q < nsLength; q++) {
          if (seen.has(q)) continue;
          seen.add(q);
          const at = nsIx.orderIndex(q);
          const award = ix.entryAt(at).award;
          awards.push([this.uids[v.order[at]!]!, award ? this.config.awards.indexOf(award) : -1]);
        }
      }
      if (awards.length + rows.length > limit) return { ...base, reload: true };
    }
    return {
      ...base,
      uid: mark.uid,
      move,
      ...(noStar ? { noStar } : {}),
      oldKey: m.pos < 0 || star ? null : [m.primary, m.time],
      newKey: to < 0 || star ? null : [v.users[b + PRIMARY]!, v.users[b + TTIME]!],
      row: to < 0 ? null : rowAt(to),
      rows,
      ...(awards.length > 0
        ? {
            awards,
            awardInfo: this.config.awards.map((a) => ({
              name: a.name,
              background: a.background,
              color: a.color,
            })),
          }
        : {}),
    };
  }

  /** Star rows before board index `at`. */
  private starsBeforePos(v: Variant, at: number): number {
    this.stars();
    let n = 0;
    for (const s of this.starUsers) {
      const p = this.posOf(v, s);
      if (p >= 0 && p < at) n++;
    }
    return n;
  }

  /** Cumulative row counts at the end of each configured award (index-aligned with config.awards). */
  private awardBoundaries(nonStar: number): number[] {
    const type = this.config.awardType;
    if (type !== 1 && type !== 2) return [];
    let sum = 0;
    return this.config.awards.map((a) => {
      const left =
        a.num !== null && a.num > 0 ? (type === 2 ? a.num : Math.trunc(a.num * 0.01 * nonStar)) : 0;
      return (sum += Math.max(0, left));
    });
  }
}

/** A board's state before a change, for `Scoreboard.deltaSince` (per variant; null: not folded). */
export interface DeltaMark {
  uid: string;
  variants: ({
    version: number;
    pos: number;
    nsPos: number;
    length: number;
    nsLength: number;
    primary: number;
    time: number;
    firstAc: number[];
  } | null)[];
}

interface Entry {
  /** User index. */
  u: number;
  username: string;
  star: boolean;
  rank: number;
  award: AwardConfig | null;
}

/** Rule 10: stars get -1 and consume no number; ties with the previous non-star row share its rank. */
function assignRanks(list: Entry[], v: Variant) {
  const U = v.users;
  let n = 0;
  let prev: Entry | null = null;
  for (const e of list) {
    if (e.star) {
      e.rank = -1;
      continue;
    }
    n++;
    const b = e.u * USER;
    const same =
      prev !== null &&
      U[prev.u * USER + PRIMARY] === U[b + PRIMARY] &&
      U[prev.u * USER + TTIME] === U[b + TTIME];
    e.rank = same ? prev!.rank : n;
    prev = e;
  }
}

/**
 * Sorts positions [a, b) by (time, id), moving `slots`, `time`, `id`, `flags` and `status`
 * together: insertion sort for the usual short cells, a comparator sort of the positions for
 * long ones.
 */
function sortCell(
  slots: Int32Array,
  time: Int32Array,
  id: Float64Array,
  flags: Uint8Array,
  status: Int8Array,
  a: number,
  b: number,
) {
  if (b - a > 32) {
    const at = Array.from({ length: b - a }, (_, k) => a + k);
    at.sort((x, y) => time[x]! - time[y]! || id[x]! - id[y]!);
    const s = at.map((k) => slots[k]!);
    const t = at.map((k) => time[k]!);
    const d = at.map((k) => id[k]!);
    const f = at.map((k) => flags[k]!);
    const st = at.map((k) => status[k]!);
    slots.set(s, a);
    time.set(t, a);
    id.set(d, a);
    flags.set(f, a);
    status.set(st, a);
    return;
  }
  for (let i = a + 1; i < b; i++) {
    const t = time[i]!;
    const d = id[i]!;
    let j = i - 1;
    if (time[j]! < t || (time[j] === t && id[j]! < d)) continue;
    const s = slots[i]!;
    const f = flags[i]!;
    const st = status[i]!;
    while (j >= a && (time[j]! > t || (time[j] === t && id[j]! > d))) {
      slots[j + 1] = slots[j]!;
      time[j + 1] = time[j]!;
      id[j + 1] = id[j]!;
      flags[j + 1] = flags[j]!;
      status[j + 1] = status[j]!;
      j--;
    }
    slots[j + 1] = s;
    time[j + 1] = t;
    id[j + 1] = d;
    flags[j + 1] = f;
    status[j + 1] = st;
  }
}

/**
 * A freshly folded, non-empty ACM cell joins its user's totals (what `account` adds, from
 * the folded values instead of the stored cell) and first appearance (bulk load).
 */
function addAcmCell(
  v: Variant,
  u: number,
  p: number,
  proc: number,
  err: number,
  ac: number,
  ft: number,
  fid: number,
) {
  const U = v.users;
  const b = u * USER;
  U[b + NCELLS]!++;
  U[b + TOTAL]! += proc;
  if (ac >= 0) {
    U[b + PRIMARY]!++;
    U[b + TTIME]! += ac + PENALTY_SECONDS * err;
    v.addAc(p, ac);
  }
  if (ft < U[b + UFT]! || (ft === U[b + UFT] && fid < U[b + UFID]!)) {
    U[b + UFT] = ft;
    U[b + UFID] = fid;
  }
}

/** Writes one folded ACM cell at offset `o` (the layout foldAcm writes). */
function writeAcmCell(
  C: Float64Array,
  o: number,
  proc: number,
  err: number,
  tries: number,
  ac: number,
  after: number,
  ft: number,
  fid: number,
) {
  C[o + PROC] = proc;
  C[o + ERR] = err;
  C[o + TRY] = tries;
  C[o + AC] = ac;
  C[o + AFTER] = after;
  C[o + FT] = ft;
  C[o + FID] = fid;
}

/** The stored cell at offset `o` equals the freshly folded `next` (NaN equals NaN). */
function sameCell(cells: Float64Array, o: number, next: Float64Array): boolean {
  if (cells[o + PROC] === 0 && next[PROC] === 0) return true;
  for (let k = 0; k < CELL; k++) {
    const a = cells[o + k]!;
    const b = next[k]!;
    if (a !== b && (a === a || b === b)) return false;
  }
  return true;
}

/** In-memory page (rule 21): current < 1 → 1, size < 1 → default. */
export function paginate<T>(list: readonly T[], current: number, size: number): BoardPage<T> {
  const page = Number.isFinite(current) && current >= 1 ? Math.floor(current) : 1;
  const limit = Number.isFinite(size) && size >= 1 ? Math.floor(size) : 50;
  return {
    records: list.slice((page - 1) * limit, page * limit),
    total: list.length,
    size: limit,
    current: page,
    pages: Math.ceil(list.length / limit),
  };
}

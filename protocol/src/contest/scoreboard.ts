/**
 * Contest scoreboard arithmetic (reference/api/contests-trainings-discussions.md §5),
 * pure and incremental.
 *
 * The board keeps every contest submission it was given and, per user and problem,
 * the recomputed cell for each of three "variants" of the data:
 * - `real`: the unsealed board without after-contest submissions;
 * - `withAfter`: the unsealed board including after-contest submissions (containsEndEff);
 * - `sealed`: the board as a sealed viewer sees it (after-contest submissions never count).
 * A verdict touches one (user, problem) cell: its few submissions are re-folded, the
 * user's totals move by the difference and the user is re-positioned in each variant's
 * sorted order by binary search. Ranks, awards, pinning and paging are derived on read
 * and cached until the next change.
 */

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

export type VariantName = 'real' | 'withAfter' | 'sealed';
const VARIANTS: readonly VariantName[] = ['real', 'withAfter', 'sealed'];

const PENALTY_SECONDS = 20 * 60;

/** A submission with its derived contest times. */
interface Rec extends BoardSubmission {
  /** Whole seconds from the start (rule 1). */
  time: number;
  beforeStart: boolean;
  afterContest: boolean;
}

/** The folded state of one (user, problem) in one variant. */
interface Cell {
  /** Records processed for `total` (ACM) — 0 means no entry. */
  processed: number;
  // ACM
  errorNum: number;
  tryNum: number;
  acTime: number | null;
  acAfter: boolean;
  // OI
  present: boolean;
  score: number | null;
  bestUseTime: number | null;
  /** Earliest processed (ACM) / selected (OI) record: first-appearance order. */
  firstTime: number;
  firstId: number;
}

interface Standing {
  uid: string;
  cells: Map<string, Cell>;
  // ACM: ac/totalTime(seconds)/total; OI: score/totalTime(ms).
  primary: number;
  totalTime: number;
  total: number;
  firstTime: number;
  firstId: number;
  /** Key under which the standing sits in `order` (null: not on the board). */
  placed: SortKey | null;
}

interface SortKey {
  primary: number;
  totalTime: number;
  firstTime: number;
  firstId: number;
  uid: string;
}

function compareKeys(a: SortKey, b: SortKey): number {
  if (a.primary !== b.primary) return b.primary - a.primary;
  if (a.totalTime !== b.totalTime) return a.totalTime - b.totalTime;
  if (a.firstTime !== b.firstTime) return a.firstTime - b.firstTime;
  if (a.firstId !== b.firstId) return a.firstId - b.firstId;
  return a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;
}

/** Lower bound of `key` in `order[lo, hi)`, sorted by compareKeys. */
function lowerBound(order: Standing[], key: SortKey, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareKeys(order[mid]!.placed!, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A multiset of AC times per problem, for first-AC (rule 8). */
class MinCounter {
  private readonly counts = new Map<number, number>();
  private minCache: number | null = null;
  add(t: number) {
    this.counts.set(t, (this.counts.get(t) ?? 0) + 1);
    if (this.minCache === null || t < this.minCache) this.minCache = t;
  }
  remove(t: number) {
    const c = this.counts.get(t);
    if (c === undefined) return;
    if (c > 1) this.counts.set(t, c - 1);
    else {
      this.counts.delete(t);
      if (t === this.minCache) {
        let m: number | null = null;
        for (const k of this.counts.keys()) if (m === null || k < m) m = k;
        this.minCache = m;
      }
    }
  }
  get min(): number | null {
    return this.minCache;
  }
}

class Variant {
  readonly standings = new Map<string, Standing>();
  readonly order: Standing[] = [];
  readonly firstAc = new Map<string, MinCounter>();
  version = 0;

  constructor(readonly name: VariantName) {}

  standing(uid: string): Standing {
    let s = this.standings.get(uid);
    if (!s) {
      s = {
        uid,
        cells: new Map(),
        primary: 0,
        totalTime: 0,
        total: 0,
        firstTime: Infinity,
        firstId: Infinity,
        placed: null,
      };
      this.standings.set(uid, s);
    }
    return s;
  }

  firstAcOf(displayId: string): MinCounter {
    let m = this.firstAc.get(displayId);
    if (!m) this.firstAc.set(displayId, (m = new MinCounter()));
    return m;
  }

  /**
   * Moves one standing to its place after its totals changed: binary search for the old
   * and the new position, then a shift of only the rows in between.
   */
  reposition(s: Standing) {
    const key = s.cells.size > 0 ? keyOf(s) : null;
    const order = this.order;
    if (!s.placed) {
      if (!key) this.standings.delete(s.uid);
      else {
        s.placed = key;
        order.splice(lowerBound(order, key, 0, order.length), 0, s);
      }
      return;
    }
    const i = lowerBound(order, s.placed, 0, order.length);
    if (order[i] !== s) throw new Error('scoreboard order corrupted');
    if (!key) {
      order.splice(i, 1);
      s.placed = null;
      this.standings.delete(s.uid);
      return;
    }
    const direction = compareKeys(key, s.placed);
    s.placed = key;
    if (direction < 0) {
      const j = lowerBound(order, key, 0, i);
      order.copyWithin(j + 1, j, i);
      order[j] = s;
    } else if (direction > 0) {
      const j = lowerBound(order, key, i + 1, order.length);
      order.copyWithin(i, i + 1, j);
      order[j - 1] = s;
    }
  }

  /** Bulk load: sorts every standing once instead of placing them one by one. */
  rebuildOrder() {
    this.order.length = 0;
    for (const s of this.standings.values()) {
      if (s.cells.size === 0) {
        this.standings.delete(s.uid);
        continue;
      }
      s.placed = keyOf(s);
      this.order.push(s);
    }
    this.order.sort((a, b) => compareKeys(a.placed!, b.placed!));
    this.version++;
  }
}

function keyOf(s: Standing): SortKey {
  return {
    primary: s.primary,
    totalTime: s.totalTime,
    firstTime: s.firstTime,
    firstId: s.firstId,
    uid: s.uid,
  };
}

/** Records of one (user, problem), sorted by (time, submitId). */
type CellRecords = Rec[];

function byTime(a: Rec, b: Rec): number {
  return a.time - b.time || a.submitId - b.submitId;
}

export class Scoreboard {
  private readonly recs = new Map<number, Rec>();
  /** uid → displayId → records. */
  private readonly byCell = new Map<string, Map<string, CellRecords>>();
  private readonly variants: Record<VariantName, Variant>;
  private readonly excluded: Set<string>;
  private readonly durationSec: number;
  private readonly sealSec: number | null;
  private profiles = new Map<string, UserProfile>();
  /** username → uids, built on demand, dropped when users or profiles change. */
  private namesIndex: Map<string, string[]> | null = null;
  /** While true (recompute), standings are sorted once at the end. */
  private bulk = false;
  private renderCache = new Map<string, { version: number; entries: Entry[] }>();

  constructor(readonly config: BoardConfig) {
    this.variants = {
      real: new Variant('real'),
      withAfter: new Variant('withAfter'),
      sealed: new Variant('sealed'),
    };
    this.excluded = new Set(config.excludedUids);
    this.durationSec = Math.floor((config.endTime - config.startTime) / 1000);
    this.sealSec =
      config.sealRankTime === null ? null : Math.floor((config.sealRankTime - config.startTime) / 1000);
  }

  /** A board built from scratch; equal to applying every submission one by one. */
  static recompute(
    config: BoardConfig,
    submissions: Iterable<BoardSubmission>,
    profiles: Iterable<UserProfile> = [],
  ) {
    const board = new Scoreboard(config);
    board.setProfiles(profiles);
    // Bulk: store everything, sort each cell once, fold each cell once, sort the standings once.
    for (const s of submissions) board.store(s, false);
    board.bulk = true;
    for (const [uid, cells] of board.byCell) {
      for (const [displayId, list] of cells) {
        list.sort(byTime);
        board.refold(uid, displayId);
      }
    }
    board.bulk = false;
    for (const name of VARIANTS) board.variants[name].rebuildOrder();
    return board;
  }

  get size(): number {
    return this.recs.size;
  }

  setProfiles(profiles: Iterable<UserProfile>) {
    for (const p of profiles) this.profiles.set(p.uid, p);
    this.renderCache.clear();
    this.namesIndex = null;
  }

  hasProfile(uid: string): boolean {
    return this.profiles.has(uid);
  }

  /** Adds a submission or replaces the one with the same submitId (new verdict, rejudge, relabel). */
  applySubmission(sub: BoardSubmission): void {
    const old = this.store(sub, true);
    if (old && (old.uid !== sub.uid || old.displayId !== sub.displayId)) this.refold(old.uid, old.displayId);
    this.refold(sub.uid, sub.displayId);
  }

  /** Keeps the record (replacing an older version); `sorted` inserts it in (time, submitId) order. */
  private store(sub: BoardSubmission, sorted: boolean): Rec | undefined {
    const old = this.recs.get(sub.submitId);
    if (old) this.detach(old);
    const rec: Rec = {
      submitId: sub.submitId,
      uid: sub.uid,
      username: sub.username,
      displayId: sub.displayId,
      submitTime: sub.submitTime,
      status: sub.status,
      score: sub.score,
      useTime: sub.useTime,
      time: Math.floor(Math.abs(sub.submitTime - this.config.startTime) / 1000),
      beforeStart: sub.submitTime < this.config.startTime,
      afterContest: sub.submitTime >= this.config.endTime,
    };
    this.recs.set(rec.submitId, rec);
    let userCells = this.byCell.get(rec.uid);
    if (!userCells) {
      this.byCell.set(rec.uid, (userCells = new Map()));
      this.namesIndex = null;
    }
    let list = userCells.get(rec.displayId);
    if (!list) userCells.set(rec.displayId, (list = []));
    if (!sorted) list.push(rec);
    else {
      // Verdicts mostly arrive in order, so scan from the end.
      let i = list.length;
      while (i > 0 && byTime(list[i - 1]!, rec) > 0) i--;
      list.splice(i, 0, rec);
    }
    return old;
  }

  removeSubmission(submitId: number): void {
    const old = this.recs.get(submitId);
    if (!old) return;
    this.detach(old);
    this.recs.delete(submitId);
    this.refold(old.uid, old.displayId);
  }

  private detach(rec: Rec) {
    const list = this.byCell.get(rec.uid)?.get(rec.displayId);
    if (!list) return;
    const i = list.findIndex((r) => r.submitId === rec.submitId);
    if (i >= 0) list.splice(i, 1);
  }

  /** Which records a variant processes at all (rules 3 and 4). */
  private counts(v: VariantName, r: Rec): boolean {
    if (r.status === null || r.beforeStart || this.excluded.has(r.uid)) return false;
    if (r.afterContest && v !== 'withAfter') return false;
    return true;
  }

  private refold(uid: string, displayId: string) {
    const list = this.byCell.get(uid)?.get(displayId) ?? [];
    for (const name of VARIANTS) {
      if (name === 'sealed' && this.sealSec === null) continue;
      const v = this.variants[name];
      const next = this.config.type === 0 ? this.foldAcm(name, list) : this.foldOi(name, list);
      const prev = v.standings.get(uid)?.cells.get(displayId);
      // A verdict that changes nothing visible (e.g. a pending record) leaves the board as is.
      if (sameCell(prev ?? null, next)) continue;
      const s = v.standing(uid);
      if (prev) this.account(v, s, displayId, prev, -1);
      if (next) {
        s.cells.set(displayId, next);
        this.account(v, s, displayId, next, 1);
      } else s.cells.delete(displayId);
      let firstTime = Infinity;
      let firstId = Infinity;
      for (const c of s.cells.values()) {
        if (c.firstTime < firstTime || (c.firstTime === firstTime && c.firstId < firstId)) {
          firstTime = c.firstTime;
          firstId = c.firstId;
        }
      }
      s.firstTime = firstTime;
      s.firstId = firstId;
      if (!this.bulk) v.reposition(s);
      v.version++;
    }
    if (list.length === 0) this.byCell.get(uid)?.delete(displayId);
  }

  /** Adds (sign 1) or removes (sign -1) a cell's contribution to its user's totals. */
  private account(v: Variant, s: Standing, displayId: string, c: Cell, sign: 1 | -1) {
    if (this.config.type === 0) {
      s.total += sign * c.processed;
      if (c.acTime !== null) {
        s.primary += sign;
        s.totalTime += sign * (c.acTime + PENALTY_SECONDS * c.errorNum);
        if (sign > 0) v.firstAcOf(displayId).add(c.acTime);
        else v.firstAcOf(displayId).remove(c.acTime);
      }
    } else {
      s.primary += sign * (c.score ?? 0);
      s.totalTime += sign * (c.bestUseTime ?? 0);
    }
  }

  /** ACM rules 5–7 for one (user, problem). */
  private foldAcm(v: VariantName, list: CellRecords): Cell | null {
    const cell: Cell = emptyCell();
    for (const r of list) {
      if (!this.counts(v, r)) continue;
      if (cell.processed === 0) {
        cell.firstTime = r.time;
        cell.firstId = r.submitId;
      }
      cell.processed++;
      if (v === 'sealed' && r.time >= this.sealSec! && r.time < this.durationSec) {
        cell.tryNum++;
        continue;
      }
      if (cell.acTime !== null) continue;
      if (r.status === -1) cell.errorNum++;
      else if (r.status === 1) {
        cell.acTime = r.time;
        cell.acAfter = r.afterContest;
      }
    }
    return cell.processed > 0 ? cell : null;
  }

  /** OI rules 12–14 for one (user, problem). */
  private foldOi(v: VariantName, list: CellRecords): Cell | null {
    const inWindow = (r: Rec) => {
      if (r.status === null || r.beforeStart || this.excluded.has(r.uid)) return false;
      if (v === 'sealed') return r.time <= this.sealSec! - 1;
      if (v === 'withAfter') return true;
      return r.time <= this.durationSec;
    };
    const highest = this.config.oiRankScoreType === 'Highest';
    let selected: Rec[] = [];
    let best = -Infinity;
    for (const r of list) {
      if (!inWindow(r)) continue;
      const key = highest ? (r.score ?? -Infinity) : r.time;
      if (selected.length === 0 || key > best) {
        selected = [r];
        best = key;
      } else if (key === best) selected.push(r);
    }
    // A selected record at/after the end is dropped without falling back (rule 12).
    if (v !== 'withAfter') selected = selected.filter((r) => !r.afterContest);
    if (selected.length === 0) return null;
    const cell = emptyCell();
    cell.present = true;
    // Ties: Highest counts the score once; Recent keeps the last one processed.
    cell.score = selected[selected.length - 1]!.score;
    for (const r of selected) {
      if (r.status === 1 && r.useTime !== null && (cell.bestUseTime === null || r.useTime < cell.bestUseTime))
        cell.bestUseTime = r.useTime;
    }
    cell.firstTime = selected[0]!.time;
    cell.firstId = selected[0]!.submitId;
    cell.processed = selected.length;
    return cell;
  }

  /** Which variant a view reads. */
  variantFor(view: Pick<BoardView, 'sealed' | 'containsEnd'>): VariantName {
    if (view.sealed && this.sealSec !== null) return 'sealed';
    return view.containsEnd ? 'withAfter' : 'real';
  }

  /** Monotonic version of a variant: changes whenever its board changes. */
  versionOf(variant: VariantName): number {
    return this.variants[variant].version;
  }

  /**
   * The ranked board (rules 10, 11, 15–18) as light entries: ranks and awards for every
   * row, but no row objects. Cached per variant until the variant changes.
   */
  private entries(variant: VariantName, removeStar: boolean): Entry[] {
    const v = this.variants[variant];
    const cacheKey = `${variant}:${removeStar}`;
    const hit = this.renderCache.get(cacheKey);
    if (hit && hit.version === v.version) return hit.entries;
    const stars = new Set(this.config.starUsernames);
    const list: Entry[] = [];
    for (const s of v.order) {
      const username = this.profiles.get(s.uid)?.username ?? this.usernameOf(s.uid);
      const star = stars.has(username);
      if (removeStar && star) continue;
      list.push({ s, username, star, rank: 0, award: null });
    }
    assignRanks(list);
    this.assignAwards(list);
    this.renderCache.set(cacheKey, { version: v.version, entries: list });
    return list;
  }

  /** The full ranked board as rows, without pinning or paging. */
  ranked(variant: VariantName, removeStar = false): RankRow[] {
    return this.entries(variant, removeStar).map((e) => this.renderRow(this.variants[variant], e));
  }

  private renderRow(v: Variant, e: Entry): RankRow {
    const s = e.s;
    const p = this.profiles.get(s.uid);
    const base: RowBase = {
      rank: e.rank,
      isWinAward: e.award !== null,
      awardName: e.award?.name ?? null,
      awardBackground: e.award?.background ?? null,
      awardColor: e.award?.color ?? null,
      uid: s.uid,
      username: e.username,
      realname: p?.realname ?? null,
      nickname: p?.nickname ?? null,
      school: p?.school ?? null,
      gender: p?.gender ?? null,
      avatar: p?.avatar ?? null,
    };
    if (this.config.type === 0) {
      const info: Record<string, AcmCell> = {};
      for (const [pid, c] of s.cells) {
        const cell: AcmCell = { errorNum: c.errorNum };
        if (c.tryNum > 0) cell.tryNum = c.tryNum;
        if (c.acTime !== null) {
          cell.isAC = true;
          cell.isFirstAC = v.firstAc.get(pid)?.min === c.acTime;
          cell.ACTime = c.acTime;
          if (c.acAfter) cell.isAfterContest = true;
        }
        info[pid] = cell;
      }
      return { ...base, totalTime: s.totalTime, total: s.total, ac: s.primary, submissionInfo: info };
    }
    const info: Record<string, number | null> = {};
    let timeInfo: Record<string, number> | null = null;
    for (const [pid, c] of s.cells) {
      info[pid] = c.score;
      if (c.bestUseTime !== null) (timeInfo ??= {})[pid] = c.bestUseTime;
    }
    return { ...base, totalScore: s.primary, totalTime: s.totalTime, submissionInfo: info, timeInfo };
  }

  private usernameOf(uid: string): string {
    const cells = this.byCell.get(uid);
    if (cells) for (const list of cells.values()) if (list[0]) return list[0].username;
    return uid;
  }

  private assignAwards(list: Entry[]) {
    const queue = this.awardQueue(list.filter((e) => !e.star).length);
    let at = 0;
    for (const e of list) {
      if (e.star || e.s.primary <= 0) continue;
      while (at < queue.length && queue[at]!.left === 0) at++;
      if (at >= queue.length) break;
      queue[at]!.left--;
      e.award = queue[at]!.award;
    }
  }

  /**
   * One page of the board for a viewer (rules 19–21). Without a keyword nothing is walked:
   * positions come from binary searches over the sorted standings, and ranks and awards
   * are derived for the page's rows only (equal keys are contiguous; star rows are few).
   */
  rows(view: BoardView): BoardPage<RankRow> {
    if (view.keyword?.trim()) return this.rowsByScan(view);
    const variant = this.variantFor(view);
    const v = this.variants[variant];
    const removeStar = view.removeStar ?? false;
    const ix = this.indexer(v, removeStar);
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
    const shell = paginate<null>([], view.page ?? 1, view.size ?? 50);
    const total = pinned.length + ix.size;
    const from = (shell.current - 1) * shell.size;
    const to = Math.min(total, shell.current * shell.size);
    const built = new Map<number, RankRow>();
    const records: RankRow[] = [];
    for (let k = from; k < to; k++) {
      const at = k < pinned.length ? pinned[k]! : ix.orderIndex(k - pinned.length);
      let row = built.get(at);
      if (!row) built.set(at, (row = this.renderRow(v, ix.entryAt(at))));
      records.push(row);
    }
    return { records, total, size: shell.size, current: shell.current, pages: Math.ceil(total / shell.size) };
  }

  /** Position, rank and award arithmetic over one variant's sorted standings. */
  private indexer(v: Variant, removeStar: boolean) {
    const order = v.order;
    const stars = new Set(this.config.starUsernames);
    const starPositions: number[] = [];
    for (const name of stars) {
      for (const uid of this.uidsNamed(name)) {
        const s = v.standings.get(uid);
        if (s?.placed && this.usernameFor(uid) === name)
          starPositions.push(lowerBound(order, s.placed, 0, order.length));
      }
    }
    starPositions.sort((a, b) => a - b);
    const starSet = new Set(starPositions);
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
    const nonStar = order.length - starPositions.length;
    const queue = this.awardQueue(nonStar);
    const rankAt = (i: number) => {
      const s = order[i]!;
      const first = lowerBound(
        order,
        { primary: s.primary, totalTime: s.totalTime, firstTime: -Infinity, firstId: -Infinity, uid: '' },
        0,
        i + 1,
      );
      return first - starsBefore(first) + 1;
    };
    const awardAt = (i: number): AwardConfig | null => {
      if (order[i]!.primary <= 0) return null;
      let m = i - starsBefore(i);
      for (const slot of queue) {
        if (m < slot.left) return slot.award;
        m -= slot.left;
      }
      return null;
    };
    return {
      size: removeStar ? nonStar : order.length,
      positionOf: (uid: string): number | null => {
        const s = v.standings.get(uid);
        if (!s?.placed) return null;
        const at = lowerBound(order, s.placed, 0, order.length);
        return removeStar && starSet.has(at) ? null : at;
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
        const s = order[i]!;
        const star = starSet.has(i);
        return {
          s,
          username: this.usernameFor(s.uid),
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

  private usernameFor(uid: string): string {
    return this.profiles.get(uid)?.username ?? this.usernameOf(uid);
  }

  /** uids whose profile or submissions carry `username` (star lookup). */
  private uidsNamed(username: string): string[] {
    if (!this.namesIndex) {
      this.namesIndex = new Map();
      const add = (name: string, uid: string) => {
        const list = this.namesIndex!.get(name);
        if (!list) this.namesIndex!.set(name, [uid]);
        else if (!list.includes(uid)) list.push(uid);
      };
      for (const uid of this.byCell.keys()) add(this.usernameFor(uid), uid);
    }
    return this.namesIndex.get(username) ?? [];
  }

  /** The keyword path: filters the whole pinned list (rules 19–21), O(board). */
  private rowsByScan(view: BoardView): BoardPage<RankRow> {
    const variant = this.variantFor(view);
    const board = this.entries(variant, view.removeStar ?? false);
    const pinned: Entry[] = [];
    const pinUid = view.pinUid ?? null;
    if (pinUid) {
      const own = board.find((e) => e.s.uid === pinUid);
      if (own) pinned.push(own);
    }
    const concerned = new Set((view.concernedList ?? []).filter((u) => u !== pinUid));
    if (concerned.size > 0) for (const e of board) if (concerned.has(e.s.uid)) pinned.push(e);
    let list = pinned.length > 0 ? [...pinned, ...board] : board;
    const keyword = view.keyword?.trim().toLowerCase() ?? '';
    const field = this.config.rankShowName;
    list = list.filter((e) => {
      const p = this.profiles.get(e.s.uid);
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
      if (!row) built.set(e, (row = this.renderRow(this.variants[variant], e)));
      return row;
    });
    return { ...page, records };
  }
}

interface Entry {
  s: Standing;
  username: string;
  star: boolean;
  rank: number;
  award: AwardConfig | null;
}

/** Rule 10: stars get -1 and consume no number; ties with the previous non-star row share its rank. */
function assignRanks(list: Entry[]) {
  let n = 0;
  let prev: Entry | null = null;
  for (const e of list) {
    if (e.star) {
      e.rank = -1;
      continue;
    }
    n++;
    e.rank = prev && prev.s.primary === e.s.primary && prev.s.totalTime === e.s.totalTime ? prev.rank : n;
    prev = e;
  }
}

function emptyCell(): Cell {
  return {
    processed: 0,
    errorNum: 0,
    tryNum: 0,
    acTime: null,
    acAfter: false,
    present: false,
    score: null,
    bestUseTime: null,
    firstTime: Infinity,
    firstId: Infinity,
  };
}

function sameCell(a: Cell | null, b: Cell | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.processed === b.processed &&
    a.errorNum === b.errorNum &&
    a.tryNum === b.tryNum &&
    a.acTime === b.acTime &&
    a.acAfter === b.acAfter &&
    a.score === b.score &&
    a.bestUseTime === b.bestUseTime &&
    a.firstTime === b.firstTime &&
    a.firstId === b.firstId
  );
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

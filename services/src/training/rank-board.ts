// One training's rank held in memory: cells per (user, problem) folded from the user's
// submissions, users kept sorted (ac desc, run time asc, first appearance). A verdict moves one
// user by binary search; a page is a slice. Pure: the service loads and feeds it.
import type { TrainingRankCell, TrainingRankRow } from '@oj/protocol/training/schemas';
import { compareRows, foldCell, RANK_STATUSES, type RankSubmission } from './rules';

export interface RankProfile {
  uid: string;
  username: string;
  realname: string | null;
  nickname: string | null;
  school: string | null;
  gender: string | null;
  avatar: string | null;
}

interface UserEntry {
  profile: RankProfile;
  /** pid → submissions in submitId order. */
  subs: Map<number, RankSubmission[]>;
  cells: Map<number, TrainingRankCell>;
  ac: number;
  totalRunTime: number;
  /** Smallest counted submitId: first appearance. */
  first: number;
  /** Lower-cased username, realname, school for the keyword filter. */
  haystack: string;
}

export interface RankRecord extends RankSubmission {
  uid: string;
  pid: number;
}

export interface RankChange {
  row: TrainingRankRow;
  order: number;
  prevOrder: number;
  total: number;
}

const haystackOf = (p: RankProfile) =>
  [p.username, p.realname ?? '', p.school ?? ''].join('\u0000').toLowerCase();

export class RankBoard {
  readonly #users = new Map<string, UserEntry>();
  /** Users with at least one counted cell, in board order. */
  #order: UserEntry[] = [];
  /** Bumped on every change (pages serialized for one version are reused until the next). */
  version = 0;

  constructor(
    /** pid → training display id. */
    readonly problems: ReadonlyMap<number, string>,
    /** Registered users (enabled registrations) who may appear. */
    readonly members: ReadonlySet<string>,
    /** Author, super admins, group roots: never on the board. */
    readonly excluded: ReadonlySet<string>,
    private readonly profileOf: (uid: string) => RankProfile | undefined,
  ) {}

  /** Users on the board. */
  get size(): number {
    return this.#order.length;
  }

  /** Bulk load (records in any order). */
  load(records: Iterable<RankRecord>): void {
    for (const r of records) {
      if (!this.#accepts(r)) continue;
      const u = this.#entry(r.uid);
      if (!u) continue;
      let list = u.subs.get(r.pid);
      if (!list) u.subs.set(r.pid, (list = []));
      list.push({ submitId: r.submitId, status: r.status, time: r.time, score: r.score });
    }
    for (const u of this.#users.values()) {
      for (const list of u.subs.values()) list.sort((a, b) => a.submitId - b.submitId);
      this.#refold(u);
    }
    this.#order = [...this.#users.values()].filter((u) => u.cells.size > 0).sort(compareRows);
  }

  /** Applies one submission's current state; null when the board did not change. */
  apply(r: RankRecord): RankChange | null {
    if (!this.problems.has(r.pid) || !this.members.has(r.uid) || this.excluded.has(r.uid)) return null;
    const u = this.#entry(r.uid);
    if (!u) return null;
    let list = u.subs.get(r.pid);
    const idx = list ? list.findIndex((s) => s.submitId === r.submitId) : -1;
    const counted = RANK_STATUSES.has(r.status);
    if (!counted && idx < 0) return null;
    if (!list) u.subs.set(r.pid, (list = []));
    if (idx >= 0) list.splice(idx, 1);
    if (counted) {
      const s = { submitId: r.submitId, status: r.status, time: r.time, score: r.score };
      let at = list.length;
      while (at > 0 && list[at - 1]!.submitId > r.submitId) at--;
      list.splice(at, 0, s);
    }
    const before = JSON.stringify(this.#rowOf(u, true));
    const prevOrder = this.#indexOf(u);
    if (prevOrder >= 0) this.#order.splice(prevOrder, 1);
    this.#refold(u);
    let order = -1;
    if (u.cells.size > 0) {
      order = this.#insertionPoint(u);
      this.#order.splice(order, 0, u);
    }
    const row = this.#rowOf(u, true);
    if (JSON.stringify(row) === before && order === prevOrder) return null;
    this.version++;
    return { row, order, prevOrder, total: this.#order.length };
  }

  /** One page (from 1) of the rows matching `keyword` (username, real name or school). */
  page(
    currentPage: number,
    limit: number,
    keyword: string | null,
    withRealName: boolean,
  ): { rows: TrainingRankRow[]; total: number } {
    const kw = keyword?.trim().toLowerCase() ?? '';
    const matching = kw ? this.#order.filter((u) => u.haystack.includes(kw)) : this.#order;
    const start = (currentPage - 1) * limit;
    const rows = matching.slice(start, start + limit).map((u) => this.#rowOf(u, withRealName));
    return { rows, total: matching.length };
  }

  #accepts(r: RankRecord): boolean {
    return (
      RANK_STATUSES.has(r.status) &&
      this.problems.has(r.pid) &&
      this.members.has(r.uid) &&
      !this.excluded.has(r.uid)
    );
  }

  #entry(uid: string): UserEntry | undefined {
    let u = this.#users.get(uid);
    if (u) return u;
    const profile = this.profileOf(uid);
    if (!profile) return undefined;
    u = {
      profile,
      subs: new Map(),
      cells: new Map(),
      ac: 0,
      totalRunTime: 0,
      first: Infinity,
      haystack: haystackOf(profile),
    };
    this.#users.set(uid, u);
    return u;
  }

  #refold(u: UserEntry): void {
    u.cells.clear();
    u.ac = 0;
    u.totalRunTime = 0;
    u.first = Infinity;
    for (const [pid, list] of u.subs) {
      const cell = foldCell(list);
      if (!cell) continue;
      u.cells.set(pid, cell);
      if (list.length) u.first = Math.min(u.first, list[0]!.submitId);
      if (cell.isAC) {
        u.ac += 1;
        u.totalRunTime += cell.runTime ?? 0;
      }
    }
  }

  #indexOf(u: UserEntry): number {
    // A scan: the user's key may already be stale; a few thousand entries take microseconds.
    return this.#order.indexOf(u);
  }

  #insertionPoint(u: UserEntry): number {
    let lo = 0;
    let hi = this.#order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareRows(this.#order[mid]!, u) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  #rowOf(u: UserEntry, withRealName: boolean): TrainingRankRow {
    const info: Record<string, TrainingRankCell> = {};
    for (const [pid, cell] of u.cells) info[this.problems.get(pid)!] = { ...cell };
    const p = u.profile;
    return {
      uid: p.uid,
      username: p.username,
      realname: withRealName ? p.realname : null,
      nickname: p.nickname,
      school: p.school,
      gender: p.gender,
      avatar: p.avatar,
      ac: u.ac,
      totalRunTime: u.totalRunTime,
      submissionInfo: info,
    };
  }
}

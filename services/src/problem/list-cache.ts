// The public problem list's in-process cache (issue #4). Two layers, because they go stale
// for different reasons:
// - pages (rows, tags, total) per normalized query: dropped whole when a problem or a tag
//   changes (`Subjects.problemChanged`, from any process), with a long lifetime as a safety net;
// - counters per problem: dropped when a non-contest submission of that problem changes
//   (`Subjects.submissionUpdated`), with a short lifetime in case an event is lost.
// Beside them, the caller's status markers of a non-contest list (get-user-problem-status),
// per user and set of problems: any update of one of the user's submissions makes them unreachable.
import type { ProblemCount, Tag } from '@oj/protocol/problem/schemas';
import type { ProblemStatus, StatusScope } from './ports';
import type { OjFilter } from './rules';
import { TtlCache } from '../platform/ttl-cache';

export interface ProblemListCacheOptions {
  /** Lifetime of a cached page; 0 disables the whole cache. Default 60 s. */
  pageTtlMs?: number;
  /** Lifetime of a problem's counters. Default 10 s. */
  countsTtlMs?: number;
  /** Pages kept at most (oldest dropped first). Default 1,000. */
  maxPages?: number;
  /** Rows of all kept pages at most (a page may hold up to 500). Default 30,000. */
  maxPageRows?: number;
  /** Lifetime of a user's status markers. Default 10 s. */
  statusTtlMs?: number;
  now?: () => number;
}

/** A list page without counters. */
export interface ListPageRow {
  pid: number;
  problemId: string;
  title: string;
  difficulty: number;
  type: number;
  tags: Tag[];
}

export interface ListPage {
  rows: ListPageRow[];
  total: number;
}

export interface ListQuery {
  keyword?: string;
  difficulty?: number;
  oj: OjFilter;
  tagIds: number[];
  offset: number;
  size: number;
}

export interface ProblemListCache {
  readonly enabled: boolean;
  readonly pages: TtlCache<string, ListPage>;
  readonly counts: TtlCache<number, ProblemCount>;
  readonly statuses: TtlCache<string, ReadonlyMap<number, ProblemStatus>>;
  /** A problem or a tag changed: every page may be wrong. */
  problemsChanged(): void;
  /** A verdict of the problem moved its counters. */
  countsChanged(pid: number): void;
  /** One of the user's submissions changed: their markers may be wrong. */
  userChanged(uid: string): void;
  /** Key of a user's markers for a non-contest list; changes whenever `userChanged(uid)` is called. */
  statusKey(uid: string, scope: StatusScope, pids: readonly number[]): string;
}

export function createProblemListCache(opts: ProblemListCacheOptions = {}): ProblemListCache {
  const pageTtlMs = opts.pageTtlMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const pages = new TtlCache<string, ListPage>({
    ttlMs: pageTtlMs,
    maxEntries: opts.maxPages ?? 1000,
    // Memory follows rows (each with its tags), not pages.
    weigh: (page) => page.rows.length + 1,
    maxWeight: opts.maxPageRows ?? 30_000,
    now,
  });
  // Counters of every problem fit (a few numbers each); the bound only guards against abuse.
  const counts = new TtlCache<number, ProblemCount>({
    ttlMs: opts.countsTtlMs ?? 10_000,
    maxEntries: 100_000,
    now,
  });
  const statuses = new TtlCache<string, ReadonlyMap<number, ProblemStatus>>({
    ttlMs: opts.statusTtlMs ?? 10_000,
    maxEntries: 20_000,
    now,
  });
  // A user's generation is part of their keys: bumping it orphans their entries (and whatever
  // loads in flight store under the old key), which then age out of the bounded cache.
  const generation = new Map<string, number>();
  return {
    enabled: pageTtlMs > 0,
    pages,
    counts,
    statuses,
    problemsChanged: () => pages.clear(),
    countsChanged: (pid) => counts.delete(pid),
    userChanged(uid) {
      generation.set(uid, (generation.get(uid) ?? 0) + 1);
    },
    statusKey(uid, scope, pids) {
      const sorted = [...new Set(pids)].sort((a, b) => a - b);
      return JSON.stringify([uid, generation.get(uid) ?? 0, scope.gid, sorted]);
    },
  };
}

/** One key per distinct result: tag ids sorted, the keyword as the query matches it. */
export function listCacheKey(q: ListQuery): string {
  const oj = q.oj.kind === 'remote' ? `remote:${q.oj.prefix}` : q.oj.kind;
  const tags = [...new Set(q.tagIds)].sort((a, b) => a - b);
  return JSON.stringify([oj, q.difficulty ?? null, tags, q.keyword ?? null, q.offset, q.size]);
}

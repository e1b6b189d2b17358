// The public problem list's in-process cache (issue #4). Two layers, because they go stale
// for different reasons:
// - pages (rows, tags, total) per normalized query: dropped whole when a problem or a tag
//   changes (`Subjects.problemChanged`, from any process), with a long lifetime as a safety net;
// - counters per problem: dropped when a non-contest submission of that problem changes
//   (`Subjects.submissionUpdated`), with a short lifetime in case an event is lost.
import type { ProblemCount, Tag } from '@oj/protocol/problem/schemas';
import type { OjFilter } from './rules';
import { TtlCache } from './ttl-cache';

export interface ProblemListCacheOptions {
  /** Lifetime of a cached page; 0 disables the whole cache. Default 60 s. */
  pageTtlMs?: number;
  /** Lifetime of a problem's counters. Default 10 s. */
  countsTtlMs?: number;
  /** Pages kept at most (oldest dropped first). Default 1,000. */
  maxPages?: number;
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
  /** A problem or a tag changed: every page may be wrong. */
  problemsChanged(): void;
  /** A verdict of the problem moved its counters. */
  countsChanged(pid: number): void;
}

export function createProblemListCache(opts: ProblemListCacheOptions = {}): ProblemListCache {
  const pageTtlMs = opts.pageTtlMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const pages = new TtlCache<string, ListPage>({ ttlMs: pageTtlMs, maxEntries: opts.maxPages ?? 1000, now });
  // Counters of every problem fit (a few numbers each); the bound only guards against abuse.
  const counts = new TtlCache<number, ProblemCount>({
    ttlMs: opts.countsTtlMs ?? 10_000,
    maxEntries: 100_000,
    now,
  });
  return {
    enabled: pageTtlMs > 0,
    pages,
    counts,
    problemsChanged: () => pages.clear(),
    countsChanged: (pid) => counts.delete(pid),
  };
}

/** One key per distinct result: tag ids sorted, the keyword as the query matches it. */
export function listCacheKey(q: ListQuery): string {
  const oj = q.oj.kind === 'remote' ? `remote:${q.oj.prefix}` : q.oj.kind;
  const tags = [...new Set(q.tagIds)].sort((a, b) => a - b);
  return JSON.stringify([oj, q.difficulty ?? null, tags, q.keyword ?? null, q.offset, q.size]);
}

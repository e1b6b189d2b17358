import { describe, expect, it } from 'vitest';
import { movesCounters } from './changes';
import { createProblemListCache, listCacheKey, type ListQuery } from './list-cache';

const base: ListQuery = { oj: { kind: 'all' }, tagIds: [], offset: 0, size: 30 };

describe('list cache keys', () => {
  it('are equal for queries that must give the same page', () => {
    expect(listCacheKey({ ...base, tagIds: [3, 1, 3] })).toBe(listCacheKey({ ...base, tagIds: [1, 3] }));
  });

  it('differ whenever a filter or the page differs', () => {
    const keys = [
      base,
      { ...base, keyword: 'sum' },
      { ...base, keyword: 'Sum' },
      { ...base, difficulty: 0 },
      { ...base, difficulty: 1 },
      { ...base, oj: { kind: 'local' } },
      { ...base, oj: { kind: 'remote', prefix: 'HDU' } },
      { ...base, oj: { kind: 'remote', prefix: 'CF' } },
      { ...base, tagIds: [1] },
      { ...base, tagIds: [1, 2] },
      { ...base, tagIds: [12] },
      { ...base, offset: 30 },
      { ...base, size: 10 },
    ] satisfies ListQuery[];
    expect(new Set(keys.map(listCacheKey)).size).toBe(keys.length);
  });
});

describe('list cache invalidation', () => {
  it('problem changes drop every page; a verdict drops that problem\u2019s counters only', async () => {
    const cache = createProblemListCache();
    await cache.pages.get('p1', async () => ({ rows: [], total: 0 }));
    await cache.pages.get('p2', async () => ({ rows: [], total: 0 }));
    const zero = { total: 0, ac: 0, mle: 0, tle: 0, re: 0, pe: 0, ce: 0, wa: 0, se: 0, pa: 0 };
    await cache.counts.getMany(
      [1, 2],
      async (pids) => new Map(pids.map((pid) => [pid, { pid, ...zero }])),
      (pid) => ({ pid, ...zero }),
    );
    cache.countsChanged(1);
    expect(cache.counts.peek(1)).toBeUndefined();
    expect(cache.counts.peek(2)).toBeDefined();
    expect(cache.pages.size).toBe(2);
    cache.problemsChanged();
    expect(cache.pages.size).toBe(0);
  });

  it('status keys ignore pid order and repeats, and change for that user only after userChanged', () => {
    const cache = createProblemListCache();
    const scope = { contest: false, cid: null, gid: null, containsEnd: false };
    const alice = cache.statusKey('alice', scope, [3, 1, 3]);
    const bob = cache.statusKey('bob', scope, [1, 3]);
    expect(cache.statusKey('alice', scope, [1, 3])).toBe(alice);
    expect(cache.statusKey('alice', { ...scope, gid: 4 }, [1, 3])).not.toBe(alice);
    cache.userChanged('alice');
    expect(cache.statusKey('alice', scope, [1, 3])).not.toBe(alice);
    expect(cache.statusKey('bob', scope, [1, 3])).toBe(bob);
  });

  it('bounds the pages by their rows', async () => {
    const cache = createProblemListCache({ maxPageRows: 12 });
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        pid: i,
        problemId: `${i}`,
        title: '',
        difficulty: 0,
        type: 0,
        tags: [],
      }));
    await cache.pages.get('five', async () => ({ rows: rows(5), total: 5 }));
    await cache.pages.get('six', async () => ({ rows: rows(6), total: 6 }));
    expect(cache.pages.weight).toBe(7); // 6 + 7 rows (+1 each) would be 13 > 12: the oldest went
    expect(cache.pages.peek('five')).toBeUndefined();
    expect(cache.pages.peek('six')).toBeDefined();
  });

  it('a page lifetime of 0 turns the cache off', () => {
    expect(createProblemListCache({ pageTtlMs: 0 }).enabled).toBe(false);
    expect(createProblemListCache().enabled).toBe(true);
  });

  it('only non-contest updates other than progress move the public counters', () => {
    expect(movesCounters({ cid: 0, reason: 'result' })).toBe(true);
    expect(movesCounters({ cid: 0, reason: 'rejudge' })).toBe(true);
    expect(movesCounters({ cid: 0, reason: 'manual' })).toBe(true);
    expect(movesCounters({ cid: 0, reason: 'progress' })).toBe(false);
    expect(movesCounters({ cid: 7, reason: 'result' })).toBe(false);
  });
});

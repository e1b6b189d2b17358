// The group list's shared data, kept a few seconds per process (docs/compat.md G22) and dropped on
// this process's group and membership writes: totals per filter, the anonymous visitors' pages,
// and the visible groups' ids and row ranges that members' pages are merged from.
import { TtlCache } from '../platform/ttl-cache';
import type { GroupCardRow } from './repository';

const SHARED_TTL_MS = 5_000;

export type ListCaches = ReturnType<typeof createListCaches>;

export function createListCaches(now: () => number) {
  const caches = {
    sharedCounts: new TtlCache<string, number>({ ttlMs: SHARED_TTL_MS, maxEntries: 1000, now }),
    visitorPages: new TtlCache<string, GroupCardRow[]>({ ttlMs: SHARED_TTL_MS, maxEntries: 1000, now }),
    visibleIds: new TtlCache<string, number[]>({
      ttlMs: SHARED_TTL_MS,
      maxEntries: 200,
      weigh: (ids) => ids.length + 1,
      maxWeight: 2_000_000,
      now,
    }),
    visibleRanges: new TtlCache<string, GroupCardRow[]>({ ttlMs: SHARED_TTL_MS, maxEntries: 1000, now }),
  };
  return {
    ...caches,
    clear() {
      for (const cache of Object.values(caches)) cache.clear();
    },
  };
}

// Rank pushes that carry the change (issue #6): what the board does with a `contest:rank`
// (or, for contest admins, `contest:rank-admin`) push. Pure; RankBoard wires it.
import { applyRankDelta, type RankDelta, type RankPage } from '@oj/protocol/contest/rank-delta';
import type { RankRow } from '@oj/protocol/contest/scoreboard';

/** Fetches a push cannot spare are spread over this long, so thousands of viewers do not fetch at once. */
export const RANK_FETCH_JITTER_MS = 400;

export interface ShownBoard<T extends RankRow> {
  page: RankPage<T> | null;
  /** `<variant>/<version>` the page was read at (x-oj-board-version), or after the last delta applied. */
  version: string | null;
  /** No keyword and no concerned users pinned: only such pages follow deltas. */
  plain: boolean;
  removeStar: boolean;
  /** The caller's own row pinned first (inner board), or null. */
  pinUid: string | null;
}

export type PushOutcome<T extends RankRow> =
  /** The page is already at the pushed version. */
  | { kind: 'current' }
  | { kind: 'apply'; page: RankPage<T>; version: string }
  | { kind: 'fetch' }
  /**
   * The push lists no delta of the page's variant: the view changed (e.g. the seal began)
   * when it comes from the contest room; nothing for this page when from the admin room
   * (which only carries the real boards).
   */
  | { kind: 'unlisted' };

/**
 * What a push means for the shown page: the delta of its variant applied when it starts at
 * the page's version, or a fetch (no delta for its variant, a version gap, a reload delta,
 * a page that is not plain or misses a row sliding in).
 */
export function onRankPush<T extends RankRow>(
  shown: ShownBoard<T>,
  boards: readonly RankDelta[] | undefined,
): PushOutcome<T> {
  if (!shown.page || !shown.version || !boards) return { kind: 'fetch' };
  const slash = shown.version.indexOf('/');
  const variant = shown.version.slice(0, slash);
  const at = shown.version.slice(slash + 1);
  const delta = boards.find((d) => d.variant === variant);
  if (!delta) return { kind: 'unlisted' };
  if (delta.version === at) return { kind: 'current' };
  if (delta.prevVersion !== at || !shown.plain) return { kind: 'fetch' };
  const page = applyRankDelta(shown.page, delta, { removeStar: shown.removeStar, pinUid: shown.pinUid });
  return page ? { kind: 'apply', page, version: `${variant}/${delta.version}` } : { kind: 'fetch' };
}

/** A fetch delay in [0, max): spreads the fetches of many viewers. */
export function jitter(max = RANK_FETCH_JITTER_MS, random: () => number = Math.random): number {
  return Math.floor(random() * max);
}

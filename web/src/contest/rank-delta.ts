// Rank pushes that carry the change (issue #6): what the board does with a `contest:rank`
// (or, for contest admins, `contest:rank-admin`) push. Pure; RankBoard wires it.
import {
  followRankPush,
  type FollowedPage,
  type RankDelta,
  type RankPage,
} from '@oj/protocol/contest/rank-delta';
import type { RankRow } from '@oj/protocol/contest/scoreboard';

/** Fetches a push cannot spare are spread over this long, so thousands of viewers do not fetch at once. */
export const RANK_FETCH_JITTER_MS = 400;

export type ShownBoard<T extends RankRow> = FollowedPage<T>;

export type PushOutcome<T extends RankRow> =
  /** The page is already at the pushed version (`older`: past it; the push's counts are older too). */
  | { kind: 'current'; older?: boolean }
  | { kind: 'apply'; page: RankPage<T>; version: string }
  | { kind: 'fetch' }
  /**
   * The push lists no delta of the page's variant: the view changed (e.g. the seal began)
   * when it comes from the contest room; nothing for this page when from the admin room
   * (which only carries the real boards).
   */
  | { kind: 'unlisted' };

/**
 * What a push means for the shown page (protocol followRankPush): the delta of its variant
 * applied when it starts at the page's version, the page relabelled when the seal began and the
 * sealed board equals it, or a fetch (no delta for its variant, a version gap, a reload delta,
 * a page that is not plain or misses a row sliding in).
 */
export function onRankPush<T extends RankRow>(
  shown: ShownBoard<T>,
  boards: readonly RankDelta[] | undefined,
): PushOutcome<T> {
  const out = followRankPush(shown, boards);
  if (out.kind === 'apply') return { kind: 'apply', page: out.page, version: out.version };
  if (out.kind === 'current') return out.older ? { kind: 'current', older: true } : { kind: 'current' };
  return out;
}

/**
 * The problem headers' counts a push carries for the variant of `version` (`<variant>/<v>`):
 * displayId → [accepted, submissions]. Empty when it carries none.
 */
export function pushedCounts(
  version: string | null,
  boards: readonly RankDelta[] | undefined,
): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  if (!version || !boards) return out;
  const variant = version.slice(0, version.indexOf('/'));
  for (const d of boards)
    if (d.variant === variant)
      for (const [displayId, ac, total] of d.counts ?? []) out.set(displayId, [ac, total]);
  return out;
}

/**
 * How long a push-caused fetch waits: a random delay whose window doubles with each fetch in a row
 * (0.4 s, 0.8 s, ... up to 8 s), so viewers that keep missing deltas spread out instead of
 * reading together after every verdict.
 */
export function fetchDelay(streak: number, random: () => number = Math.random): number {
  return jitter(Math.min(RANK_FETCH_JITTER_MS * 2 ** Math.max(0, streak), 8000), random);
}

/** A fetch delay in [0, max): spreads the fetches of many viewers. */
export function jitter(max = RANK_FETCH_JITTER_MS, random: () => number = Math.random): number {
  return Math.floor(random() * max);
}

/**
 * The contest clock's plain rules (times, status, seal, progress): no xstate, so a bundle that
 * needs only these (the web client's problem page) leaves the machine library out (issue #16).
 * clock.ts re-exports them next to the machine.
 */
export interface ContestTimes {
  /** Epoch milliseconds. */
  startTime: number;
  endTime: number;
  sealRank: boolean;
  /** Epoch milliseconds, or null. */
  sealRankTime: number | null;
  autoRealRank: boolean;
}

/** Contest status codes: -1 scheduled, 0 running, 1 ended. */
export const ContestStatus = { SCHEDULED: -1, RUNNING: 0, ENDED: 1 } as const;
export type ContestStatus = (typeof ContestStatus)[keyof typeof ContestStatus];

export function contestStatusAt(c: Pick<ContestTimes, 'startTime' | 'endTime'>, now: number): ContestStatus {
  if (now < c.startTime) return ContestStatus.SCHEDULED;
  if (now < c.endTime) return ContestStatus.RUNNING;
  return ContestStatus.ENDED;
}

/** Is the board sealed by the clock alone (no viewer privilege)? §0.7 without forceRefresh. */
export function boardSealedAt(c: ContestTimes, now: number): boolean {
  if (!c.sealRank || c.sealRankTime === null) return false;
  if (c.sealRankTime < now && now < c.endTime) return true;
  return now > c.endTime && !c.autoRealRank;
}

/** The seal predicate `sealed(viewer, forceRefresh)` (§0.7). */
export function sealedFor(
  c: ContestTimes,
  now: number,
  viewer: { isContestAdmin: boolean; forceRefresh: boolean },
) {
  if (!c.sealRank) return false;
  if (viewer.forceRefresh && viewer.isContestAdmin) return false;
  return boardSealedAt(c, now);
}

/** Progress in percent: 0 scheduled, elapsed/duration running, 100 ended. */
export function contestProgress(c: Pick<ContestTimes, 'startTime' | 'endTime'>, now: number): number {
  const status = contestStatusAt(c, now);
  if (status === ContestStatus.SCHEDULED) return 0;
  if (status === ContestStatus.ENDED) return 100;
  return Math.min(100, ((now - c.startTime) / Math.max(1, c.endTime - c.startTime)) * 100);
}

export type ClockStateValue = 'scheduled' | 'running' | 'sealed' | { ended: 'frozen' | 'real' };

/** The state the machine settles in at `now`, without running it. */
export function clockStateAt(c: ContestTimes, now: number): ClockStateValue {
  const status = contestStatusAt(c, now);
  if (status === ContestStatus.SCHEDULED) return 'scheduled';
  if (status === ContestStatus.RUNNING) return boardSealedAt(c, now) ? 'sealed' : 'running';
  return { ended: c.sealRank && c.sealRankTime !== null && !c.autoRealRank ? 'frozen' : 'real' };
}

/**
 * The contest clock (reference/api/contests-trainings-discussions.md §0.4, §0.7;
 * spec part 2 §5): scheduled → running → sealed → ended, driven by time events.
 * The same machine runs on the server (status, seal decisions, scoreboard variant)
 * and in the client (countdown, progress, sealed banner).
 *
 * `ended` has two children: `frozen` when the board stays sealed forever
 * (sealRank on, a seal time, autoRealRank off), `real` otherwise ("auto real rank").
 */
import { assign, setup } from 'xstate';

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

export type ClockEvent =
  /** Time passed: the clock re-evaluates where it is. */
  | { type: 'TICK'; now: number }
  /** The contest was edited (times or seal options). */
  | { type: 'UPDATE'; contest: ContestTimes; now: number };

export interface ClockContext {
  contest: ContestTimes;
  now: number;
}

const status = (ctx: ClockContext) => contestStatusAt(ctx.contest, ctx.now);

export const contestClockMachine = setup({
  types: {
    context: {} as ClockContext,
    events: {} as ClockEvent,
    input: {} as ClockContext,
  },
  guards: {
    isScheduled: ({ context }) => status(context) === ContestStatus.SCHEDULED,
    isEnded: ({ context }) => status(context) === ContestStatus.ENDED,
    isSealed: ({ context }) =>
      status(context) === ContestStatus.RUNNING && boardSealedAt(context.contest, context.now),
    isRunningUnsealed: ({ context }) =>
      status(context) === ContestStatus.RUNNING && !boardSealedAt(context.contest, context.now),
    staysFrozen: ({ context }) =>
      context.contest.sealRank && context.contest.sealRankTime !== null && !context.contest.autoRealRank,
  },
  actions: {
    setNow: assign({ now: ({ context, event }) => (event.type === 'TICK' ? event.now : context.now) }),
    setContest: assign(({ context, event }) =>
      event.type === 'UPDATE' ? { contest: event.contest, now: event.now } : context,
    ),
  },
}).createMachine({
  id: 'contestClock',
  context: ({ input }) => input,
  initial: 'route',
  // Any state re-routes on an edit: times may move the contest backwards.
  on: { UPDATE: { target: '.route', actions: 'setContest' } },
  states: {
    /** Transient: picks the state matching context.now. */
    route: {
      always: [
        { guard: 'isScheduled', target: 'scheduled' },
        { guard: 'isEnded', target: 'ended' },
        { guard: 'isSealed', target: 'sealed' },
        { target: 'running' },
      ],
    },
    scheduled: {
      on: { TICK: { actions: 'setNow' } },
      always: [
        { guard: 'isEnded', target: 'ended' },
        { guard: 'isSealed', target: 'sealed' },
        { guard: 'isRunningUnsealed', target: 'running' },
      ],
    },
    running: {
      on: { TICK: { actions: 'setNow' } },
      always: [
        { guard: 'isEnded', target: 'ended' },
        { guard: 'isSealed', target: 'sealed' },
      ],
    },
    sealed: {
      on: { TICK: { actions: 'setNow' } },
      always: [{ guard: 'isEnded', target: 'ended' }],
    },
    ended: {
      initial: 'settle',
      on: { TICK: { actions: 'setNow' } },
      states: {
        settle: { always: [{ guard: 'staysFrozen', target: 'frozen' }, { target: 'real' }] },
        frozen: {},
        real: {},
      },
    },
  },
});

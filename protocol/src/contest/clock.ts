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
import { type ContestTimes, ContestStatus, contestStatusAt, boardSealedAt } from './clock-times';

export * from './clock-times';

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

/**
 * The submission lifecycle (reference/judge.md §1.1, §6.5) as one XState machine,
 * shared by the server (which applies only legal transitions) and the client
 * (which drives its status banner from the same events).
 *
 * submitting(9) → pending(5) → compiling(6) → judging(7) → finished(final code)
 * finished → pending on rejudge/resubmit; cancel and manual judge rewrite a final code.
 */
import { and, assign, setup, transition, type SnapshotFrom } from 'xstate';
import { JudgeStatus } from '../enums/judge-status';
import { MANUAL_STATUSES, isFinalStatus } from './final-statuses';

export * from './final-statuses';

export type SubmissionEvent =
  /** The server stored the submission (status 5). */
  | { type: 'QUEUED' }
  /** Submitting failed on the client side (no row). */
  | { type: 'SUBMIT_FAILED' }
  | { type: 'COMPILING'; judger?: string }
  | { type: 'JUDGING'; judger?: string }
  /** The judge's final verdict (any final code, including CE, SE and SF). */
  | { type: 'RESULT'; status: number }
  /** Admin rejudge, or the owner's resubmit: back to Pending. */
  | { type: 'REJUDGE' }
  | { type: 'RESUBMIT' }
  /** Admin cancel; refused while a judge holds the task (`hasJudger`). */
  | { type: 'CANCEL'; hasJudger: boolean }
  /** Admin manual verdict. */
  | { type: 'MANUAL'; status: number };

export interface SubmissionContext {
  status: number;
}

const RUNNING = new Set<number>([JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING]);

export const submissionMachine = setup({
  types: {
    context: {} as SubmissionContext,
    events: {} as SubmissionEvent,
    input: {} as { status?: number } | undefined,
  },
  guards: {
    isFinalResult: ({ event }) =>
      event.type === 'RESULT' && isFinalStatus(event.status) && event.status !== JudgeStatus.CANCELLED,
    isManualStatus: ({ event }) => event.type === 'MANUAL' && MANUAL_STATUSES.includes(event.status),
    notCompileError: ({ context }) => context.status !== JudgeStatus.COMPILE_ERROR,
    cancellable: ({ context, event }) =>
      event.type === 'CANCEL' &&
      context.status !== JudgeStatus.CANCELLED &&
      !(context.status === JudgeStatus.PENDING && event.hasJudger),
  },
  actions: {
    setStatusFromEvent: assign({
      status: ({ event }) =>
        event.type === 'RESULT' || event.type === 'MANUAL' ? event.status : JudgeStatus.SYSTEM_ERROR,
    }),
    setPending: assign({ status: JudgeStatus.PENDING }),
    setCompiling: assign({ status: JudgeStatus.COMPILING }),
    setJudging: assign({ status: JudgeStatus.JUDGING }),
    setCancelled: assign({ status: JudgeStatus.CANCELLED }),
  },
}).createMachine({
  id: 'submission',
  initial: 'submitting',
  context: ({ input }) => ({ status: input?.status ?? JudgeStatus.SUBMITTING }),
  states: {
    submitting: {
      on: {
        QUEUED: { target: 'pending', actions: 'setPending' },
        SUBMIT_FAILED: { target: 'abandoned' },
      },
    },
    /** The client's local submission never reached the server. */
    abandoned: { type: 'final' },
    pending: {
      on: {
        COMPILING: { target: 'compiling', actions: 'setCompiling' },
        JUDGING: { target: 'judging', actions: 'setJudging' },
        RESULT: { target: 'finished', guard: 'isFinalResult', actions: 'setStatusFromEvent' },
        CANCEL: { target: 'finished', guard: 'cancellable', actions: 'setCancelled' },
      },
    },
    compiling: {
      on: {
        JUDGING: { target: 'judging', actions: 'setJudging' },
        RESULT: { target: 'finished', guard: 'isFinalResult', actions: 'setStatusFromEvent' },
      },
    },
    judging: {
      on: {
        RESULT: { target: 'finished', guard: 'isFinalResult', actions: 'setStatusFromEvent' },
      },
    },
    finished: {
      on: {
        REJUDGE: { target: 'pending', actions: 'setPending' },
        RESUBMIT: { target: 'pending', actions: 'setPending' },
        CANCEL: { target: 'finished', guard: 'cancellable', actions: 'setCancelled', reenter: true },
        MANUAL: {
          target: 'finished',
          guard: and(['notCompileError', 'isManualStatus']),
          actions: 'setStatusFromEvent',
          reenter: true,
        },
      },
    },
  },
});

export type SubmissionSnapshot = SnapshotFrom<typeof submissionMachine>;

/** Machine state of a stored status code. */
export function stateOfStatus(
  status: number,
): 'submitting' | 'pending' | 'compiling' | 'judging' | 'finished' {
  if (status === JudgeStatus.SUBMITTING) return 'submitting';
  if (status === JudgeStatus.PENDING) return 'pending';
  if (status === JudgeStatus.COMPILING) return 'compiling';
  if (status === JudgeStatus.JUDGING) return 'judging';
  return 'finished';
}

/** A snapshot standing at a stored status (e.g. a row read from the database). */
export function snapshotAt(status: number): SubmissionSnapshot {
  return submissionMachine.resolveState({ value: stateOfStatus(status), context: { status } });
}

/**
 * The status after `event`, or null when the event is not legal from `status`
 * (a late progress event after the verdict, a result for a cancelled row, ...).
 */
export function nextSubmissionStatus(status: number, event: SubmissionEvent): number | null {
  if (!RUNNING.has(status) && !isFinalStatus(status) && status !== JudgeStatus.SUBMITTING) return null;
  const before = snapshotAt(status);
  if (!before.can(event)) return null;
  const [after] = transition(submissionMachine, before, event);
  return after.context.status;
}

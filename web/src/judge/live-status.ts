// Turns what the server says about a submission (a push event, or a polled row) into events of
// the shared submission machine, so the banner only ever moves along legal transitions.
import { JudgeStatus } from '@oj/protocol/enums/judge-status';
import type { SubmissionUpdateReason } from '@oj/protocol/realtime/events';
import {
  isFinalStatus,
  nextSubmissionStatus,
  type SubmissionEvent,
  type SubmissionSnapshot,
} from '@oj/protocol/submission/machine';

export type MachineState = 'submitting' | 'abandoned' | 'pending' | 'compiling' | 'judging' | 'finished';

function fromRunning(status: number, reason?: SubmissionUpdateReason): SubmissionEvent[] {
  if (status === JudgeStatus.COMPILING) return [{ type: 'COMPILING' }];
  if (status === JudgeStatus.JUDGING) return [{ type: 'JUDGING' }];
  if (status === JudgeStatus.CANCELLED || reason === 'cancel') return [{ type: 'CANCEL', hasJudger: false }];
  if (isFinalStatus(status)) return [{ type: 'RESULT', status }];
  return [];
}

/**
 * Events that carry the machine from `state` to the reported `status`. `reason` is the push
 * event's cause; polled rows have none, and a finished row seen running again counts as a rejudge.
 */
export function eventsToward(
  state: MachineState,
  status: number,
  reason?: SubmissionUpdateReason,
): SubmissionEvent[] {
  if (state === 'abandoned' || status === JudgeStatus.SUBMITTING) return [];
  if (state === 'submitting') return [{ type: 'QUEUED' }, ...eventsToward('pending', status, reason)];
  if (state === 'finished') {
    if (reason === 'cancel' || status === JudgeStatus.CANCELLED)
      return [{ type: 'CANCEL', hasJudger: false }];
    if (reason === 'manual') return [{ type: 'MANUAL', status }];
    // Pushed progress/results after the verdict are late duplicates; only polled rows (no reason) infer.
    if (reason === 'progress' || reason === 'result' || reason === 'submitted') return [];
    const running =
      status === JudgeStatus.PENDING || status === JudgeStatus.COMPILING || status === JudgeStatus.JUDGING;
    if (reason === 'rejudge' || reason === 'resubmit' || running) {
      const back: SubmissionEvent = reason === 'resubmit' ? { type: 'RESUBMIT' } : { type: 'REJUDGE' };
      return [back, ...fromRunning(status, reason)];
    }
    // A different final code without a reason: an admin changed it by hand.
    return [{ type: 'MANUAL', status }];
  }
  if (state === 'compiling' && status === JudgeStatus.COMPILING) return [];
  if (state === 'judging' && (status === JudgeStatus.JUDGING || status === JudgeStatus.COMPILING)) return [];
  return fromRunning(status, reason);
}

/** Sends the events to an actor-like sink, skipping those the current snapshot refuses. */
export function applyToward(
  snapshot: () => SubmissionSnapshot,
  send: (e: SubmissionEvent) => void,
  status: number,
  reason?: SubmissionUpdateReason,
): void {
  const events = eventsToward(snapshot().value as MachineState, status, reason);
  for (const e of events) if (snapshot().can(e)) send(e);
}

/** Status of a list row after a pushed update (null when the update is not a legal move). */
export function reduceRowStatus(current: number, next: number, reason?: SubmissionUpdateReason): number {
  let status = current;
  const state = stateOf(current);
  for (const e of eventsToward(state, next, reason)) {
    const after = nextSubmissionStatus(status, e);
    if (after !== null) status = after;
  }
  return status;
}

function stateOf(status: number): MachineState {
  if (status === JudgeStatus.SUBMITTING) return 'submitting';
  if (status === JudgeStatus.PENDING) return 'pending';
  if (status === JudgeStatus.COMPILING) return 'compiling';
  if (status === JudgeStatus.JUDGING) return 'judging';
  return 'finished';
}

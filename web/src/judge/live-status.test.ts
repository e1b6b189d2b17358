import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { JudgeStatus } from '@oj/protocol/enums/judge-status';
import { submissionMachine } from '@oj/protocol/submission/machine';
import { applyToward, eventsToward, reduceRowStatus } from './live-status';

function drive(updates: [number, Parameters<typeof eventsToward>[2]?][]) {
  const actor = createActor(submissionMachine, { input: {} }).start();
  for (const [status, reason] of updates)
    applyToward(
      () => actor.getSnapshot(),
      (e) => actor.send(e),
      status,
      reason,
    );
  return actor.getSnapshot();
}

describe('live submission status', () => {
  it('walks submitting → pending → compiling → judging → accepted', () => {
    const snap = drive([
      [5, 'submitted'],
      [6, 'progress'],
      [7, 'progress'],
      [0, 'result'],
    ]);
    expect(snap.value).toBe('finished');
    expect(snap.context.status).toBe(JudgeStatus.ACCEPTED);
  });

  it('jumps straight to a verdict polled while still submitting', () => {
    expect(eventsToward('submitting', -1)).toEqual([{ type: 'QUEUED' }, { type: 'RESULT', status: -1 }]);
    expect(drive([[-2]]).context.status).toBe(JudgeStatus.COMPILE_ERROR);
  });

  it('ignores a late progress event after the verdict', () => {
    const snap = drive([[5], [0, 'result'], [7, 'progress']]);
    expect(snap.value).toBe('finished');
    expect(snap.context.status).toBe(0);
    // A polled row (no reason) seen running again after the verdict was rejudged.
    expect(drive([[5], [0], [7]]).value).toBe('judging');
  });

  it('follows rejudge and manual changes', () => {
    const snap = drive([
      [0, 'result'],
      [5, 'rejudge'],
      [-1, 'result'],
      [3, 'manual'],
    ]);
    expect(snap.context.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(
      drive([
        [-2, 'result'],
        [0, 'manual'],
      ]).context.status,
    ).toBe(JudgeStatus.COMPILE_ERROR);
  });

  it('reduces list rows the same way', () => {
    expect(reduceRowStatus(5, 7, 'progress')).toBe(7);
    expect(reduceRowStatus(7, 6, 'progress')).toBe(7);
    expect(reduceRowStatus(7, 0, 'result')).toBe(0);
    expect(reduceRowStatus(0, 5, 'rejudge')).toBe(5);
    expect(reduceRowStatus(5, -4, 'cancel')).toBe(-4);
    // an admin cancel of a finished row, whichever reason the update carries
    expect(reduceRowStatus(0, -4, 'manual')).toBe(-4);
    expect(reduceRowStatus(-2, -4, 'cancel')).toBe(-4);
  });
});

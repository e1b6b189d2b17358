import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { JudgeStatus as S } from '../enums/judge-status';
import { nextSubmissionStatus, submissionMachine } from './machine';

describe('submission lifecycle machine', () => {
  it('walks the happy path Submitting → Pending → Compiling → Judging → verdict', () => {
    const actor = createActor(submissionMachine, { input: {} }).start();
    expect(actor.getSnapshot().context.status).toBe(S.SUBMITTING);
    actor.send({ type: 'QUEUED' });
    actor.send({ type: 'COMPILING' });
    actor.send({ type: 'JUDGING' });
    actor.send({ type: 'RESULT', status: S.WRONG_ANSWER });
    expect(actor.getSnapshot().value).toBe('finished');
    expect(actor.getSnapshot().context.status).toBe(S.WRONG_ANSWER);
  });

  it('ignores progress that arrives after the verdict', () => {
    expect(nextSubmissionStatus(S.ACCEPTED, { type: 'JUDGING' })).toBeNull();
    expect(nextSubmissionStatus(S.ACCEPTED, { type: 'COMPILING' })).toBeNull();
    expect(nextSubmissionStatus(S.JUDGING, { type: 'COMPILING' })).toBeNull();
  });

  it('applies a verdict once: a second result on a final row is refused', () => {
    expect(nextSubmissionStatus(S.JUDGING, { type: 'RESULT', status: S.ACCEPTED })).toBe(S.ACCEPTED);
    expect(nextSubmissionStatus(S.ACCEPTED, { type: 'RESULT', status: S.ACCEPTED })).toBeNull();
    expect(nextSubmissionStatus(S.CANCELLED, { type: 'RESULT', status: S.WRONG_ANSWER })).toBeNull();
  });

  it('refuses running codes as a verdict', () => {
    expect(nextSubmissionStatus(S.JUDGING, { type: 'RESULT', status: S.PENDING })).toBeNull();
    expect(nextSubmissionStatus(S.PENDING, { type: 'RESULT', status: S.CANCELLED })).toBeNull();
  });

  it('lets a pending row skip Compiling and a verdict arrive from Pending', () => {
    expect(nextSubmissionStatus(S.PENDING, { type: 'JUDGING' })).toBe(S.JUDGING);
    expect(nextSubmissionStatus(S.PENDING, { type: 'RESULT', status: S.SYSTEM_ERROR })).toBe(S.SYSTEM_ERROR);
  });

  it('rejudge and resubmit go back to Pending only from a final status', () => {
    expect(nextSubmissionStatus(S.ACCEPTED, { type: 'REJUDGE' })).toBe(S.PENDING);
    expect(nextSubmissionStatus(S.SUBMITTED_FAILED, { type: 'RESUBMIT' })).toBe(S.PENDING);
    expect(nextSubmissionStatus(S.JUDGING, { type: 'REJUDGE' })).toBeNull();
  });

  it('cancel: not while judging, not pending with a judger, not twice', () => {
    expect(nextSubmissionStatus(S.PENDING, { type: 'CANCEL', hasJudger: false })).toBe(S.CANCELLED);
    expect(nextSubmissionStatus(S.PENDING, { type: 'CANCEL', hasJudger: true })).toBeNull();
    expect(nextSubmissionStatus(S.JUDGING, { type: 'CANCEL', hasJudger: true })).toBeNull();
    expect(nextSubmissionStatus(S.COMPILING, { type: 'CANCEL', hasJudger: false })).toBeNull();
    expect(nextSubmissionStatus(S.ACCEPTED, { type: 'CANCEL', hasJudger: true })).toBe(S.CANCELLED);
    expect(nextSubmissionStatus(S.CANCELLED, { type: 'CANCEL', hasJudger: false })).toBeNull();
  });

  it('manual judge: only on final non-CE rows, only to a selectable status', () => {
    expect(nextSubmissionStatus(S.WRONG_ANSWER, { type: 'MANUAL', status: S.ACCEPTED })).toBe(S.ACCEPTED);
    expect(nextSubmissionStatus(S.COMPILE_ERROR, { type: 'MANUAL', status: S.ACCEPTED })).toBeNull();
    expect(nextSubmissionStatus(S.PENDING, { type: 'MANUAL', status: S.ACCEPTED })).toBeNull();
    expect(nextSubmissionStatus(S.ACCEPTED, { type: 'MANUAL', status: S.PENDING })).toBeNull();
    expect(nextSubmissionStatus(S.ACCEPTED, { type: 'MANUAL', status: S.CANCELLED })).toBeNull();
  });
});

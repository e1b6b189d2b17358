// The hand-off of committed judgings to the runners (issue #11): building and queueing a task
// (local runners or the remote-judge worker), the outbox sweep that queues it again, and the
// claims and lease renewals runners send while they judge. The background loops are outbox.ts.
import { Value } from '@sinclair/typebox/value';
import { JudgeStatus, Subjects } from '@oj/protocol';
import { SubmissionJudgeTaskSchema, type SubmissionJudgeTask } from '@oj/protocol/judge/schemas';
import { isFinalStatus } from '@oj/protocol/submission/machine';
import type { SubmissionUpdateReason } from '@oj/protocol/realtime/events';
import {
  TASK_LEASE_MS,
  TASK_RESULT_HOLD_MS,
  type JudgeLeaseRenewal,
  type TaskClaimAnswer,
  type TaskClaimRequest,
} from '@oj/protocol/judge/lease';
import * as repo from './repository';
import * as outbox from './outbox-repository';
import type { JudgeRow } from './repository';
import { JudgeMessages as M } from './messages';
import type { JudgeProblem } from './ports';
import { remoteQueueOf, type RemoteTask } from './remote/queue';
import type { JudgeContext } from './service-context';
import type { VerdictPath } from './verdict-path';

const S = JudgeStatus;
/**
 * The outbox (issue #11): a committed judging is due for the sweeper after OUTBOX_FIRST_DUE_MS
 * unless the request that made it queued it first; a queued one is looked at again after
 * OUTBOX_SWEEP_AFTER_MS without a claim or a lease renewal (a lost message, a dead holder whose
 * redelivery never came); a failed put on the queue (bus down) is retried after OUTBOX_RETRY_MS.
 */
export const OUTBOX_FIRST_DUE_MS = 3_000;
export const OUTBOX_SWEEP_AFTER_MS = 30_000;
export const OUTBOX_RETRY_MS = 1_000;
/**
 * A result waiting for the database (issue #23) is announced on Subjects.judgeResultWaiting at
 * each of its retries; every process keeps the judging off the queue and off the runners this long
 * after the last announcement (the holder retries far more often, so only its death lets it lapse).
 */
export const RESULT_WAITING_MS = 15_000;

/** The announcement of a judge result held by a process until the database takes it. */
export interface ResultWaiting {
  submitId: number;
  version: number;
}

export function createHandOff(
  ctx: JudgeContext,
  verdicts: Pick<VerdictPath, 'applyVerdict' | 'rememberProblem' | 'rememberQueued'>,
) {
  const { db, bus, log, problems, publishUpdate } = ctx;

  function buildTask(row: JudgeRow, problem: JudgeProblem): SubmissionJudgeTask {
    return {
      kind: 'submission',
      submitId: row.submit_id,
      version: row.version,
      problemType: problem.type,
      ioScore: problem.ioScore,
      judgeMode: problem.judgeMode,
      judgeCaseMode: problem.judgeCaseMode,
      testCases: problem.testCases,
      ...(problem.checker ? { checker: problem.checker } : {}),
      ...(problem.judgeExtraFiles ? { judgeExtraFiles: problem.judgeExtraFiles } : {}),
      ...(problem.outputValidatorFlags ? { outputValidatorFlags: problem.outputValidatorFlags } : {}),
      limits: problem.limits,
      language: row.language,
      code: row.code,
      isRemoveEndBlank: problem.isRemoveEndBlank || problem.isRemote,
      ...(problem.fileIO ? { fileIO: problem.fileIO } : {}),
      ...(problem.userExtraFiles ? { userExtraFiles: problem.userExtraFiles } : {}),
      problemId: problem.problemId,
    };
  }

  /**
   * Puts a committed row (its outbox row committed with it) on the judge queue. A task that cannot
   * be built (no test data) ends the submission as System Error instead of leaving it Pending; a
   * queue that cannot be reached (bus down) only delays it: the outbox row stays due and the
   * sweeper queues it when the bus is back. `attempt` > 0 marks a re-queue (its own dedupe id).
   */
  async function dispatch(
    row: JudgeRow,
    reason: SubmissionUpdateReason | null,
    loaded?: JudgeProblem,
    attempt = 0,
  ): Promise<JudgeRow> {
    const problem = loaded ?? (await problems.getProblemForJudge(row.pid));
    verdicts.rememberProblem(row.pid, problem);
    // Remote problems are judged by the remote-judge worker (remote/worker.ts), on its own queue.
    const remote = problem?.isRemote === true;
    const task = problem && !remote ? buildTask(row, problem) : null;
    if (!remote && (!task || !Value.Check(SubmissionJudgeTaskSchema, task))) {
      const failed = await verdicts.applyVerdict(row.submit_id, row.version, {
        status: S.SYSTEM_ERROR,
        time: 0,
        memory: 0,
        score: null,
        errorMessage: M.NO_TEST_DATA,
        judger: '',
        cases: [],
      });
      return failed ? { ...row, ...failed } : row;
    }
    const queued = remote ? await enqueueRemoteTask(row, attempt) : await enqueueTask(row, task!, attempt);
    await outbox
      .scheduleNext(db, row.submit_id, row.version, queued ? OUTBOX_SWEEP_AFTER_MS : OUTBOX_RETRY_MS, queued)
      .catch((err: unknown) => log.warn({ err, submitId: row.submit_id }, 'outbox update failed'));
    if (queued) verdicts.rememberQueued(row);
    if (reason) await publishUpdate(row, reason);
    return row;
  }

  async function enqueueRemoteTask(row: JudgeRow, attempt: number): Promise<boolean> {
    const id = `remote:${row.submit_id}:${row.version}${attempt > 0 ? `:${attempt}` : ''}`;
    const task: RemoteTask = { submitId: row.submit_id, version: row.version, contest: row.cid !== 0 };
    try {
      await bus.enqueue(remoteQueueOf(task), task, { id });
      return true;
    } catch (err) {
      log.warn(
        { err, submitId: row.submit_id },
        'remote judge queue unreachable: the sweeper queues it later',
      );
      return false;
    }
  }

  // Judgings whose result some process holds until the database is back (`submitId:version` →
  // until when): such a judging is not queued again, nor judged again by a runner (issue #23).
  const waitingResults = new Map<string, number>();
  const waitingKey = (submitId: number, version: number) => `${submitId}:${version}`;
  function noteResultWaiting(w: ResultWaiting): void {
    const now = Date.now();
    for (const [key, until] of waitingResults) if (until <= now) waitingResults.delete(key);
    waitingResults.set(waitingKey(w.submitId, w.version), now + RESULT_WAITING_MS);
  }
  function resultIsWaiting(submitId: number, version: number): boolean {
    const until = waitingResults.get(waitingKey(submitId, version));
    return until !== undefined && until > Date.now();
  }
  /** This process holds the result of (submitId, version) until the database takes it: tell everyone. */
  async function announceResultWaiting(submitId: number, version: number): Promise<void> {
    noteResultWaiting({ submitId, version });
    const w: ResultWaiting = { submitId, version };
    await bus
      .publish(Subjects.judgeResultWaiting, w)
      .catch((err: unknown) => log.warn({ err, submitId }, 'announcing a waiting judge result failed'));
  }

  let queueDownSince = 0;
  async function enqueueTask(row: JudgeRow, task: SubmissionJudgeTask, attempt: number): Promise<boolean> {
    const id = `task:${row.submit_id}:${row.version}${attempt > 0 ? `:${attempt}` : ''}`;
    try {
      await bus.enqueue(Subjects.judgeTaskQueue, task, { id });
      queueDownSince = 0;
      return true;
    } catch (err) {
      queueDownSince ||= Date.now();
      log.warn({ err, submitId: row.submit_id }, 'judge queue unreachable: the sweeper queues it later');
      return false;
    }
  }

  /**
   * One sweep of the outbox: the rows that are due are queued again (or forgotten when over).
   * Stops early while the queue is unreachable (the rest stay due). Returns the rows looked at.
   */
  async function sweepOutbox(limit = 50): Promise<number> {
    const due = await outbox.takeDue(db, limit, OUTBOX_SWEEP_AFTER_MS);
    for (const [i, entry] of due.entries()) {
      try {
        await requeue(entry);
      } catch (err) {
        log.warn({ err, submitId: entry.submitId }, 'sweeping an outbox row failed');
      }
      if (queueDownSince) {
        const rest = due.slice(i + 1);
        for (const r of rest) await outbox.scheduleNext(db, r.submitId, r.version, OUTBOX_RETRY_MS, false);
        break;
      }
    }
    return due.length;
  }

  /** One-process start: the in-process queue is gone; every unfinished judging is due again now. */
  const rebuildQueue = () => outbox.releaseAll(db);

  /** The sweeper's turn on one due outbox row: forget it when over, queue it again otherwise. */
  async function requeue(entry: outbox.OutboxEntry): Promise<'removed' | 'queued' | 'waiting'> {
    // Its result is held until the database takes it: judging it again would judge it twice.
    // takeDue pushed the row OUTBOX_SWEEP_AFTER_MS ahead, so it is looked at again then.
    if (resultIsWaiting(entry.submitId, entry.version)) return 'waiting';
    const over =
      entry.status === null || entry.currentVersion !== entry.version || isFinalStatus(entry.status);
    if (over) {
      await outbox.removeJudgings(db, [entry]);
      return 'removed';
    }
    const row = await repo.findSubmission(db, entry.submitId);
    if (!row || row.version !== entry.version || isFinalStatus(row.status)) {
      await outbox.removeJudgings(db, [entry]);
      return 'removed';
    }
    // No put recorded (its process died between the put and the record, or the bus was away): the
    // first id again, so the queue drops it if that put did happen; later re-queues get new ids.
    await dispatch(row, null, undefined, entry.enqueued);
    return 'queued';
  }

  /**
   * A runner asks to judge (submitId, version): granted unless the judging is over or another
   * runner holds a live lease on it. A submission without an outbox row (written before it
   * existed) is judged while it is running.
   */
  async function claimTask(q: TaskClaimRequest): Promise<TaskClaimAnswer> {
    // A re-queued task whose first judging's result is waiting for the database: not again.
    if (resultIsWaiting(q.submitId, q.version)) return 'drop';
    const claimed = await outbox.claim(
      db,
      q.submitId,
      q.version,
      q.runner,
      TASK_LEASE_MS,
      OUTBOX_SWEEP_AFTER_MS,
    );
    if (claimed.outcome === 'claimed') {
      const state = claimed.state;
      if (state && state.version === q.version && !isFinalStatus(state.status)) return 'judge';
      // Final or superseded: this judging is over.
      await outbox.removeJudgings(db, [{ submitId: q.submitId, version: q.version }]);
      return 'drop';
    }
    if (claimed.outcome === 'held') return 'busy';
    const state = await repo.findVerdictState(db, q.submitId);
    return state && state.version === q.version && !isFinalStatus(state.status) ? 'judge' : 'drop';
  }

  /** A runner is still working: keep its leases. */
  async function renewLeases(renewal: JudgeLeaseRenewal): Promise<void> {
    await outbox.renewLeases(db, renewal.runner, renewal.tasks, TASK_LEASE_MS, OUTBOX_SWEEP_AFTER_MS);
  }

  /**
   * A runner has queued its results for these: they stay held until stored (the stored verdict
   * removes the outbox row), so a copy of the task claimed meanwhile is not judged again.
   */
  async function holdJudged(renewal: JudgeLeaseRenewal): Promise<void> {
    await outbox.holdJudged(
      db,
      renewal.runner,
      renewal.tasks,
      TASK_RESULT_HOLD_MS,
      TASK_RESULT_HOLD_MS + OUTBOX_SWEEP_AFTER_MS,
    );
  }

  return {
    dispatch,
    sweepOutbox,
    rebuildQueue,
    claimTask,
    renewLeases,
    holdJudged,
    noteResultWaiting,
    announceResultWaiting,
  };
}

/** Queues a committed row for judging and publishes `reason` (see createHandOff's dispatch). */
export type Dispatch = ReturnType<typeof createHandOff>['dispatch'];

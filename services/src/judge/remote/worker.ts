// The remote-judge worker (judge.md §6.1-6.2): takes remote submissions from their durable queue,
// claims each judging like a runner does (outbox lease, renewed while it works), leases an account
// of the judge's pool, submits, polls, and reports progress and the verdict through the same
// result path as the local runner (`oj.queue.judge-result`). The account is released on every path.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus, Job, Unsubscribe } from '@oj/protocol/bus';
import { JudgeStatus as S, Subjects } from '@oj/protocol';
import type { CaseResult, JudgeProgress, JudgeResult } from '@oj/protocol/judge/schemas';
import {
  TASK_ACK_DEADLINE_MS,
  TASK_LEASE_MS,
  TASK_RENEW_EVERY_MS,
  type JudgeLeaseRenewal,
  type TaskClaimAnswer,
  type TaskClaimRequest,
} from '@oj/protocol/judge/lease';
import * as repo from './repository';
import { sleep } from './http';
import type { SecretBox } from './secret';
import { RemoteMessages as RM } from './messages';
import {
  accountPoolOf,
  splitRemoteProblemId,
  type RemoteAccount,
  type RemoteAdapter,
  type RemoteJudgeName,
  type RemoteResult,
  type RemoteSubmission,
} from './types';

import { prioritySlots, type PrioritySlots } from './slots';
import { REMOTE_CONTEST_QUEUE, REMOTE_JUDGE_QUEUE, type RemoteTask } from './queue';
export { REMOTE_CONTEST_QUEUE, REMOTE_JUDGE_QUEUE, type RemoteTask };

export interface RemoteTimings {
  /** Poll period and number of polls (reference: 2.5 s × 60). */
  pollEveryMs: number;
  pollTries: number;
  /** Account wait period and tries (reference: 3 s × 200). */
  accountEveryMs: number;
  accountTries: number;
}

export const DEFAULT_TIMINGS: RemoteTimings = {
  pollEveryMs: 2500,
  pollTries: 60,
  accountEveryMs: 3000,
  accountTries: 200,
};

/** A judging whose run id exists is polled again (not resubmitted) after these outcomes (judge.md §6.4). */
const REPOLL_AFTER = new Set<number>([S.SUBMITTED_FAILED, S.PENDING, S.COMPILING, S.JUDGING, S.SYSTEM_ERROR]);

export interface RemoteWorkerOptions {
  db: Kysely<unknown>;
  bus: Bus;
  log: FastifyBaseLogger;
  adapters: Partial<Record<RemoteJudgeName, RemoteAdapter>>;
  secrets: SecretBox;
  /** Unique per process (lease holder, judger name). */
  name: string;
  timings?: Partial<RemoteTimings>;
  /** Judgings in flight at once (default 16: most of the time is spent waiting on the remote judge). */
  concurrency?: number;
}

export interface RemoteWorker {
  stop(): Promise<void>;
  /** Judging slots in use and jobs waiting for one (contest / general). */
  stats(): ReturnType<PrioritySlots['stats']>;
}

interface Held {
  task: RemoteTask;
  job: Job<unknown>;
  accountId: number | null;
}

export async function startRemoteWorker(opts: RemoteWorkerOptions): Promise<RemoteWorker> {
  const { db, bus, log, adapters, secrets, name } = opts;
  const t: RemoteTimings = { ...DEFAULT_TIMINGS, ...opts.timings };
  const held = new Map<string, Held>();
  const concurrency = opts.concurrency ?? 16;
  /** Shared by both queues: a freed slot goes to a contest judging first. */
  const slots = prioritySlots(concurrency);
  /** Jobs taken from a queue and waiting for a slot (kept alive, not yet claimed). */
  const waiting = new Set<Job<unknown>>();
  let stopping = false;
  /** Contest judgings of this process waiting for an account: general ones let them go first. */
  let contestWaiting = 0;

  const renew = setInterval(() => {
    for (const job of waiting) void job.working().catch(() => undefined);
    if (!held.size) return;
    const renewal: JudgeLeaseRenewal = {
      runner: name,
      tasks: [...held.values()].map((h) => ({ submitId: h.task.submitId, version: h.task.version })),
      at: Date.now(),
    };
    void bus.publish(Subjects.judgeLease(name), renewal).catch(() => undefined);
    for (const h of held.values()) void h.job.working().catch(() => undefined);
    const ids = [...held.values()].flatMap((h) => (h.accountId === null ? [] : [h.accountId]));
    void repo.renewAccounts(db, name, ids, TASK_ACK_DEADLINE_MS * 2).catch(() => undefined);
  }, TASK_RENEW_EVERY_MS);

  async function report(
    task: RemoteTask,
    r: Omit<JudgeResult, 'kind' | 'submitId' | 'version' | 'dedupeId' | 'judger'>,
  ) {
    const result: JudgeResult = {
      kind: 'submission',
      submitId: task.submitId,
      version: task.version,
      dedupeId: `remote:${task.submitId}:${task.version}`,
      judger: name,
      ...r,
    };
    await bus.enqueue(Subjects.judgeResultQueue, result, { id: result.dedupeId });
  }

  const failed = (status: number, errorMessage: string) => ({
    status,
    time: 0,
    memory: 0,
    score: null,
    errorMessage,
    cases: [],
  });

  async function progress(task: RemoteTask, status: 6 | 7) {
    const p: JudgeProgress = {
      kind: 'submission',
      submitId: task.submitId,
      version: task.version,
      status,
      judger: name,
    };
    await bus.publish(Subjects.judgeProgress(task.submitId), p).catch(() => undefined);
  }

  async function release(h: Held) {
    if (h.accountId === null) return;
    const id = h.accountId;
    h.accountId = null;
    await repo.releaseAccount(db, id, name);
  }

  async function leaseWithWait(pool: string, task: RemoteTask, h: Held) {
    if (task.contest) contestWaiting++;
    try {
      for (let i = 0; i < t.accountTries && !stopping; i++) {
        if (task.contest || contestWaiting === 0) {
          const got = await repo.leaseAccount(db, pool, name, TASK_ACK_DEADLINE_MS * 2);
          if (got) {
            h.accountId = got.id;
            return got;
          }
        }
        await sleep(t.accountEveryMs);
      }
      return null;
    } finally {
      if (task.contest) contestWaiting--;
    }
  }

  function account(row: { id: number; oj: string; username: string; passwordEnc: string }): RemoteAccount {
    return { id: row.id, oj: row.oj, username: row.username, password: secrets.decrypt(row.passwordEnc) };
  }

  async function poll(
    task: RemoteTask,
    adapter: RemoteAdapter,
    acc: RemoteAccount,
    runId: string,
    sub: RemoteSubmission,
  ) {
    const session = adapter.session();
    let shown = 0;
    for (let i = 0; i < t.pollTries && !stopping; i++) {
      await sleep(t.pollEveryMs);
      let r: RemoteResult;
      try {
        r = await adapter.fetchResult(session, acc, runId, sub);
      } catch (err) {
        log.warn({ err: (err as Error).message, submitId: task.submitId }, 'remote poll failed');
        continue;
      }
      if (!r.final) {
        const s = r.status === S.COMPILING ? S.COMPILING : r.status === S.JUDGING ? S.JUDGING : 0;
        if (s && s !== shown) {
          shown = s;
          await progress(task, s);
        }
        continue;
      }
      return r;
    }
    return null;
  }

  function finalReport(r: RemoteResult) {
    const cases: CaseResult[] = (r.cases ?? []).map((c, i) => ({
      caseId: i + 1,
      seq: i + 1,
      status: c.status,
      time: c.time,
      memory: c.memory,
      score: 0,
      fullScore: 0,
      groupNum: 1,
    }));
    const keepMessage =
      r.status === S.COMPILE_ERROR || r.status === S.SYSTEM_ERROR || r.status === S.RUNTIME_ERROR;
    return {
      status: r.status,
      time: r.time,
      memory: r.memory,
      score: null,
      errorMessage: r.status === S.SYSTEM_ERROR ? RM.REMOTE_SE : keepMessage ? r.errorMessage : null,
      cases,
    };
  }

  /** One judging, start to verdict. Returns false when there was nothing to do. */
  async function judge(task: RemoteTask, h: Held): Promise<void> {
    const sub = await repo.findSubmissionForRemote(db, task.submitId);
    if (!sub || sub.version !== task.version) return;
    const split = splitRemoteProblemId(sub.problem_id);
    if (!split) return report(task, failed(S.SYSTEM_ERROR, RM.notRemote(sub.problem_id)));
    const [oj, remoteId] = split;
    const adapter = adapters[oj];
    const pool = accountPoolOf(oj);
    const submission: RemoteSubmission = { remoteId, language: sub.language, code: sub.code };

    // A run submitted before (a redelivery after a worker died, or a resubmit of a failed
    // judging) is polled again with the account that submitted it.
    const run = await repo.findRun(db, task.submitId);
    if (adapter && run?.runId && run.accountId !== null) {
      const again =
        run.version === task.version
          ? run.finalStatus === null
          : run.finalStatus === null || REPOLL_AFTER.has(run.finalStatus);
      const row = again ? await repo.findAccount(db, run.accountId) : undefined;
      if (row) {
        await repo.adoptRun(db, task.submitId, task.version);
        await progress(task, S.JUDGING);
        const r = await poll(task, adapter, account(row), run.runId, submission);
        return settle(task, r);
      }
    }

    if (!adapter || (await repo.countAccounts(db, pool)) === 0) {
      return report(task, failed(S.SYSTEM_ERROR, RM.noAccount(oj)));
    }
    const leased = await leaseWithWait(pool, task, h);
    if (!leased) return report(task, failed(S.SUBMITTED_FAILED, RM.ACCOUNT_WAIT_TIMEOUT));
    const acc = account(leased);
    await repo.startRun(db, task.submitId, task.version, oj, acc.id);
    let runId: string;
    try {
      const session = adapter.session();
      await adapter.login(session, acc);
      runId = await adapter.submit(session, acc, submission);
    } catch (err) {
      log.warn({ err: (err as Error).message, submitId: task.submitId }, 'remote submit failed');
      await repo.finishRun(db, task.submitId, S.SUBMITTED_FAILED);
      await release(h);
      return report(task, failed(S.SUBMITTED_FAILED, RM.submitFailed(oj)));
    }
    await repo.setRunId(db, task.submitId, runId);
    await progress(task, S.JUDGING);
    const r = await poll(task, adapter, acc, runId, submission);
    // Free before the verdict goes out: whoever sees the verdict finds the account free.
    if (r || !stopping) await release(h);
    return settle(task, r);
  }

  async function settle(task: RemoteTask, r: RemoteResult | null) {
    if (stopping && !r) throw new Error('stopping'); // give the judging back (re-polled elsewhere)
    if (!r) {
      await repo.finishRun(db, task.submitId, S.SUBMITTED_FAILED);
      return report(task, failed(S.SUBMITTED_FAILED, RM.POLL_TIMEOUT));
    }
    await repo.finishRun(db, task.submitId, r.status);
    return report(task, finalReport(r));
  }

  /** One job of either queue: wait for a slot (contest first), claim, judge, ack. */
  async function handle(job: Job<unknown>, fromContestQueue: boolean): Promise<void> {
    const task = job.data as RemoteTask;
    if (!task || typeof task.submitId !== 'number' || typeof task.version !== 'number') {
      await job.term('malformed remote task');
      return;
    }
    waiting.add(job);
    let releaseSlot: () => void;
    try {
      releaseSlot = await slots.acquire(fromContestQueue || task.contest === true);
    } finally {
      waiting.delete(job);
    }
    try {
      if (stopping) {
        await job.nak(1000);
        return;
      }
      await claimAndJudge(job, task);
    } finally {
      releaseSlot();
    }
  }

  async function claimAndJudge(job: Job<unknown>, task: RemoteTask): Promise<void> {
    let answer: TaskClaimAnswer;
    try {
      const q: TaskClaimRequest = { submitId: task.submitId, version: task.version, runner: name };
      answer = await bus.request<TaskClaimAnswer>(Subjects.judgeTaskClaim, q, { timeoutMs: 5000 });
    } catch {
      await job.nak(1000);
      return;
    }
    if (answer === 'drop') return job.ack();
    if (answer === 'busy') return job.nak(TASK_LEASE_MS);
    const key = `${task.submitId}:${task.version}`;
    const h: Held = { task, job, accountId: null };
    held.set(key, h);
    try {
      await judge(task, h);
      await job.ack();
    } catch (err) {
      log.warn({ err: (err as Error).message, submitId: task.submitId }, 'remote judging interrupted');
      await job.nak(1000).catch(() => undefined);
    } finally {
      held.delete(key);
      await release(h).catch(() => undefined);
    }
  }

  // Each queue may hand this process as many jobs as it has slots; they start in slot order,
  // contest jobs first. A worker with a free slot takes a contest job whatever the general backlog.
  const queueOptions = { concurrency, ackDeadlineMs: TASK_ACK_DEADLINE_MS, maxAttempts: 1000 };
  const stopContest: Unsubscribe = await bus.consume<unknown>(
    REMOTE_CONTEST_QUEUE,
    (job) => handle(job, true),
    queueOptions,
  );
  const stopGeneral: Unsubscribe = await bus.consume<unknown>(
    REMOTE_JUDGE_QUEUE,
    (job) => handle(job, false),
    queueOptions,
  );

  return {
    async stop() {
      stopping = true;
      clearInterval(renew);
      await Promise.all([stopContest(), stopGeneral()]);
    },
    stats: () => slots.stats(),
  };
}

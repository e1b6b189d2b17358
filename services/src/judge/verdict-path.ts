// The live path's writes: a runner's final verdict is committed and pushed, then settled (problem
// counters, AC record, outbox row) in shared short transactions; its Compiling/Judging progress
// is stored when legal and pushed. Self-test results are handed to self-test.ts.
import type { JudgeProgress, JudgeResult } from '@oj/protocol/judge/schemas';
import { JudgeStatus, Subjects } from '@oj/protocol';
import { isFinalStatus } from '@oj/protocol/submission/machine';
import * as repo from './repository';
import * as outbox from './outbox-repository';
import type { JudgeRow } from './repository';
import { markVerdict } from './trace';
import {
  caseRows,
  followUp,
  progressTransition,
  resultSources,
  resultTransition,
  verdictColumns,
  type Verdict,
} from './verdict';
import { createBatcher } from './batcher';
import { TtlCache } from '../platform/ttl-cache';
import type { JudgeProblem } from './ports';
import type { JudgeContext } from './service-context';

const S = JudgeStatus;
/** How long the verdict path trusts a problem it read (scoring fields), and how many it keeps. */
const VERDICT_PROBLEM_TTL_MS = 10_000;
const VERDICT_PROBLEM_CACHE_SIZE = 1000;
/** Submissions queued by this process remembered for their verdict (dropped wholesale past this). */
const QUEUED_HERE_SIZE = 20_000;

export function createVerdictPath(ctx: JudgeContext, finishTest: (result: JudgeResult) => Promise<void>) {
  const { db, problems, publishUpdate } = ctx;

  // A verdict needs the problem's scoring fields only; they are kept a few seconds so the
  // verdict path does not read the problem (three queries) per result. Dispatch refreshes them.
  const verdictProblems = new TtlCache<number, JudgeProblem | null>({
    ttlMs: VERDICT_PROBLEM_TTL_MS,
    maxEntries: VERDICT_PROBLEM_CACHE_SIZE,
  });
  const rememberProblem = (pid: number, problem: JudgeProblem | null) => verdictProblems.set(pid, problem);
  /** A problem changed somewhere (Subjects.problemChanged): read them again. */
  const forgetProblems = () => verdictProblems.clear();
  const problemForVerdict = (pid: number) => verdictProblems.get(pid, () => problems.getProblemForJudge(pid));

  // Owners of the submissions this process queued, until their verdict: in the one-process default
  // the result comes back here, and its verdict is written without reading the row first.
  const queuedHere = new Map<number, { pid: number; uid: string }>();
  function rememberQueued(row: JudgeRow): void {
    if (queuedHere.size >= QUEUED_HERE_SIZE) queuedHere.clear();
    queuedHere.set(row.submit_id, { pid: row.pid, uid: row.uid });
  }

  /**
   * Stores a final verdict for (submitId, version) with its cases in one statement, then publishes
   * it at once: what the contestant sees is committed. Null when there is nothing to store (a
   * stale version, or a row already final: a redelivery). The write is guarded by the status it
   * was decided on; a row that moved in between (a progress event) is read and decided again.
   * A redelivered result of a row already final publishes the stored verdict again (issue #23):
   * the process that stored it may have died before its push; clients ignore repeats.
   */
  async function commitVerdict(
    submitId: number,
    version: number,
    v: Verdict,
  ): Promise<Omit<JudgeRow, 'code'> | null> {
    // Queued by this process: written at once, guarded by every status the result may land on.
    const owner = queuedHere.get(submitId);
    const move = owner && resultSources(v.status);
    if (owner && move) {
      queuedHere.delete(submitId);
      const problem = await problemForVerdict(owner.pid);
      markVerdict(submitId, 'tx-start');
      const row = await repo.storeVerdict(db, {
        submitId,
        version,
        from: move.from,
        patch: verdictColumns(move.next, v, problem),
        cases: caseRows(owner, v, problem),
      });
      if (row) return published(row);
      // Not written (a stale version, a redelivery, ...): decide on the row as read below.
    }
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await repo.findVerdictState(db, submitId);
      if (!current || current.version !== version) return null;
      const next = resultTransition(current.status, v.status);
      if (next === null) {
        if (isFinalStatus(current.status)) await publishUpdate(current, 'result');
        return null;
      }
      const problem = await problemForVerdict(current.pid);
      markVerdict(submitId, 'tx-start');
      const row = await repo.storeVerdict(db, {
        submitId,
        version,
        from: [current.status],
        patch: verdictColumns(next, v, problem),
        cases: caseRows(current, v, problem),
      });
      if (row) return published(row);
    }
    throw new Error(`submission ${submitId}: the row kept changing while its verdict was stored`);
  }

  async function published<R extends repo.VerdictState>(row: R): Promise<R> {
    markVerdict(row.submit_id, 'committed');
    await publishUpdate(row, 'result');
    markVerdict(row.submit_id, 'published');
    return row;
  }

  /**
   * The follow-up writes of committed verdicts (problem counters, AC record), after the push, in one
   * short transaction for all the verdicts waiting at that moment (see batcher). Idempotent (see
   * followUp): a crash before it is redone when the unacked result is redelivered, and nothing is
   * counted twice. It always writes (counted_status), so its commit is a synchronous one that also
   * makes the verdicts' asynchronous commits durable (repository.storeVerdict).
   */
  async function settleVerdicts(items: { submitId: number; version: number }[]): Promise<void> {
    const wanted = new Map(items.map((i) => [i.submitId, i.version]));
    const counted = await db.transaction().execute(async (trx) => {
      const rows = await repo.lockVerdictStates(trx, [...wanted.keys()]);
      const due = rows.filter((r) => wanted.get(r.submit_id) === r.version && isFinalStatus(r.status));
      const accepted: repo.VerdictState[] = [];
      const moved: repo.VerdictState[] = [];
      for (const r of due) {
        const plan = followUp(r);
        if (plan.counters) {
          await problems.recordVerdict(r.pid, plan.counters.from, plan.counters.to, trx);
          moved.push(r);
        }
        if (plan.ac === 'add') accepted.push(r);
        else if (plan.ac === 'remove') await repo.removeAccepted(trx, r.uid, r.pid, r.submit_id);
      }
      await repo.addAcceptedMany(trx, accepted);
      await repo.markCounted(
        trx,
        due.map((r) => r.submit_id),
      );
      // The judging is over: nothing to queue again.
      await outbox.removeJudgings(
        trx,
        due.map((r) => ({ submitId: r.submit_id, version: r.version })),
      );
      return moved;
    });
    // Caches of the counters (problem lists) saw the 'result' event before the counters moved.
    for (const r of counted) await publishUpdate(r, 'counted');
  }
  const settler = createBatcher(settleVerdicts);

  /** Commit and push, then settle; done (and the result may be acked) when both are. */
  async function applyVerdict(
    submitId: number,
    version: number,
    v: Verdict,
  ): Promise<Omit<JudgeRow, 'code'> | null> {
    const row = await commitVerdict(submitId, version, v);
    await settler.add({ submitId, version });
    markVerdict(submitId, 'settled');
    return row;
  }

  async function applyResult(result: JudgeResult): Promise<void> {
    if (result.kind === 'test') return finishTest(result);
    // Import verification runs (issue #25): handed on, durably, to the problem capability.
    if (result.kind === 'verify') {
      await ctx.bus.enqueue(Subjects.problemVerifyResultQueue, result, { id: result.dedupeId });
      return;
    }
    // Test generation (issue #25 item 5): to the package import waiting for it.
    if (result.kind === 'generate') {
      await ctx.bus.publish(Subjects.problemGenerateResult, result);
      return;
    }
    if (result.submitId === undefined) return;
    // The runner reported progress before its result, and those reports reached this process
    // first (one connection, in order), but the verdict path is faster than theirs: let them land
    // first, or they would find the row final and never be pushed.
    await progressQueues.get(result.submitId);
    await applyVerdict(result.submitId, result.version ?? 0, result);
  }

  // A runner's reports on one submission are applied one after another, in the order they came:
  // the bus hands them over concurrently, and a Judging applied before its Compiling would make
  // the Compiling illegal (dropped, never pushed).
  const progressQueues = new Map<number, Promise<void>>();

  /** Compiling/Judging from a runner: stored when legal, then re-published as a domain event. */
  async function applyProgress(p: JudgeProgress): Promise<void> {
    if (p.kind !== 'submission' || p.submitId === undefined) return;
    const submitId = p.submitId;
    const run = (progressQueues.get(submitId) ?? Promise.resolve()).then(() => applyProgressNow(p, submitId));
    const tail = run.catch(() => undefined);
    progressQueues.set(submitId, tail);
    void tail.then(() => {
      if (progressQueues.get(submitId) === tail) progressQueues.delete(submitId);
    });
    return run;
  }

  async function applyProgressNow(p: JudgeProgress, submitId: number): Promise<void> {
    const event = p.status === S.COMPILING ? 'COMPILING' : 'JUDGING';
    // Runners judge the cases of a task one after another, so a finished case's seq counts the done ones.
    const counts = {
      ...(p.total !== undefined ? { casesTotal: p.total } : {}),
      ...(p.case ? { casesDone: p.case.seq } : {}),
    };
    // No lock and no transaction: a per-case report stores nothing, and a status move is one
    // guarded statement (read again if the row moved in between, e.g. the verdict landed).
    for (let attempt = 0; attempt < 5; attempt++) {
      const r = await repo.findVerdictState(db, submitId);
      if (!r || (p.version !== undefined && r.version !== p.version)) return;
      if (r.status === p.status && p.case) return publishUpdate(r, 'progress', counts);
      const next = progressTransition(r.status, event);
      if (next === null) return;
      const moved = await repo.moveStatus(db, submitId, r.version, r.status, {
        status: next,
        judger: p.judger,
      });
      if (moved) return publishUpdate(moved, 'progress', counts);
    }
  }

  return { applyVerdict, applyResult, applyProgress, rememberProblem, forgetProblems, rememberQueued };
}

export type VerdictPath = ReturnType<typeof createVerdictPath>;

// Import verification (issue #25 item 3): every solution a package ships is judged on the imported
// problem by the real judge (a 'verify' task on the judge queue: no submission row, nothing in
// /status), its verdict stored against the verdicts the package expects, and each stored row
// pushed to the back office's admin room as it lands.
import { randomBytes } from 'node:crypto';
import { Value } from '@sinclair/typebox/value';
import { JudgeStatus, Subjects } from '@oj/protocol';
import type { Unsubscribe } from '@oj/protocol/bus';
import {
  JudgeResultSchema,
  VerifyJudgeTaskSchema,
  type JudgeResult,
  type VerifyJudgeTask,
} from '@oj/protocol/judge/schemas';
import { VERIFY_HELD_PREFIX, type ProblemVerification, type ProblemVerifyRow } from '@oj/protocol/problem';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/http/errors';
import { createProblemJudgePort, type ProblemForJudge } from '../port';
import * as problems from '../repository';
import type { ShippedSolution, TimeLimitRule } from '../packages/types';
import { DERIVE_CAP_MS, derivedTimeLimitMs } from '../packages/icpc/time-limit';
import * as repo from './repository';

const S = JudgeStatus;

/** A held-back row's message prefix (docs/compat.md K6), shared with the screen that words it. */
export const HELD_PREFIX = VERIFY_HELD_PREFIX;

const heldMessage = (rule: TimeLimitRule) => `${HELD_PREFIX}${JSON.stringify(rule)}`;

function ruleOf(message: string): TimeLimitRule | null {
  try {
    const r = JSON.parse(message.slice(HELD_PREFIX.length)) as Partial<TimeLimitRule>;
    if (typeof r.multiplier === 'number' && (r.resolution === null || typeof r.resolution === 'number'))
      return { multiplier: r.multiplier, resolution: r.resolution };
  } catch {
    // not a rule: the limit is left as it is
  }
  return null;
}

/** A solution of the accepted folder (the ones a time limit is derived from). */
const acceptedOnly = (expected: readonly string[]) => expected.length === 1 && expected[0] === 'AC';
/** Most solutions verified per problem (a package shipping more is verified on its first ones). */
export const MAX_VERIFY_SOLUTIONS = 100;

const VERDICT_NAMES: Record<number, string> = {
  [S.ACCEPTED]: 'AC',
  [S.WRONG_ANSWER]: 'WA',
  [S.TIME_LIMIT_EXCEEDED]: 'TLE',
  [S.MEMORY_LIMIT_EXCEEDED]: 'MLE',
  [S.RUNTIME_ERROR]: 'RTE',
  [S.PRESENTATION_ERROR]: 'PE',
  [S.COMPILE_ERROR]: 'CE',
  [S.PARTIAL_ACCEPTED]: 'PA',
};

/** A judge status as a verdict name of the verification table ('SE' for anything else). */
export function verdictName(status: number): string {
  return VERDICT_NAMES[status] ?? 'SE';
}

export function toVerifyRow(r: repo.VerifyRunRow): ProblemVerifyRow {
  const got = r.status === null ? null : verdictName(r.status);
  return {
    id: r.id,
    pid: r.pid,
    path: r.path,
    language: r.language,
    expected: r.expected,
    status: r.status,
    got,
    matches: got === null ? null : r.expected.includes(got),
    time: r.time,
    memory: r.memory,
    message: r.message,
  };
}

function buildTask(key: string, p: ProblemForJudge, s: { language: string; code: string }): VerifyJudgeTask {
  const nonEmpty = (files: Record<string, string>) => (Object.keys(files).length ? files : undefined);
  const userExtraFiles = nonEmpty(p.userExtraFiles);
  const judgeExtraFiles = nonEmpty(p.judgeExtraFiles);
  return {
    kind: 'verify',
    verifyKey: key,
    problemType: p.type,
    ioScore: p.ioScore,
    judgeMode: p.judgeMode,
    judgeCaseMode: p.judgeCaseMode,
    testCases: [...p.cases]
      .sort((a, b) => a.seq - b.seq)
      .map((c) => ({
        caseId: c.caseId,
        inputHash: c.inputHash,
        outputHash: c.outputHash,
        score: c.score,
        groupNum: c.groupNum,
      })),
    ...(p.checker ? { checker: p.checker } : {}),
    ...(judgeExtraFiles ? { judgeExtraFiles } : {}),
    ...(p.outputValidatorFlags ? { outputValidatorFlags: p.outputValidatorFlags } : {}),
    limits: { timeLimit: p.timeLimit, memoryLimit: p.memoryLimit, stackLimit: p.stackLimit },
    language: s.language,
    code: s.code,
    isRemoveEndBlank: p.isRemoveEndBlank,
    ...(p.fileIO ? { fileIO: p.fileIO } : {}),
    ...(userExtraFiles ? { userExtraFiles } : {}),
    problemId: p.problemId,
  };
}

export function createVerificationService(ctx: AppContext) {
  const { db, bus, log } = ctx;
  const judgePort = createProblemJudgePort(db);

  /**
   * Stores the rows and queues one verify task per solution; an earlier run of the problem is
   * replaced. With `timeLimitFrom` (a package without a time limit) only the accepted solutions
   * are queued, under the problem's current limit (the cap); the others are held back until the
   * last accepted one is judged, then the limit is derived and they are queued under it.
   */
  async function start(
    uid: string,
    pid: number,
    solutions: Pick<ShippedSolution, 'path' | 'language' | 'code' | 'expected'>[],
    timeLimitFrom?: TimeLimitRule,
  ): Promise<number> {
    const list = solutions.slice(0, MAX_VERIFY_SOLUTIONS);
    const problem = await judgePort.getProblemForJudge(pid);
    if (!problem) throw fail('对不起，该题目不存在！');
    const deriving = !!timeLimitFrom && list.some((s) => acceptedOnly(s.expected));
    const rows = list.map((s, i) => ({
      pid,
      verify_key: `VERIFY_${pid}_${randomBytes(12).toString('hex')}`,
      seq: i + 1,
      path: s.path,
      language: s.language,
      code: s.code,
      expected: s.expected,
      created_by: uid,
      message: deriving && !acceptedOnly(s.expected) ? heldMessage(timeLimitFrom!) : null,
      time_limit_rule: timeLimitFrom ?? null,
    }));
    await repo.deleteRuns(db, pid);
    await repo.insertRuns(db, rows);
    await queue(
      problem,
      rows.filter((r) => r.message === null),
    );
    return rows.length;
  }

  async function queue(
    problem: ProblemForJudge,
    rows: { verify_key: string; language: string; code: string }[],
  ) {
    for (const r of rows) {
      const task = buildTask(r.verify_key, problem, r);
      if (!Value.Check(VerifyJudgeTaskSchema, task)) {
        const first = Value.Errors(VerifyJudgeTaskSchema, task).First();
        await finish(r.verify_key, {
          status: S.SYSTEM_ERROR,
          time: 0,
          memory: 0,
          message: `not judged: ${first ? `${first.path} ${first.message}` : 'invalid task'}`,
        });
        continue;
      }
      await bus.enqueue(Subjects.judgeTaskQueue, task, { id: `task:verify:${r.verify_key}` });
    }
  }

  /**
   * Once no queued row of the problem is left unjudged, its held-back rows (if any) are taken:
   * the time limit becomes the slowest accepted solution's time by the rule (left at the cap when
   * none was accepted) and they are queued under it. Whoever takes the rows does it, once.
   */
  async function releaseHeld(pid: number): Promise<void> {
    const counts = await repo.unfinishedCounts(db, pid, HELD_PREFIX);
    if (counts.queued > 0 || counts.held === 0) return;
    const taken = await repo.takeHeldRows(db, pid, HELD_PREFIX);
    if (!taken.length) return;
    const rule = ruleOf(taken[0]!.mark);
    const times = (await repo.runsOf(db, pid))
      .filter((r) => acceptedOnly(r.expected) && r.status === S.ACCEPTED)
      .map((r) => r.time ?? 0);
    if (rule && times.length) {
      const limit = derivedTimeLimitMs(Math.max(...times), rule);
      await problems.updateProblem(db, pid, { time_limit: limit });
      log.info({ pid, slowest: Math.max(...times), limit }, 'time limit derived from the accepted solutions');
      try {
        await bus.publish(Subjects.problemChanged, { at: Date.now() });
      } catch (err) {
        log.warn({ err, pid }, 'could not publish a problem change');
      }
    }
    const problem = await judgePort.getProblemForJudge(pid);
    if (problem) await queue(problem, taken);
  }

  /**
   * Runs the stored solutions of a problem again (after an edit of its data or limits). A Kattis
   * package that stated no time limit has it derived again (K6): the accepted solutions run under
   * the cap, the others under the limit their times give.
   */
  async function rerun(uid: string, pid: number): Promise<number> {
    const stored = await repo.runsOf(db, pid);
    if (!stored.length) throw fail('该题目没有可验证的解答！');
    const rule = stored[0]!.time_limit_rule ?? undefined;
    if (rule && stored.some((s) => acceptedOnly(s.expected)))
      await problems.updateProblem(db, pid, { time_limit: DERIVE_CAP_MS });
    return start(uid, pid, stored, rule);
  }

  async function finish(
    key: string,
    v: { status: number; time: number; memory: number; message: string | null },
  ): Promise<void> {
    const row = await repo.finishRun(db, key, v);
    if (!row) return;
    try {
      await bus.publish(Subjects.adminProblemVerify, toVerifyRow(row));
    } catch (err) {
      // Stored: the screen reads it again when it (re)opens.
      log.warn({ err, key }, 'publishing a verification row failed');
    }
    await releaseHeld(row.pid);
  }

  async function applyResult(result: JudgeResult): Promise<void> {
    if (result.kind !== 'verify' || !result.verifyKey) return;
    const firstFailure = result.cases.find((c) => c.message && c.status !== S.ACCEPTED)?.message;
    await finish(result.verifyKey, {
      status: result.status,
      time: result.time,
      memory: result.memory,
      message: (result.errorMessage ?? firstFailure ?? null)?.slice(0, 2000) ?? null,
    });
  }

  /** Consumes the verify results the judge capability hands on. */
  async function consume(): Promise<Unsubscribe> {
    return bus.consume<unknown>(
      Subjects.problemVerifyResultQueue,
      async (job) => {
        if (!Value.Check(JudgeResultSchema, job.data)) {
          await job.term('malformed verify result');
          return;
        }
        try {
          await applyResult(job.data as JudgeResult);
          await job.ack();
        } catch (err) {
          log.warn({ err, id: job.id }, 'storing a verification result failed: tried again');
          await job.nak(1000);
        }
      },
      { concurrency: 4 },
    );
  }

  async function view(pid: number): Promise<ProblemVerification> {
    const problem = await problems.findProblem(db, pid);
    if (!problem) throw fail('对不起，该题目不存在！');
    const rows = await repo.runsOf(db, pid);
    return {
      pid,
      problemId: problem.problem_id,
      title: problem.title,
      auth: problem.auth,
      rows: rows.map(toVerifyRow),
    };
  }

  return { start, rerun, view, consume, applyResult };
}

export type VerificationService = ReturnType<typeof createVerificationService>;

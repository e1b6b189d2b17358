/**
 * Judging one task: compile, run the cases in the order the case mode asks, compare
 * or call the checker/interactor, aggregate (judge.md §1, §3.3, §4, §7).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JudgeStatus } from '@oj/protocol/enums/judge-status';
import { aggregate, casePasses, caseScore, effectiveCaseMode } from '@oj/protocol/judge/aggregate';
import type {
  CaseResult,
  JudgeProgress,
  JudgeResult,
  JudgeTestCase,
  SubmissionJudgeTask,
  TestJudgeTask,
  JudgeTask,
} from '@oj/protocol/judge/schemas';
import { judgeResultDedupeId } from '@oj/protocol/judge/schemas';
import {
  checkerLanguageFor,
  compileProgram,
  effectiveLimits,
  type CompileCache,
  type LanguageSupport,
} from '../languages/index';
import { clip, Workspace, type Sandbox } from '../sandbox/index';
import { checkerVerdict } from './checker-verdict';
import { compareOutput, compareTestRun, normaliseExpected } from './compare';
import { runInteractive, runProgram, userLimits, type Program } from './program';
import { runVerdict } from './verdict';

const S = JudgeStatus;
const MIB = 1024 * 1024;
const MIN_OUTPUT_CAP = 32 * MIB;
const CASE_MESSAGE_CAP = 4096;
const ERROR_MESSAGE_CAP = 2 * MIB;

/** Where test data comes from: a local host path for a blob hash, or null when absent. */
export interface TestDataSource {
  path(hash: string): Promise<string | null>;
}

/** Where a task's time goes, stage by stage (the bench prints it; issue #18). */
export interface StageTrace {
  add(stage: string, ms: number): void;
}

/** Run `fn`, adding its wall time to `stage` of the trace (if any). */
export async function timed<T>(
  trace: StageTrace | undefined,
  stage: string,
  fn: () => Promise<T>,
): Promise<T> {
  if (!trace) return fn();
  const t = performance.now();
  try {
    return await fn();
  } finally {
    trace.add(stage, performance.now() - t);
  }
}

export interface JudgeDeps {
  sandbox: Sandbox;
  languages: LanguageSupport;
  cache: CompileCache | null;
  testData: TestDataSource;
  /** Host directory under which per-task tmpfs workspaces are mounted. */
  workBase: string;
  judger: string;
  onProgress?: (p: JudgeProgress) => void | Promise<void>;
  /** Workspace tmpfs size (MiB). */
  workspaceMb?: number;
  /** Per-stage timing (bench). */
  trace?: StageTrace;
  /**
   * Cases of one submission judged at once, each in its own slot (default 1, or
   * OJ_CASE_PARALLELISM). Results are recorded in case order, and the modes that stop at a
   * failure (ergodic_without_error, subtask_lowest within a group) still stop there: cases
   * already started after it are dropped.
   */
  caseParallelism?: number;
}

function baseResult(task: JudgeTask, judger: string) {
  return task.kind === 'submission'
    ? {
        kind: task.kind,
        submitId: task.submitId,
        version: task.version,
        dedupeId: judgeResultDedupeId(task),
        judger,
      }
    : { kind: task.kind, testKey: task.testKey, dedupeId: judgeResultDedupeId(task), judger };
}

function failure(task: JudgeTask, judger: string, status: number, message: string): JudgeResult {
  return {
    ...baseResult(task, judger),
    status,
    time: 0,
    memory: 0,
    score: null,
    errorMessage: clip(message, ERROR_MESSAGE_CAP),
    cases: [],
  };
}

async function progress(
  deps: JudgeDeps,
  task: JudgeTask,
  status: 6 | 7,
  extra: Partial<JudgeProgress> = {},
): Promise<void> {
  if (!deps.onProgress) return;
  const key =
    task.kind === 'submission'
      ? { submitId: task.submitId, version: task.version }
      : { testKey: task.testKey };
  try {
    await deps.onProgress({ kind: task.kind, ...key, status, judger: deps.judger, ...extra });
  } catch {
    // progress is best effort; the final result is what counts
  }
}

/** Judge a task end to end. Never throws for bad input: it becomes SE/CE in the result. */
export async function judgeTask(task: JudgeTask, deps: JudgeDeps): Promise<JudgeResult> {
  const lang = deps.languages.available.get(task.language);
  if (!lang) {
    const why =
      deps.languages.unavailable.find((u) => u.name === task.language)?.reason ?? 'unknown language';
    return failure(
      task,
      deps.judger,
      S.SYSTEM_ERROR,
      `Language "${task.language}" is not available on judge ${deps.judger}: ${why}`,
    );
  }
  let ws: Workspace;
  const trace = deps.trace;
  try {
    // Only one-shot runs write into the task's workspace; pooled runs write in their slot.
    ws = await timed(trace, 'workspace', () =>
      Workspace.create(deps.workBase, deps.workspaceMb ?? 512, 8192, {
        mount: deps.sandbox.mode === 'one-shot',
      }),
    );
  } catch (err) {
    return failure(task, deps.judger, S.SYSTEM_ERROR, (err as Error).message);
  }
  try {
    await timed(trace, 'progress', () => progress(deps, task, S.COMPILING));
    const ctx = { sandbox: deps.sandbox, workspace: ws, cache: deps.cache, trace };
    const compiled = await timed(trace, 'compile', () =>
      compileProgram(ctx, lang, task.code, task.userExtraFiles, 'user'),
    );
    if (!compiled.ok) {
      const status =
        compiled.kind === 'CE'
          ? S.COMPILE_ERROR
          : compiled.kind === 'SF'
            ? S.SUBMITTED_FAILED
            : S.SYSTEM_ERROR;
      return failure(task, deps.judger, status, compiled.message);
    }
    const user: Program = { lang, artefact: compiled.artefact };
    const limits = effectiveLimits(lang, task.limits);
    if (task.kind === 'test') return await judgeTestRun(task, deps, ws, user, limits);
    return await judgeSubmission(task, deps, ws, user, limits);
  } catch (err) {
    return failure(task, deps.judger, S.SYSTEM_ERROR, `judge failure: ${(err as Error).message}`);
  } finally {
    await timed(trace, 'dispose', () => ws.dispose());
  }
}

type Limits = { timeLimit: number; memoryLimit: number; stackLimit: number };

async function judgeTestRun(
  task: TestJudgeTask,
  deps: JudgeDeps,
  ws: Workspace,
  user: Program,
  limits: Limits,
): Promise<JudgeResult> {
  await progress(deps, task, S.JUDGING, { total: 1 });
  const data = ws.dir('data');
  const inputFile = join(data, 'input');
  writeFileSync(inputFile, `${task.userInput}\n`, { mode: 0o444 });
  const cap = Math.max(2 * Buffer.byteLength(task.userInput), MIN_OUTPUT_CAP);
  const fileIO = task.fileIO ? { ...task.fileIO, inputFile } : undefined;
  const run = await runProgram(deps.sandbox, ws, {
    program: user,
    limits: userLimits(limits.timeLimit, limits.memoryLimit, limits.stackLimit, cap),
    stdinFile: inputFile,
    fileIO,
  });
  const r = run.result;
  const v = runVerdict(r, limits.timeLimit, limits.memoryLimit);
  const out = run.output.toString('utf8');
  let status = v.status;
  if (status === null) {
    status =
      task.expectedOutput === undefined
        ? S.ACCEPTED
        : compareTestRun(out, normaliseExpected(task.expectedOutput), task.isRemoveEndBlank) === 'AC'
          ? S.ACCEPTED
          : S.WRONG_ANSWER;
  }
  const stderr = [v.message, run.stderr.toString('utf8')].filter(Boolean).join('\n');
  return {
    ...baseResult(task, deps.judger),
    status,
    time: Math.min(r.timeMs, limits.timeLimit),
    memory: Math.min(r.memoryKB, limits.memoryLimit * 1024),
    score: null,
    errorMessage: v.message ?? null,
    cases: [],
    stdout: clip(out, 1000),
    stderr: clip(stderr, 1000),
  };
}

interface CaseContext {
  task: SubmissionJudgeTask;
  deps: JudgeDeps;
  ws: Workspace;
  user: Program;
  checker: Program | null;
  limits: Limits;
}

async function judgeSubmission(
  task: SubmissionJudgeTask,
  deps: JudgeDeps,
  ws: Workspace,
  user: Program,
  limits: Limits,
): Promise<JudgeResult> {
  let checker: Program | null = null;
  if (task.judgeMode !== 'default') {
    if (!task.checker)
      return failure(task, deps.judger, S.SYSTEM_ERROR, `${task.judgeMode} problem without a checker`);
    const cLang = checkerLanguageFor(task.checker.language);
    if (!cLang || !cLang.requires.every((bin) => existsSync(bin))) {
      return failure(
        task,
        deps.judger,
        S.SYSTEM_ERROR,
        `checker language "${task.checker.language}" is not supported`,
      );
    }
    const c = await compileProgram(
      { sandbox: deps.sandbox, workspace: ws, cache: deps.cache },
      cLang,
      task.checker.code,
      task.judgeExtraFiles,
      'checker',
    );
    if (!c.ok) return failure(task, deps.judger, S.SYSTEM_ERROR, `checker compile failed:\n${c.message}`);
    checker = { lang: cLang, artefact: c.artefact };
  }
  await progress(deps, task, S.JUDGING, { total: task.testCases.length });
  const ctx: CaseContext = { task, deps, ws, user, checker, limits };
  const mode = effectiveCaseMode(task.problemType, task.judgeCaseMode);
  const results: CaseResult[] = [];
  const record = async (r: CaseResult) => {
    results.push(r);
    await timed(deps.trace, 'progress', () => progress(deps, task, S.JUDGING, { case: r }));
  };
  const indexed = task.testCases.map((tc, i) => ({ tc, seq: i + 1 }));
  const width = Math.max(
    1,
    Math.floor(deps.caseParallelism ?? (Number(process.env.OJ_CASE_PARALLELISM) || 1)),
  );
  /** Judge `items` `width` at a time, record in order; with `stop`, the first failure ends it. */
  const inOrder = async (items: typeof indexed, stop: boolean): Promise<number | null> => {
    for (let i = 0; i < items.length; i += width) {
      const window = items.slice(i, i + width);
      const rs = await Promise.all(window.map(({ tc, seq }) => judgeCase(ctx, tc, seq)));
      for (const r of rs) {
        await record(r);
        if (stop && !casePasses(mode, r)) return r.seq;
      }
    }
    return null;
  };

  if (mode === 'subtask_lowest') {
    const groups = new Map<number, typeof indexed>();
    for (const it of indexed) {
      const g = groups.get(it.tc.groupNum);
      if (g) g.push(it);
      else groups.set(it.tc.groupNum, [it]);
    }
    for (const group of groups.values()) {
      const failedSeq = await inOrder(group, true);
      if (failedSeq === null) continue;
      for (const { tc, seq } of group) if (seq > failedSeq) await record(cancelled(tc, failedSeq));
    }
  } else {
    await inOrder(indexed, mode === 'ergodic_without_error');
  }

  const agg = aggregate({
    problemType: task.problemType,
    caseMode: mode,
    cases: results,
    ioScore: task.ioScore,
    timeLimitMs: limits.timeLimit,
    memoryLimitMb: limits.memoryLimit,
  });
  const keepsMessage = [S.COMPILE_ERROR, S.SYSTEM_ERROR, S.RUNTIME_ERROR, S.SUBMITTED_FAILED] as number[];
  return {
    ...baseResult(task, deps.judger),
    status: agg.status,
    time: agg.time,
    memory: agg.memory,
    score: agg.score,
    errorMessage: keepsMessage.includes(agg.status) ? (agg.message ?? null) : null,
    cases: results,
  };
}

function cancelled(tc: JudgeTestCase, seq: number): CaseResult {
  return {
    caseId: tc.caseId,
    seq,
    status: S.CANCELLED,
    time: 0,
    memory: 0,
    score: 0,
    fullScore: tc.score,
    groupNum: tc.groupNum,
    message: 'Cancelled: Skipped Judging',
  };
}

/** A case's data as a host file: inline content or a blob by hash. */
async function caseFile(
  ctx: CaseContext,
  tc: JudgeTestCase,
  seq: number,
  which: 'input' | 'output',
): Promise<string | null> {
  const inline = which === 'input' ? tc.input : tc.output;
  if (inline !== undefined) {
    const p = join(ctx.ws.dir('data'), `${seq}.${which === 'input' ? 'in' : 'out'}`);
    writeFileSync(p, inline, { mode: 0o444 });
    return p;
  }
  const hash = which === 'input' ? tc.inputHash : tc.outputHash;
  if (!hash) return null;
  return ctx.deps.testData.path(hash);
}

async function judgeCase(ctx: CaseContext, tc: JudgeTestCase, seq: number): Promise<CaseResult> {
  const base = { caseId: tc.caseId, seq, fullScore: tc.score, groupNum: tc.groupNum };
  const se = (message: string): CaseResult => ({
    ...base,
    status: S.SYSTEM_ERROR,
    time: 0,
    memory: 0,
    score: 0,
    message,
  });
  const trace = ctx.deps.trace;
  const [inputFile, answerFile] = await timed(trace, 'case.data', () =>
    Promise.all([caseFile(ctx, tc, seq, 'input'), caseFile(ctx, tc, seq, 'output')]),
  );
  if (!inputFile || (ctx.task.judgeMode !== 'interactive' && !answerFile))
    return se('test case has not found');
  const { limits, task } = ctx;

  if (task.judgeMode === 'interactive') {
    const answer = answerFile ?? inputFile;
    const run = await runInteractive(ctx.deps.sandbox, ctx.ws, {
      user: ctx.user,
      userLimits: userLimits(limits.timeLimit, limits.memoryLimit, limits.stackLimit, MIN_OUTPUT_CAP),
      interactor: ctx.checker!,
      interactorLimits: {
        ...userLimits(2 * limits.timeLimit, 2 * limits.memoryLimit, 128, MIN_OUTPUT_CAP),
        cpuMs: 2 * (limits.timeLimit + 200),
        wallMs: 6 * (limits.timeLimit + 200),
        memoryBytes: 2 * (limits.memoryLimit + 100) * MIB,
      },
      interactorArgs: ['/w/input', '/w/user_output', '/w/answer'],
      interactorFiles: { input: inputFile, answer },
    });
    const u = run.user;
    const time = u.timeMs;
    const memory = u.memoryKB;
    const done = (status: number, message?: string, percentage: number | null = null): CaseResult => {
      const r = {
        ...base,
        status,
        time,
        memory,
        percentage,
        message: message ? clip(message, CASE_MESSAGE_CAP) : undefined,
      };
      return { ...r, score: caseScore(r) };
    };
    // Precedence (judge.md §4.2), except that a user blocked until the wall limit is TLE, not RE.
    if (u.setupError) return done(S.SYSTEM_ERROR, u.setupError);
    if (u.tle || time > limits.timeLimit) return done(S.TIME_LIMIT_EXCEEDED);
    if (u.mle || memory > limits.memoryLimit * 1024) return done(S.MEMORY_LIMIT_EXCEEDED);
    const sigpipe = u.signal === 13 || u.exitCode === 13;
    const interactorClean = !run.interactor.re && !run.interactor.tle && !run.interactor.mle;
    if ((u.re && !sigpipe) || (sigpipe && interactorClean)) {
      const uv = runVerdict(u, limits.timeLimit, limits.memoryLimit);
      return done(uv.status ?? S.RUNTIME_ERROR, uv.message);
    }
    const cv = checkerVerdict(run.interactor, '', run.interactorStderr.toString('utf8'));
    const code = run.interactor.exitCode ?? run.interactor.signal;
    const msg =
      code && run.interactorStderr.length > 0
        ? `Interactive program exited with code: ${code}\n${cv.message}`
        : cv.message;
    return done(cv.status, msg, cv.percentage);
  }

  const t0 = performance.now();
  const expected = normaliseExpected(readFileSync(answerFile!, 'utf8'));
  trace?.add('case.data', performance.now() - t0);
  const cap =
    task.judgeMode === 'spj' ? MIN_OUTPUT_CAP : Math.max(2 * Buffer.byteLength(expected), MIN_OUTPUT_CAP);
  const fileIO = task.fileIO ? { ...task.fileIO, inputFile } : undefined;
  const run = await timed(trace, 'case.run', () =>
    runProgram(ctx.deps.sandbox, ctx.ws, {
      program: ctx.user,
      limits: userLimits(limits.timeLimit, limits.memoryLimit, limits.stackLimit, cap),
      stdinFile: inputFile,
      fileIO,
    }),
  );
  const r = run.result;
  // The program's own wall time, from its start to its exit (inside case.run).
  trace?.add('case.run.program', r.wallMs);
  const finish = (status: number, message?: string, percentage: number | null = null): CaseResult => {
    const c = {
      ...base,
      status,
      time: r.timeMs,
      memory: r.memoryKB,
      percentage,
      message: message ? clip(message, CASE_MESSAGE_CAP) : undefined,
    };
    return { ...c, score: caseScore(c) };
  };
  const v = runVerdict(r, limits.timeLimit, limits.memoryLimit);
  if (v.status !== null) return finish(v.status, v.message);

  if (task.judgeMode === 'spj') {
    const userOut = join(ctx.ws.dir('data'), `user-${seq}.out`);
    writeFileSync(userOut, run.output, { mode: 0o444 });
    const c = await runProgram(ctx.deps.sandbox, ctx.ws, {
      program: ctx.checker!,
      limits: {
        cpuMs: 16000,
        wallMs: 48000,
        memoryBytes: 512 * MIB,
        stackBytes: 128 * MIB,
        pids: 128,
        fileSizeBytes: 16 * MIB,
      },
      args: ['/w/input', '/w/user_output', '/w/answer'],
      files: { input: inputFile, user_output: userOut, answer: answerFile! },
    });
    const cv = checkerVerdict(c.result, c.output.toString('utf8'), c.stderr.toString('utf8'));
    return finish(cv.status, cv.message, cv.percentage);
  }

  const t1 = performance.now();
  const verdict = compareOutput(run.output.toString('utf8'), expected, task.isRemoveEndBlank);
  trace?.add('case.compare', performance.now() - t1);
  return finish(verdict === 'AC' ? S.ACCEPTED : verdict === 'PE' ? S.PRESENTATION_ERROR : S.WRONG_ANSWER);
}

/**
 * Judging one task: compile, run the cases in the order the case mode asks, compare
 * or call the checker/interactor, aggregate (judge.md §1, §3.3, §4, §7).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JudgeStatus } from '@oj/protocol/enums/judge-status';
import { aggregate, casePasses, caseScore, effectiveCaseMode } from '@oj/protocol/judge/aggregate';
import type {
  CaseResult,
  SampleIO,
  JudgeProgress,
  JudgeResult,
  JudgeTestCase,
  SubmissionJudgeTask,
  TestJudgeTask,
  VerifyJudgeTask,
  GenerateJudgeTask,
  JudgeTask,
} from '@oj/protocol/judge/schemas';
import type { BlobStore } from '@oj/protocol/bus';
import { judgeResultDedupeId, SAMPLE_IO_CAP } from '@oj/protocol/judge/schemas';
import {
  checkerLanguageFor,
  compileProgram,
  effectiveLimits,
  type CompileCache,
  type CompileContext,
  type LanguageSupport,
} from '../languages/index';
import { clip, readHead, Workspace, type Sandbox } from '../sandbox/index';
import { judgeInOrder, type RunBudget } from './case-order';
import { checkerVerdict } from './checker-verdict';
import { compareTestRun, normaliseExpected, type CompareVerdict } from './compare';
import { compareOutputFile, type ExpectedOutput } from './compare-stream';
import { compareTokensFile } from './token-compare';
import { generateTests } from './generate';
import { runInteractive, runProgram, userLimits, type Program, type RunInput } from './program';
import { TestDataMemory, type TestDataSource } from './test-data';
import { runVerdict } from './verdict';

const S = JudgeStatus;
const MIB = 1024 * 1024;
const MIN_OUTPUT_CAP = 32 * MIB;
const CASE_MESSAGE_CAP = 4096;
const ERROR_MESSAGE_CAP = 2 * MIB;

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
  /** Shared budget for the cases beyond a task's first one at a time (the runner's idle slots). */
  caseBudget?: RunBudget;
  /** Expected outputs in memory (default: one shared by the process, OJ_JUDGE_TESTDATA_MEMORY_MB). */
  testDataMemory?: TestDataMemory;
  /** Where generated tests are stored (test generation tasks only). */
  blobs?: BlobStore;
}

let sharedTestDataMemory: TestDataMemory | null = null;
function testDataMemory(deps: JudgeDeps): TestDataMemory {
  return deps.testDataMemory ?? (sharedTestDataMemory ??= new TestDataMemory());
}

/**
 * Progress events of one task, sent in order without holding up the judging (issue #18);
 * flushed before the result so none arrives after it.
 */
class ProgressQueue {
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: JudgeDeps,
    private readonly task: JudgeTask,
  ) {}

  send(status: 6 | 7, extra: Partial<JudgeProgress> = {}): void {
    if (!this.deps.onProgress) return;
    this.chain = this.chain.then(() => progress(this.deps, this.task, status, extra));
  }

  flush(): Promise<void> {
    return timed(this.deps.trace, 'progress', () => this.chain);
  }
}

/** A task judged on the problem's cases: a submission, or an import verification run (issue #25). */
type CaseTask = SubmissionJudgeTask | VerifyJudgeTask;

function baseResult(task: JudgeTask, judger: string) {
  if (task.kind === 'verify')
    return { kind: task.kind, verifyKey: task.verifyKey, dedupeId: judgeResultDedupeId(task), judger };
  if (task.kind === 'generate')
    return { kind: task.kind, generateKey: task.generateKey, dedupeId: judgeResultDedupeId(task), judger };
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
  // Test generation reports no progress: the import waits for its result only.
  if (!deps.onProgress || task.kind === 'generate') return;
  const key =
    task.kind === 'submission'
      ? { submitId: task.submitId, version: task.version }
      : task.kind === 'verify'
        ? { verifyKey: task.verifyKey }
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
  const progressQueue = new ProgressQueue(deps, task);
  try {
    progressQueue.send(S.COMPILING);
    // Test data is made ready while the program compiles.
    const data = task.kind === 'submission' || task.kind === 'verify' ? prepareCases(task, deps, ws) : null;
    data?.catch(() => undefined);
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
    const user: Program = { lang, artefact: compiled.artefact, image: compiled.image };
    const limits = effectiveLimits(lang, task.limits);
    if (task.kind === 'test') return await judgeTestRun(task, deps, ws, user, limits, progressQueue);
    if (task.kind === 'generate') return await generateResult(task, deps, ctx, ws, user, limits);
    const cases = await timed(trace, 'data.wait', () => data!);
    return await judgeSubmission(task, deps, ws, user, limits, progressQueue, cases);
  } catch (err) {
    return failure(task, deps.judger, S.SYSTEM_ERROR, `judge failure: ${(err as Error).message}`);
  } finally {
    await progressQueue.flush();
    await timed(trace, 'dispose', () => ws.dispose());
  }
}

type Limits = { timeLimit: number; memoryLimit: number; stackLimit: number };

/** A generation task's result: Accepted with the blobs made, or the failure that stopped it. */
async function generateResult(
  task: GenerateJudgeTask,
  deps: JudgeDeps,
  compile: CompileContext,
  ws: Workspace,
  main: Program,
  limits: Limits,
): Promise<JudgeResult> {
  if (!deps.blobs)
    return failure(task, deps.judger, S.SYSTEM_ERROR, 'this runner cannot store generated tests');
  const out = await generateTests(
    task,
    { sandbox: deps.sandbox, languages: deps.languages, compile, blobs: deps.blobs },
    ws,
    main,
    limits,
  );
  if (!out.ok) return failure(task, deps.judger, out.status, out.message);
  return {
    ...baseResult(task, deps.judger),
    status: S.ACCEPTED,
    time: out.time,
    memory: out.memory,
    score: null,
    errorMessage: null,
    cases: [],
    generated: out.generated,
  };
}

async function judgeTestRun(
  task: TestJudgeTask,
  deps: JudgeDeps,
  ws: Workspace,
  user: Program,
  limits: Limits,
  progressQueue: ProgressQueue,
): Promise<JudgeResult> {
  progressQueue.send(S.JUDGING, { total: 1 });
  const data = ws.dir('data');
  const inputFile = join(data, 'input');
  writeFileSync(inputFile, `${task.userInput}\n`, { mode: 0o444 });
  const cap = Math.max(2 * Buffer.byteLength(task.userInput), MIN_OUTPUT_CAP);
  const source = { path: inputFile };
  const fileIO = task.fileIO ? { ...task.fileIO, source } : undefined;
  const run = await runProgram(deps.sandbox, ws, {
    program: user,
    limits: userLimits(limits.timeLimit, limits.memoryLimit, limits.stackLimit, cap),
    stdin: source,
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
  task: CaseTask;
  deps: JudgeDeps;
  ws: Workspace;
  user: Program;
  checker: Program | null;
  limits: Limits;
}

/**
 * A case's data: its input (a blob's host file, or inline text written into the run's slot),
 * its expected output in memory.
 */
interface CaseData {
  input: RunInput | null;
  expected: ExpectedOutput | null;
  /** The input as a host file (checkers and interactors read it): inline text written once to the workspace. */
  inputFile: () => string | null;
  /** Host file of the answer (checkers and interactors read it). */
  answerFile: () => Promise<string | null>;
}

/** Every case's data, fetched at once. */
async function prepareCases(task: CaseTask, deps: JudgeDeps, ws: Workspace): Promise<CaseData[]> {
  const t = performance.now();
  const memory = testDataMemory(deps);
  const needsAnswerFile = task.judgeMode !== 'default';
  const out = await Promise.all(
    task.testCases.map(async (tc, i): Promise<CaseData> => {
      const seq = i + 1;
      const inline = (content: string, ext: string) => {
        const p = join(ws.dir('data'), `${seq}.${ext}`);
        writeFileSync(p, content, { mode: 0o444 });
        return p;
      };
      const blobInput = tc.input === undefined && tc.inputHash ? deps.testData.path(tc.inputHash) : null;
      const expected = task.judgeMode === 'default' ? memory.expected(tc, deps.testData) : null;
      let answer: Promise<string | null> | null = null;
      const answerFile = () =>
        (answer ??=
          tc.output !== undefined
            ? Promise.resolve(inline(tc.output, 'out'))
            : tc.outputHash
              ? deps.testData.path(tc.outputHash)
              : Promise.resolve(null));
      if (needsAnswerFile) answerFile().catch(() => undefined);
      const blobPath = await blobInput;
      const input: RunInput | null =
        tc.input !== undefined ? { data: tc.input } : blobPath ? { path: blobPath } : null;
      let inlineInput: string | null = null;
      const inputFile = () => (tc.input !== undefined ? (inlineInput ??= inline(tc.input, 'in')) : blobPath);
      return { input, expected: await expected, inputFile, answerFile };
    }),
  );
  deps.trace?.add('case.data', performance.now() - t);
  return out;
}

async function judgeSubmission(
  task: CaseTask,
  deps: JudgeDeps,
  ws: Workspace,
  user: Program,
  limits: Limits,
  progressQueue: ProgressQueue,
  data: CaseData[],
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
    checker = { lang: cLang, artefact: c.artefact, image: c.image };
  }
  progressQueue.send(S.JUDGING, { total: task.testCases.length });
  const ctx: CaseContext = { task, deps, ws, user, checker, limits };
  const mode = effectiveCaseMode(task.problemType, task.judgeCaseMode);
  const results: CaseResult[] = [];
  const record = (r: CaseResult) => {
    results.push(r);
    progressQueue.send(S.JUDGING, { case: r });
  };
  const indexed = task.testCases.map((tc, i) => ({ tc, seq: i + 1, data: data[i]! }));
  const width = Math.max(
    1,
    Math.floor(deps.caseParallelism ?? (Number(process.env.OJ_CASE_PARALLELISM) || 1)),
  );
  /** Judge `items` `width` at a time, recorded in case order; with `stop`, the first failure by order ends it. */
  const inOrder = (items: typeof indexed, stop: boolean): Promise<number | null> =>
    judgeInOrder({
      items,
      width,
      judge: ({ tc, seq, data }) => judgeCase(ctx, tc, seq, data),
      record,
      stopsAt: stop ? (r) => !casePasses(mode, r) : undefined,
      budget: deps.caseBudget,
    });

  const started = performance.now();
  if (mode === 'subtask_lowest') {
    const groups = new Map<number, typeof indexed>();
    for (const it of indexed) {
      const g = groups.get(it.tc.groupNum);
      if (g) g.push(it);
      else groups.set(it.tc.groupNum, [it]);
    }
    for (const group of groups.values()) {
      const failed = await inOrder(group, true);
      if (failed === null) continue;
      const failedSeq = group[failed]!.seq;
      for (const { tc, seq } of group) if (seq > failedSeq) record(cancelled(tc, failedSeq));
    }
  } else {
    await inOrder(indexed, mode === 'ergodic_without_error');
  }
  // Wall time of all the cases (the case.* stages add up every case's own, in parallel or not).
  deps.trace?.add('cases', performance.now() - started);

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

async function judgeCase(
  ctx: CaseContext,
  tc: JudgeTestCase,
  seq: number,
  data: CaseData,
): Promise<CaseResult> {
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
  const { input, expected } = data;
  const { limits, task } = ctx;
  const answerFile = task.judgeMode === 'default' ? null : await data.answerFile();
  const missing = task.judgeMode === 'default' ? !expected : task.judgeMode === 'spj' ? !answerFile : false;
  if (!input || missing) return se('test case has not found');
  const inputFile = task.judgeMode === 'default' ? null : data.inputFile()!;

  if (task.judgeMode === 'interactive') {
    const answer = answerFile ?? inputFile!;
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
      interactorFiles: { input: inputFile!, answer },
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

  const cap =
    task.judgeMode === 'spj'
      ? MIN_OUTPUT_CAP
      : Math.max(2 * Buffer.byteLength(expected!.text), MIN_OUTPUT_CAP);
  const fileIO = task.fileIO ? { ...task.fileIO, source: input } : undefined;
  const compared: { verdict: CompareVerdict | null; message?: string; ms: number } = { verdict: null, ms: 0 };
  const flags = task.outputValidatorFlags;
  // A sample case, or one the setter marked visible, keeps the start of the user's output (the
  // detail page shows it: issue #26.3); every other case's data stays hidden.
  const shown = tc.sample === true || tc.visible === true;
  let sampleOutput: Buffer | null = null;
  const t0 = performance.now();
  const run = await runProgram(ctx.deps.sandbox, ctx.ws, {
    program: ctx.user,
    limits: userLimits(limits.timeLimit, limits.memoryLimit, limits.stackLimit, cap),
    stdin: input,
    fileIO,
    trace,
    // Default mode: the output is compared as it is read, in the slot, and never held whole.
    inspectOutput:
      task.judgeMode === 'default'
        ? (result, outputPath, maxBytes) => {
            if (shown) sampleOutput = readHead(outputPath, SAMPLE_IO_CAP + 1);
            if (runVerdict(result, limits.timeLimit, limits.memoryLimit).status !== null) return;
            const t1 = performance.now();
            if (flags) {
              // the Kattis default output validator's comparison (issue #25)
              const tv = compareTokensFile(outputPath, expected!.text, flags, maxBytes);
              compared.verdict = tv.verdict;
              compared.message = tv.message;
            } else
              compared.verdict = compareOutputFile(outputPath, expected!, task.isRemoveEndBlank, maxBytes);
            compared.ms = performance.now() - t1;
          }
        : undefined,
  });
  const r = run.result;
  if (trace) {
    // case.run: the lease round trip but the comparison; case.run.program: the program's own wall time.
    trace.add('case.run', performance.now() - t0 - compared.ms);
    trace.add('case.run.program', r.wallMs);
    trace.add('case.compare', compared.ms);
  }
  const sampleIO = shown
    ? {
        ...sampleTexts(tc, data, expected?.text ?? null, answerFile, sampleOutput ?? run.output),
        // Named so the detail page can say why it shows the case (a setter's choice, not an example).
        ...(tc.sample ? {} : { visible: true }),
      }
    : undefined;
  const finish = (status: number, message?: string, percentage: number | null = null): CaseResult => {
    const c = {
      ...base,
      status,
      time: r.timeMs,
      memory: r.memoryKB,
      percentage,
      message: message ? clip(message, CASE_MESSAGE_CAP) : undefined,
    };
    return { ...c, score: caseScore(c), ...(sampleIO ? { sampleIO } : {}) };
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
      files: { input: inputFile!, user_output: userOut, answer: answerFile! },
    });
    const cv = checkerVerdict(c.result, c.output.toString('utf8'), c.stderr.toString('utf8'));
    return finish(cv.status, cv.message, cv.percentage);
  }

  const verdict = compared.verdict ?? 'WA';
  return finish(
    verdict === 'AC' ? S.ACCEPTED : verdict === 'PE' ? S.PRESENTATION_ERROR : S.WRONG_ANSWER,
    compared.message,
  );
}

/** The first `SAMPLE_IO_CAP` bytes of a text (a character cut in two is dropped); `cut` when longer. */
function head(bytes: Buffer): { text: string; cut: boolean } {
  if (bytes.length <= SAMPLE_IO_CAP) return { text: bytes.toString('utf8'), cut: false };
  let end = SAMPLE_IO_CAP;
  // Back off to the start of a UTF-8 character.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return { text: bytes.subarray(0, end).toString('utf8'), cut: true };
}

/**
 * A sample case's texts (issue #26.3): the start of its input (inline, or its blob's file), its
 * expected output (in memory in default mode, else the answer file) and the user's output.
 */
function sampleTexts(
  tc: JudgeTestCase,
  data: CaseData,
  expected: string | null,
  answerFile: string | null,
  output: Buffer,
): SampleIO {
  const fromFile = (path: string | null) => (path ? readHead(path, SAMPLE_IO_CAP + 1) : Buffer.alloc(0));
  // Only the start of an in-memory text is encoded: SAMPLE_IO_CAP + 1 characters are more bytes than the cap.
  const fromText = (text: string) => Buffer.from(text.slice(0, SAMPLE_IO_CAP + 1));
  const input = head(tc.input !== undefined ? fromText(tc.input) : fromFile(data.inputFile()));
  const answer = head(expected !== null ? fromText(expected) : fromFile(answerFile));
  const user = head(output);
  return {
    input: input.text,
    expected: answer.text,
    output: user.text,
    truncated: input.cut || answer.cut || user.cut,
  };
}

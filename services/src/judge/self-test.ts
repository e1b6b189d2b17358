// Self-tests (judge.md §7): code run on the user's own input, outside the submission table. The
// run waits under a random key, its result is stored when the runner sends it, and the first
// read of a finished result deletes it.
import { randomBytes } from 'node:crypto';
import { Value } from '@sinclair/typebox/value';
import { JudgeStatus, Subjects } from '@oj/protocol';
import { TestJudgeTaskSchema, type JudgeResult, type TestJudgeTask } from '@oj/protocol/judge/schemas';
import type { TestResult } from '@oj/protocol/submission/schemas';
import { isSiteAdmin, type AuthUser } from '../platform/http/access';
import { fail } from '../platform/http/errors';
import * as repo from './repository';
import { JudgeMessages as M } from './messages';
import { checkCode, checkLanguage, type SubmitGates } from './submit-checks';
import type { JudgeContext } from './service-context';

const S = JudgeStatus;
const MAX_TEST_INPUT = 1000;
/** Self-test keys live 10 minutes while pending, 60 s once finished (judge.md §7). */
const TEST_PENDING_TTL_S = 600;
const TEST_DONE_TTL_S = 60;

export function createSelfTests(ctx: JudgeContext, gates: SubmitGates) {
  const { db, bus, problems } = ctx;
  const { checkSwitch, takeWindow } = gates;

  /**
   * Who may run a problem (its limits and extra files) on their own input (issue #23 item 10): as
   * who may read its statement. Problem staff any; a group's problem its members; a public one
   * anyone; a contest problem (auth 3) those some contest holding it admits; a hidden one nobody else.
   */
  async function mayTest(user: AuthUser, pid: number, problem: { auth: number; gid: number | null }) {
    if (isSiteAdmin(user)) return true;
    if (problem.gid !== null && !(await ctx.groups?.isMember(problem.gid, user.uid))) return false;
    if (problem.auth === 1) return true;
    if (problem.auth === 3) return !!(await ctx.contestViews?.mayUseContestProblem?.(user, pid));
    return false;
  }

  async function testSubmit(
    user: AuthUser,
    body: {
      pid?: number | null;
      type?: string | null;
      code?: string | null;
      language?: string | null;
      userInput?: string | null;
      expectedOutput?: string | null;
    },
  ): Promise<string> {
    const kinds = { public: 'public', contest: 'contest', group: 'group' } as const;
    const kind = kinds[body.type as keyof typeof kinds];
    if (!kind) throw fail(M.TEST_BAD_TYPE);
    const sw = await checkSwitch(kind);
    if (!body.code) throw fail(M.TEST_CODE_EMPTY);
    if (!body.language) throw fail(M.TEST_LANGUAGE_EMPTY);
    checkLanguage(body.language, null);
    if (!body.userInput) throw fail(M.TEST_INPUT_EMPTY);
    if (body.userInput.length > MAX_TEST_INPUT) throw fail(M.TEST_INPUT_TOO_LONG);
    if (body.pid == null) throw fail(M.TEST_PID_EMPTY);
    checkCode(body.code);
    await takeWindow('test', user.uid, sw.defaultSubmitInterval, M.TEST_TOO_FAST);
    const problem = await problems.getProblemForJudge(body.pid);
    if (!problem || !(await mayTest(user, body.pid, problem))) throw fail(M.TEST_PROBLEM_MISSING);
    const testKey = `TEST_JUDGE_${randomBytes(16).toString('hex')}`;
    const task: TestJudgeTask = {
      kind: 'test',
      testKey,
      userInput: body.userInput,
      ...(body.expectedOutput ? { expectedOutput: body.expectedOutput } : {}),
      limits: problem.limits,
      language: body.language,
      code: body.code,
      isRemoveEndBlank: problem.isRemoveEndBlank || problem.isRemote,
      ...(problem.fileIO ? { fileIO: problem.fileIO } : {}),
      ...(problem.userExtraFiles ? { userExtraFiles: problem.userExtraFiles } : {}),
      problemId: problem.problemId,
    };
    if (!Value.Check(TestJudgeTaskSchema, task)) throw fail(M.TEST_PROBLEM_MISSING);
    // What the result echoes back (the runner does not send it again).
    const echo = {
      userInput: body.userInput,
      expectedOutput: body.expectedOutput ?? null,
      problemJudgeMode: problem.judgeMode,
    };
    await repo.insertTestRun(db, testKey, user.uid, TEST_PENDING_TTL_S, echo);
    await bus.enqueue(Subjects.judgeTaskQueue, task, { id: `task:${testKey}` });
    return testKey;
  }

  /** The first read of a finished result deletes it; keys are bound to the user who made them. */
  async function testResult(user: AuthUser, testKey: string): Promise<TestResult> {
    const run = await repo.findTestRun(db, testKey);
    if (!run || run.uid !== user.uid) throw fail(M.TEST_RESULT_MISSING);
    if (run.status === S.PENDING) {
      return {
        status: S.PENDING,
        time: null,
        memory: null,
        userInput: null,
        userOutput: null,
        expectedOutput: null,
        stderr: null,
        problemJudgeMode: null,
      };
    }
    if (!(await repo.consumeTestRun(db, testKey))) throw fail(M.TEST_RESULT_MISSING);
    return run.result as TestResult;
  }

  /** A runner's result for a self-test (the live path hands it over): stored once, with the echo. */
  async function finishTest(result: JudgeResult): Promise<void> {
    if (!result.testKey) return;
    const run = await repo.findTestRun(db, result.testKey);
    if (!run || run.status !== S.PENDING) return;
    const echo = (run.result ?? {}) as Partial<TestResult>;
    const stored: TestResult = {
      status: result.status,
      time: result.time,
      memory: result.memory,
      userInput: echo.userInput ?? null,
      userOutput: result.stdout ?? null,
      expectedOutput: echo.expectedOutput ?? null,
      stderr: result.stderr ?? result.errorMessage ?? null,
      problemJudgeMode: echo.problemJudgeMode ?? null,
    };
    await repo.finishTestRun(db, result.testKey, result.status, stored, TEST_DONE_TTL_S);
  }

  return { testSubmit, testResult, finishTest };
}

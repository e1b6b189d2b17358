// The rules of submissions: submit, view, share, resubmit, admin rejudge/manual/cancel,
// the live path (verdicts and progress from the runners), ranks. The only module that
// publishes the judge capability's events.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Value } from '@sinclair/typebox/value';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '@oj/protocol/bus';
import { JudgeStatus, Subjects, makePage, MAX_PAGE_SIZE, type Page } from '@oj/protocol';
import {
  SubmissionJudgeTaskSchema,
  TestJudgeTaskSchema,
  type JudgeProgress,
  type JudgeResult,
  type SubmissionJudgeTask,
  type TestJudgeTask,
} from '@oj/protocol/judge/schemas';
import { javaRound } from '@oj/protocol/judge/aggregate';
import { isFinalStatus, nextSubmissionStatus, type SubmissionEvent } from '@oj/protocol/submission/machine';
import type {
  CaseResultList,
  JudgeListItem,
  JudgeView,
  RankRow,
  SubmissionStatistics,
  TestResult,
} from '@oj/protocol/submission/schemas';
import type { SubmissionUpdate, SubmissionUpdateReason } from '@oj/protocol/realtime/events';
import {
  TASK_LEASE_MS,
  type JudgeLeaseRenewal,
  type TaskClaimAnswer,
  type TaskClaimRequest,
} from '@oj/protocol/judge/lease';
import type { Database } from '../platform/db/schema';
import { isRoot, isSiteAdmin, type AuthUser } from '../platform/http/access';
import { accessDenied, denied, fail, notFound } from '../platform/http/errors';
import * as repo from './repository';
import * as outbox from './outbox-repository';
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
import type { JudgeRow } from './repository';
import { TtlCache } from '../platform/ttl-cache';
import { JUDGE_LANGUAGES, JudgeMessages as M, languageError } from './messages';
import {
  DEFAULT_SWITCHES,
  type ContestSubmitPort,
  type GroupPort,
  type TrainingSubmitPort,
  type JudgeProblem,
  type JudgeSwitches,
  type ProblemPort,
} from './ports';
import { remoteQueueOf, type RemoteTask } from './remote/queue';
import { caseResultView, detailView, HIDDEN_CODE_NOTICE, judgeView, listItemView, statusView } from './views';

const S = JudgeStatus;
const MAX_CODE_LENGTH = 65_535;
const MAX_TEST_INPUT = 1000;
/** Self-test keys live 10 minutes while pending, 60 s once finished (judge.md §7). */
const TEST_PENDING_TTL_S = 600;
const TEST_DONE_TTL_S = 60;
/** How long the verdict path trusts a problem it read (scoring fields), and how many it keeps. */
const VERDICT_PROBLEM_TTL_MS = 10_000;
const VERDICT_PROBLEM_CACHE_SIZE = 1000;
/** Submissions queued by this process remembered for their verdict (dropped wholesale past this). */
const QUEUED_HERE_SIZE = 20_000;
/**
 * The outbox (issue #11): a committed judging is due for the sweeper after OUTBOX_FIRST_DUE_MS
 * unless the request that made it queued it first; a queued one is looked at again after
 * OUTBOX_SWEEP_AFTER_MS without a claim or a lease renewal (a lost message, a dead holder whose
 * redelivery never came); a failed put on the queue (bus down) is retried after OUTBOX_RETRY_MS.
 */
export const OUTBOX_FIRST_DUE_MS = 3_000;
export const OUTBOX_SWEEP_AFTER_MS = 30_000;
export const OUTBOX_RETRY_MS = 1_000;

export interface JudgeServiceDeps {
  db: Kysely<Database>;
  bus: Bus;
  log: FastifyBaseLogger;
  problems: ProblemPort;
  groups?: GroupPort;
  /** Contest submissions are refused (404 contest missing) until the contest capability provides this. */
  contests?: ContestSubmitPort;
  /** Training submissions (tid) are refused as missing trainings until the training capability provides this. */
  trainings?: TrainingSubmitPort;
  /** Current feature switches; defaults when absent. */
  switches?: () => Promise<JudgeSwitches>;
}

export type WatchDecision = 'ok' | 'not-found' | 'denied';

function pageArgs(currentPage: number | undefined, limit: number | undefined, defaultLimit: number) {
  const size = Math.min(limit !== undefined && limit >= 1 ? limit : defaultLimit, MAX_PAGE_SIZE);
  const current = currentPage !== undefined && currentPage >= 1 ? currentPage : 1;
  return { size, current, offset: (current - 1) * size };
}

/** "yyyy-MM-dd" of a UTC day. */
const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

export function createJudgeService(deps: JudgeServiceDeps) {
  const { db, bus, log, problems } = deps;
  const switches = async () => ({ ...DEFAULT_SWITCHES, ...(await deps.switches?.()) });
  let statisticsCache: { at: number; value: SubmissionStatistics } | null = null;

  // ---------- events ----------

  async function publishUpdate(
    row: repo.VerdictState,
    reason: SubmissionUpdateReason,
    extra: Pick<SubmissionUpdate, 'casesDone' | 'casesTotal'> = {},
  ): Promise<void> {
    const event: SubmissionUpdate = {
      submitId: row.submit_id,
      uid: row.uid,
      pid: row.pid,
      cid: row.cid,
      gid: row.gid,
      status: row.status,
      version: row.version,
      reason,
      time: row.time,
      memory: row.memory,
      score: row.score,
      judger: row.judger,
      ...extra,
      at: Date.now(),
    };
    try {
      await bus.publish(Subjects.submissionUpdated(row.submit_id), event);
    } catch (err) {
      // The row is already committed; a lost push only delays the client until it polls.
      log.warn({ err, submitId: row.submit_id }, 'publishing a submission update failed');
    }
  }

  // ---------- problems as the verdict path reads them ----------

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

  // ---------- judge tasks ----------

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
    rememberProblem(row.pid, problem);
    // Remote problems are judged by the remote-judge worker (remote/worker.ts), on its own queue.
    const remote = problem?.isRemote === true;
    const task = problem && !remote ? buildTask(row, problem) : null;
    if (!remote && (!task || !Value.Check(SubmissionJudgeTaskSchema, task))) {
      const failed = await applyVerdict(row.submit_id, row.version, {
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
    if (queued) {
      if (queuedHere.size >= QUEUED_HERE_SIZE) queuedHere.clear();
      queuedHere.set(row.submit_id, { pid: row.pid, uid: row.uid });
    }
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
  async function requeue(entry: outbox.OutboxEntry): Promise<'removed' | 'queued'> {
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
    await dispatch(row, null, undefined, entry.enqueued + 1);
    return 'queued';
  }

  /**
   * A runner asks to judge (submitId, version): granted unless the judging is over or another
   * runner holds a live lease on it. A submission without an outbox row (written before it
   * existed) is judged while it is running.
   */
  async function claimTask(q: TaskClaimRequest): Promise<TaskClaimAnswer> {
    const outcome = await outbox.claim(
      db,
      q.submitId,
      q.version,
      q.runner,
      TASK_LEASE_MS,
      OUTBOX_SWEEP_AFTER_MS,
    );
    if (outcome === 'claimed') {
      const state = await repo.findVerdictState(db, q.submitId);
      if (state && state.version === q.version && !isFinalStatus(state.status)) return 'judge';
      // Final or superseded: this judging is over.
      await outbox.removeJudgings(db, [{ submitId: q.submitId, version: q.version }]);
      return 'drop';
    }
    if (outcome === 'held') return 'busy';
    const state = await repo.findVerdictState(db, q.submitId);
    return state && state.version === q.version && !isFinalStatus(state.status) ? 'judge' : 'drop';
  }

  /** A runner is still working: keep its leases. */
  async function renewLeases(renewal: JudgeLeaseRenewal): Promise<void> {
    await outbox.renewLeases(db, renewal.runner, renewal.tasks, TASK_LEASE_MS, OUTBOX_SWEEP_AFTER_MS);
  }

  // ---------- submit ----------

  async function checkSwitch(kind: 'public' | 'group' | 'contest') {
    const sw = await switches();
    if (kind === 'group' && !sw.openGroupJudge) throw denied(M.GROUP_JUDGE_OFF);
    if (kind === 'contest' && !sw.openContestJudge) throw denied(M.CONTEST_JUDGE_OFF);
    if (kind === 'public' && !sw.openPublicJudge) throw denied(M.PUBLIC_JUDGE_OFF);
    return sw;
  }

  function checkCode(code: string) {
    if (code.trim() === '') throw fail(M.CODE_EMPTY);
    if (code.length > MAX_CODE_LENGTH) throw fail(M.CODE_TOO_LONG);
  }

  function checkLanguage(language: string, problem: JudgeProblem | null) {
    const allowed: readonly string[] =
      problem && problem.languages.length ? problem.languages : JUDGE_LANGUAGES;
    if (!allowed.includes(language)) throw fail(languageError(allowed));
  }

  async function takeWindow(kind: 'submit' | 'test', uid: string, seconds: number, msg: string) {
    if (seconds <= 0) return;
    if (!(await repo.takeRateWindow(db, `${kind}:${uid}`, seconds))) throw denied(msg);
  }

  /** The problem a site or group submission targets, with the visibility rules applied. */
  async function problemForSubmit(
    user: AuthUser,
    displayId: string,
    gid: number | null,
  ): Promise<JudgeProblem> {
    const pid = await problems.findPidByDisplayId(displayId.trim());
    const problem = pid === null ? null : await problems.getProblemForJudge(pid);
    if (!problem) throw denied(M.PROBLEM_GONE);
    if (problem.auth === 2) throw denied(M.PROBLEM_PRIVATE);
    if (problem.gid !== null) {
      if (gid === null) throw denied(M.GROUP_PROBLEM_NEEDS_GID);
      if (gid !== problem.gid) throw denied(M.NOT_GROUP_MEMBER);
      if (!isRoot(user) && !(await deps.groups?.isMember(problem.gid, user.uid)))
        throw denied(M.NOT_GROUP_MEMBER);
    }
    return problem;
  }

  async function trainingTarget(user: AuthUser, tid: number, displayId: string) {
    if (!deps.trainings) throw fail(M.TRAINING_MISSING);
    return deps.trainings.resolveSubmission(user, tid, displayId.trim());
  }

  async function contestTarget(user: AuthUser, cid: number, displayId: string) {
    if (!deps.contests) throw notFound(M.CONTEST_MISSING);
    return deps.contests.resolveSubmission(user, cid, displayId.trim());
  }

  async function submit(
    user: AuthUser,
    body: {
      pid: string;
      language: string;
      code: string;
      cid?: number | null;
      tid?: number | null;
      gid?: number | null;
      isRemote?: boolean | null;
    },
    ip: string | null,
  ): Promise<JudgeView> {
    const cid = body.cid ?? 0;
    const gid = body.gid ?? null;
    const sw = await checkSwitch(cid !== 0 ? 'contest' : gid !== null ? 'group' : 'public');
    checkCode(body.code);
    // Remote problems (the client says isRemote) take their judge's languages, checked below.
    if (!body.isRemote) checkLanguage(body.language, null);
    const target = cid !== 0 ? await contestTarget(user, cid, body.pid) : null;
    // Site and group submissions share one frequency window, consumed before the problem checks (as in HOJ).
    if (!target) await takeWindow('submit', user.uid, sw.defaultSubmitInterval, M.SUBMIT_TOO_FAST);
    // A training submission (core.md submit rule 7): the training capability's access rules decide.
    const tid = !target && body.tid ? body.tid : null;
    const inTraining = tid !== null ? await trainingTarget(user, tid, body.pid) : null;
    const problem = target
      ? await problems.getProblemForJudge(target.pid)
      : inTraining
        ? await problems.getProblemForJudge(inTraining.pid)
        : await problemForSubmit(user, body.pid, gid);
    if (!problem) throw denied(M.PROBLEM_GONE);
    checkLanguage(body.language, problem);
    // The submission and its outbox row commit together: whatever dies next, it gets judged.
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await repo.insertSubmission(trx, {
        pid: problem.id,
        display_pid: target ? target.displayId : problem.problemId,
        uid: user.uid,
        username: user.username,
        status: S.PENDING,
        length: body.code.length,
        code: body.code,
        language: body.language,
        cid: target ? cid : 0,
        cpid: target ? target.cpid : 0,
        gid: target ? target.gid : inTraining ? inTraining.gid : problem.gid,
        tid,
        ip,
        is_remote: problem.isRemote,
      });
      await outbox.addJudging(trx, inserted.submit_id, inserted.version, OUTBOX_FIRST_DUE_MS);
      return inserted;
    });
    const queued = await dispatch(row, 'submitted', problem);
    return judgeView(queued);
  }

  // ---------- self-test ----------

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
    if (!problem) throw fail(M.TEST_PROBLEM_MISSING);
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

  // ---------- reading ----------

  async function mustFind(submitId: number, msg: string = M.SUBMISSION_MISSING): Promise<JudgeRow> {
    const row = await repo.findSubmission(db, submitId);
    if (!row) throw notFound(msg);
    return row;
  }

  const isGroupRoot = async (viewer: AuthUser | null, gid: number | null) =>
    !!viewer && gid !== null && !!(await deps.groups?.isGroupRoot(gid, viewer.uid));

  async function detail(
    viewer: AuthUser | null,
    submitId: number,
  ): Promise<{ submission: JudgeView; codeShare: boolean }> {
    const row = await mustFind(submitId);
    if (row.cid !== 0 && !viewer) throw accessDenied(M.LOGIN_FIRST_SHORT);
    const problem = await problems.getProblemForJudge(row.pid);
    const sw = await switches();
    const submission = detailView(row, {
      viewer,
      viewerIsGroupRoot: await isGroupRoot(viewer, row.gid),
      codeShare: problem?.codeShare ?? false,
      hideNonContestCode: sw.hideNonContestSubmissionCode,
    });
    return { submission, codeShare: problem?.codeShare ?? false };
  }

  async function allCaseResult(viewer: AuthUser | null, submitId: number): Promise<CaseResultList | null> {
    const row = await mustFind(submitId);
    if (row.cid !== 0 && !viewer) throw denied(M.CASES_NEED_LOGIN);
    const problem = await problems.getProblemForJudge(row.pid);
    if (!problem?.openCaseResult) return null;
    const admin = isSiteAdmin(viewer);
    // Contest case details stay hidden from non-admins (the contest capability decides when to open them).
    if (row.cid !== 0 && !admin) return null;
    const cases = await repo.listCases(db, submitId);
    return caseResultView(cases, problem.judgeCaseMode, admin, problem.type === 0);
  }

  async function checkStatus(ids: readonly number[]): Promise<Record<string, JudgeView>> {
    const rows = await repo.findSubmissions(db, [...new Set(ids)]);
    return Object.fromEntries(rows.map((r) => [String(r.submit_id), statusView(r)]));
  }

  async function list(
    viewer: AuthUser | null,
    q: {
      currentPage?: number;
      limit?: number;
      onlyMine: boolean;
      problemID?: string;
      status?: number;
      username?: string;
      completeProblemID?: boolean;
      gid?: number;
    },
  ): Promise<Page<JudgeListItem>> {
    if (q.onlyMine && !viewer) throw accessDenied(M.ONLY_MINE_NEEDS_LOGIN);
    // A group's submissions are for its members and site root (the reference has no check: G20).
    if (q.gid != null) {
      if (!viewer) throw accessDenied(M.LOGIN_FIRST_SHORT);
      if (!isRoot(viewer) && !(await deps.groups?.isMember(q.gid, viewer.uid)))
        throw denied(M.GROUP_LIST_DENIED);
    }
    const { size, current, offset } = pageArgs(q.currentPage, q.limit, 30);
    const { rows, total } = await repo.listSubmissions(
      db,
      {
        uid: q.onlyMine ? viewer!.uid : undefined,
        status: q.status,
        problemId: q.problemID?.trim() || undefined,
        exactProblem: q.completeProblemID ?? false,
        username: q.username?.trim() || undefined,
        gid: q.gid ?? null,
      },
      size,
      offset,
    );
    const summaries = await problems.summariesOf([...new Set(rows.map((r) => r.pid))]);
    return makePage(
      rows.map((r) => listItemView(r, summaries.get(r.pid)?.title ?? '')),
      total,
      size,
      current,
    );
  }

  async function lastAcCode(user: AuthUser, pid: number, cid: number) {
    const row = await repo.lastAccepted(db, user.uid, pid, cid);
    if (!row) return { submitId: null, code: '', language: null };
    const sw = await switches();
    if (
      cid === 0 &&
      sw.hideNonContestSubmissionCode &&
      !isRoot(user) &&
      !user.roles.includes('problem_admin')
    ) {
      return { submitId: row.submit_id, code: HIDDEN_CODE_NOTICE, language: row.language };
    }
    return { submitId: row.submit_id, code: row.code + acCodeFooter(row), language: row.language };
  }

  // ---------- owner actions ----------

  async function share(
    user: AuthUser,
    submitId: number | null | undefined,
    shareIt: boolean | null | undefined,
  ) {
    if (submitId == null || shareIt == null) throw fail(M.SHARE_BAD_PARAMS);
    const row = await mustFind(submitId);
    if (row.uid !== user.uid) throw denied(M.SHARE_NOT_OWNER);
    if (row.cid !== 0) throw denied(M.SHARE_CONTEST);
    await repo.updateSubmission(db, submitId, { share: shareIt });
  }

  /** Reset a row for a new judging (rejudge/resubmit) inside a transaction; null when not legal now. */
  async function resetForJudging(
    submitId: number,
    event: Extract<SubmissionEvent, { type: 'REJUDGE' | 'RESUBMIT' }>,
    check: (row: JudgeRow) => void,
  ): Promise<JudgeRow | null> {
    return db.transaction().execute(async (trx) => {
      const row = await repo.lockSubmission(trx, submitId);
      if (!row) throw notFound(M.SUBMISSION_MISSING);
      check(row);
      const next = nextSubmissionStatus(row.status, event);
      if (next === null) return null;
      await repo.deleteCases(trx, submitId);
      if (row.status === S.ACCEPTED && row.cid === 0)
        await repo.removeAccepted(trx, row.uid, row.pid, submitId);
      const reset = await repo.updateSubmission(trx, submitId, {
        status: next,
        version: row.version + 1,
        judger: '',
        is_manual: false,
        time: null,
        memory: null,
        error_message: null,
        score: null,
        oi_rank_score: null,
      });
      await outbox.addJudging(trx, submitId, reset.version, OUTBOX_FIRST_DUE_MS);
      return reset;
    });
  }

  async function resubmit(user: AuthUser, submitId: number): Promise<JudgeView> {
    const row = await resetForJudging(submitId, { type: 'RESUBMIT' }, (r) => {
      if (r.uid !== user.uid) throw denied(M.NOT_OWNER_RESUBMIT);
      if (r.cid !== 0 && !r.is_remote) throw notFound(M.CONTEST_RESUBMIT_LOCAL);
    });
    if (!row) throw fail(M.RESUBMIT_RUNNING);
    return judgeView(await dispatch(row, 'resubmit'));
  }

  // ---------- admin actions ----------

  async function rejudge(submitId: number): Promise<JudgeView> {
    const row = await resetForJudging(submitId, { type: 'REJUDGE' }, () => undefined);
    if (!row) throw fail(M.REJUDGE_FAILED);
    return judgeView(await dispatch(row, 'rejudge'));
  }

  /** Rejudges every submission of problem `pid` in contest `cid` (those not being judged right now). */
  async function rejudgeContestProblem(cid: number, pid: number): Promise<void> {
    const ids = await repo.contestProblemSubmissionIds(db, cid, pid);
    if (ids.length === 0) throw fail(M.CONTEST_REJUDGE_EMPTY);
    const reset: JudgeRow[] = [];
    for (const id of ids) {
      const row = await resetForJudging(id, { type: 'REJUDGE' }, () => undefined);
      if (row) reset.push(row);
    }
    if (reset.length === 0) throw fail(M.CONTEST_REJUDGE_FAILED);
    for (const row of reset) await dispatch(row, 'rejudge');
  }

  async function manualJudge(admin: AuthUser, submitId: number, status: number, score: number | undefined) {
    const problemOf = async (pid: number) => problems.getProblemForJudge(pid);
    const before = await repo.findSubmission(db, submitId);
    if (!before) throw fail(M.ADMIN_SUBMISSION_GONE);
    const problem = await problemOf(before.pid);
    const row = await db.transaction().execute(async (trx) => {
      const r = await repo.lockSubmission(trx, submitId);
      if (!r) throw fail(M.ADMIN_SUBMISSION_GONE);
      if ([S.PENDING, S.COMPILING, S.JUDGING].includes(r.status as 5 | 6 | 7)) throw fail(M.MANUAL_RUNNING);
      if (r.status === S.COMPILE_ERROR) throw fail(M.MANUAL_CE);
      const next = nextSubmissionStatus(r.status, { type: 'MANUAL', status });
      if (next === null) throw fail(M.MANUAL_BAD_STATUS);
      let newScore: number | null = null;
      let rankScore: number | null = null;
      if (problem?.type === 1 && score !== undefined) {
        newScore = Math.max(0, problem.ioScore > 0 ? Math.min(score, problem.ioScore) : score);
        rankScore = javaRound(problem.difficulty * 2 + 0.1 * newScore);
      }
      await moveVerdict(trx, r, next);
      return repo.updateSubmission(trx, submitId, {
        status: next,
        is_manual: true,
        judger: admin.username,
        score: newScore,
        oi_rank_score: rankScore,
        counted_status: next,
      });
    });
    await publishUpdate(row, 'manual');
    return {
      submitId: row.submit_id,
      judger: row.judger,
      status: row.status,
      score: row.score,
      oiRankScore: row.oi_rank_score,
    };
  }

  async function cancelJudge(admin: AuthUser, submitId: number) {
    const row = await db.transaction().execute(async (trx) => {
      const r = await repo.lockSubmission(trx, submitId);
      if (!r) throw fail(M.ADMIN_SUBMISSION_GONE);
      const next = nextSubmissionStatus(r.status, { type: 'CANCEL', hasJudger: !!r.judger });
      if (next === null) throw fail(r.status === S.CANCELLED ? M.CANCEL_ALREADY : M.CANCEL_RUNNING);
      await moveVerdict(trx, r, next);
      return repo.updateSubmission(trx, submitId, {
        status: next,
        score: null,
        oi_rank_score: null,
        is_manual: true,
        judger: admin.username,
        counted_status: next,
      });
    });
    await publishUpdate(row, 'cancel');
    return { submitId: row.submit_id, judger: row.judger, status: row.status };
  }

  /** Problem counters and the AC record follow a verdict change (inside the caller's transaction). */
  async function moveVerdict(trx: Kysely<Database>, row: JudgeRow, next: number): Promise<void> {
    // Problem counters and the AC record count site (cid = 0), non-group submissions only.
    if (row.cid !== 0 || row.gid !== null) return;
    await problems.recordVerdict(row.pid, row.counted_status, next, trx);
    if (next === S.ACCEPTED) await repo.addAccepted(trx, row.uid, row.pid, row.submit_id);
    else if (row.counted_status === S.ACCEPTED || row.status === S.ACCEPTED)
      await repo.removeAccepted(trx, row.uid, row.pid, row.submit_id);
  }

  // ---------- the live path ----------

  /**
   * Stores a final verdict for (submitId, version) with its cases in one statement, then publishes
   * it at once: what the contestant sees is committed. Null when there is nothing to store (a
   * stale version, or a row already final: a redelivery). The write is guarded by the status it
   * was decided on; a row that moved in between (a progress event) is read and decided again.
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
      if (next === null) return null;
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
    if (result.kind === 'test') {
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

  // ---------- visibility for the gateway ----------

  /** May this viewer watch live updates of a submission? Contest rows: only the owner and admins. */
  async function canWatchSubmission(viewer: AuthUser | null, submitId: number): Promise<WatchDecision> {
    const row = await repo.findSubmission(db, submitId);
    if (!row) return 'not-found';
    if (row.cid === 0) return 'ok';
    return viewer && (viewer.uid === row.uid || isSiteAdmin(viewer)) ? 'ok' : 'denied';
  }

  /** Problem rooms carry site submissions of public problems (admins: any problem). */
  async function canWatchProblem(viewer: AuthUser | null, pid: number): Promise<WatchDecision> {
    const problem = await problems.getProblemForJudge(pid);
    if (!problem) return 'not-found';
    if (isSiteAdmin(viewer)) return 'ok';
    if (problem.auth !== 1) return 'denied';
    if (problem.gid !== null && !(viewer && (await deps.groups?.isMember(problem.gid, viewer.uid))))
      return 'denied';
    return 'ok';
  }

  // ---------- home and ranks ----------

  async function rankList(
    type: number,
    currentPage?: number,
    limit?: number,
    searchUser?: string,
  ): Promise<Page<RankRow>> {
    if (type !== 0 && type !== 1) throw fail(M.RANK_BAD_TYPE);
    const { size, current, offset } = pageArgs(currentPage, limit, 30);
    const { rows, total } = await repo.rankList(db, type, searchUser?.trim() || undefined, size, offset);
    return makePage(
      rows.map((r) => ({
        uid: r.uid,
        username: r.username,
        nickname: r.nickname,
        signature: r.signature === null ? null : r.signature.slice(0, 100),
        avatar: r.avatar,
        titleName: r.title_name,
        titleColor: r.title_color,
        total: r.total,
        ac: r.ac,
        ...(type === 1 ? { score: r.score } : { rating: null }),
      })),
      total,
      size,
      current,
    );
  }

  async function recentSevenAcRank(): Promise<RankRow[]> {
    const since = new Date(startOfUtcDay(new Date()).getTime() - 7 * 86_400_000);
    const rows = await repo.recentAcRank(db, since);
    return rows.map((r) => ({
      uid: r.uid,
      username: r.username,
      nickname: r.nickname,
      signature: null,
      avatar: r.avatar,
      titleName: r.title_name,
      titleColor: r.title_color,
      total: null,
      ac: r.ac,
      rating: null,
    }));
  }

  /** Seven UTC days, oldest first; cached 30 minutes unless root forces a refresh. */
  async function lastWeekStatistics(
    viewer: AuthUser | null,
    forceRefresh: boolean,
  ): Promise<SubmissionStatistics> {
    const fresh = statisticsCache && Date.now() - statisticsCache.at < 30 * 60_000;
    if (fresh && !(forceRefresh && isRoot(viewer))) return statisticsCache!.value;
    const today = startOfUtcDay(new Date());
    const since = new Date(today.getTime() - 6 * 86_400_000);
    const counts = new Map((await repo.dailyCounts(db, since)).map((c) => [c.day, c]));
    const value: SubmissionStatistics = { dateStrList: [], acCountList: [], totalCountList: [] };
    for (let i = 0; i < 7; i++) {
      const day = utcDay(new Date(since.getTime() + i * 86_400_000));
      value.dateStrList.push(day.slice(5));
      value.acCountList.push(counts.get(day)?.ac ?? 0);
      value.totalCountList.push(counts.get(day)?.total ?? 0);
    }
    statisticsCache = { at: Date.now(), value };
    return value;
  }

  return {
    submit,
    testSubmit,
    testResult,
    detail,
    allCaseResult,
    checkStatus,
    list,
    lastAcCode,
    share,
    resubmit,
    rejudge,
    rejudgeContestProblem,
    manualJudge,
    cancelJudge,
    applyResult,
    applyProgress,
    sweepOutbox,
    rebuildQueue,
    claimTask,
    renewLeases,
    forgetProblems,
    canWatchSubmission,
    canWatchProblem,
    rankList,
    recentSevenAcRank,
    lastWeekStatistics,
  };
}

export type JudgeService = ReturnType<typeof createJudgeService>;

/** The comment block appended to a fetched accepted code (core.md get-last-ac-code). */
export function acCodeFooter(
  row: Pick<JudgeRow, 'submit_id' | 'language' | 'username' | 'submit_time'>,
): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const t = row.submit_time;
  const time = `${t.getFullYear()}-${p(t.getMonth() + 1)}-${p(t.getDate())} ${p(t.getHours())}:${p(t.getMinutes())}:${p(t.getSeconds())}`;
  const lines = [
    `@runId: ${row.submit_id}`,
    `@language: ${row.language}`,
    `@author: ${row.username}`,
    `@submitTime: ${time}`,
  ];
  const lang = row.language.toLowerCase();
  if (lang.includes('py')) return `\n'''\n${lines.join('\n')}\n'''`;
  if (lang.includes('ruby')) return `\n=begin\n${lines.join('\n')}\n=end`;
  return `\n/**\n${lines.map((l) => `* ${l}`).join('\n')}\n*/`;
}

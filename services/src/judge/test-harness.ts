// Shared set-up of the judge integration tests and the bench: a migrated database,
// a bus, the judge capability with an in-memory problem port, fixed-token users, and a
// stand-in judge runner that works the real task queue (no fake in the live path).
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus, Job } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import {
  judgeResultDedupeId,
  type CaseResult,
  type JudgeProgress,
  type JudgeResult,
  type SubmissionJudgeTask,
  type TestJudgeTask,
} from '@oj/protocol/judge/schemas';
import { ROLE_NAMES, ROLE_PERMISSIONS, type RoleId } from '@oj/protocol';
import type { AppContext } from '../platform/context';
import type { Config } from '../platform/config';
import type { Authenticator, AuthUser } from '../platform/http/access';
import { buildApp, type App } from '../platform/http/app';
import type { TestDatabase } from '../../test/support/db';
import { createJudgeCapability, type JudgeCapability } from './index';
import {
  DEFAULT_SWITCHES,
  type ContestSubmitPort,
  type ContestViewPort,
  type JudgeProblem,
  type JudgeSwitches,
  type ProblemPort,
} from './ports';

export const silentLog = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

/** A test's app context: its database and bus, no config, no blob store. */
export function testContext(db: AppContext['db'], bus: Bus, log: AppContext['log'] = silentLog): AppContext {
  return { config: {} as Config, db, bus, blobs: null as never, log };
}

/** Every judge open and no interval between submissions, so tests can submit back to back. */
export const OPEN_SWITCHES: JudgeSwitches = { ...DEFAULT_SWITCHES, defaultSubmitInterval: 0 };

const HASH = (n: number) => n.toString(16).padStart(64, '0');

export function makeProblem(id: number, over: Partial<JudgeProblem> = {}): JudgeProblem {
  return {
    id,
    problemId: String(1000 + id),
    title: `Problem ${id}`,
    type: 0,
    difficulty: 1,
    auth: 1,
    isRemote: false,
    gid: null,
    codeShare: true,
    openCaseResult: true,
    judgeMode: 'default',
    judgeCaseMode: 'default',
    limits: { timeLimit: 1000, memoryLimit: 256, stackLimit: 128 },
    ioScore: 100,
    isRemoveEndBlank: true,
    languages: ['C++', 'Python3'],
    testCases: [
      { caseId: 1, inputHash: HASH(1), outputHash: HASH(2), score: 50, groupNum: 1 },
      { caseId: 2, inputHash: HASH(3), outputHash: HASH(4), score: 50, groupNum: 1 },
    ],
    ...over,
  };
}

/** The problem port over a Map; counters kept as the problem capability would. */
export class MemoryProblems implements ProblemPort {
  readonly problems = new Map<number, JudgeProblem>();
  /** pid → status → count. */
  readonly counters = new Map<number, Map<number, number>>();
  verdictCalls = 0;
  /** The next this-many recordVerdict calls fail (a database error in the follow-up writes). */
  failVerdicts = 0;

  add(p: JudgeProblem): JudgeProblem {
    this.problems.set(p.id, p);
    return p;
  }
  async getProblemForJudge(pid: number) {
    return this.problems.get(pid) ?? null;
  }
  async findPidByDisplayId(problemId: string) {
    for (const p of this.problems.values()) if (p.problemId === problemId) return p.id;
    return null;
  }
  async summariesOf(pids: readonly number[]) {
    const out = new Map<number, { problemId: string; title: string; difficulty: number }>();
    for (const pid of pids) {
      const p = this.problems.get(pid);
      if (p) out.set(pid, { problemId: p.problemId, title: p.title, difficulty: p.difficulty });
    }
    return out;
  }
  async recentProblems() {
    const t = new Date(Date.UTC(2024, 0, 1));
    return [...this.problems.values()]
      .filter((p) => p.auth === 1 && p.gid === null)
      .sort((a, b) => b.id - a.id)
      .slice(0, 10)
      .map((p) => ({
        id: p.id,
        problemId: p.problemId,
        title: p.title,
        type: p.type,
        gmtCreate: t,
        gmtModified: t,
      }));
  }
  async recordVerdict(pid: number, previous: number | null, next: number) {
    if (this.failVerdicts > 0) {
      this.failVerdicts--;
      throw new Error('counters unavailable');
    }
    this.verdictCalls++;
    const c = this.counters.get(pid) ?? new Map<number, number>();
    if (previous !== null) c.set(previous, (c.get(previous) ?? 0) - 1);
    c.set(next, (c.get(next) ?? 0) + 1);
    this.counters.set(pid, c);
  }
  count(pid: number, status: number): number {
    return this.counters.get(pid)?.get(status) ?? 0;
  }
}

export function makeUser(uid: string, username: string, roleId: RoleId): AuthUser {
  return {
    uid,
    username,
    roleIds: [roleId],
    roles: [ROLE_NAMES[roleId]],
    permissions: [...ROLE_PERMISSIONS[roleId]],
  };
}

/** Token → user; every token is its user's uid prefixed with "tok-". */
export const USERS = {
  root: makeUser('u-root', 'root', 1000),
  admin: makeUser('u-admin', 'admin', 1001),
  alice: makeUser('u-alice', 'alice', 1002),
  bob: makeUser('u-bob', 'bob', 1002),
  mute: makeUser('u-mute', 'carol', 1003),
};
export const tokenOf = (u: AuthUser) => `tok-${u.uid}`;

/** Accepts exactly the tokens of `byToken`; any other token is an expired login. */
export function tokenAuthenticator(byToken: Record<string, AuthUser>): Authenticator {
  return {
    async authenticate(token) {
      const user = Object.hasOwn(byToken, token) ? byToken[token] : undefined;
      return user ? { kind: 'ok', user, token } : { kind: 'rejected', msg: '登录状态已失效，请重新登录！' };
    },
  };
}

export const testAuthenticator = tokenAuthenticator(
  Object.fromEntries(Object.values(USERS).map((u) => [tokenOf(u), u])),
);

export async function seedUsers(tdb: TestDatabase, users: AuthUser[] = Object.values(USERS)): Promise<void> {
  let i = 0;
  for (const u of users) {
    await tdb.db
      .insertInto('users')
      .values({
        uid: u.uid,
        username: u.username,
        email: null,
        password_hash: 'x',
        nickname: `${u.username}-nick`,
        realname: null,
        school: null,
        course: null,
        number: null,
        gender: null,
        signature: null,
        github: null,
        blog: null,
        cf_username: null,
        avatar: null,
        title_name: null,
        title_color: null,
        gmt_create: new Date(Date.UTC(2024, 0, 1, 0, 0, i++)),
      })
      .execute();
  }
}

export interface Harness {
  app: App;
  judge: JudgeCapability;
  problems: MemoryProblems;
  bus: Bus;
  switches: JudgeSwitches;
  close(): Promise<void>;
}

export async function startHarness(
  tdb: TestDatabase,
  bus: Bus,
  opts: {
    live?: boolean;
    liveConcurrency?: number;
    contests?: ContestSubmitPort;
    contestViews?: ContestViewPort;
    /** The problem port the judge uses instead of `problems` (the bench plugs the real capability in). */
    problemPort?: ProblemPort;
    /** The submit bound (default the service's 5 s). */
    submitBoundMs?: number;
  } = {},
): Promise<Harness> {
  const problems = new MemoryProblems();
  const switches: JudgeSwitches = { ...OPEN_SWITCHES };
  const ctx = testContext(tdb.db, bus);
  const judge = createJudgeCapability(ctx, {
    problems: opts.problemPort ?? problems,
    switches: async () => switches,
    live: opts.live,
    liveConcurrency: opts.liveConcurrency,
    contests: opts.contests,
    contestViews: opts.contestViews,
    submitBoundMs: opts.submitBoundMs,
  });
  const app = await buildApp({ authenticator: testAuthenticator });
  await judge.routes!(app);
  await app.ready();
  await judge.start!();
  return {
    app,
    judge,
    problems,
    bus,
    switches,
    async close() {
      await judge.stop!();
      await app.close();
    },
  };
}

/** A judge runner stand-in: takes real tasks off the queue; the test decides what it reports. */
export class RunnerStandIn {
  readonly tasks: (SubmissionJudgeTask | TestJudgeTask)[] = [];
  private waiters: (() => void)[] = [];
  private stop: (() => Promise<void>) | null = null;

  constructor(private readonly bus: Bus) {}

  async start(): Promise<this> {
    this.stop = await this.bus.consume<SubmissionJudgeTask | TestJudgeTask>(
      Subjects.judgeTaskQueue,
      async (job: Job<SubmissionJudgeTask | TestJudgeTask>) => {
        this.tasks.push(job.data);
        await job.ack();
        for (const w of this.waiters.splice(0)) w();
      },
    );
    return this;
  }

  /** Waits until `n` tasks have been taken. */
  async waitForTasks(n: number, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.tasks.length < n) {
      if (Date.now() > deadline) throw new Error(`runner got ${this.tasks.length} tasks, expected ${n}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  /** Waits for the (latest) submission task of `submitId`. */
  async waitForSubmission(submitId: number, version = 0, timeoutMs = 10_000): Promise<SubmissionJudgeTask> {
    const find = () =>
      this.tasks.find(
        (t): t is SubmissionJudgeTask =>
          t.kind === 'submission' && t.submitId === submitId && t.version === version,
      );
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const task = find();
      if (task) return task;
      if (Date.now() > deadline) throw new Error(`no task for submission ${submitId} v${version}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  async progress(
    task: SubmissionJudgeTask,
    status: 6 | 7,
    extra: Partial<JudgeProgress> = {},
  ): Promise<void> {
    const p: JudgeProgress = {
      kind: 'submission',
      submitId: task.submitId,
      version: task.version,
      status,
      judger: 'runner-1',
      ...extra,
    };
    await this.bus.publish(Subjects.judgeProgress(task.submitId), p);
  }

  resultFor(
    task: SubmissionJudgeTask | TestJudgeTask,
    status: number,
    over: Partial<JudgeResult> = {},
  ): JudgeResult {
    const cases: CaseResult[] =
      task.kind === 'submission'
        ? task.testCases.map((c, i) => ({
            caseId: c.caseId,
            seq: i + 1,
            status: i === 0 ? 0 : status,
            time: 10 + i,
            memory: 1024,
            score: i === 0 || status === 0 ? c.score : 0,
            fullScore: c.score,
            groupNum: c.groupNum,
          }))
        : [];
    const base: JudgeResult = {
      kind: task.kind,
      ...(task.kind === 'submission'
        ? { submitId: task.submitId, version: task.version }
        : { testKey: task.testKey }),
      dedupeId: judgeResultDedupeId(task),
      status,
      time: 11,
      memory: 1024,
      score: null,
      errorMessage: null,
      cases,
      judger: 'runner-1',
    };
    return { ...base, ...over };
  }

  async finish(result: JudgeResult): Promise<void> {
    await this.bus.enqueue(Subjects.judgeResultQueue, result, { id: result.dedupeId });
  }

  /** Judges a submission's task with `status` and waits until its row says so. */
  async judgeAndWait(
    db: AppContext['db'],
    submitId: number,
    status: number,
    timeoutMs: number,
  ): Promise<void> {
    const task = await this.waitForSubmission(submitId);
    await this.finish(this.resultFor(task, status));
    const read = () =>
      db.selectFrom('judge').select('status').where('submit_id', '=', submitId).executeTakeFirst();
    await eventually(read, (row) => row?.status === status, timeoutMs);
  }

  async close(): Promise<void> {
    await this.stop?.();
  }
}

/** Polls `read` until `done` holds (tests only; clients get pushes). */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (v: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

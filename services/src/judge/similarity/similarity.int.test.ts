// Similarity reports against real PostgreSQL and NATS JetStream: refusals for non-admins (decided
// by the scope's owner), an analysis whose worker process is killed mid-run (SIGKILL) is
// redelivered and completed once by another worker, the report and cancelling as cheating through
// the judge's cancel action.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { JudgeStatus } from '@oj/protocol';
import { createNatsBus, natsNamespace, type Bus } from '@oj/protocol/bus';
import { SIMILARITY_PROGRESS_ALL, type SimilarityProgress } from '@oj/protocol/judge';
import { buildApp, type App } from '../../platform/http/app';
import { camelDb } from '../../platform/db/camel';
import { createDatabase, migrateToLatest, type DatabaseHandle } from '../../platform/db';
import type { TestDatabase } from '../../../test/support/db';
import { freshPostgres } from '../../../bench/support';
import { USERS, seedUsers, silentLog, tokenAuthenticator, tokenOf } from '../test-harness';
import type { AuthUser } from '../../platform/http/access';
import { createSimilarityRepository } from './repository';
import { registerSimilarityRoutes } from './routes';
import { createSimilarityService, type SimilarityAccessPort } from './service';
import { startSimilarityWorker, type SimilarityWorker } from './worker';
import type { SimilarityTables } from './tables';
import { original, padded, renamed, reordered, unrelated } from './test-fixtures';
import './messages';

const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const repoRoot = new URL('../../../../', import.meta.url).pathname;
const PROBLEMS = 6;
const CONTEST = 7;

let tdb: DatabaseHandle & { url: string; drop(): Promise<void> };
let bus: Bus;
let app: App;
let prefix: string;
let child: ChildProcess | null = null;
let childLog = '';
let second: SimilarityWorker | null = null;
const progress: SimilarityProgress[] = [];
const waiters = new Set<() => void>();
const cancelled: number[] = [];

// Alice administers contest 7 (the contest capability's answer); nobody else but site admins.
const access: SimilarityAccessPort = {
  contestAdmin: async (user, cid) => (cid === CONTEST ? user.uid === USERS.alice.uid : null),
  trainingAdmin: async () => null,
  problemAdmin: async (_user, pid) => (pid <= 1000 + PROBLEMS ? false : null),
};

function waitFor(pred: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!pred()) return;
      waiters.delete(check);
      resolve();
    };
    waiters.add(check);
    check();
  });
}

async function call(who: AuthUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await app.inject({
    method,
    url,
    payload: payload as object,
    headers: who ? { authorization: tokenOf(who) } : {},
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the envelope carries
  return { http: res.statusCode, ...(res.json() as { status: number; msg: string; data: any }) };
}

function services() {
  const repo = createSimilarityRepository(camelDb<SimilarityTables>(tdb.db as unknown as Kysely<unknown>));
  const service = createSimilarityService({
    repo,
    bus,
    access,
    cancel: {
      async cancelJudge(_admin, submitId) {
        await tdb.db
          .updateTable('judge')
          .set({ status: JudgeStatus.CANCELLED })
          .where('submit_id', '=', submitId)
          .execute();
        cancelled.push(submitId);
      },
    },
  });
  return { repo, service };
}

beforeAll(async () => {
  prefix = `sim${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const fresh = await freshPostgres();
  const handle = await createDatabase({ url: fresh.url, maxConnections: 5 });
  await migrateToLatest(handle.db);
  tdb = {
    ...handle,
    url: fresh.url,
    async drop() {
      await handle.close();
      await fresh.drop();
    },
  };
  await seedUsers(tdb as unknown as TestDatabase, Object.values(USERS));
  bus = await createNatsBus({ servers: NATS_URL, name: 'similarity-test', ...natsNamespace(prefix) });
  await bus.subscribe<SimilarityProgress>(SIMILARITY_PROGRESS_ALL, (p) => {
    progress.push(p);
    for (const w of [...waiters]) w();
  });
  // Contest 7: per problem, alice's and bob's copies are disguised copies; root's is independent.
  const copies = [renamed, reordered, padded];
  let t = 0;
  for (let p = 0; p < PROBLEMS; p++) {
    for (const [user, code] of [
      [USERS.alice, original],
      [USERS.bob, copies[p % copies.length]!],
      [USERS.root, unrelated],
    ] as const) {
      await tdb.db
        .insertInto('judge')
        .values({
          pid: 1001 + p,
          display_pid: String.fromCharCode(65 + p),
          uid: user.uid,
          username: user.username,
          submit_time: new Date(Date.UTC(2026, 0, 1, 0, 0, t++)),
          code,
          language: 'C++ With O2',
          length: code.length,
          status: JudgeStatus.ACCEPTED,
          cid: CONTEST,
        })
        .execute();
    }
  }
  app = await buildApp({
    authenticator: tokenAuthenticator(Object.fromEntries(Object.values(USERS).map((u) => [tokenOf(u), u]))),
  });
  registerSimilarityRoutes(app, services().service);
  await app.ready();
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await second?.stop();
  await app?.close();
  await bus?.close();
  await tdb?.drop();
}, 60_000);

describe('similarity reports', () => {
  it('refuses non-admins of the scope and anonymous callers', async () => {
    const start = { scope: 'contest', scopeId: CONTEST };
    expect((await call(null, 'POST', '/api/admin/similarity/start', start)).http).toBe(401);
    const bob = await call(USERS.bob, 'POST', '/api/admin/similarity/start', start);
    expect(bob.status).toBe(403);
    const problem = await call(USERS.bob, 'POST', '/api/admin/similarity/start', {
      scope: 'problem',
      scopeId: 1001,
    });
    expect(problem.status).toBe(403);
    expect((await call(USERS.bob, 'GET', '/api/admin/similarity/list')).status).toBe(403);
    expect((await call(USERS.bob, 'GET', '/api/admin/similarity/report?id=1')).status).toBe(403);
    expect((await call(USERS.bob, 'GET', '/api/admin/similarity/pair?id=1')).status).toBe(403);
    // A site admin naming a scope that does not exist: the envelope's error, not a 5xx.
    const missing = await call(USERS.root, 'POST', '/api/admin/similarity/start', {
      scope: 'training',
      scopeId: 99,
    });
    expect([missing.http, missing.status]).toEqual([200, 400]);
  });

  it('a worker process killed mid-analysis: the job is redelivered and completed once', async () => {
    // The contest admin starts it; the job waits in the durable queue for the worker process.
    const started = await call(USERS.alice, 'POST', '/api/admin/similarity/start', {
      scope: 'contest',
      scopeId: CONTEST,
    });
    expect(started.status, started.msg).toBe(200);
    const id = started.data.id as number;
    // node with tsx's loader: one process (the tsx command would leave its node child running).
    child = spawn(process.execPath, ['--import', 'tsx', 'services/src/processes/similarity.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: tdb.url,
        NATS_URL,
        OJ_NATS_PREFIX: prefix,
        OJ_SIMILARITY_ACK_MS: '3000',
        OJ_SIMILARITY_GROUP_DELAY_MS: '500',
        LOG_LEVEL: 'warn',
      },
    });
    child.stdout!.on('data', (d) => (childLog += d));
    child.stderr!.on('data', (d) => (childLog += d));
    // The child has stored its first group: kill it there.
    await waitFor(() => progress.some((p) => p.id === id && p.state === 'running' && p.done >= 1));
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    const { repo, service } = services();
    const midway = await repo.findAnalysis(id);
    expect(midway!.state, childLog).toBe('running');
    expect(midway!.done).toBeLessThan(PROBLEMS);
    expect(midway!.runs).toBe(1);
    second = await startSimilarityWorker({ repo, bus, service, log: silentLog, ackDeadlineMs: 3000 });
    await waitFor(() => progress.some((p) => p.id === id && p.state === 'done'));
    const done = await repo.findAnalysis(id);
    expect(done).toMatchObject({ state: 'done', runs: 2, done: PROBLEMS, total: PROBLEMS });
    expect(progress.filter((p) => p.id === id && p.state === 'done')).toHaveLength(1);

    // The report: one pair per problem (alice–bob), stored once, ranked, above the threshold.
    const report = await call(USERS.alice, 'GET', `/api/admin/similarity/report?id=${id}`);
    expect(report.status, report.msg).toBe(200);
    const pairs = report.data.pairs as {
      id: number;
      similarity: number;
      leftUsername: string;
      rightUsername: string;
    }[];
    expect(pairs).toHaveLength(PROBLEMS);
    expect(report.data.analysis.pairs).toBe(PROBLEMS);
    for (const p of pairs) {
      expect([p.leftUsername, p.rightUsername].sort()).toEqual(['alice', 'bob']);
      expect(p.similarity).toBeGreaterThan(0.6);
    }
    expect(pairs.map((p) => p.similarity)).toEqual([...pairs.map((p) => p.similarity)].sort((a, b) => b - a));
    const detail = await call(USERS.alice, 'GET', `/api/admin/similarity/pair?id=${pairs[0]!.id}`);
    expect(detail.data.fragments.length).toBeGreaterThan(0);
    expect(detail.data.leftCode.length).toBeGreaterThan(100);
    // Not the contest admin's report for anyone else.
    expect((await call(USERS.bob, 'GET', `/api/admin/similarity/report?id=${id}`)).status).toBe(403);

    // Reviewed mark, then bob's submissions cancelled as cheating through the judge's cancel.
    expect(
      (
        await call(USERS.alice, 'PUT', '/api/admin/similarity/review', {
          pairId: pairs[0]!.id,
          reviewed: true,
        })
      ).status,
    ).toBe(200);
    const again = await call(USERS.alice, 'GET', `/api/admin/similarity/report?id=${id}`);
    expect(again.data.pairs.find((p: { id: number }) => p.id === pairs[0]!.id).reviewed).toBe(true);
    const cheat = await call(USERS.alice, 'POST', '/api/admin/similarity/cancel-user', {
      analysisId: id,
      uid: USERS.bob.uid,
    });
    expect(cheat.status, cheat.msg).toBe(200);
    expect(cheat.data.cancelled).toHaveLength(PROBLEMS);
    expect(cancelled).toEqual(cheat.data.cancelled);
    const twice = await call(USERS.alice, 'POST', '/api/admin/similarity/cancel-user', {
      analysisId: id,
      uid: USERS.bob.uid,
    });
    expect(twice.data).toEqual({ cancelled: [], skipped: cheat.data.cancelled });
  }, 120_000);
});

// Training rank (issue #12): a private training of 2,000 registered users × 40 problems with
// 200,000 submissions on PostgreSQL. Measures (1) the first rank page (30 rows) under 32
// concurrent keep-alive connections (autocannon in a child process; server and client share the
// machine), and (2) verdict → updated row on a subscribed socket.io client (the stand-in runner's
// result enqueued → `training:rank` with that user's new row received).
// (1) runs twice: without and with `accept-encoding: gzip` (what browsers send).
// (3) is the server's own cost of one first-page request, measured without the load generator
// competing for the cores: sequential in-process requests (Fastify inject: routing, hooks, auth,
// access check, the cached page bytes), main-thread CPU time per request (Linux schedstat).
// Env: USERS (2000), PROBLEMS (40), SUBMISSIONS (200000), CONNECTIONS (32), DURATION (5), PUSHES (60).
// Run: npx tsx bench/training-rank.ts (from services/). Writes bench-results/training-rank.json.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { io as connect } from 'socket.io-client';
import { createMemoryBus } from '@oj/protocol/bus';
import { ClientEvents, ServerEvents } from '@oj/protocol/realtime/events';
import type { TrainingRankPushed } from '@oj/protocol/training/schemas';
import { createTestDatabase } from '../test/support/db';
import { createGateway, remoteWatchPolicy } from '../src/gateway';
import { makeUser, RunnerStandIn, tokenAuthenticator, tokenOf } from '../src/judge/test-harness';
import { startTrainingHarness, T_USERS } from '../src/training/test-setup';
import { report, startLoadChild } from './support';

const N_USERS = Number(process.env.USERS ?? 2000);
const N_PROBLEMS = Number(process.env.PROBLEMS ?? 40);
const N_SUBMISSIONS = Number(process.env.SUBMISSIONS ?? 200_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);
const DURATION = Number(process.env.DURATION ?? 5);
const PUSHES = Number(process.env.PUSHES ?? 60);

interface Job {
  url: string;
  token: string;
  /** Send `accept-encoding: gzip` as browsers do. */
  gzip?: boolean;
}

async function loadMain() {
  process.on('message', async (job: Job) => {
    const r = await autocannon({
      url: job.url,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: { authorization: job.token, ...(job.gzip ? { 'accept-encoding': 'gzip' } : {}) },
    });
    process.send!({
      requests: r.requests.total,
      requestsPerSec: Math.round(r.requests.average),
      p50Ms: r.latency.p50,
      p90Ms: r.latency.p90,
      p99Ms: r.latency.p99,
      maxMs: r.latency.max,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
    });
  });
  process.send!('ready');
}

/** Milliseconds of CPU this thread ran (Linux: schedstat; elsewhere the process's CPU time). */
function threadCpuMs(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
}

const procLoadavg = () => {
  try {
    return readFileSync('/proc/loadavg', 'utf8').trim();
  } catch {
    return os.loadavg().join(' ');
  }
};

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 100) / 100;
};

async function serverMain() {
  const tdb = await createTestDatabase('postgres');
  const bus = createMemoryBus();
  const learners = Array.from({ length: N_USERS }, (_, i) => makeUser(`u-b${i}`, `bench${i}`, 1002));
  const setupStarted = performance.now();
  const h = await startTrainingHarness(tdb, bus, { extraUsers: learners });
  const runner = await new RunnerStandIn(bus).start();
  const pids: number[] = [];
  for (let i = 0; i < N_PROBLEMS; i++) pids.push(await h.addProblem(`B${i}`));
  const created = await h.call(T_USERS.root, 'POST', '/api/admin/training', {
    training: { title: 'bench', auth: 'Private', privatePwd: 'p' },
  });
  if (created.status !== 200) throw new Error(JSON.stringify(created));
  const created_ = (await tdb.db
    .selectFrom('training' as never)
    .select('id' as never)
    .executeTakeFirstOrThrow()) as { id: number };
  const tid = Number(created_.id);
  for (const [i, pid] of pids.entries())
    await h.call(T_USERS.root, 'POST', '/api/admin/training/add-problem-from-public', {
      tid,
      pid,
      displayId: `B${i}`,
    });
  for (let i = 0; i < learners.length; i += 1000)
    await tdb.db
      .insertInto('training_register' as never)
      .values(learners.slice(i, i + 1000).map((u) => ({ tid, uid: u.uid })) as never)
      .execute();
  const statuses = [0, -1, -1, 1, -2, 0, 0, 3];
  const next = () => Math.floor(Math.random() * 0x7fffffff);
  for (let i = 0; i < N_SUBMISSIONS; i += 5000) {
    const rows = [];
    for (let j = i; j < Math.min(N_SUBMISSIONS, i + 5000); j++) {
      const u = learners[next() % learners.length]!;
      rows.push({
        pid: pids[next() % pids.length]!,
        display_pid: 'x',
        uid: u.uid,
        username: u.username,
        status: statuses[next() % statuses.length]!,
        time: next() % 1000,
        length: 1,
        code: 'x',
        language: 'C++',
      });
    }
    await tdb.db
      .insertInto('judge')
      .values(rows as never)
      .execute();
  }
  const setupMs = Math.round(performance.now() - setupStarted);
  const viewer = learners[0]!;
  const rankUrl = `/api/get-training-rank?tid=${tid}&currentPage=1&limit=30`;
  const loadStarted = performance.now();
  const first = await h.call(viewer, 'GET', rankUrl);
  const boardLoadMs = Math.round(performance.now() - loadStarted);
  if (first.status !== 200 || first.data.total < N_USERS * 0.9)
    throw new Error(`total ${first.data?.total}: ${JSON.stringify(first).slice(0, 200)}`);

  // (3) one request's server cost, sequential and in-process
  const injectWall: number[] = [];
  let pageBytes = 0;
  let injectCpu = 0;
  const INJECTS = 2000;
  for (let i = 0; i < INJECTS + 200; i++) {
    const c0 = threadCpuMs();
    const a = performance.now();
    const r = await h.app.inject({
      method: 'GET',
      url: rankUrl,
      headers: { authorization: tokenOf(viewer) },
    });
    const wall = performance.now() - a;
    // The first 200 warm the route up.
    if (i >= 200) {
      injectWall.push(wall);
      injectCpu += threadCpuMs() - c0;
    }
    pageBytes = r.rawPayload.length;
  }

  const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
  const users = [...Object.values(T_USERS), ...learners];
  const gateway = await createGateway({
    httpServer: h.app.server,
    bus,
    authenticator: tokenAuthenticator(Object.fromEntries(users.map((u) => [tokenOf(u), u]))),
    judge: remoteWatchPolicy(bus),
  });

  // (1) first page under concurrency
  const child = await startLoadChild<Job, Record<string, number>>(import.meta.url);
  const loadavgBeforePages = procLoadavg();
  const cpu = process.cpuUsage();
  const page = await child.run({ url: address + rankUrl, token: tokenOf(viewer) });
  const d = process.cpuUsage(cpu);
  const pageLoad1m = Math.round(os.loadavg()[0]! * 10) / 10;
  // The same with a browser's accept-encoding (the page goes gzipped).
  const cpuGz = process.cpuUsage();
  const pageGz = await child.run({ url: address + rankUrl, token: tokenOf(viewer), gzip: true });
  const dGz = process.cpuUsage(cpuGz);
  const gzipLoadavg = procLoadavg();
  child.kill();

  // (2) verdict → row on a subscribed client
  const socket = connect(address, {
    path: '/socket.io',
    auth: { token: tokenOf(viewer) },
    transports: ['websocket'],
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = await new Promise<{ ok: boolean }>((resolve) =>
    socket.emit(ClientEvents.subscribeTraining, { tid }, resolve),
  );
  if (!ack.ok) throw new Error('subscribe refused');
  const waiters = new Map<string, (at: number) => void>();
  socket.on(ServerEvents.trainingRank, (e: TrainingRankPushed) => {
    if ('row' in e) waiters.get(e.row.uid)?.(performance.now());
  });
  const pushMs: number[] = [];
  for (let i = 0; i < PUSHES; i++) {
    const u = learners[(i * 37) % learners.length]!;
    const res = await h.call(u, 'POST', '/api/submit-problem-judge', {
      pid: `B${i % N_PROBLEMS}`,
      language: 'C++',
      code: 'int main(){return 0;}',
      tid,
      isRemote: false,
    });
    if (res.status !== 200) throw new Error(JSON.stringify(res));
    const task = await runner.waitForSubmission(res.data.submitId);
    // A faster AC than any stored (time 0) always changes the row.
    const got = new Promise<number>((resolve) => waiters.set(u.uid, resolve));
    const sent = performance.now();
    await runner.finish(runner.resultFor(task, 0, { time: 0 }));
    const at = await Promise.race([got, new Promise<number>((r) => setTimeout(() => r(-1), 5000))]);
    waiters.delete(u.uid);
    if (at > 0) pushMs.push(at - sent);
  }
  socket.close();
  await gateway.close();
  await runner.close();
  await h.close();
  await bus.close();
  await tdb.drop();
  report('training-rank', {
    users: N_USERS,
    problems: N_PROBLEMS,
    submissions: N_SUBMISSIONS,
    setupMs,
    boardLoadMs,
    firstPage: {
      connections: CONNECTIONS,
      durationSec: DURATION,
      ...page,
      serverCpuMsPerRequest:
        Math.round(((d.user + d.system) / 1000 / Math.max(1, page.requests!)) * 1000) / 1000,
      load1m: pageLoad1m,
      loadavgBefore: loadavgBeforePages,
      pageBytes,
    },
    firstPageGzip: {
      ...pageGz,
      serverCpuMsPerRequest:
        Math.round(((dGz.user + dGz.system) / 1000 / Math.max(1, pageGz.requests!)) * 1000) / 1000,
      loadavgAfter: gzipLoadavg,
    },
    serverPerRequest: {
      requests: INJECTS,
      threadCpuMsMean: Math.round((injectCpu / INJECTS) * 1000) / 1000,
      injectWallP50Ms: pct(injectWall, 50),
      injectWallP99Ms: pct(injectWall, 99),
    },
    push: {
      samples: pushMs.length,
      of: PUSHES,
      p50Ms: pct(pushMs, 50),
      p99Ms: pct(pushMs, 99),
      maxMs: pct(pushMs, 100),
    },
    machine: {
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
      loadavgAtEnd: procLoadavg(),
    },
    node: process.version,
  });
}

if (process.argv[2] === '--load') await loadMain();
else await serverMain();

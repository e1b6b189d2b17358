// Verdict push latency: 1,000 connected sockets; for each measured submission the clock runs from
// the moment the judge result is enqueued to the moment the owner's socket receives the verdict.
// Uses the real live path (result queue consumer, database transaction, domain event, gateway);
// the bench stands in for the runner. Three measures:
//   paced     — results arrive at RATE per second, open loop (the submissions were made before):
//               the per-verdict latency of a system that keeps up, with a per-stage breakdown from
//               the judge/trace marks and the CPU time the process spent per verdict;
//   closed    — PARALLEL workers each submit, wait for the task, send the result and wait for the
//               push (the measure of the first version of this bench: latency under full load);
//   saturated — BURST results enqueued at once: throughput of the verdict path (the latencies there
//               are mostly queueing, so only the throughput is the figure).
// Env: PHASES (paced,closed,saturated: which measures to run), CLIENTS (worker: the 1,000
// socket.io clients run in a worker thread, as browsers run elsewhere; inline: on the server's
// thread, as in the first version of this bench), PROBLEMS (real: the problem capability's tables,
// as in production; memory: a Map, as in the first version), SOCKETS (1000), VERDICTS (400, paced
// and closed), RATE (50), PARALLEL (4), BURST (400), LIVE_CONCURRENCY (results applied at once;
// the live path's default), DATABASE_URL (when set: PostgreSQL, in a fresh database that
// bench/support.ts creates on the TEST_DATABASE_URL server and drops afterwards; else in-memory
// PGlite), NATS_URL (else the in-process bus), PROGRESS=1 (the runner's Compiling, Judging and a
// per-case report right before each result, which the verdict then waits for), GC_DEBUG (print
// each GC pause of the paced phase, and its hrtime window for slicing a `node --cpu-prof`
// profile). Writes bench-results/verdict-push.json.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { PerformanceObserver } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { io as connect, type Socket } from 'socket.io-client';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect as natsConnect } from '@nats-io/transport-node';
import { createMemoryBus, createNatsBus, type Bus } from '@oj/protocol/bus';
import type { SubmissionJudgeTask } from '@oj/protocol/judge/schemas';
import { ServerEvents, type SubmissionUpdate } from '@oj/protocol/realtime/events';
import { createDatabase, IN_MEMORY } from '../src/platform/db/index';
import { migrateToLatest } from '../src/platform/db/migrate';
import type { Authenticator, AuthUser } from '../src/platform/http/access';
import { createGateway } from '../src/gateway/index';
import { RunnerStandIn, makeProblem, makeUser, startHarness, type Harness } from '../src/judge/test-harness';
import { verdictTrace, type VerdictMark } from '../src/judge/trace';
import { problemPortFromProblemCapability } from '../src/judge/problem-adapter';
import { insertProblem, replaceCases } from '../src/problem/repository';
import { freshPostgres, report } from './support';

const SOCKETS = Number(process.env.SOCKETS ?? 1000);
const VERDICTS = Number(process.env.VERDICTS ?? 400);
const RATE = Number(process.env.RATE ?? 50);
const PARALLEL = Number(process.env.PARALLEL ?? 4);
const BURST = Number(process.env.BURST ?? 400);
/** Send Compiling, Judging and a per-case report right before each result (the verdict waits for them). */
const PROGRESS = process.env.PROGRESS === '1';
/** Which measures to run (comma-separated; default all three). */
const PHASES = new Set((process.env.PHASES ?? 'paced,closed,saturated').split(','));
/** worker: the socket clients run in a worker thread; inline: on the server's thread. */
const CLIENTS = process.env.CLIENTS === 'inline' ? 'inline' : 'worker';
/** real: the problem capability's tables, as the composition root wires it; memory: a Map. */
const PROBLEMS = process.env.PROBLEMS === 'memory' ? 'memory' : 'real';

const users: AuthUser[] = Array.from({ length: SOCKETS }, (_, i) =>
  makeUser(`bench-${i}`, `bench${i}`, 1002),
);
const byToken = new Map(users.map((u) => [`tok-${u.uid}`, u]));
const authenticator: Authenticator = {
  async authenticate(token) {
    const user = byToken.get(token);
    return user ? { kind: 'ok', user, token } : { kind: 'rejected', msg: 'bad token' };
  },
};

const round = (x: number) => Math.round(x * 100) / 100;
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}
function summary(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  return {
    p50Ms: round(percentile(s, 50)),
    p99Ms: round(percentile(s, 99)),
    meanMs: round(s.reduce((a, x) => a + x, 0) / s.length),
    maxMs: round(s.at(-1) ?? NaN),
  };
}

/** Stage timestamps per submission: 'enqueued' and 'received' by the bench, the rest from judge/trace. */
const marks = new Map<number, Map<string, number>>();
const mark = (submitId: number, stage: string, at = performance.now()) => {
  let m = marks.get(submitId);
  if (!m) marks.set(submitId, (m = new Map()));
  if (!m.has(stage)) m.set(stage, at);
};
const onTrace = (message: unknown) => {
  const { submitId, stage, at } = message as VerdictMark;
  mark(submitId, stage, at);
};

/** Steps of the path; 'settled' (follow-up writes done, result acked) runs beside the push. */
const SEGMENTS: [string, string][] = [
  ['enqueued', 'consumed'],
  ['consumed', 'tx-start'],
  ['tx-start', 'committed'],
  ['committed', 'published'],
  ['committed', 'gateway-received'],
  ['gateway-received', 'emitted'],
  ['emitted', 'received'],
  ['enqueued', 'received'],
  ['published', 'settled'],
];

/** Median and p99 of each step (over the submissions that have both marks). */
function breakdown(ids: number[]) {
  const out: Record<string, { p50Ms: number; p99Ms: number }> = {};
  for (const [from, to] of SEGMENTS) {
    const deltas: number[] = [];
    for (const id of ids) {
      const m = marks.get(id);
      const a = m?.get(from);
      const b = m?.get(to);
      if (a !== undefined && b !== undefined) deltas.push(b - a);
    }
    if (deltas.length) {
      const s = summary(deltas);
      out[`${from}→${to}`] = { p50Ms: s.p50Ms, p99Ms: s.p99Ms };
    }
  }
  return out;
}

async function main() {
  const pg = process.env.DATABASE_URL ? await freshPostgres() : null;
  const database = pg ? await createDatabase({ url: pg.url }) : await createDatabase({ dataDir: IN_MEMORY });
  await migrateToLatest(database.db);
  const bus: Bus = process.env.NATS_URL
    ? await createNatsBus({
        servers: process.env.NATS_URL,
        name: 'bench-verdict-push',
        streamPrefix: `BENCH_${process.pid}`,
        subjectPrefix: `bench-${process.pid}`,
      })
    : createMemoryBus();
  const h: Harness = await startHarness({ ...database, drop: database.close }, bus, {
    problemPort: PROBLEMS === 'real' ? problemPortFromProblemCapability(database.db) : undefined,
    liveConcurrency: process.env.LIVE_CONCURRENCY ? Number(process.env.LIVE_CONCURRENCY) : undefined,
  });
  h.problems.add(makeProblem(1));
  if (PROBLEMS === 'real') {
    const problem = await insertProblem(database.db, { problem_id: '1001', title: 'A+B', type: 0 });
    const hash = (c: string) => c.repeat(64);
    await replaceCases(database.db, problem.id, [
      { input: '1.in', output: '1.out', input_hash: hash('a'), output_hash: hash('b'), score: 50 },
      { input: '2.in', output: '2.out', input_hash: hash('c'), output_hash: hash('d'), score: 50 },
    ]);
  }
  const gateway = await createGateway({
    port: 0,
    host: '127.0.0.1',
    bus,
    authenticator,
    judge: h.judge.service,
  });
  const url = `http://127.0.0.1:${gateway.port}`;
  const runner = await new RunnerStandIn(bus).start();

  // The socket clients: in a worker thread (default: like real browsers, their work does not
  // run on the server's event loop), or on the server's own thread (CLIENTS=inline).
  const pending = new Map<number, () => void>();
  const received = (submitId: number, at: number) => {
    mark(submitId, 'received', at);
    pending.get(submitId)?.();
  };
  const clients =
    CLIENTS === 'inline'
      ? await connectClients(url, users, (id) => received(id, performance.now()))
      : await clientsInWorker(url, received);
  subscribe(verdictTrace.name, onTrace);
  subscribe(verdictTrace.name, onTrace);

  let submitted = 0;
  const submitOne = async (): Promise<SubmissionJudgeTask> => {
    const user = users[submitted++ % SOCKETS]!;
    const row = await h.judge.service.submit(
      user,
      { pid: '1001', language: 'C++', code: 'int main(){return 0;}' },
      null,
    );
    return runner.waitForSubmission(row.submitId!);
  };
  const submitMany = async (n: number) => {
    const tasks: SubmissionJudgeTask[] = [];
    for (let i = 0; i < n; i++) tasks.push(await submitOne());
    return tasks;
  };
  /** Enqueues the result; resolves when the owner's socket has the verdict. */
  const deliver = async (task: SubmissionJudgeTask): Promise<number> => {
    const received = new Promise<void>((resolve) => pending.set(task.submitId, resolve));
    if (PROGRESS) {
      // Worst case for ordering: the runner's reports right before its result.
      const result = runner.resultFor(task, 0);
      await runner.progress(task, 6);
      await runner.progress(task, 7, { total: result.cases.length });
      await runner.progress(task, 7, { total: result.cases.length, case: result.cases.at(-1)! });
    }
    mark(task.submitId, 'enqueued');
    await runner.finish(runner.resultFor(task, 0));
    await received;
    pending.delete(task.submitId);
    const m = marks.get(task.submitId)!;
    return m.get('received')! - m.get('enqueued')!;
  };

  // ---- paced: open loop at RATE results per second ----
  const runPaced = async () => {
    const pacedTasks = await submitMany(VERDICTS);
    await new Promise((r) => setTimeout(r, 500));
    const gcPauses: number[] = [];
    const gcObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        gcPauses.push(e.duration);
        if (process.env.GC_DEBUG)
          console.log(
            'gc',
            (e as unknown as { detail: { kind: number } }).detail.kind,
            e.duration.toFixed(1),
            Math.round(process.memoryUsage().heapUsed / 1e6),
          );
      }
    });
    gcObserver.observe({ entryTypes: ['gc'] });
    const cpuBefore = process.cpuUsage();
    const eluBefore = performance.eventLoopUtilization();
    const pacedStart = performance.now();
    const hr = () => Number(process.hrtime.bigint() / 1000n);
    const windowStart = hr();
    const pacedRuns: Promise<number>[] = [];
    for (let i = 0; i < pacedTasks.length; i++) {
      const due = pacedStart + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pacedRuns.push(deliver(pacedTasks[i]!));
    }
    const pacedLatencies = await Promise.all(pacedRuns);
    const pacedWall = performance.now() - pacedStart;
    const cpu = process.cpuUsage(cpuBefore);
    const elu = performance.eventLoopUtilization(eluBefore);
    gcObserver.disconnect();
    // For slicing a --cpu-prof profile to the paced phase (its timestamps are hrtime µs).
    if (process.env.GC_DEBUG) console.log('paced window', windowStart, hr());
    const paced = {
      rate: RATE,
      verdicts: pacedLatencies.length,
      ...summary(pacedLatencies),
      achievedPerSecond: round((pacedLatencies.length / pacedWall) * 1000),
      // CPU of the whole process (with CLIENTS=worker this includes the clients' thread)...
      cpuMsPerVerdict: round((cpu.user + cpu.system) / 1000 / pacedLatencies.length),
      // ...and the time the server's event loop was busy (PGlite runs on it too).
      serverBusyMsPerVerdict: round(elu.active / pacedLatencies.length),
      // Garbage collection pauses of the server thread meanwhile (they stall every stage).
      gc: {
        pauses: gcPauses.length,
        totalMs: round(gcPauses.reduce((a, x) => a + x, 0)),
        maxMs: round(Math.max(0, ...gcPauses)),
      },
      stages: breakdown(pacedTasks.map((t) => t.submitId)),
    };
    console.log(JSON.stringify({ paced }));
    return paced;
  };

  // ---- closed: PARALLEL workers, submit included (the bench's first measure) ----
  const runClosed = async () => {
    const closedLatencies: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next++ < VERDICTS) closedLatencies.push(await deliver(await submitOne()));
    };
    const closedStart = performance.now();
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const closedWall = performance.now() - closedStart;
    const closed = {
      parallel: PARALLEL,
      verdicts: closedLatencies.length,
      ...summary(closedLatencies),
      verdictsPerSecond: round((closedLatencies.length / closedWall) * 1000),
    };
    console.log(JSON.stringify({ closed }));
    return closed;
  };

  // ---- saturated: BURST results at once ----
  const runSaturated = async () => {
    const burstTasks = await submitMany(BURST);
    await new Promise((r) => setTimeout(r, 500));
    const burstStart = performance.now();
    const burstLatencies = await Promise.all(burstTasks.map(deliver));
    const burstWall = performance.now() - burstStart;
    const saturated = {
      verdicts: burstLatencies.length,
      verdictsPerSecond: round((burstLatencies.length / burstWall) * 1000),
      lastVerdictMs: round(burstWall),
    };
    return saturated;
  };

  const paced = PHASES.has('paced') ? await runPaced() : null;
  const closed = PHASES.has('closed') ? await runClosed() : null;
  const saturated = PHASES.has('saturated') ? await runSaturated() : null;

  unsubscribe(verdictTrace.name, onTrace);
  const connected = await clients.close();
  await runner.close();
  await gateway.close();
  await h.close();
  await bus.close();
  await database.close();
  await pg?.drop();
  if (process.env.NATS_URL) await deleteStreams(process.env.NATS_URL, `BENCH_${process.pid}`);

  report('verdict-push', {
    sockets: connected,
    clients: CLIENTS,
    db: pg ? 'postgres' : 'pglite',
    problems: PROBLEMS,
    progress: PROGRESS,
    bus: process.env.NATS_URL ? 'nats' : 'memory',
    paced,
    closed,
    saturated,
  });
}

interface Clients {
  /** Disconnects every socket; resolves with how many were still connected. */
  close(): Promise<number>;
}

/** Connects one socket per user (in batches, so the handshakes do not all land at once). */
async function connectClients(
  url: string,
  who: AuthUser[],
  onVerdict: (submitId: number) => void,
): Promise<Clients> {
  const sockets: Socket[] = [];
  for (let i = 0; i < who.length; i += 100) {
    const batch = who.slice(i, i + 100).map(
      (u) =>
        new Promise<Socket>((resolve, reject) => {
          const s = connect(url, {
            transports: ['websocket'],
            auth: { token: `tok-${u.uid}` },
            reconnection: false,
            forceNew: true,
          });
          s.once('connect', () => resolve(s));
          s.once('connect_error', reject);
          s.on(ServerEvents.submissionUpdated, (update: SubmissionUpdate) => {
            if (update.reason === 'result') onVerdict(update.submitId);
          });
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return {
    async close() {
      const connected = sockets.filter((s) => s.connected).length;
      for (const s of sockets) s.close();
      return connected;
    },
  };
}

type FromWorker =
  | { kind: 'ready' }
  | { kind: 'verdict'; submitId: number; at: number }
  | { kind: 'closed'; connected: number };

/** This file again, in a worker thread, running the clients; receive times come back as epoch ms. */
async function clientsInWorker(
  url: string,
  onVerdict: (submitId: number, at: number) => void,
): Promise<Clients> {
  // The worker loads this TypeScript file through tsx's loader, registered in the worker first.
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: { url } });
  const closed = new Promise<number>((resolve) =>
    worker.on('message', (m: FromWorker) => {
      // Both threads read the same clock: epoch ms = timeOrigin + now().
      if (m.kind === 'verdict') onVerdict(m.submitId, m.at - performance.timeOrigin);
      else if (m.kind === 'closed') resolve(m.connected);
    }),
  );
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    const ready = (m: FromWorker) => {
      if (m.kind !== 'ready') return;
      worker.off('message', ready);
      resolve();
    };
    worker.on('message', ready);
  });
  return {
    async close() {
      worker.postMessage('close');
      const connected = await closed;
      await worker.terminate();
      return connected;
    },
  };
}

async function workerMain() {
  const { url } = workerData as { url: string };
  const post = (m: FromWorker) => parentPort!.postMessage(m);
  const clients = await connectClients(url, users, (submitId) =>
    post({ kind: 'verdict', submitId, at: performance.timeOrigin + performance.now() }),
  );
  parentPort!.on('message', async () => post({ kind: 'closed', connected: await clients.close() }));
  post({ kind: 'ready' });
}

/** The bench's own streams go with it. */
async function deleteStreams(servers: string, prefix: string): Promise<void> {
  const nc = await natsConnect({ servers });
  try {
    const jsm = await jetstreamManager(nc);
    const ours: string[] = [];
    for await (const name of jsm.streams.names()) if (name.startsWith(prefix)) ours.push(name);
    for (const name of ours) await jsm.streams.delete(name);
  } finally {
    await nc.close();
  }
}

(isMainThread ? main() : workerMain()).catch((err) => {
  console.error(err);
  process.exit(1);
});

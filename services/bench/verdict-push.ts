// Verdict push latency: 1,000 connected sockets; for each measured submission the
// clock runs from the moment the judge result is enqueued to the moment the owner's
// socket receives the verdict. Uses the real live path (result queue consumer,
// database transaction, domain event, gateway); the test stands in for the runner.
// Env: SOCKETS (1000), VERDICTS (400), PARALLEL (4), DATABASE_URL (else in-memory PGlite),
// NATS_URL (else the in-process bus). Writes bench-results/verdict-push.json.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect as natsConnect } from '@nats-io/transport-node';
import { createMemoryBus, createNatsBus, type Bus } from '@oj/protocol/bus';
import { ServerEvents, type SubmissionUpdate } from '@oj/protocol/realtime/events';
import { createDatabase, IN_MEMORY } from '../src/platform/db/index';
import { migrateToLatest } from '../src/platform/db/migrate';
import type { Authenticator, AuthUser } from '../src/platform/http/access';
import { createGateway } from '../src/gateway/index';
import { RunnerStandIn, makeProblem, makeUser, startHarness } from '../src/judge/test-harness';

const SOCKETS = Number(process.env.SOCKETS ?? 1000);
const VERDICTS = Number(process.env.VERDICTS ?? 400);
const PARALLEL = Number(process.env.PARALLEL ?? 4);

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

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

async function main() {
  const database = process.env.DATABASE_URL
    ? await createDatabase({ url: process.env.DATABASE_URL })
    : await createDatabase({ dataDir: IN_MEMORY });
  await migrateToLatest(database.db);
  const bus: Bus = process.env.NATS_URL
    ? await createNatsBus({
        servers: process.env.NATS_URL,
        name: 'bench-verdict-push',
        streamPrefix: `BENCH_${process.pid}`,
        subjectPrefix: `bench-${process.pid}`,
      })
    : createMemoryBus();
  const h = await startHarness({ ...database, drop: database.close }, bus);
  h.problems.add(makeProblem(1));
  const gateway = await createGateway({
    port: 0,
    host: '127.0.0.1',
    bus,
    authenticator,
    judge: h.judge.service,
  });
  const url = `http://127.0.0.1:${gateway.port}`;
  const runner = await new RunnerStandIn(bus).start();

  // Connect every socket (in batches, so the handshakes do not all land at once).
  const sockets: Socket[] = [];
  const pending = new Map<number, (u: SubmissionUpdate) => void>();
  for (let i = 0; i < SOCKETS; i += 100) {
    const batch = users.slice(i, i + 100).map(
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
            if (update.reason === 'result') pending.get(update.submitId)?.(update);
          });
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }

  const latencies: number[] = [];
  let next = 0;
  async function worker() {
    for (;;) {
      const n = next++;
      if (n >= VERDICTS) return;
      const user = users[n % SOCKETS]!;
      const row = await h.judge.service.submit(
        user,
        { pid: '1001', language: 'C++', code: 'int main(){return 0;}' },
        null,
      );
      const task = await runner.waitForSubmission(row.submitId!);
      const id = task.submitId;
      const received = new Promise<number>((resolve) => pending.set(id, () => resolve(performance.now())));
      const t0 = performance.now();
      await runner.finish(runner.resultFor(task, 0));
      const t1 = await received;
      pending.delete(id);
      latencies.push(t1 - t0);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  const wallMs = performance.now() - started;

  latencies.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 100) / 100;
  const result = {
    bench: 'verdict-push',
    sockets: sockets.filter((s) => s.connected).length,
    verdicts: latencies.length,
    parallel: PARALLEL,
    db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    bus: process.env.NATS_URL ? 'nats' : 'memory',
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    meanMs: round(latencies.reduce((s, x) => s + x, 0) / latencies.length),
    maxMs: round(latencies.at(-1)!),
    verdictsPerSecond: round((latencies.length / wallMs) * 1000),
    at: new Date().toISOString(),
  };

  for (const s of sockets) s.close();
  await runner.close();
  await gateway.close();
  await h.close();
  await bus.close();
  await database.close();
  if (process.env.NATS_URL) await deleteStreams(process.env.NATS_URL, `BENCH_${process.pid}`);

  const out = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    '..',
    'bench-results',
    'verdict-push.json',
  );
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result));
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

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

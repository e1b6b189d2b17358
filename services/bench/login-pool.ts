// Issue #22.5 / #29.3 benchmark: how long N sign-ins (default 1,000, LOGINS) take through the HTTP
// API on the password worker pool (argon2id m=19 MiB t=2 p=1, one worker per core), on PostgreSQL,
// with CONCURRENCY (default 32) clients at once; counts busy answers (503 + Retry-After) apart.
// Prints /proc/loadavg before and after: the target (1,000 within 15 s) holds on a quiet machine.
// The machine's bound beside the figure (issue #29.5): one argon2id hash timed alone here, times the
// sign-ins, over the cores; `ofBound` is the sign-in rate over that bound's rate. Stages per sign-in:
// time in the pool (waiting for a worker + the hash) and the rest (HTTP, counters, session, database).
// `npm run bench -w @oj/services -- login-pool`
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { BENCH_ROOT_PASSWORD, startBenchPlatform } from './support-platform';
import { report } from './support';
import { argon2BoundS, argon2MedianMs, loadavg, timePool } from './support-account';

const LOGINS = Number(process.env.LOGINS ?? 1000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);

const { database, platform } = await startBenchPlatform('/tmp/oj-bench-login', {
  seedSamples: false,
  // One client address sends them all: its per-address budget must not be what is measured.
  env: { OJ_LOGINS_PER_IP: String(LOGINS * 2) },
});
await platform.app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(platform.app.server.address() as AddressInfo).port}/api/login`;
const body = JSON.stringify({ username: 'root', password: BENCH_ROOT_PASSWORD });
const signIn = () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

// Warm-up: the pool's workers start and the first hash of each is paid outside the measure.
await Promise.all(Array.from({ length: os.availableParallelism() }, signIn));

const hashMs = await argon2MedianMs();
const pool = timePool();
const before = loadavg();
let next = 0;
let ok = 0;
let busy = 0;
let other = 0;
const latencies: number[] = [];
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < LOGINS) {
      next++;
      const t = performance.now();
      const res = await signIn();
      latencies.push(performance.now() - t);
      const env = (await res.json()) as { status: number };
      if (res.status === 503) busy++;
      else if (env.status === 200) ok++;
      else other++;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const after = loadavg();
const boundS = argon2BoundS(LOGINS, hashMs);
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!);

await platform.close();
await database.drop();

report('login-pool', {
  storage: 'postgres',
  argon2: 'argon2id m=19MiB t=2 p=1',
  workers: os.availableParallelism(),
  logins: LOGINS,
  concurrency: CONCURRENCY,
  seconds: Number(seconds.toFixed(2)),
  perSecond: Number((LOGINS / seconds).toFixed(1)),
  ok,
  busy,
  other,
  latencyMs: { p50: pct(0.5), p99: pct(0.99), max: Math.round(latencies.at(-1) ?? 0) },
  argon2HashMs: hashMs,
  boundS,
  ofBound: Number((boundS / seconds).toFixed(3)),
  stagesMsPerSignIn: {
    total: Number((latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length)).toFixed(1)),
    pool: Number((pool.poolMs / Math.max(1, pool.calls)).toFixed(1)),
    rest: Number(
      ((latencies.reduce((a, b) => a + b, 0) - pool.poolMs) / Math.max(1, latencies.length)).toFixed(1),
    ),
  },
  loadavgBefore: before,
  loadavgAfter: after,
});

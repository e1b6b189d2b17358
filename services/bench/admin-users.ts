// Issue 15 benchmark: batch creation of 5,000 users through POST /api/admin/user/insert-batch-user
// (one request, as the admin's table import sends it in chunks of any size), on PostgreSQL.
// argon2 hashes run on the password worker-thread pool (one worker per core, account/password-workers.ts);
// the bench also times single hashes first, so the per-hash cost on this machine is on record.
import { availableParallelism, loadavg, cpus } from 'node:os';
import { request } from 'node:http';
import argon2 from 'argon2';
import { ARGON2_OPTIONS } from '../src/account/passwords';
import type { AddressInfo } from 'node:net';
import { report } from './support';
import { BENCH_ROOT_PASSWORD, startBenchPlatform } from './support-platform';

const USERS = Number(process.env.BENCH_USERS ?? 5000);
const { database, platform } = await startBenchPlatform('/tmp/oj-bench-admin', { seedSamples: false });
await platform.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(platform.app.server.address() as AddressInfo).port}`;
const login = await fetch(`${base}/api/admin/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'root', password: BENCH_ROOT_PASSWORD }),
});
const token = login.headers.get('authorization') ?? '';
const rows = Array.from({ length: USERS }, (_, i) => [
  `bench${i}`,
  `pass-${i}-xyz`,
  `bench${i}@bench.test`,
  `Bench ${i}`,
]);

// Per-hash cost, serial, in this process (the same parameters the pool uses).
const singles: number[] = [];
for (let i = 0; i < 20; i++) {
  const t = performance.now();
  await argon2.hash(`probe-${i}`, ARGON2_OPTIONS);
  singles.push(performance.now() - t);
}
singles.sort((a, b) => a - b);

const loadBefore = loadavg();
const started = performance.now();
// node:http, not fetch: fetch gives up after 300 s without response headers, and a loaded machine takes longer.
const body = await new Promise<{ status: number; msg: string; data: { ok: boolean }[] }>(
  (resolve, reject) => {
    const req = request(
      `${base}/api/admin/user/insert-batch-user`,
      { method: 'POST', headers: { 'content-type': 'application/json', authorization: token } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ users: rows }));
  },
);
const seconds = (performance.now() - started) / 1000;
const created = body.data?.filter((r) => r.ok).length ?? 0;

await platform.close();
await database.drop();

report('admin-users', {
  storage: 'postgres',
  users: USERS,
  created,
  status: body.status,
  seconds: Number(seconds.toFixed(2)),
  usersPerSecond: Math.round(created / seconds),
  hashWorkers: availableParallelism(),
  hashMsMedian: Number(singles[10]!.toFixed(1)),
  hashMsMin: Number(singles[0]!.toFixed(1)),
  msPerUser: Number(((seconds * 1000) / Math.max(1, created)).toFixed(2)),
  cores: cpus().length,
  argon2: 'argon2id m=19MiB t=2 p=1',
  loadavgBefore: loadBefore.map((n) => Number(n.toFixed(2))),
  loadavgAfter: loadavg().map((n) => Number(n.toFixed(2))),
});

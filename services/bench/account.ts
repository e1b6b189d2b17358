// Account benchmark (issues #2, #29.3/#29.5), on PostgreSQL:
// 1. 5,000 generated accounts (BENCH_GENERATED) through POST /api/admin/user/generate-user: ≥ 96-bit
//    passwords on the keyed HMAC, against the machine's argon2id bound for as many hashes (the path
//    they took before: count × one hash alone / cores), with the stages (making the passwords, the
//    HMACs, the rest: HTTP, names check, insert) measured apart;
// 2. 1,000 of them (BENCH_GENERATED_SIGNINS) signing in at once (32 clients), each for the first time:
//    answered at HMAC speed, each then upgraded to argon2id on the pool's batch line (timed until all
//    rows are argon2id), against the argon2id bound for as many sign-ins;
// 3. as before (issue #2): root's argon2id login for 8 s, and GET /api/get-website-config against a bare
//    Fastify route answering the same JSON.
// Prints the load average beside each figure.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { hashGeneratedPassword, upgradesSettled } from '../src/account/passwords';
import { generatedPasswordBits, GENERATED_MIN_LENGTH, passwordFrom } from '../src/admin/rules';
import * as adminRepo from '../src/admin/repository';
import { load, report } from './support';
import { argon2BoundS, argon2MedianMs, burst, loadavg, timePool } from './support-account';
import { BENCH_ROOT_PASSWORD, startBenchPlatform } from './support-platform';

const GENERATED = Number(process.env.BENCH_GENERATED ?? 5000);
const SIGNINS = Math.min(GENERATED, Number(process.env.BENCH_GENERATED_SIGNINS ?? 1000));
const cores = os.availableParallelism();

const { database, platform } = await startBenchPlatform('/tmp/oj-bench', {
  env: { OJ_LOGINS_PER_IP: String(SIGNINS * 4 + 10_000) },
});
await platform.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(platform.app.server.address() as AddressInfo).port}`;
const post = (path: string, body: unknown, token?: string) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });

// The unit of the bound: one argon2id hash alone, in this process.
const hashMs = await argon2MedianMs();

// 1. Generated accounts. Stages timed in-process on as many passwords as the request makes.
let t = performance.now();
const probes = Array.from({ length: GENERATED }, () => passwordFrom(randomBytes, GENERATED_MIN_LENGTH));
const passwordsMs = performance.now() - t;
t = performance.now();
for (const p of probes) hashGeneratedPassword(p, generatedPasswordBits(GENERATED_MIN_LENGTH));
const hmacMs = performance.now() - t;

const root = (
  await post('/api/admin/login', { username: 'root', password: BENCH_ROOT_PASSWORD })
).headers.get('authorization')!;
const genLoad = loadavg();
t = performance.now();
const gen = (await (
  await post('/api/admin/user/generate-user', { prefix: 'g', number_from: 1, number_to: GENERATED }, root)
).json()) as { status: number; data: { key: string } };
const generateS = (performance.now() - t) / 1000;
if (gen.status !== 200) throw new Error(`generate-user answered ${JSON.stringify(gen)}`);
const accounts = await adminRepo.readGenerated(platform.ctx.db, gen.data.key, new Date());
const generateBound = argon2BoundS(GENERATED, hashMs, cores);

// 2. First sign-ins of generated accounts, all at once.
const pool = timePool();
const signLoad = loadavg();
t = performance.now();
const signIns = await burst(SIGNINS, 32, async (i) => {
  const a = accounts[i]!;
  const r = await post('/api/login', { username: a.username, password: a.password });
  return r.status === 503 ? 'busy' : ((await r.json()) as { status: number }).status === 200 ? 'ok' : 'other';
});
const signInS = (performance.now() - t) / 1000;
await upgradesSettled();
const upgradedS = (performance.now() - t) / 1000;
const upgraded = Number(
  (
    await platform.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('username', 'like', 'g%')
      .where('password_hash', 'like', '$argon2id$%')
      .executeTakeFirstOrThrow()
  ).n,
);
const signInBound = argon2BoundS(SIGNINS, hashMs, cores);
const count = (k: string) => signIns.results.filter((r) => r === k).length;

// 3. As before: argon2id logins, and the website config against a bare route.
const sample = await (await fetch(`${base}/api/get-website-config`)).text();
const bare = Fastify();
bare.get('/api/get-website-config', async (_req, reply) => reply.type('application/json').send(sample));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareBase = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;
await load({ url: `${base}/api/get-website-config`, duration: 2 }); // warm-up (JIT, caches)
const bareRun = await load({ url: `${bareBase}/api/get-website-config` });
const configRun = await load({ url: `${base}/api/get-website-config` });
const loginLoad = loadavg();
const loginRun = await load({
  url: `${base}/api/login`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'root', password: BENCH_ROOT_PASSWORD }),
  connections: 8,
  duration: 8,
});
const loginBoundPerS = Number(((cores * 1000) / hashMs).toFixed(1));

await bare.close();
await platform.close();
await database.drop();

report('account', {
  storage: 'postgres',
  argon2: 'argon2id m=19MiB t=2 p=1',
  cores,
  argon2HashMs: hashMs,
  generated: {
    accounts: GENERATED,
    passwordBits: Number(generatedPasswordBits(GENERATED_MIN_LENGTH).toFixed(1)),
    seconds: Number(generateS.toFixed(2)),
    argon2BoundS: generateBound,
    secondsOverArgon2Bound: Number((generateS / generateBound).toFixed(3)),
    stagesMs: {
      passwords: Math.round(passwordsMs),
      hmac: Math.round(hmacMs),
      httpNamesInsert: Math.round(generateS * 1000 - passwordsMs - hmacMs),
    },
    loadavg: genLoad,
  },
  firstSignIns: {
    signIns: SIGNINS,
    concurrency: 32,
    seconds: Number(signInS.toFixed(2)),
    perSecond: Number((SIGNINS / signInS).toFixed(1)),
    ok: count('ok'),
    busy: count('busy'),
    other: count('other'),
    latencyMs: signIns.latencyMs,
    argon2BoundS: signInBound,
    secondsOverArgon2Bound: Number((signInS / signInBound).toFixed(3)),
    stagesMs: {
      perSignIn: Number(((signInS * 1000 * 32) / SIGNINS).toFixed(1)),
      poolCalls: pool.calls,
      poolMsTotal: Math.round(pool.poolMs),
    },
    upgradedToArgon2id: upgraded,
    allUpgradedS: Number(upgradedS.toFixed(2)),
    upgradesSecondsOverArgon2Bound: Number((upgradedS / signInBound).toFixed(3)),
    loadavg: signLoad,
  },
  login: {
    ...loginRun,
    argon2BoundPerS: loginBoundPerS,
    ofBound: Number((loginRun.requestsPerSec / loginBoundPerS).toFixed(3)),
    loadavg: loginLoad,
  },
  websiteConfig: configRun,
  bareFastify: bareRun,
  websiteConfigVsBare: Number((configRun.requestsPerSec / bareRun.requestsPerSec).toFixed(3)),
  loadavgAfter: loadavg(),
});

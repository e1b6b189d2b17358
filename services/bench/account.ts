// Issue 2 benchmark: login throughput and latency at the chosen argon2 cost, and
// GET /api/get-website-config against a bare Fastify route in the same run, on PostgreSQL.
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { load, report } from './support';
import { BENCH_ROOT_PASSWORD, startBenchPlatform } from './support-platform';

const { database, platform } = await startBenchPlatform('/tmp/oj-bench');
await platform.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(platform.app.server.address() as AddressInfo).port}`;

// The bare route answers the same JSON the real one does, so only the framework path differs.
const sample = await (await fetch(`${base}/api/get-website-config`)).text();
const bare = Fastify();
bare.get('/api/get-website-config', async (_req, reply) => reply.type('application/json').send(sample));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareBase = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;

await load({ url: `${base}/api/get-website-config`, duration: 2 }); // warm-up (JIT, caches)
const bareRun = await load({ url: `${bareBase}/api/get-website-config` });
const configRun = await load({ url: `${base}/api/get-website-config` });

const loginRun = await load({
  url: `${base}/api/login`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'root', password: BENCH_ROOT_PASSWORD }),
  connections: 8,
  duration: 8,
});

await bare.close();
await platform.close();
await database.drop();

report('account', {
  storage: 'postgres',
  argon2: 'argon2id m=19MiB t=2 p=1',
  login: loginRun,
  websiteConfig: configRun,
  bareFastify: bareRun,
  websiteConfigVsBare: Number((configRun.requestsPerSec / bareRun.requestsPerSec).toFixed(3)),
});

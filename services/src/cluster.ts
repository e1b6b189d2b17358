// `npm run start:cluster`: the platform as separate processes on real PostgreSQL and NATS
// JetStream — OJ_API_PROCESSES API processes (default 1; the first on PORT, the next on PORT+1, ...),
// OJ_GATEWAYS standalone push gateways (default 0; on OJ_GATEWAY_PORT, default PORT+100, ...)
// OJ_JUDGE_RUNNERS judge runners (default 1) and OJ_REMOTE_JUDGES remote-judge workers (default 1,
// processes/remote-judge.ts). Scale by raising the counts or by starting
// more of the same processes on other hosts with the same DATABASE_URL, NATS_URL and OJ_NATS_PREFIX.
// A crashed process is restarted at once (after a second when it keeps crashing); SIGTERM stops them all.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
// Started from its compiled bundle (`npm run start:cluster`, scripts/build.mjs): every child runs
// its bundle with node, which starts in a fraction of tsx's time. From source (tsx): through tsx.
const compiled = /\.js$/.test(process.argv[1] ?? '');
const BUNDLES: Record<string, string> = {
  'services/src/processes/api.ts': 'dist/services/api.js',
  'services/src/gateway/main.ts': 'dist/services/gateway.js',
  'judge-runner/src/main.ts': 'dist/judge-runner/main.js',
  'services/src/processes/remote-judge.ts': 'dist/services/remote-judge.js',
  'services/src/processes/similarity.ts': 'dist/services/similarity.js',
};
function command(script: string): [string, string[]] {
  return compiled
    ? [process.execPath, ['--enable-source-maps', path.join(root, BUNDLES[script]!)]]
    : [tsx, [script]];
}

function count(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 64)
    throw new Error(`${name} must be an integer from 0 to 64, got "${raw}"`);
  return n;
}

if (!process.env.DATABASE_URL || !process.env.NATS_URL) {
  console.error('start:cluster needs DATABASE_URL and NATS_URL (npm start runs everything in one process)');
  process.exit(1);
}
const port = Number(process.env.PORT || 8080);
const plan: { name: string; script: string; env: Record<string, string> }[] = [];
for (let i = 0; i < count('OJ_API_PROCESSES', 1); i++)
  plan.push({ name: `api-${i}`, script: 'services/src/processes/api.ts', env: { PORT: String(port + i) } });
const gatewayPort = Number(process.env.OJ_GATEWAY_PORT || port + 100);
for (let i = 0; i < count('OJ_GATEWAYS', 0); i++)
  plan.push({
    name: `gateway-${i}`,
    script: 'services/src/gateway/main.ts',
    env: { OJ_GATEWAY_PORT: String(gatewayPort + i) },
  });
for (let i = 0; i < count('OJ_JUDGE_RUNNERS', 1); i++)
  plan.push({
    name: `judge-${i}`,
    script: 'judge-runner/src/main.ts',
    env: { OJ_JUDGE_NAME: `judge-${process.pid}-${i}` },
  });
for (let i = 0; i < count('OJ_REMOTE_JUDGES', 1); i++)
  plan.push({ name: `remote-judge-${i}`, script: 'services/src/processes/remote-judge.ts', env: {} });
// Similarity analyses (issue #28) run outside the API processes: OJ_SIMILARITY_WORKERS (default 1).
for (let i = 0; i < count('OJ_SIMILARITY_WORKERS', 1); i++)
  plan.push({ name: `similarity-${i}`, script: 'services/src/processes/similarity.ts', env: {} });

const children = new Map<string, ChildProcess>();
const lastExit = new Map<string, number>();
let stopping = false;

function start(p: (typeof plan)[number]) {
  const [bin, args] = command(p.script);
  const child = spawn(bin, args, { cwd: root, env: { ...process.env, ...p.env }, stdio: 'inherit' });
  children.set(p.name, child);
  console.log(`[cluster] started ${p.name} (pid ${child.pid})`);
  child.on('exit', (code, signal) => {
    children.delete(p.name);
    if (stopping) return;
    // Restarted at once (a crash loop is slowed down): a killed API process answers again within
    // its start-up time, about a second from the bundle.
    const now = Date.now();
    const quick = now - (lastExit.get(p.name) ?? 0) < 5000;
    lastExit.set(p.name, now);
    const delay = quick ? 1000 : 0;
    console.error(`[cluster] ${p.name} exited (${signal ?? code}); restarting${delay ? ' in 1 s' : ''}`);
    setTimeout(() => !stopping && start(p), delay);
  });
}

for (const p of plan) start(p);

async function stopAll(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`[cluster] ${signal}: stopping ${children.size} processes`);
  const exits = [...children.values()].map((c) => new Promise((r) => c.once('exit', r)));
  for (const c of children.values()) c.kill('SIGTERM');
  await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 20_000))]);
  process.exit(0);
}
process.on('SIGTERM', () => void stopAll('SIGTERM'));
process.on('SIGINT', () => void stopAll('SIGINT'));

// The containers' processes without Docker (this machine has no daemon): the api, gateway and judge
// services of docker-compose.yml, each started with its image's command (node on a bundle of
// scripts/build.mjs) and the environment the compose file gives it, pointed at the real
// PostgreSQL and NATS of this machine. Each turns healthy by its own compose health check, and the
// platform they make judges a submission. What it cannot cover: the images' own build and their
// Debian packages (the host's toolchains stand in), and nginx in front.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { Client, SOURCES } from './e2e/harness';
import { TEST_DATABASE_URL } from './support/db';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outName = `.dist-test-${process.pid}`;
const outDir = path.join(root, outName);
const NATS = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

interface Svc {
  build: { target: string };
  environment?: Record<string, string>;
  healthcheck: { test: string[] };
}
const compose = YAML.parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Svc>;
};

/** The CMD of a Dockerfile target (its own or the nearest stage it is FROM). */
function imageCommand(target: string): string[] {
  const text = readFileSync(path.join(root, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const stages = new Map<string, { from: string; cmd?: string[] }>();
  let current: { from: string; cmd?: string[] } | null = null;
  for (const line of text.split('\n').map((l) => l.trim())) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.set(from[2] ?? from[1]!, (current = { from: from[1]! }));
    else if (current && /^CMD\s/i.test(line))
      current.cmd = JSON.parse(line.replace(/^CMD\s+/i, '')) as string[];
  }
  for (let name: string | undefined = target; name; name = stages.get(name)?.from) {
    const cmd = stages.get(name)?.cmd;
    if (cmd) return cmd;
  }
  throw new Error(`no CMD for ${target}`);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

/** `${VAR:?msg}` / `${VAR:-default}` as compose fills them in, from `vars`. */
const interpolate = (value: string, vars: Record<string, string>) =>
  value.replace(/\$\{([A-Z_]+)(?::[?-]([^}]*))?\}/g, (_m, name: string, rest: string | undefined) => {
    if (vars[name] !== undefined) return vars[name]!;
    if (rest !== undefined && _m.includes(':-')) return rest;
    throw new Error(`compose needs ${name}`);
  });

const exitCode = (cmd: string[], env: NodeJS.ProcessEnv) =>
  new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, cmd.slice(1), { cwd: root, env, stdio: 'ignore' });
    child.on('exit', (code) => resolve(code));
  });

describe('the compose services as processes', () => {
  const dbName = `oj_test_${process.pid}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const children: ChildProcess[] = [];
  const envs = new Map<string, NodeJS.ProcessEnv>();
  const logs = new Map<string, string>();
  const work = mkdtempSync(path.join(tmpdir(), 'oj-deploy-'));
  let apiPort = 0;
  let gatewayPort = 0;

  beforeAll(async () => {
    const { buildAll } = (await import(pathToFileURL(path.join(root, 'scripts/build.mjs')).href)) as {
      buildAll(into?: string): Promise<void>;
    };
    await buildAll(outDir);
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    await admin.end();
    const dbUrl = new URL(TEST_DATABASE_URL);
    dbUrl.pathname = `/${dbName}`;
    apiPort = await freePort();
    gatewayPort = await freePort();
    const vars = {
      POSTGRES_PASSWORD: 'unused',
      OJ_ROOT_PASSWORD: 'root-pass-1',
      OJ_JWT_SECRET: randomBytes(32).toString('hex'),
    };
    const prefix = `deploy${process.pid}x${randomBytes(3).toString('hex')}`;
    for (const name of ['api', 'gateway', 'judge']) {
      const svc = compose.services[name]!;
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
      for (const [k, v] of Object.entries(svc.environment ?? {})) env[k] = interpolate(String(v), vars);
      // The compose network's names, mapped to this machine's services.
      if (env.DATABASE_URL) env.DATABASE_URL = dbUrl.toString();
      env.NATS_URL = NATS;
      env.OJ_NATS_PREFIX = prefix;
      if (env.PORT) env.PORT = String(apiPort);
      if (env.OJ_GATEWAY_PORT) env.OJ_GATEWAY_PORT = String(gatewayPort);
      if (env.OJ_JUDGE_HEALTH_FILE) env.OJ_JUDGE_HEALTH_FILE = path.join(work, 'judge-heartbeat');
      env.OJ_JUDGE_NAME = `deploy-${name}-${process.pid}`;
      env.OJ_DATA_DIR = path.join(work, name);
      envs.set(name, env);
    }
    // The API first: it migrates the database and seeds root, languages and the sample problems.
    for (const name of ['api', 'gateway', 'judge']) {
      const cmd = imageCommand(compose.services[name]!.build.target).map((a) =>
        a.startsWith('dist/') ? `${outName}/${a.slice('dist/'.length)}` : a,
      );
      expect(cmd[0]).toBe('node');
      const child = spawn(process.execPath, cmd.slice(1), { cwd: root, env: envs.get(name), stdio: 'pipe' });
      logs.set(name, '');
      const keep = (b: Buffer) => logs.set(name, (logs.get(name)! + b.toString()).slice(-20_000));
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
      children.push(child);
      if (name === 'api') await untilHealthy('api');
    }
  }, 240_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
            setTimeout(() => c.kill('SIGKILL'), 20_000).unref();
          }),
      ),
    );
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }, 60_000);

  /** Runs the service's compose health check (ports mapped) until it passes. */
  async function untilHealthy(name: string, timeoutMs = 120_000): Promise<void> {
    const test = compose.services[name]!.healthcheck.test.slice(1).map((a) =>
      a
        .replace('127.0.0.1:8080', `127.0.0.1:${apiPort}`)
        .replace('127.0.0.1:8081', `127.0.0.1:${gatewayPort}`),
    );
    const deadline = Date.now() + timeoutMs;
    for (let wait = 100; ; wait = Math.min(wait * 2, 2000)) {
      if ((await exitCode(test, envs.get(name)!)) === 0) return;
      if (Date.now() > deadline) throw new Error(`${name} never turned healthy:\n${logs.get(name)}`);
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  it('each service passes its compose health check', async () => {
    await untilHealthy('api');
    await untilHealthy('gateway');
    await untilHealthy('judge');
  }, 240_000);

  it('the platform they make judges a submission', async () => {
    const base = `http://127.0.0.1:${apiPort}`;
    const rootUser = new Client(base);
    await rootUser.login('root', 'root-pass-1');
    const detail = await rootUser.call<{ problem: { problemId: string } }>(
      'GET',
      '/api/get-problem-detail?problemId=1000',
    );
    expect(detail.status, detail.msg).toBe(200);
    const submit = await rootUser.call<{ submitId: number }>('POST', '/api/submit-problem-judge', {
      pid: detail.data.problem.problemId,
      language: 'C++',
      code: SOURCES.cppAc,
      cid: 0,
      gid: null,
      isRemote: false,
    });
    expect(submit.status, submit.msg).toBe(200);
    const deadline = Date.now() + 120_000;
    for (let wait = 100; ; wait = Math.min(wait * 2, 1000)) {
      const d = await rootUser.call<{ submission: { status: number } }>(
        'GET',
        `/api/get-submission-detail?submitId=${submit.data.submitId}`,
      );
      if (d.data.submission.status === 0) break;
      if (Date.now() > deadline)
        throw new Error(`status ${d.data.submission.status}; judge log:\n${logs.get('judge')}`);
      await new Promise((r) => setTimeout(r, wait));
    }
  }, 180_000);
});

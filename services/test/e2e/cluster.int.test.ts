// Problems and submissions end to end in cluster mode: real PostgreSQL, real NATS JetStream
// (in a namespace of its own), the API with its attached gateway, and the judge runner as a
// separate process that knows nothing but NATS.
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { loadConfig } from '../../src/platform/config';
import { createPlatform, type Platform } from '../../src/compose';
import { freshPostgres } from '../../bench/support';
import { codeFromOutbox, runSubmissionScenario } from './scenario';

const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const prefix = `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const repoRoot = new URL('../../../', import.meta.url).pathname;
let database: Awaited<ReturnType<typeof freshPostgres>>;
let platform: Platform;
let runner: ChildProcess;
let runnerLog = '';
let base: string;

beforeAll(async () => {
  process.env.OJ_NATS_PREFIX = prefix;
  database = await freshPostgres();
  const config = loadConfig({
    DATABASE_URL: database.url,
    NATS_URL,
    OJ_ROOT_PASSWORD: 'root-pass-1',
    LOG_LEVEL: 'silent',
    OJ_DATA_DIR: '/tmp/oj-e2e-cluster',
  });
  platform = await createPlatform({ config, attachGateway: true });
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(platform.app.server.address() as AddressInfo).port}`;
  runner = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['judge-runner/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NATS_URL,
      OJ_NATS_PREFIX: prefix,
      OJ_JUDGE_NAME: `${prefix}-runner`,
      OJ_JUDGE_CONCURRENCY: '2',
    },
  });
  runner.stdout!.on('data', (d) => (runnerLog += d));
  runner.stderr!.on('data', (d) => (runnerLog += d));
}, 180_000);

afterAll(async () => {
  delete process.env.OJ_NATS_PREFIX;
  if (runner && runner.exitCode === null) {
    const exited = new Promise((r) => runner.once('exit', r));
    runner.kill('SIGTERM');
    await exited;
  }
  await platform?.close();
  await database?.drop();
  // Remove this run's streams and blob bucket from the shared NATS server.
  const nc = await connect({ servers: NATS_URL });
  const jsm = await jetstreamManager(nc);
  for await (const name of jsm.streams.names()) {
    if (name.startsWith(prefix) || name.includes(`${prefix}-blobs`)) await jsm.streams.delete(name);
  }
  await nc.close();
}, 60_000);

describe('cluster: PostgreSQL + NATS JetStream + a separate judge-runner process', () => {
  it('registers, submits, and receives every verdict by push; counters, solved list and rank follow', async () => {
    try {
      await runSubmissionScenario({
        base,
        registerCode: (email) => codeFromOutbox(platform.ctx.db, email),
      });
    } catch (err) {
      throw new Error(`${(err as Error).message}\n--- judge runner output ---\n${runnerLog}`);
    }
  }, 300_000);
});

// A remote-judge process killed mid-poll (SIGKILL): its judging is redelivered to another worker,
// which polls the stored remote run again instead of submitting a second time (compat RJ4).
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JudgeStatus as S } from '@oj/protocol';
import { startFakeCodeforces, type FakeCodeforces } from './fakes/codeforces';
import { createAdapters } from './adapters';
import { startRemoteTestPlatform, type RemoteTestPlatform } from './test-support';
import { startRemoteWorker, type RemoteWorker } from './worker';
import { remoteSecretBox } from './secret';

const repoRoot = new URL('../../../../', import.meta.url).pathname;
let fake: FakeCodeforces;
let t: RemoteTestPlatform;
let child: ChildProcess | null = null;
let childLog = '';
let second: RemoteWorker | null = null;

beforeAll(async () => {
  fake = await startFakeCodeforces({ petr: 'pw-1' });
  // No worker in the platform: the first worker is a process of its own.
  t = await startRemoteTestPlatform({
    worker: false,
    adapters: createAdapters({ CF: fake.url }, { findDelayMs: 20, http: { minGapMs: 0 } }),
  });
  const sw = await t.call('GET', '/api/admin/switch/info');
  await t.call('PUT', '/api/admin/switch/update', { ...sw.data, defaultSubmitInterval: 0 });
  await t.call('POST', '/api/admin/remote-judge/account', { oj: 'CF', username: 'petr', password: 'pw-1' });
  const imported = await t.call('GET', '/api/admin/problem/import-remote-oj-problem?name=CF&problemId=4A');
  expect(imported.status).toBe(200);
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await second?.stop();
  await t?.close();
  await fake?.close();
}, 60_000);

it('killing the remote-judge process mid-poll: another worker polls the same run, no second submission', async () => {
  child = spawn(`${repoRoot}node_modules/.bin/tsx`, ['services/src/processes/remote-judge.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: t.databaseUrl,
      NATS_URL: t.natsUrl,
      OJ_NATS_PREFIX: t.prefix,
      OJ_REMOTE_BASE_CF: fake.url,
      OJ_REMOTE_POLL_MS: '100',
      OJ_REMOTE_POLL_TRIES: '100000',
      OJ_REMOTE_JUDGE_NAME: 'remote-child',
      LOG_LEVEL: 'warn',
    },
  });
  child.stdout!.on('data', (d) => (childLog += d));
  child.stderr!.on('data', (d) => (childLog += d));
  const res = await t.call('POST', '/api/submit-problem-judge', {
    pid: 'CF-4A',
    language: 'GNU G++17 7.3.0',
    code: 'int main(){} // REMOTE_NEVER',
    isRemote: true,
  });
  expect(res.status, res.msg).toBe(200);
  const id = Number(res.data.submitId);
  // The child submitted and is polling (Judging pushed after the run id was stored).
  const judging = await t.pushed(id, (u) => u.status === S.JUDGING);
  expect(judging.judger).toBe('remote-child');
  expect(fake.runs).toHaveLength(1);
  const exited = new Promise((r) => child!.once('exit', r));
  child.kill('SIGKILL');
  await exited;
  // The remote judge finishes the run meanwhile; a second worker takes the redelivered judging.
  fake.runs[0]!.verdict = 'AC';
  second = await startRemoteWorker({
    db: t.platform.ctx.db as never,
    bus: t.platform.ctx.bus,
    log: t.platform.ctx.log,
    adapters: createAdapters({ CF: fake.url }, { findDelayMs: 20, http: { minGapMs: 0 } }),
    secrets: await remoteSecretBox(t.platform.ctx.db),
    name: 'remote-second',
    timings: { pollEveryMs: 100, pollTries: 50 },
  });
  const final = await t.pushed(id);
  expect(final.status, childLog).toBe(S.ACCEPTED);
  // Only the second worker was alive when the run finished on the remote judge.
  expect(child.exitCode !== null || child.signalCode !== null).toBe(true);
  expect(fake.runs).toHaveLength(1);
}, 90_000);

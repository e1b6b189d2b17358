// Contest judgings go first across the whole remote queue: they have a queue of their own, and a
// worker fills a freed slot from it before the general backlog (judge.md §6.1: the contest queue
// is served first). One slot, held by a gated first judging while general and contest work waits.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JudgeStatus as S } from '@oj/protocol';
import { createAdapters } from './adapters';
import { startFakeHdu, type FakeJudge } from './fakes/judges';
import { REMOTE_CONTEST_QUEUE, type RemoteTask } from './queue';
import { remoteSecretBox } from './secret';
import { startRemoteTestPlatform, type RemoteTestPlatform } from './test-support';
import type { RemoteAdapter } from './types';
import { startRemoteWorker, type RemoteWorker } from './worker';

let fake: FakeJudge;
let t: RemoteTestPlatform;
let worker: RemoteWorker | null = null;
let open: () => void = () => undefined;
const adapterOptions = { findDelayMs: 10, http: { timeoutMs: 5000, retries: 1, minGapMs: 0 } };

beforeAll(async () => {
  fake = await startFakeHdu({ 'u-hdu': 'pw' });
  // No worker in the platform: submissions wait in the queues until the test starts one.
  t = await startRemoteTestPlatform({
    worker: false,
    adapters: createAdapters({ HDU: fake.url }, adapterOptions),
  });
  const sw = await t.call('GET', '/api/admin/switch/info');
  await t.call('PUT', '/api/admin/switch/update', { ...sw.data, defaultSubmitInterval: 0 });
  await t.call('POST', '/api/admin/remote-judge/account', { oj: 'HDU', username: 'u-hdu', password: 'pw' });
  const imported = await t.call('GET', '/api/admin/problem/import-remote-oj-problem?name=HDU&problemId=1000');
  expect(imported.status, imported.msg).toBe(200);
}, 120_000);

afterAll(async () => {
  open();
  await worker?.stop();
  await t?.close();
  await fake?.close();
}, 60_000);

const submit = async (tag: string) => {
  const res = await t.call('POST', '/api/submit-problem-judge', {
    pid: 'HDU-1000',
    language: 'G++',
    code: `int main(){return 0;} // ${tag}`,
    isRemote: true,
  });
  expect(res.status, res.msg).toBe(200);
  return Number(res.data.submitId);
};

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
};

it('a contest judging queued behind general ones takes the next free slot', async () => {
  const first = await submit('first');
  const general1 = await submit('general-1');
  const general2 = await submit('general-2');
  const contest = await submit('contest');
  // The first judging cannot submit until the gate opens.
  const gate = new Promise<void>((r) => (open = r));
  const hdu = createAdapters({ HDU: fake.url }, adapterOptions).HDU!;
  const gated: RemoteAdapter = Object.assign(Object.create(hdu) as RemoteAdapter, {
    submit: async (...args: Parameters<RemoteAdapter['submit']>) => {
      if (args[2].code.includes('// first')) await gate;
      return hdu.submit(...args);
    },
  });
  worker = await startRemoteWorker({
    db: t.platform.ctx.db as never,
    bus: t.platform.ctx.bus,
    log: t.platform.ctx.log,
    adapters: { HDU: gated },
    secrets: await remoteSecretBox(t.platform.ctx.db),
    name: 'priority-worker',
    concurrency: 1,
    timings: { pollEveryMs: 20, pollTries: 50, accountEveryMs: 20, accountTries: 50 },
  });
  // The first judging holds the only slot (so the general queue hands out nothing more).
  await until(() => worker!.stats().busy === 1);
  expect(fake.runs).toHaveLength(0);
  // The contest copy of the last submission (a contest submission's queue), queued after the rest.
  const v = await sql<{ version: number }>`select version from judge where submit_id = ${contest}`.execute(
    t.platform.ctx.db,
  );
  const task: RemoteTask = { submitId: contest, version: v.rows[0]!.version, contest: true };
  await t.platform.ctx.bus.enqueue(REMOTE_CONTEST_QUEUE, task, { id: `test:${contest}` });

  await until(() => worker!.stats().waitingFirst === 1);
  open();
  for (const id of [first, general1, general2, contest]) expect((await t.pushed(id)).status).toBe(S.ACCEPTED);
  const order = fake.runs.map((r) => /\/\/ (\S+)/.exec(r.code)?.[1]);
  expect(order).toEqual(['first', 'contest', 'general-1', 'general-2']);
}, 120_000);

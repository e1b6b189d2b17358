// The switch page's remote-judge account lists feed the account pool without a restart: saved
// lists appear in the pool (password sealed) and judge at once; changed lists replace that
// judge's pool; a save that leaves a judge's lists alone keeps the accounts added on the
// remote-judge page.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JudgeStatus as S } from '@oj/protocol';
import { createAdapters } from './adapters';
import { startFakeHdu, type FakeJudge } from './fakes/judges';
import { startRemoteTestPlatform, type RemoteTestPlatform } from './test-support';

let fake: FakeJudge;
let t: RemoteTestPlatform;

beforeAll(async () => {
  fake = await startFakeHdu({ 'sw-one': 'pw-one', 'sw-two': 'pw-two', 'page-user': 'pw-page' });
  t = await startRemoteTestPlatform({
    worker: true,
    workerName: 'switch-accounts-test',
    adapters: createAdapters({ HDU: fake.url }, { findDelayMs: 10, http: { retries: 1, minGapMs: 0 } }),
    timings: { pollEveryMs: 20, pollTries: 50, accountEveryMs: 20, accountTries: 50 },
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
}, 60_000);

const pool = async (oj: string) => {
  const r = await sql<{
    username: string;
    password_enc: string;
  }>`select username, password_enc from remote_judge_account where oj = ${oj} order by username`.execute(
    t.platform.ctx.db,
  );
  return r.rows;
};

/** Waits until the pool of `oj` holds exactly `names` (the sync follows the switch event). */
const poolBecomes = async (oj: string, names: string[]) => {
  for (;;) {
    const rows = await pool(oj);
    if (JSON.stringify(rows.map((r) => r.username)) === JSON.stringify(names)) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
};

const saveSwitches = async (lists: Record<string, string[]>) => {
  const sw = await t.call('GET', '/api/admin/switch/info');
  const res = await t.call('PUT', '/api/admin/switch/update', {
    ...sw.data,
    defaultSubmitInterval: 0,
    ...lists,
  });
  expect(res.status, res.msg).toBe(200);
};

it('switch page lists replace the judge’s pool at once and judge without a restart', async () => {
  // An account added on the remote-judge page, and the problem.
  await t.call('POST', '/api/admin/remote-judge/account', {
    oj: 'HDU',
    username: 'page-user',
    password: 'pw-page',
  });
  expect(
    (await t.call('GET', '/api/admin/problem/import-remote-oj-problem?name=HDU&problemId=1000')).status,
  ).toBe(200);
  // A save that leaves the account lists empty keeps it.
  await saveSwitches({});
  await saveSwitches({ cfUsernameList: ['cf-user'], cfPasswordList: ['cf-pw'] });
  await poolBecomes('CF', ['cf-user']);
  expect((await pool('HDU')).map((r) => r.username)).toEqual(['page-user']);

  // HDU lists saved: the HDU pool becomes them, passwords sealed.
  await saveSwitches({
    cfUsernameList: ['cf-user'],
    cfPasswordList: ['cf-pw'],
    hduUsernameList: ['sw-one'],
    hduPasswordList: ['pw-one'],
  });
  const rows = await poolBecomes('HDU', ['sw-one']);
  expect(rows[0]!.password_enc).not.toContain('pw-one');

  const submit = await t.call('POST', '/api/submit-problem-judge', {
    pid: 'HDU-1000',
    language: 'G++',
    code: 'int main(){return 0;}',
    isRemote: true,
  });
  expect(submit.status, submit.msg).toBe(200);
  expect((await t.pushed(Number(submit.data.submitId))).status).toBe(S.ACCEPTED);
  expect(fake.logins).toContain('sw-one');

  // Edited again: the new account replaces the old one and judges.
  await saveSwitches({
    cfUsernameList: ['cf-user'],
    cfPasswordList: ['cf-pw'],
    hduUsernameList: ['sw-two'],
    hduPasswordList: ['pw-two'],
  });
  await poolBecomes('HDU', ['sw-two']);
  const again = await t.call('POST', '/api/submit-problem-judge', {
    pid: 'HDU-1000',
    language: 'G++',
    code: 'int main(){return 0;} // again',
    isRemote: true,
  });
  expect((await t.pushed(Number(again.data.submitId))).status).toBe(S.ACCEPTED);
  expect(fake.runs.at(-1)!.user).toBe('sw-two');
  expect((await pool('CF')).map((r) => r.username)).toEqual(['cf-user']);
}, 120_000);

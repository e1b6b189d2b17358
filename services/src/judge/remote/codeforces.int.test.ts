// Codeforces end to end against the fake (fakes/codeforces.ts): import through the back office,
// submissions through our API, verdicts pushed from the remote-judge worker through the local
// result path, the account pool leased and released; failure paths of judge.md §6.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@oj/protocol';
import { startFakeCodeforces, type FakeCodeforces } from './fakes/codeforces';
import { COMPILE_ERROR_TEXT } from './fakes/common';
import { createAdapters } from './adapters';
import { startRemoteTestPlatform, type RemoteTestPlatform } from './test-support';
import { RemoteMessages as RM } from './messages';

let fake: FakeCodeforces;
let t: RemoteTestPlatform;
const LANG = 'GNU G++17 7.3.0';

beforeAll(async () => {
  fake = await startFakeCodeforces({ tourist: 'secret-1' });
  t = await startRemoteTestPlatform({
    worker: true,
    workerName: 'remote-test-1',
    adapters: createAdapters(
      { CF: fake.url },
      { findDelayMs: 20, http: { timeoutMs: 5000, retries: 1, minGapMs: 0 } },
    ),
    timings: { pollEveryMs: 60, pollTries: 15, accountEveryMs: 50, accountTries: 6 },
  });
  const sw = await t.call('GET', '/api/admin/switch/info');
  expect(
    (await t.call('PUT', '/api/admin/switch/update', { ...sw.data, defaultSubmitInterval: 0 })).status,
  ).toBe(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
}, 60_000);

const db = () => t.platform.ctx.db;

async function accounts() {
  const r = await sql<{ username: string; status: number; password_enc: string }>`
    select username, status, password_enc from remote_judge_account order by id`.execute(db());
  return r.rows;
}

async function submit(code: string) {
  const res = await t.call('POST', '/api/submit-problem-judge', {
    pid: 'CF-4A',
    language: LANG,
    code,
    isRemote: true,
  });
  expect(res.status, res.msg).toBe(200);
  return Number(res.data.submitId);
}

async function detail(submitId: number) {
  return (await t.call('GET', `/api/get-submission-detail?submitId=${submitId}`)).data.submission;
}

describe('Codeforces through the remote judge', () => {
  it('the super admin adds an account; its password is stored sealed', async () => {
    const added = await t.call('POST', '/api/admin/remote-judge/account', {
      oj: 'CF',
      username: 'tourist',
      password: 'secret-1',
    });
    expect(added.status).toBe(200);
    const rows = await accounts();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.password_enc).not.toContain('secret-1');
    const list = await t.call('GET', '/api/admin/remote-judge/accounts?oj=CF');
    expect(list.data).toMatchObject([{ oj: 'CF', username: 'tourist', status: 1 }]);
    expect(JSON.stringify(list.data)).not.toContain('secret');
  });

  it('previews and imports CF-4A (limits converted, samples, absolute image links, tags, languages)', async () => {
    const preview = await t.call('GET', '/api/admin/problem/remote-oj-problem-preview?name=CF&problemId=4A');
    expect(preview.status).toBe(200);
    expect(preview.data).toMatchObject({
      problemId: 'CF-4A',
      title: 'Watermelon',
      timeLimit: 1000,
      memoryLimit: 64,
    });
    expect(preview.data.examples).toBe('<input>8\n</input><output>YES\n</output>');
    expect(preview.data.description).toContain(`src="${fake.url}predownloaded/4A.png"`);
    expect(preview.data.tags).toEqual(['brute force', 'math']);
    const imported = await t.call('GET', '/api/admin/problem/import-remote-oj-problem?name=CF&problemId=4A');
    expect(imported).toMatchObject({ status: 200, msg: RM.IMPORT_OK });
    const again = await t.call('GET', '/api/admin/problem/import-remote-oj-problem?name=CF&problemId=4A');
    expect(again).toMatchObject({ status: 400, msg: RM.IMPORT_DUPLICATE });
    const unknown = await t.call('GET', '/api/admin/problem/import-remote-oj-problem?name=XX&problemId=4A');
    expect(unknown).toMatchObject({ status: 400, msg: RM.IMPORT_UNKNOWN_OJ });
    const broken = await t.call('GET', '/api/admin/problem/import-remote-oj-problem?name=CF&problemId=404A');
    expect(broken).toMatchObject({ status: 400, msg: RM.IMPORT_FAILED });
    const page = await t.call('GET', '/api/get-problem-detail?problemId=CF-4A');
    expect(page.status).toBe(200);
    expect(page.data.problem).toMatchObject({ isRemote: true, source: `${fake.url}problemset/problem/4/A` });
    expect(page.data.languages).toContain(LANG);
    expect(page.data.languages).not.toContain('C++ 17');
  });

  it('a right answer is Accepted, pushed, with per-test rows, and the account comes back free', async () => {
    const id = await submit('int main(){puts("YES");}');
    const judging = await t.pushed(id, (u) => u.status === S.JUDGING);
    expect(judging.reason).toBe('progress');
    const final = await t.pushed(id);
    expect(final).toMatchObject({ status: S.ACCEPTED, time: 30, memory: 200 });
    expect(fake.runs.at(-1)).toMatchObject({
      user: 'tourist',
      contest: '4',
      index: 'A',
      programTypeId: '54',
    });
    expect((await accounts())[0]!.status).toBe(1);
  });

  it('the same code twice is not refused as a duplicate (random blank tail)', async () => {
    const a = await submit('int main(){puts("YES");} // twice');
    expect((await t.pushed(a)).status).toBe(S.ACCEPTED);
    const b = await submit('int main(){puts("YES");} // twice');
    expect((await t.pushed(b)).status).toBe(S.ACCEPTED);
  });

  it('a wrong answer is WA; a compile error is CE with the remote compiler text', async () => {
    const wa = await submit('int main(){puts("NO");} // REMOTE_WRONG');
    expect((await t.pushed(wa)).status).toBe(S.WRONG_ANSWER);
    const ce = await submit('#error nope');
    expect((await t.pushed(ce)).status).toBe(S.COMPILE_ERROR);
    expect((await detail(ce)).errorMessage).toBe(COMPILE_ERROR_TEXT);
    expect((await accounts())[0]!.status).toBe(1);
  });

  it('a 403 on the submit page logs in again once and submits', async () => {
    const before = fake.logins.length;
    fake.forbidNextSubmitPage = true;
    const id = await submit('int main(){puts("YES");} // after 403');
    expect((await t.pushed(id)).status).toBe(S.ACCEPTED);
    expect(fake.logins.length).toBeGreaterThanOrEqual(before + 2);
  });

  it('a run that never finishes ends Submitted Failed; resubmit polls the same run again', async () => {
    const id = await submit('int main(){} // REMOTE_NEVER');
    const final = await t.pushed(id);
    expect(final.status).toBe(S.SUBMITTED_FAILED);
    expect((await detail(id)).errorMessage).toBe(RM.POLL_TIMEOUT);
    expect((await accounts())[0]!.status).toBe(1);
    const runs = fake.runs.length;
    fake.runs.at(-1)!.verdict = 'AC';
    const again = await t.call('GET', `/api/resubmit?submitId=${id}`);
    expect(again.status).toBe(200);
    const after = await t.pushed(id, (u) => u.version === again.data.version && u.status === S.ACCEPTED);
    expect(after.status).toBe(S.ACCEPTED);
    expect(fake.runs.length).toBe(runs);
  });

  it('a wrong stored password ends Submitted Failed with the submit message', async () => {
    fake.accounts.set('tourist', 'changed');
    const id = await submit('int main(){puts("YES");} // bad password');
    const final = await t.pushed(id);
    expect(final.status).toBe(S.SUBMITTED_FAILED);
    expect((await detail(id)).errorMessage).toBe(RM.submitFailed('CF'));
    expect((await accounts())[0]!.status).toBe(1);
    fake.accounts.set('tourist', 'secret-1');
  });

  it('every account busy past the wait: Submitted Failed, and resubmit submits once one is free', async () => {
    await sql`update remote_judge_account set status = 0, leased_by = 'elsewhere',
              lease_until = now() + interval '1 hour'`.execute(db());
    const id = await submit('int main(){puts("YES");} // busy');
    const final = await t.pushed(id);
    expect(final.status).toBe(S.SUBMITTED_FAILED);
    expect((await detail(id)).errorMessage).toBe(RM.ACCOUNT_WAIT_TIMEOUT);
    await sql`update remote_judge_account set status = 1, leased_by = null, lease_until = null`.execute(db());
    const again = await t.call('GET', `/api/resubmit?submitId=${id}`);
    expect(again.status).toBe(200);
    const after = await t.pushed(id, (u) => u.version === again.data.version && u.status === S.ACCEPTED);
    expect(after.status).toBe(S.ACCEPTED);
  });

  it('GYM judges with the Codeforces account: import, Accepted and a compile error with its text', async () => {
    const imported = await t.call(
      'GET',
      '/api/admin/problem/import-remote-oj-problem?name=GYM&problemId=100001A',
    );
    expect(imported).toMatchObject({ status: 200, msg: RM.IMPORT_OK });
    const page = await t.call('GET', '/api/get-problem-detail?problemId=GYM-100001A');
    expect(page.data.problem).toMatchObject({ isRemote: true, source: `${fake.url}gym/100001/problem/A` });
    const gym = async (code: string) => {
      const res = await t.call('POST', '/api/submit-problem-judge', {
        pid: 'GYM-100001A',
        language: LANG,
        code,
        isRemote: true,
      });
      expect(res.status, res.msg).toBe(200);
      return Number(res.data.submitId);
    };
    const ok = await gym('int main(){puts("YES");} // gym');
    expect(await t.pushed(ok)).toMatchObject({ status: S.ACCEPTED, time: 31, memory: 3900 });
    expect(fake.runs.at(-1)).toMatchObject({ contest: '100001', index: 'A', user: 'tourist' });
    const ce = await gym('#error gym');
    expect((await t.pushed(ce)).status).toBe(S.COMPILE_ERROR);
    expect((await detail(ce)).errorMessage).toBe(COMPILE_ERROR_TEXT);
    expect((await accounts())[0]!.status).toBe(1);
  });

  it('training variant: imports an unknown problem and links it with its problem id as display id', async () => {
    const created = await t.call('POST', '/api/admin/training', {
      training: { title: 'remote training', auth: 'Public', description: 'd', status: true, rank: 1 },
      trainingCategory: { name: 'remote', color: '#123456' },
    });
    expect(created.status, created.msg).toBe(200);
    const r = await sql<{ id: number }>`select id from training where title = 'remote training'`.execute(
      db(),
    );
    const tid = Number(r.rows[0]!.id);
    const linked = await t.call(
      'GET',
      `/api/admin/training/import-remote-oj-problem?name=CF&problemId=5B&tid=${tid}`,
    );
    expect(linked, linked.msg).toMatchObject({ status: 200, msg: RM.IMPORT_OK });
    const known = await t.call(
      'GET',
      `/api/admin/training/import-remote-oj-problem?name=CF&problemId=4A&tid=${tid}`,
    );
    expect(known.status, known.msg).toBe(200);
    const rows = await sql<{
      display_id: string;
    }>`select display_id from training_problem where tid = ${tid} order by display_id`.execute(db());
    expect(rows.rows.map((x) => x.display_id)).toEqual(['CF-4A', 'CF-5B']);
    const again = await t.call(
      'GET',
      `/api/admin/training/import-remote-oj-problem?name=CF&problemId=4A&tid=${tid}`,
    );
    expect(again.status).toBe(400);
  });

  it('contest variant: imports unless known and links with the given display id', async () => {
    const now = Date.now();
    const created = await t.call('POST', '/api/admin/contest', {
      title: 'remote contest',
      description: 'd',
      type: 0,
      auth: 0,
      startTime: new Date(now - 60_000).toISOString(),
      endTime: new Date(now + 3_600_000).toISOString(),
      duration: 3660,
      sealRank: false,
      sealRankTime: null,
      autoRealRank: true,
      openRank: true,
      openPrint: false,
      allowEndSubmit: false,
      rankShowName: 'username',
      oiRankScoreType: 'Recent',
      starAccount: [],
      awardType: 0,
      awardConfigList: [],
      openAccountLimit: false,
      visible: true,
      uid: '1',
      author: 'root',
    });
    expect(created.status, created.msg).toBe(200);
    const list = await t.call('GET', '/api/admin/contest/get-contest-list?keyword=remote%20contest&limit=10');
    const cid = Number(list.data.records[0].id);
    const linked = await t.call(
      'GET',
      `/api/admin/contest/import-remote-oj-problem?name=CF&problemId=6C&cid=${cid}&displayId=A`,
    );
    expect(linked, linked.msg).toMatchObject({ status: 200, msg: RM.IMPORT_OK });
    const inContest = await t.call('GET', `/api/get-contest-problem-details?cid=${cid}&displayId=A`);
    expect(inContest.status, inContest.msg).toBe(200);
    expect(inContest.data.problem).toMatchObject({ isRemote: true, title: 'Watermelon' });
  });

  it('no account configured: System Error with the reference message', async () => {
    const list = await t.call('GET', '/api/admin/remote-judge/accounts');
    for (const a of list.data as { id: number }[])
      await t.call('DELETE', `/api/admin/remote-judge/account?id=${a.id}`);
    const id = await submit('int main(){puts("YES");} // no account');
    const final = await t.pushed(id);
    expect(final.status).toBe(S.SYSTEM_ERROR);
    expect((await detail(id)).errorMessage).toBe(RM.noAccount('CF'));
  });
});

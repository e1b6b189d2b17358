// HDU, POJ, SPOJ, AtCoder and LibreOJ end to end against their fakes (fakes/judges.ts): import
// through the back office, right, wrong and non-compiling answers through our API, verdicts and
// the compile error text pushed through the local result path, the account free afterwards; each
// judge's own failure mode on the way (HDU "don't re-submit", AtCoder "wait N second", LibreOJ a
// failed first submit, SPOJ a 403 on the status call) and a wrong stored password.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@oj/protocol';
import { COMPILE_ERROR_TEXT } from './fakes/common';
import {
  startFakeAtCoder,
  startFakeHdu,
  startFakeLibreOj,
  startFakePoj,
  startFakeSpoj,
  type FakeJudge,
} from './fakes/judges';
import { createAdapters } from './adapters';
import { startRemoteTestPlatform, type RemoteTestPlatform } from './test-support';
import { RemoteMessages as RM } from './messages';
import type { RemoteJudgeName } from './types';

interface Case {
  oj: RemoteJudgeName;
  start: (accounts: Record<string, string>) => Promise<FakeJudge>;
  remoteId: string;
  problemId: string;
  missing: string;
  language: string;
  title: string;
  timeLimit: number;
  memoryLimit: number;
  examples: string;
  image: string;
}

const CASES: Case[] = [
  {
    oj: 'HDU',
    start: startFakeHdu,
    remoteId: '1000',
    problemId: 'HDU-1000',
    missing: '9999',
    language: 'G++',
    title: 'A + B Problem',
    timeLimit: 1000,
    memoryLimit: 32,
    examples: '<input>1 1</input><output>2</output>',
    image: 'data/images/C1000-1.jpg',
  },
  {
    oj: 'POJ',
    start: startFakePoj,
    remoteId: '1000',
    problemId: 'POJ-1000',
    missing: '9999',
    language: 'G++',
    title: 'A+B Problem',
    timeLimit: 1000,
    memoryLimit: 10,
    examples: '<input>1 2</input><output>3</output>',
    image: 'images/1000_1.jpg',
  },
  {
    oj: 'SPOJ',
    start: startFakeSpoj,
    remoteId: 'TEST',
    problemId: 'SPOJ-TEST',
    missing: 'NOPE',
    language: 'C++14 (gcc 8.3)',
    title: 'Life, the Universe, and Everything',
    timeLimit: 10000,
    memoryLimit: 1536,
    examples: '<input>1\n2\n88\n42\n99\n</input><output>1\n2\n88\n</output>',
    image: 'content/test.png',
  },
  {
    oj: 'AC',
    start: startFakeAtCoder,
    remoteId: 'abc086_a',
    problemId: 'AC-ABC086_A',
    missing: 'abc999_z',
    language: 'C++ 20 (gcc 12.2)',
    title: 'Product',
    timeLimit: 2000,
    memoryLimit: 1024,
    examples: '<input>3 4\n</input><output>Even\n</output>',
    image: 'img/abc086a.png',
  },
  {
    oj: 'LIBRE',
    start: startFakeLibreOj,
    remoteId: '6764',
    problemId: 'LIBRE-6764(41180)',
    missing: '1',
    language: 'C++ 17 (G++)',
    title: 'A + B',
    timeLimit: 1000,
    memoryLimit: 512,
    examples: '<input>1 2\n</input><output>3\n</output>',
    image: 'https://loj.ac/x.png',
  },
];

const fakes = new Map<RemoteJudgeName, FakeJudge>();
let t: RemoteTestPlatform;

beforeAll(async () => {
  for (const c of CASES) fakes.set(c.oj, await c.start({ [`u-${c.oj}`]: 'pw-ok' }));
  const bases = Object.fromEntries(
    [...fakes].map(([oj, f]) => [oj, oj === 'LIBRE' ? `${f.url}api/` : f.url]),
  );
  t = await startRemoteTestPlatform({
    worker: true,
    workerName: 'remote-judges-test',
    adapters: createAdapters(bases, {
      findDelayMs: 20,
      waitScale: 0.01,
      http: { timeoutMs: 5000, retries: 1, minGapMs: 0 },
    }),
    timings: { pollEveryMs: 50, pollTries: 20, accountEveryMs: 50, accountTries: 5 },
  });
  const sw = await t.call('GET', '/api/admin/switch/info');
  expect(
    (await t.call('PUT', '/api/admin/switch/update', { ...sw.data, defaultSubmitInterval: 0 })).status,
  ).toBe(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
  for (const f of fakes.values()) await f.close();
}, 60_000);

describe.each(CASES)('$oj through the remote judge', (c) => {
  const fake = () => fakes.get(c.oj)!;
  const submit = async (code: string) => {
    const res = await t.call('POST', '/api/submit-problem-judge', {
      pid: c.problemId,
      language: c.language,
      code,
      isRemote: true,
    });
    expect(res.status, res.msg).toBe(200);
    return Number(res.data.submitId);
  };
  const accountFree = async () => {
    const r = await sql<{
      status: number;
    }>`select status from remote_judge_account where oj = ${c.oj}`.execute(t.platform.ctx.db);
    return r.rows.map((x) => x.status);
  };

  it('imports the problem (limits converted, samples, absolute links, the judge languages)', async () => {
    expect(
      (
        await t.call('POST', '/api/admin/remote-judge/account', {
          oj: c.oj,
          username: `u-${c.oj}`,
          password: 'pw-ok',
        })
      ).status,
    ).toBe(200);
    const missing = await t.call(
      'GET',
      `/api/admin/problem/import-remote-oj-problem?name=${c.oj}&problemId=${c.missing}`,
    );
    expect(missing).toMatchObject({ status: 400, msg: RM.IMPORT_FAILED });
    const imported = await t.call(
      'GET',
      `/api/admin/problem/import-remote-oj-problem?name=${c.oj}&problemId=${c.remoteId}`,
    );
    expect(imported, imported.msg).toMatchObject({ status: 200, msg: RM.IMPORT_OK });
    const page = await t.call('GET', `/api/get-problem-detail?problemId=${encodeURIComponent(c.problemId)}`);
    expect(page.status, page.msg).toBe(200);
    expect(page.data.problem).toMatchObject({
      title: c.title,
      timeLimit: c.timeLimit,
      memoryLimit: c.memoryLimit,
      isRemote: true,
      examples: c.examples,
    });
    const links = `${page.data.problem.description}`;
    expect(links).toContain(c.image.startsWith('http') ? c.image : `${fake().url}${c.image}`);
    expect(page.data.languages).toContain(c.language);
  });

  it('right, wrong and non-compiling answers come back pushed; the account is free after each', async () => {
    fake().refuseNext = true;
    const ok = await submit('int main(){return 0;} // right');
    expect((await t.pushed(ok)).status).toBe(S.ACCEPTED);
    expect(await accountFree()).toEqual([1]);
    const wa = await submit('int main(){return 0;} // REMOTE_WRONG');
    expect((await t.pushed(wa)).status).toBe(S.WRONG_ANSWER);
    const ce = await submit('#error no');
    expect((await t.pushed(ce)).status).toBe(S.COMPILE_ERROR);
    const detail = await t.call('GET', `/api/get-submission-detail?submitId=${ce}`);
    expect(detail.data.submission.errorMessage).toBe(COMPILE_ERROR_TEXT);
    expect(await accountFree()).toEqual([1]);
    expect(fake().runs).toHaveLength(3);
  });

  it('a wrong stored password ends Submitted Failed and frees the account', async () => {
    fake().accounts.set(`u-${c.oj}`, 'changed');
    const id = await submit('int main(){return 0;} // bad password');
    expect((await t.pushed(id)).status).toBe(S.SUBMITTED_FAILED);
    expect(await accountFree()).toEqual([1]);
    fake().accounts.set(`u-${c.oj}`, 'pw-ok');
  });
});

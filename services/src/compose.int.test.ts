// The composition root wires capabilities to each other's rules; this checks a wire that only
// exists there: a contest problem page carries the problem's own tags, languages and templates
// (the contest capability reads them through the problem capability, not its tables).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './platform/config';
import { createPlatform, type Platform } from './compose';

const dataDir = mkdtempSync(join(tmpdir(), 'oj-compose-'));
let platform: Platform;
let token = '';

// Loose on purpose: each call reads a few fields of a different response shape.
interface Envelope {
  status: number;
  msg: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

async function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await platform.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { authorization: token },
  });
  return { http: res.statusCode, body: res.json() as Envelope };
}

beforeAll(async () => {
  const config = loadConfig({ OJ_DATA_DIR: dataDir, OJ_ROOT_PASSWORD: 'root-pass-1', LOG_LEVEL: 'silent' });
  platform = await createPlatform({ config });
  const login = await platform.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'root', password: 'root-pass-1' },
  });
  token = String(login.headers.authorization ?? '');
  expect(token).not.toBe('');
}, 120_000);

afterAll(async () => {
  await platform?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('composition: contest problems read the problem capability', () => {
  it('a contest problem page lists the languages, tags and templates of the problem', async () => {
    const site = await call('GET', '/api/get-problem-detail?problemId=1000');
    expect(site.body.status).toBe(200);
    const languages: string[] = site.body.data.languages;
    expect(languages.length).toBeGreaterThan(1);

    const now = Date.now();
    const created = await call('POST', '/api/admin/contest', {
      title: 'compose languages',
      description: 'languages of contest problems',
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
    expect(created.body.status).toBe(200);
    const list = await call(
      'GET',
      '/api/admin/contest/get-contest-list?keyword=compose%20languages&limit=10',
    );
    const cid: number = list.body.data.records[0].id;
    const pid: number = site.body.data.problem.id;
    const added = await call('POST', '/api/admin/contest/add-problem-from-public', {
      cid,
      pid,
      displayId: 'A',
    });
    expect(added.body.status).toBe(200);

    const inContest = await call('GET', `/api/get-contest-problem-details?cid=${cid}&displayId=A`);
    expect(inContest.body.status).toBe(200);
    expect([...inContest.body.data.languages].sort()).toEqual([...languages].sort());
    expect(inContest.body.data.tags).toEqual(site.body.data.tags);
    expect(inContest.body.data.codeTemplate).toEqual(site.body.data.codeTemplate);
  });
});

// Issue #26 items 4 and 5: the posting/commenting and group-creation thresholds are held to the
// site's public problems (a fresh site has 4 sample problems; the switches ask 10 and 20), and the
// rule endpoints tell a user where they stand before they write. Composed platform (the clamp is
// wired in the composition root).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './platform/config';
import { createPlatform, type Platform } from './compose';

const dataDir = mkdtempSync(join(tmpdir(), 'oj-write-rules-'));
let platform: Platform;

interface Envelope {
  status: number;
  msg: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

async function login(username: string, password: string): Promise<string> {
  const res = await platform.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
  });
  return String(res.headers.authorization ?? '');
}

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown, lang = 'zh-CN') {
  const res = await platform.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { authorization: token, 'accept-language': lang },
  });
  return res.json() as Envelope;
}

let root = '';
let newbie = '';

beforeAll(async () => {
  const config = loadConfig({ OJ_DATA_DIR: dataDir, OJ_ROOT_PASSWORD: 'root-pass-1', LOG_LEVEL: 'silent' });
  platform = await createPlatform({ config });
  root = await login('root', 'root-pass-1');
  const made = await call(root, 'POST', '/api/admin/user/insert-batch-user', {
    users: [['newbie', 'secret1']],
  });
  expect(made.status).toBe(200);
  newbie = await login('newbie', 'secret1');
  expect(newbie).not.toBe('');
}, 120_000);

afterAll(async () => {
  await platform?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('write rules on a fresh site', () => {
  it('the posting rule is held to the public problems and shows the user progress', async () => {
    const publicProblems = (await call(newbie, 'GET', '/api/get-problem-list?limit=1')).data.total;
    expect(publicProblems).toBeGreaterThan(0);
    expect(publicProblems).toBeLessThan(10);
    const rule = await call(newbie, 'GET', '/api/discussion-write-rule');
    expect(rule.status).toBe(200);
    expect(rule.data).toEqual({
      exempt: false,
      accepted: 0,
      postNeed: publicProblems,
      commentNeed: publicProblems,
      dailyLimit: 5,
      postedToday: 0,
    });
    expect((await call(root, 'GET', '/api/discussion-write-rule')).data.exempt).toBe(true);
  });

  it('a post refused for the threshold says "post" (not "comment") with the effective number, in both languages', async () => {
    const body = { title: 't', description: 'd', content: 'c', categoryId: 1 };
    const zh = await call(newbie, 'POST', '/api/discussion', body);
    const need = (await call(newbie, 'GET', '/api/discussion-write-rule')).data.postNeed;
    expect(zh).toMatchObject({
      status: 403,
      msg: `对不起，您暂时不能发帖！请先去提交题目通过${need}道以上!`,
    });
    const en = await call(newbie, 'POST', '/api/discussion', body, 'en-US');
    expect(en.msg).toBe(`Sorry, you cannot post yet! Solve at least ${need} problems first!`);
  });

  it('the group creation rule: threshold held to the public problems, counts of groups made', async () => {
    const publicProblems = (await call(newbie, 'GET', '/api/get-problem-list?limit=1')).data.total;
    const rule = await call(newbie, 'GET', '/api/group-create-rule');
    expect(rule.data).toEqual({
      exempt: false,
      accepted: 0,
      need: publicProblems,
      dailyLimit: 2,
      createdToday: 0,
      totalLimit: 5,
      created: 0,
    });
    const refused = await call(newbie, 'POST', '/api/group', {
      name: 'abcde',
      shortName: 'abcde',
      brief: 'brief text',
      description: 'a description',
      auth: 1,
    });
    expect(refused).toMatchObject({
      status: 403,
      msg: `对不起，您暂时无权限创建团队！请先去提交题目通过${publicProblems}道以上!`,
    });
  });

  it('the rules need a signed-in user', async () => {
    const res = await platform.app.inject({ method: 'GET', url: '/api/group-create-rule' });
    expect(res.statusCode).toBe(401);
  });
});

describe('batch user import row reasons (issue #26 item 7)', () => {
  it('are in the interface language, and a name repeated in the batch is told as such', async () => {
    const users = [
      ['newbie', 'secret1'], // taken
      ['fresh26', 'secret1'],
      ['fresh26', 'secret2'], // repeated in the batch
      ['', 'secret3'], // no name
    ];
    const zh = await call(root, 'POST', '/api/admin/user/insert-batch-user', { users });
    expect(zh.data.map((r: { reason: string | null }) => r.reason)).toEqual([
      '用户名已存在',
      null,
      '用户名在本次导入中重复',
      '用户名不能为空',
    ]);
    const en = await call(
      root,
      'POST',
      '/api/admin/user/insert-batch-user',
      {
        users: [
          ['newbie', 'secret1'],
          ['x26', 'secret1'],
          ['x26', 'secret1'],
        ],
      },
      'en-US',
    );
    expect(en.msg).toMatch(/^\[Import result\]/);
    expect(en.data.map((r: { reason: string | null }) => r.reason)).toEqual([
      'The username already exists',
      null,
      'The username is repeated in this import',
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { DB_KINDS } from '../../test/support/db';
import { createHarness, type Harness } from './test-harness';
import * as repo from './repository';
import { createProblemJudgePort } from './port';

describe.each(DB_KINDS)('public problem endpoints (%s)', (kind) => {
  let h: Harness;
  const pids: Record<string, number> = {};
  const tags: Record<string, number> = {};

  beforeAll(async () => {
    h = await createHarness(kind, {
      status: {
        async statusFor(uid, ids, scope) {
          // A fake judge: alice accepted the first problem; contest lists carry a score.
          if (uid !== 'u-user') return new Map();
          return new Map([[ids[0]!, { status: 0, score: scope.contest ? 100 : null }]]);
        },
      },
      compiler: {
        async compile({ code }) {
          return code.includes('error')
            ? { ok: false, status: 500, msg: 'checker.cpp:1: error' }
            : { ok: true };
        },
      },
      groups: {
        // admin of group 5; a plain member of group 7
        isMember: async (uid, gid) => uid === 'u-user' && (gid === 5 || gid === 7),
        isAdmin: async (uid, gid) => uid === 'u-user' && gid === 5,
      },
    });
    const db = h.ctx.db;
    const make = async (problemId: string, extra: Partial<repo.ProblemInsert> = {}) => {
      const row = await repo.insertProblem(db, {
        problem_id: problemId,
        title: `Title ${problemId}`,
        ...extra,
      });
      pids[problemId] = row.id;
    };
    await make('1000', {
      difficulty: 0,
      spj_code: 'secret',
      spj_language: 'C++',
      judge_extra_file: '{"a":"b"}',
    });
    await make('1001', { difficulty: 1, title: 'Graph walk' });
    await make('10', { difficulty: 2 });
    await make('1002', { auth: 2 });
    await make('1003', { auth: 3 });
    await make('1004', { auth: 3, author: 'alice' });
    await make('G-1', { is_group: true, gid: 5 });
    await make('HDU-1000', { is_remote: true });
    await make('CF-100A', { is_remote: true });
    const cls = await repo.insertClassification(db, { name: 'Basics', oj: 'ME', rank: 2 });
    const cls0 = await repo.insertClassification(db, { name: 'First', oj: 'ME', rank: 1 });
    await repo.insertClassification(db, { name: 'CF class', oj: 'CF', rank: 0 });
    for (const [name, tcid] of [
      ['dp', cls.id],
      ['math', cls0.id],
      ['loose', null],
    ] as const) {
      tags[name] = (await repo.insertTag(db, { name, oj: 'ME', tcid })).id;
    }
    tags.cf = (await repo.insertTag(db, { name: 'greedy', oj: 'CF' })).id;
    await repo.setProblemTags(db, pids['1000']!, [tags.dp!, tags.math!]);
    await repo.setProblemTags(db, pids['1001']!, [tags.dp!]);
    const langs = await repo.listLanguages(db, null);
    const c = langs.find((l) => l.name === 'C')!;
    const cpp = langs.find((l) => l.name === 'C++')!;
    await repo.setProblemLanguages(db, pids['1000']!, [c.id, cpp.id]);
    await repo.replaceCodeTemplates(db, pids['1000']!, [
      { lid: c.id, code: '// c template', status: true },
      { lid: cpp.id, code: '// disabled', status: false },
    ]);
    const port = createProblemJudgePort(db);
    await port.recordVerdict(pids['1000']!, null, 0);
    await port.recordVerdict(pids['1000']!, null, -1);
  });
  afterAll(() => h?.close());

  const list = async (query: string) => {
    const r = await h.call('anonymous', 'GET', `/api/get-problem-list${query}`);
    expect(r.statusCode).toBe(200);
    return r.json().data;
  };

  it('lists only public non-group problems, ordered by id length then id, with counts and tags', async () => {
    const page = await list('');
    expect(page.records.map((r: { problemId: string }) => r.problemId)).toEqual([
      '10',
      '1000',
      '1001',
      'CF-100A',
      'HDU-1000',
    ]);
    expect(page).toMatchObject({ total: 5, size: 10, current: 1, orders: [], searchCount: true, pages: 1 });
    const first = page.records[1];
    expect(first).toMatchObject({
      pid: pids['1000'],
      title: 'Title 1000',
      difficulty: 0,
      type: 0,
      total: 2,
      ac: 1,
      wa: 1,
      score: null,
    });
    expect(first.tags.map((t: { name: string }) => t.name).sort()).toEqual(['dp', 'math']);
    expect(Object.keys(first.tags[0]).sort()).toEqual([
      'color',
      'gid',
      'gmtCreate',
      'gmtModified',
      'id',
      'name',
      'oj',
      'tcid',
    ]);
    expect(first.tags[0].gmtCreate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$/);
  });

  it('filters by oj: Mine/ME local only, a remote bank by prefix, All everything', async () => {
    const ids = async (q: string) => (await list(q)).records.map((r: { problemId: string }) => r.problemId);
    expect(await ids('?oj=Mine')).toEqual(['10', '1000', '1001']);
    expect(await ids('?oj=ME')).toEqual(['10', '1000', '1001']);
    expect(await ids('?oj=HDU')).toEqual(['HDU-1000']);
    expect(await ids('?oj=cf')).toEqual(['CF-100A']);
    expect(await ids('?oj=All')).toHaveLength(5);
  });

  it('filters by keyword (title or display id), difficulty and all of the given tags', async () => {
    const ids = async (q: string) => (await list(q)).records.map((r: { problemId: string }) => r.problemId);
    expect(await ids('?keyword=%20graph%20')).toEqual(['1001']);
    expect(await ids('?keyword=100')).toEqual(['1000', '1001', 'CF-100A', 'HDU-1000']);
    expect(await ids('?keyword=%25')).toEqual([]);
    expect(await ids('?difficulty=2')).toEqual(['10']);
    expect(await ids('?difficulty=&keyword=&tagId=&oj=Mine&currentPage=&limit=')).toEqual([
      '10',
      '1000',
      '1001',
    ]);
    expect(await ids(`?tagId=${tags.dp}`)).toEqual(['1000', '1001']);
    expect(await ids(`?tagId=${tags.dp},${tags.math}`)).toEqual(['1000']);
    expect(await ids(`?tagId=${encodeURIComponent(`[${tags.dp},${tags.math}]`)}`)).toEqual(['1000']);
    expect(await ids(`?tagId=${tags.dp}&tagId=${tags.math}`)).toEqual(['1000']);
    expect(await ids(`?tagId=${tags.loose}`)).toEqual([]);
    const bad = await h.call('anonymous', 'GET', '/api/get-problem-list?tagId=abc');
    expect(bad.json()).toMatchObject({ status: 400 });
  });

  it('pages with defaults, caps the size at 500 and keeps the total past the last page', async () => {
    const p = await list('?currentPage=2&limit=2');
    expect(p.records.map((r: { problemId: string }) => r.problemId)).toEqual(['1001', 'CF-100A']);
    expect(p).toMatchObject({ total: 5, size: 2, current: 2, pages: 3 });
    expect(await list('?limit=9999')).toMatchObject({ size: 500 });
    expect(await list('?currentPage=0&limit=-3')).toMatchObject({ size: 10, current: 1 });
    expect(await list('?currentPage=9')).toMatchObject({ records: [], total: 5 });
  });

  it('returns a random public problem', async () => {
    const r = (await h.call('anonymous', 'GET', '/api/get-random-problem')).json();
    expect(['10', '1000', '1001', 'CF-100A', 'HDU-1000']).toContain(r.data.problemId);
  });

  it('gives the detail with hidden checker fields, languages, counts and enabled templates', async () => {
    const r = await h.call('anonymous', 'GET', '/api/get-problem-detail?problemId=1000');
    const d = r.json().data;
    expect(d.problem).toMatchObject({
      id: pids['1000'],
      problemId: '1000',
      spjCode: null,
      spjLanguage: null,
      judgeExtraFile: null,
      isFileIO: false,
      isRemoveEndBlank: true,
    });
    expect(Object.keys(d.problem)).toHaveLength(38);
    expect(d.languages).toEqual(['C', 'C++']);
    expect(d.problemCount).toEqual({
      pid: pids['1000'],
      total: 2,
      ac: 1,
      wa: 1,
      mle: 0,
      tle: 0,
      re: 0,
      pe: 0,
      ce: 0,
      se: 0,
      pa: 0,
    });
    expect(d.codeTemplate).toEqual({ C: '// c template' });
    expect(d.tags).toHaveLength(2);
  });

  it('refuses unknown, private, contest-only and group problems with the reference texts', async () => {
    const detail = async (who: 'anonymous' | 'root' | 'admin' | 'user', q: string) =>
      (await h.call(who, 'GET', `/api/get-problem-detail?${q}`)).json();
    expect(await detail('anonymous', 'problemId=nope')).toMatchObject({
      status: 404,
      msg: '该题号对应的题目不存在',
    });
    expect(await detail('root', 'problemId=1002')).toMatchObject({
      status: 403,
      msg: '该题号对应题目并非公开题目，不支持访问！',
    });
    // issue #26 item 11: a contest problem (a public one borrowed by a running contest) stays open
    // to site admins and its author; others still get the reference refusal
    expect(await detail('root', 'problemId=1003')).toMatchObject({ status: 200 });
    expect(await detail('admin', 'problemId=1003')).toMatchObject({ status: 200 });
    expect(await detail('user', 'problemId=1003')).toMatchObject({
      status: 403,
      msg: '该题号对应题目并非公开题目，不支持访问！',
    });
    expect(await detail('user', 'problemId=1004')).toMatchObject({ status: 200 });
    expect(await detail('anonymous', 'problemId=1004')).toMatchObject({ status: 403 });
    expect(await detail('user', 'problemId=G-1')).toMatchObject({
      status: 403,
      msg: '题目为团队所属，此处不支持访问，请前往团队查看！',
    });
    expect(await detail('anonymous', 'problemId=G-1&gid=5')).toMatchObject({
      status: 403,
      msg: '对不起，您并非该题目所属的团队内成员，无权查看题目！',
    });
    expect(await detail('user', 'problemId=G-1&gid=5')).toMatchObject({ status: 200 });
    expect(await detail('root', 'problemId=G-1')).toMatchObject({ status: 200 });
    const missing = await h.call('anonymous', 'GET', '/api/get-problem-detail');
    expect(missing.statusCode).toBe(400);
  });

  it('lists tags per OJ and tag classifications with the unclassified last', async () => {
    const all = (await h.call('anonymous', 'GET', '/api/get-all-problem-tags')).json().data;
    expect(all.map((t: { name: string }) => t.name)).toEqual(['dp', 'math', 'loose']);
    const every = (await h.call('anonymous', 'GET', '/api/get-all-problem-tags?oj=all')).json().data;
    expect(every).toHaveLength(4);
    const cf = (await h.call('anonymous', 'GET', '/api/get-all-problem-tags?oj=CF')).json().data;
    expect(cf.map((t: { name: string }) => t.name)).toEqual(['greedy']);
    const grouped = (
      await h.call('anonymous', 'GET', '/api/get-problem-tags-and-classification?oj=Mine')
    ).json().data;
    expect(
      grouped.map((g: { classification: { name: string } | null }) => g.classification?.name ?? null),
    ).toEqual(['First', 'Basics', null]);
    expect(grouped[0].tagList.map((t: { name: string }) => t.name)).toEqual(['math']);
    expect(grouped[2].tagList.map((t: { name: string }) => t.name)).toEqual(['loose']);
    const allGrouped = (
      await h.call('anonymous', 'GET', '/api/get-problem-tags-and-classification?oj=ALL')
    ).json().data;
    expect(
      allGrouped.map((g: { classification: { name: string } | null }) => g.classification?.name ?? null),
    ).toEqual(['First', 'Basics', 'CF class', null]);
    const hdu = (await h.call('anonymous', 'GET', '/api/get-problem-tags-and-classification?oj=HDU')).json()
      .data;
    expect(hdu).toEqual([{ classification: null, tagList: [] }]);
    const ofProblem = (await h.call('anonymous', 'GET', `/api/get-problem-tags?pid=${pids['1001']}`)).json()
      .data;
    expect(ofProblem.map((t: { name: string }) => t.name)).toEqual(['dp']);
    expect((await h.call('anonymous', 'GET', '/api/get-problem-tags')).json().data).toEqual([]);
  });

  it('lists languages: all, per OJ of a problem, and the problem languages', async () => {
    const all = (await h.call('anonymous', 'GET', '/api/languages?all=true')).json().data;
    expect(all[0].name).toBe('Python3');
    expect(all).toHaveLength(5);
    expect((await h.call('anonymous', 'GET', '/api/languages')).json().data).toHaveLength(5);
    const me = (await h.call('anonymous', 'GET', `/api/languages?all=false&pid=${pids['1000']}`)).json().data;
    expect(me.map((l: { name: string }) => l.name)).toEqual(['Python3', 'C', 'C++', 'Java']);
    const cf = (await h.call('anonymous', 'GET', `/api/languages?all=false&pid=${pids['CF-100A']}`)).json()
      .data;
    expect(cf.map((l: { name: string }) => l.name)).toEqual(['GNU G++17']);
    expect(Object.keys(cf[0]).sort()).toEqual([
      'codeTemplate',
      'compileCommand',
      'contentType',
      'description',
      'gmtCreate',
      'gmtModified',
      'id',
      'isSpj',
      'name',
      'oj',
      'seq',
      'template',
    ]);
    const pl = (await h.call('anonymous', 'GET', `/api/get-problem-languages?pid=${pids['1000']}`)).json()
      .data;
    expect(pl.map((l: { name: string }) => l.name)).toEqual(['C', 'C++']);
    expect(
      (await h.call('anonymous', 'GET', `/api/get-problem-languages?pid=${pids['1001']}`)).json().data,
    ).toEqual([]);
  });

  it('returns every code template, enabled or not', async () => {
    const t = (await h.call('anonymous', 'GET', `/api/get-problem-code-template?pid=${pids['1000']}`)).json()
      .data;
    expect(t.map((x: { code: string; status: boolean }) => [x.code, x.status])).toEqual([
      ['// c template', true],
      ['// disabled', false],
    ]);
    expect(Object.keys(t[0]).sort()).toEqual([
      'code',
      'gmtCreate',
      'gmtModified',
      'id',
      'lid',
      'pid',
      'status',
    ]);
  });

  it('full-screen list needs login and tid or cid; empty until trainings and contests exist', async () => {
    expect((await h.call('anonymous', 'GET', '/api/get-full-screen-problem-list?tid=1')).statusCode).toBe(
      401,
    );
    expect((await h.call('user', 'GET', '/api/get-full-screen-problem-list')).json()).toMatchObject({
      status: 400,
      msg: '请求参数错误：tid或cid不能为空',
    });
    expect((await h.call('user', 'GET', '/api/get-full-screen-problem-list?tid=1')).json().data).toEqual([]);
    expect((await h.call('user', 'GET', '/api/get-full-screen-problem-list?cid=3')).json().data).toEqual([]);
  });

  it('compiles checkers and interactors through the compile port', async () => {
    const url = '/api/admin/problem/compile-spj';
    expect((await h.call('user', 'POST', url, { code: 'x', language: 'C++' })).statusCode).toBe(403);
    expect((await h.call('admin', 'POST', url, { code: '', language: 'C++' })).json()).toMatchObject({
      status: 400,
      msg: '参数不能为空！',
    });
    expect((await h.call('admin', 'POST', url, { code: 'int main(){}', language: 'C++' })).json()).toEqual({
      status: 200,
      msg: '编译成功！',
      data: null,
    });
    expect(
      (
        await h.call('root', 'POST', '/api/admin/problem/compile-interactive', {
          code: 'error',
          language: 'C',
        })
      ).json(),
    ).toEqual({
      status: 500,
      msg: 'checker.cpp:1: error',
      data: null,
    });
  });

  it('lets a group admin upload test data for the group only', async () => {
    const zip = zipSync({ '1.in': strToU8('1'), '1.out': strToU8('1') });
    const mine = (await h.upload('user', '/api/file/upload-testcase-zip?gid=5', 'c.zip', zip)).json();
    expect(mine.data.fileList).toEqual([{ input: '1.in', output: '1.out' }]);
    const other = (await h.upload('user', '/api/file/upload-testcase-zip?gid=6', 'c.zip', zip)).json();
    expect(other).toMatchObject({ status: 403, msg: '对不起，您无权限操作！' });
    // a plain member of a group is not its admin
    const member = (await h.upload('user', '/api/file/upload-testcase-zip?gid=7', 'c.zip', zip)).json();
    expect(member).toMatchObject({ status: 403, msg: '对不起，您无权限操作！' });
  });

  it('user problem status: login, validation texts, not-submitted default, contest scores', async () => {
    const url = '/api/get-user-problem-status';
    expect(
      (await h.call('anonymous', 'POST', url, { pidList: [1], isContestProblemList: false })).statusCode,
    ).toBe(401);
    const empty = await h.call('user', 'POST', url, { pidList: [], isContestProblemList: false });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe('查询的题目id列表不能为空');
    const noFlag = await h.call('user', 'POST', url, { pidList: [1] });
    expect(noFlag.json().msg).toBe('是否为比赛题目提交判断不能为空');
    const a = pids['1000']!;
    const b = pids['1001']!;
    expect(
      (await h.call('user', 'POST', url, { pidList: [a, b], isContestProblemList: false })).json().data,
    ).toEqual({
      [a]: { status: 0 },
      [b]: { status: -10 },
    });
    expect(
      (await h.call('user', 'POST', url, { pidList: [a, b], isContestProblemList: true, cid: 1 })).json()
        .data,
    ).toEqual({
      [a]: { status: 0, score: 100 },
      [b]: { status: -10, score: null },
    });
    expect(
      (await h.call('admin', 'POST', url, { pidList: [a], isContestProblemList: false })).json().data,
    ).toEqual({
      [a]: { status: -10 },
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { DB_KINDS } from '../../test/support/db';
import * as repo from './repository';
import { createHarness, type Harness, type Who } from './test-harness';

const txt = (s: string) => strToU8(s);

function problemBody(problemId: string, extra: Record<string, unknown> = {}) {
  return {
    problem: {
      problemId,
      title: `Problem ${problemId}`,
      author: 'padmin',
      type: 0,
      auth: 1,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      timeLimit: 1000,
      memoryLimit: 256,
      stackLimit: 128,
      description: 'desc',
      input: 'in',
      output: 'out',
      examples: '<input>1 2</input><output>3</output>',
      difficulty: 1,
      isRemote: false,
      ...extra,
    },
    samples: [
      { input: '1 2\r\n', output: '3\n' },
      { input: '5 6\n', output: '11\n' },
    ],
    isUploadTestCase: false,
    judgeMode: 'default',
    languages: [],
    tags: [{ name: 'math' }],
    codeTemplates: [],
  };
}

describe.each(DB_KINDS)('admin problem endpoints (%s)', (kind) => {
  let h: Harness;
  let lidC: number;
  beforeAll(async () => {
    h = await createHarness(kind);
    lidC = (await repo.listLanguages(h.ctx.db, 'ME')).find((l) => l.name === 'C')!.id;
  });
  afterAll(() => h?.close());

  const problemCount = async () =>
    Number(
      (
        await h.ctx.db
          .selectFrom('problem')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('guards every admin route by role exactly as the reference', async () => {
    const expectCodes = async (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      codes: Record<Who, number>,
      payload?: unknown,
    ) => {
      for (const [who, code] of Object.entries(codes) as [Who, number][]) {
        const r = await h.call(who, method, url, payload);
        expect([who, url, r.statusCode]).toEqual([who, url, code]);
      }
    };
    const admins = { anonymous: 401, user: 403, admin: 200, problemAdmin: 200, root: 200 };
    const staff = { anonymous: 401, user: 403, admin: 403, problemAdmin: 200, root: 200 };
    await expectCodes('GET', '/api/admin/problem/get-problem-list', admins);
    await expectCodes('GET', '/api/admin/problem/get-problem-cases?pid=1', admins);
    await expectCodes('GET', '/api/admin/tag/classification', staff);
    await expectCodes('DELETE', '/api/admin/problem?pid=424242', {
      anonymous: 401,
      user: 403,
      admin: 403,
    } as Record<Who, number>);
    await expectCodes(
      'POST',
      '/api/admin/tag',
      { anonymous: 401, user: 403, admin: 403 } as Record<Who, number>,
      { name: 'x' },
    );
    await expectCodes('GET', '/api/file/export-problem?pid=424242', {
      anonymous: 401,
      user: 403,
      admin: 403,
      problemAdmin: 403,
    } as Record<Who, number>);
    for (const url of [
      '/api/file/import-problem',
      '/api/file/import-fps-problem',
      '/api/file/import-qdoj-problem',
      '/api/file/import-hydro-problem',
    ]) {
      await expectCodes('POST', url, { anonymous: 401, user: 403, admin: 403, problemAdmin: 403 } as Record<
        Who,
        number
      >);
    }
    const refused = await h.call('user', 'GET', '/api/admin/problem/get-problem-list');
    expect(refused.json()).toEqual({ status: 403, msg: '对不起，您无权限进行此操作！', data: null });
    expect((await h.call('anonymous', 'POST', '/api/file/upload-testcase-zip')).statusCode).toBe(401);
    const userUpload = await h.upload(
      'user',
      '/api/file/upload-testcase-zip',
      't.zip',
      zipSync({ '1.in': txt('1') }),
    );
    expect(userUpload.json()).toMatchObject({ status: 403, msg: '对不起，您无权限操作！' });
  });

  it('answers compile requests with "no judge" until the judge plugs in', async () => {
    expect(
      (
        await h.call('admin', 'POST', '/api/admin/problem/compile-spj', {
          code: 'int main(){}',
          language: 'C++',
        })
      ).json(),
    ).toEqual({
      status: 400,
      msg: '没有可用的判题服务器，请重新尝试！',
      data: null,
    });
  });

  it('creates a hand-made problem with tags, languages, templates and cases', async () => {
    const body = problemBody('h1', {});
    body.languages = [{ id: lidC }] as never;
    body.codeTemplates = [{ lid: lidC, code: 'int main(){}', status: true }] as never;
    const r = await h.call('problemAdmin', 'POST', '/api/admin/problem', body);
    expect(r.json()).toEqual({ status: 200, msg: 'success', data: null });
    const row = (await repo.findProblemByDisplayId(h.ctx.db, 'H1'))!;
    expect(row).toMatchObject({
      title: 'Problem h1',
      author: 'padmin',
      is_upload_case: false,
      judge_mode: 'default',
    });
    const cases = (await h.call('admin', 'GET', `/api/admin/problem/get-problem-cases?pid=${row.id}`)).json()
      .data;
    expect(cases.map((c: { input: string; output: string }) => [c.input, c.output])).toEqual([
      ['1 2\r\n', '3\n'],
      ['5 6\n', '11\n'],
    ]);
    const stored = await repo.problemCases(h.ctx.db, row.id);
    expect((await h.ctx.blobs.get(stored[0]!.input_hash))!.toString()).toBe('1 2\n');
    const detail = (await h.call('anonymous', 'GET', '/api/get-problem-detail?problemId=h1')).json().data;
    expect(detail.languages).toEqual(['C']);
    expect(detail.codeTemplate).toEqual({ C: 'int main(){}' });
    expect(detail.tags.map((t: { name: string }) => t.name)).toEqual(['math']);
    // a second problem reuses the tag by name
    await h.call('root', 'POST', '/api/admin/problem', problemBody('h2'));
    const tags = (await h.call('anonymous', 'GET', '/api/get-all-problem-tags')).json().data;
    expect(tags.filter((t: { name: string }) => t.name === 'math')).toHaveLength(1);
  });

  it('refuses invalid problems with the reference texts and writes nothing', async () => {
    const before = await problemCount();
    const post = async (body: unknown) => (await h.call('root', 'POST', '/api/admin/problem', body)).json();
    expect(await post(problemBody('h1'))).toMatchObject({
      status: 400,
      msg: '该题目的Problem ID已存在，请更换！',
    });
    expect(await post({ samples: [] })).toMatchObject({ msg: '题目的配置项不能为空！' });
    expect(await post(problemBody(' '))).toMatchObject({ msg: '题目的展示ID不能为空！' });
    expect(await post(problemBody('v1', { type: 3 }))).toMatchObject({
      msg: '题目的类型必须为ACM(0), OI(1)！',
    });
    expect(await post(problemBody('v1', { auth: 0 }))).toMatchObject({
      msg: '题目的权限必须为公开题目(1), 隐藏题目(2), 比赛题目(3)！',
    });
    expect(await post({ ...problemBody('v1'), judgeMode: 'weird' })).toMatchObject({ status: 400 });
    expect(await post(problemBody('v1', { judgeCaseMode: 'subtask_lowest' }))).toMatchObject({
      msg: '题目的用例模式错误，ACM类型的题目只能为默认模式(default)、遇错止评(ergodic_without_error)！',
    });
    expect(await post(problemBody('v1', { timeLimit: 0 }))).toMatchObject({
      msg: '题目的时间限制不能小于等于0！',
    });
    expect(await post(problemBody('v1', { memoryLimit: -1 }))).toMatchObject({
      msg: '题目的内存限制不能小于等于0！',
    });
    expect(await post(problemBody('v1', { stackLimit: 0 }))).toMatchObject({
      msg: '题目的栈限制不能小于等于0！',
    });
    expect(await post({ ...problemBody('v1'), judgeMode: 'spj' })).toMatchObject({
      msg: '特殊判题或交互判题的程序代码与语言不能为空！',
    });
    expect(await post(problemBody('v1', { userExtraFile: '[1]' }))).toMatchObject({ status: 400 });
    // the Kattis default-validator flags kept among the judge extra files must be ones the runner knows
    expect(
      await post(problemBody('v1', { judgeExtraFile: '{"kattis-validator-flags":"float_tolerance x"}' })),
    ).toMatchObject({ status: 400, msg: '默认校验器参数无效：float_tolerance x' });
    expect(await post({ ...problemBody('v1'), languages: [{ id: 99999 }] })).toMatchObject({
      msg: '语言不存在：99999',
    });
    expect(await post({ ...problemBody('v1'), samples: [] })).toMatchObject({
      msg: '题目的评测数据不能为空！',
    });
    expect(
      await post({ ...problemBody('v1'), isUploadTestCase: true, uploadTestcaseDir: 'f'.repeat(64) }),
    ).toMatchObject({
      msg: '评测数据上传记录不存在或已失效，请重新上传评测数据压缩包！',
    });
    expect(await problemCount()).toBe(before);
  });

  it('uploads a test-case zip, pairs and orders it, and creates an OI subtask problem from it', async () => {
    const zip = zipSync({
      '10.in': txt('10\r\n'),
      '10.ans': txt('100\n'),
      '2.in': txt('2\n'),
      '2.out': txt('4\n'),
      '1.in': txt('1\n'),
      '1.out': txt('1\n'),
      'readme.txt': txt('ignored'),
      'sub/3.in': txt('ignored too'),
    });
    const r = (
      await h.upload('admin', '/api/file/upload-testcase-zip?mode=subtask_lowest', 'cases.zip', zip)
    ).json();
    expect(r.status).toBe(200);
    expect(r.data.fileList).toEqual([
      { input: '1.in', output: '1.out', groupNum: 1 },
      { input: '2.in', output: '2.out', groupNum: 1 },
      { input: '10.in', output: '10.ans', groupNum: 1 },
    ]);
    expect(r.data.fileListDir).toMatch(/^[0-9a-f]{64}$/);
    const body = {
      ...problemBody('oi1', { type: 1, judgeCaseMode: 'subtask_lowest' }),
      isUploadTestCase: true,
      uploadTestcaseDir: r.data.fileListDir,
      samples: [
        { input: '1.in', output: '1.out', score: 20, groupNum: 1 },
        { input: '2.in', output: '2.out', score: 30, groupNum: 1 },
        { input: '10.in', output: '10.ans', score: 80, groupNum: 2 },
      ],
    };
    expect((await h.call('admin', 'POST', '/api/admin/problem', body)).json().status).toBe(200);
    const row = (await repo.findProblemByDisplayId(h.ctx.db, 'OI1'))!;
    expect(row).toMatchObject({
      io_score: 100,
      // The creator owns it, whatever author the body names (docs/compat.md X29).
      author: 'admin1',
      judge_case_mode: 'subtask_lowest',
      is_upload_case: true,
    });
    const cases = await repo.problemCases(h.ctx.db, row.id);
    expect((await h.ctx.blobs.get(cases[2]!.input_hash))!.toString()).toBe('10\n');
    // download: author, root and problem_admin may; an admin who is not the author may not
    const dl = await h.call('problemAdmin', 'GET', `/api/file/download-testcase?pid=${row.id}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toMatch(
      new RegExp(`^attachment;filename=problem_${row.id}_testcase_\\d+\\.zip$`),
    );
    const files = unzipSync(new Uint8Array(dl.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['1.in', '1.out', '10.ans', '10.in', '2.in', '2.out', 'info']);
    const info = JSON.parse(Buffer.from(files.info!).toString());
    expect(info).toMatchObject({ mode: 'default', judgeCaseMode: 'subtask_lowest', testCasesSize: 3 });
    expect(info.testCases[2]).toMatchObject({
      groupNum: 2,
      score: 80,
      inputName: '10.in',
      outputName: '10.ans',
    });
    // editing without a new upload keeps using the stored files, here with new scores
    const edit = {
      ...body,
      uploadTestcaseDir: null,
      samples: body.samples.map((s) => ({ ...s, score: 50, groupNum: 1 })).slice(0, 2),
    };
    (edit.problem as Record<string, unknown>).id = row.id;
    expect((await h.call('root', 'PUT', '/api/admin/problem', edit)).json()).toMatchObject({ status: 200 });
    const edited = await repo.problemCases(h.ctx.db, row.id);
    expect(edited.map((c) => [c.input, c.input_hash, c.score])).toEqual([
      ['1.in', cases[0]!.input_hash, 50],
      ['2.in', cases[1]!.input_hash, 50],
    ]);
    expect((await repo.findProblem(h.ctx.db, row.id))!.io_score).toBe(50);
    const missing = { ...edit, samples: [{ input: 'nope.in', output: 'nope.out' }] };
    expect((await h.call('root', 'PUT', '/api/admin/problem', missing)).json().msg).toContain('nope.in');
    await h.call('root', 'PUT', '/api/admin/problem', { ...body, problem: { ...body.problem, id: row.id } });
    const denied = await h.call('admin', 'GET', `/api/file/download-testcase?pid=${row.id}`);
    expect(denied.statusCode).toBe(400);
    expect(denied.json()).toMatchObject({ status: 400, msg: '对不起，您无权限操作！' });
    expect((await h.call('user', 'GET', `/api/file/download-testcase?pid=${row.id}`)).statusCode).toBe(400);
  });

  it('saves the visible flag of a case; a new zip keeps the flags by case name (issue #26.3)', async () => {
    const upload = async () =>
      (
        await h.upload(
          'admin',
          '/api/file/upload-testcase-zip?mode=default',
          'cases.zip',
          zipSync({ '1.in': txt('1\n'), '1.out': txt('1\n'), '2.in': txt('2\n'), '2.out': txt('4\n') }),
        )
      ).json().data.fileListDir as string;
    const body = {
      ...problemBody('vis1'),
      isUploadTestCase: true,
      uploadTestcaseDir: await upload(),
      samples: [
        { input: '1.in', output: '1.out' },
        { input: '2.in', output: '2.out', visible: true },
      ],
    };
    expect((await h.call('admin', 'POST', '/api/admin/problem', body)).json().status).toBe(200);
    const row = (await repo.findProblemByDisplayId(h.ctx.db, 'VIS1'))!;
    const listed = (
      await h.call('admin', 'GET', `/api/admin/problem/get-problem-cases?pid=${row.id}`)
    ).json();
    expect(listed.data.map((c: { input: string; visible: boolean }) => [c.input, c.visible])).toEqual([
      ['1.in', false],
      ['2.in', true],
    ]);
    // A new zip's list carries no flags: the case of the same name keeps its own.
    const again = {
      ...body,
      problem: { ...body.problem, id: row.id },
      uploadTestcaseDir: await upload(),
      samples: [
        { input: '1.in', output: '1.out' },
        { input: '2.in', output: '2.out' },
      ],
    };
    expect((await h.call('admin', 'PUT', '/api/admin/problem', again)).json().status).toBe(200);
    const kept = await repo.problemCases(h.ctx.db, row.id);
    expect(kept.map((c) => [c.input, c.visible])).toEqual([
      ['1.in', false],
      ['2.in', true],
    ]);
    // Cleared when the setter says so.
    const cleared = {
      ...again,
      uploadTestcaseDir: null,
      samples: [{ input: '2.in', output: '2.out', visible: false }],
    };
    expect((await h.call('admin', 'PUT', '/api/admin/problem', cleared)).json().status).toBe(200);
    expect((await repo.problemCases(h.ctx.db, row.id)).map((c) => c.visible)).toEqual([false]);
  });

  it('rejects malformed test-case zips with a clear message', async () => {
    const up = async (name: string, data: Uint8Array) =>
      (await h.upload('root', '/api/file/upload-testcase-zip', name, data)).json();
    expect(await up('cases.rar', zipSync({ '1.in': txt('1') }))).toMatchObject({
      status: 400,
      msg: '请上传zip格式的测试数据压缩包！',
    });
    expect(await up('cases.zip', txt('not a zip at all'))).toMatchObject({
      status: 400,
      msg: '压缩包格式错误或已损坏，无法解压！',
    });
    expect((await up('cases.zip', zipSync({ '../1.in': txt('1'), '../1.out': txt('1') }))).msg).toBe(
      '压缩包内含有非法路径：../1.in',
    );
    expect((await up('cases.zip', zipSync({ '/etc/1.in': txt('1') }))).msg).toBe(
      '压缩包内含有非法路径：/etc/1.in',
    );
    expect((await up('cases.zip', zipSync({ 'a\\..\\..\\1.in': txt('1') }))).msg).toContain('非法路径');
    expect((await up('cases.zip', zipSync({ 'readme.md': txt('x') }))).msg).toContain(
      '评测数据压缩包里文件不能为空',
    );
    expect(
      (await up('cases.zip', zipSync({ '1.in': txt('1'), '1.out': txt('1'), '2.out': txt('2') }))).msg,
    ).toBe('评测数据 2.out 没有对应的输入文件（2.in）！');
    const noOutput = await up('cases.zip', zipSync({ '1.in': txt('1') }));
    expect(noOutput.data.fileList).toEqual([{ input: '1.in', output: '1.out' }]);
  });

  it('reads and edits problems: author rules for admins, partial update, case replacement', async () => {
    const row = (await repo.findProblemByDisplayId(h.ctx.db, 'H1'))!;
    expect((await h.call('admin', 'GET', `/api/admin/problem?pid=${row.id}`)).json()).toMatchObject({
      status: 403,
      msg: '对不起，你无权限查看题目！',
    });
    const got = (await h.call('problemAdmin', 'GET', `/api/admin/problem?pid=${row.id}`)).json().data;
    expect(got).toMatchObject({ id: row.id, problemId: 'H1', spjCode: null });
    expect((await h.call('root', 'GET', '/api/admin/problem?pid=999999')).json()).toMatchObject({
      msg: '查询失败！',
    });

    const update = { ...problemBody('h1-renamed'), samples: [{ input: '7 8', output: '15' }] };
    (update.problem as Record<string, unknown>).id = row.id;
    (update.problem as Record<string, unknown>).author = 'someone';
    expect((await h.call('admin', 'PUT', '/api/admin/problem', update)).json()).toMatchObject({
      status: 403,
      msg: '对不起，你无权限修改题目！',
    });
    // Naming oneself the author in the body does not make one the owner (docs/compat.md X29).
    (update.problem as Record<string, unknown>).author = 'admin1';
    (update.problem as Record<string, unknown>).title = 'Renamed';
    expect((await h.call('admin', 'PUT', '/api/admin/problem', update)).json()).toMatchObject({
      status: 403,
      msg: '对不起，你无权限修改题目！',
    });
    expect((await repo.findProblem(h.ctx.db, row.id))!.author).toBe(row.author);
    // Root may edit it and hand it to another author.
    expect((await h.call('root', 'PUT', '/api/admin/problem', update)).json()).toMatchObject({
      status: 200,
    });
    const after = (await repo.findProblem(h.ctx.db, row.id))!;
    expect(after).toMatchObject({
      problem_id: 'H1-RENAMED',
      title: 'Renamed',
      modified_user: 'root',
      author: 'admin1',
    });
    expect(after.case_version).not.toBe(row.case_version);
    expect((await repo.problemCases(h.ctx.db, row.id)).map((c) => c.input)).toEqual(['7 8']);
    const clash = { ...problemBody('h2') };
    (clash.problem as Record<string, unknown>).id = row.id;
    expect((await h.call('root', 'PUT', '/api/admin/problem', clash)).json()).toMatchObject({
      msg: '当前的Problem ID 已被使用，请重新更换新的！',
    });
    expect((await h.call('root', 'PUT', '/api/admin/problem', problemBody('x'))).json()).toMatchObject({
      msg: '题目的id不能为空！',
    });
  });

  it('downloads hand-made test data as numbered files', async () => {
    const row = (await repo.findProblemByDisplayId(h.ctx.db, 'H1-RENAMED'))!;
    const dl = await h.call('root', 'GET', `/api/file/download-testcase?pid=${row.id}`);
    expect(dl.headers['content-type']).toBe('application/x-download');
    const files = unzipSync(new Uint8Array(dl.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['1.in', '1.out', 'info']);
    expect(Buffer.from(files['1.out']!).toString()).toBe('15');
    expect((await h.call('root', 'GET', '/api/file/download-testcase?pid=999999')).statusCode).toBe(400);
  });

  it('lists problems for admins with keyword, auth and oj filters', async () => {
    await repo.insertProblem(h.ctx.db, { problem_id: 'HDU-1', title: 'remote', is_remote: true, auth: 2 });
    const list = async (q: string) =>
      (await h.call('admin', 'GET', `/api/admin/problem/get-problem-list${q}`)).json().data;
    const all = await list('');
    expect(all.records[0].problemId).toBe('HDU-1'); // id DESC
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect((await list('?oj=HDU')).records.map((p: { problemId: string }) => p.problemId)).toEqual(['HDU-1']);
    expect((await list('?oj=Mine')).records.some((p: { problemId: string }) => p.problemId === 'HDU-1')).toBe(
      false,
    );
    expect((await list('?auth=2')).records.map((p: { problemId: string }) => p.problemId)).toEqual(['HDU-1']);
    expect((await list('?keyword=padmin')).total).toBeGreaterThanOrEqual(2);
  });

  it('changes the auth of a problem; only root and problem_admin may make it public', async () => {
    const row = (await repo.findProblemByDisplayId(h.ctx.db, 'H2'))!;
    const change = (who: Who, auth: number) =>
      h.call(who, 'PUT', '/api/admin/problem/change-problem-auth', { id: row.id, auth });
    expect((await change('admin', 2)).json().status).toBe(200);
    expect((await change('admin', 1)).json()).toMatchObject({
      status: 403,
      msg: '修改失败！你无权限公开题目！',
    });
    expect((await h.call('anonymous', 'GET', '/api/get-problem-detail?problemId=h2')).json().status).toBe(
      403,
    );
    expect((await change('problemAdmin', 1)).json().status).toBe(200);
    expect((await h.call('anonymous', 'GET', '/api/get-problem-detail?problemId=h2')).json().status).toBe(
      200,
    );
  });

  it('reviews group problems asking to become public', async () => {
    const g = await repo.insertProblem(h.ctx.db, {
      problem_id: 'GRP-1',
      title: 'group one',
      is_group: true,
      gid: 7,
      apply_public_progress: 1,
    });
    await repo.insertProblem(h.ctx.db, { problem_id: 'GRP-2', title: 'group two', is_group: true, gid: 8 });
    expect((await h.call('admin', 'GET', '/api/admin/group-problem/list')).statusCode).toBe(403);
    const page = (await h.call('problemAdmin', 'GET', '/api/admin/group-problem/list')).json().data;
    expect(page.records.map((p: { problemId: string }) => p.problemId)).toEqual(['GRP-1']);
    expect((await h.call('root', 'GET', '/api/admin/group-problem/list?gid=8')).json().data.total).toBe(0);
    const change = (body: unknown) => h.call('root', 'PUT', '/api/admin/group-problem/change-progress', body);
    expect((await change({ pid: g.id })).json()).toMatchObject({ msg: '请求参数pid或者progress不能为空！' });
    expect((await change({ pid: 999999, progress: 2 })).json()).toMatchObject({
      msg: '错误：当前题目已不存在！',
    });
    expect((await change({ pid: g.id, progress: 4 })).json()).toMatchObject({
      msg: '请求参数错误：progress请使用1~3',
    });
    expect((await change({ pid: g.id, progress: 2 })).json().status).toBe(200);
    expect(await repo.findProblem(h.ctx.db, g.id)).toMatchObject({
      is_group: false,
      gid: 7,
      apply_public_progress: 2,
    });
    expect((await h.call('anonymous', 'GET', '/api/get-problem-detail?problemId=GRP-1')).json().status).toBe(
      200,
    );
    expect((await change({ pid: g.id, progress: 3 })).json().status).toBe(200);
    expect(await repo.findProblem(h.ctx.db, g.id)).toMatchObject({ is_group: true });
  });

  it('manages tags and classifications', async () => {
    const cls = (
      await h.call('root', 'POST', '/api/admin/tag/classification', { name: 'Algo', oj: 'ME', rank: 1 })
    ).json();
    expect(cls.data).toMatchObject({ name: 'Algo', oj: 'ME', rank: 1 });
    expect(
      (await h.call('root', 'POST', '/api/admin/tag/classification', { name: 'Algo', oj: 'me' })).json(),
    ).toMatchObject({
      msg: '该标签分类名称已存在！请勿重复！',
    });
    const tag = (
      await h.call('problemAdmin', 'POST', '/api/admin/tag', {
        name: 'graph',
        color: '#f00',
        tcid: cls.data.id,
      })
    ).json();
    expect(tag.data).toMatchObject({ name: 'graph', oj: 'ME', color: '#f00', tcid: cls.data.id, gid: null });
    expect((await h.call('problemAdmin', 'POST', '/api/admin/tag', { name: 'graph' })).json()).toMatchObject({
      msg: '该标签名称已存在！请勿重复添加！',
    });
    expect(
      (await h.call('root', 'PUT', '/api/admin/tag', { id: tag.data.id, name: 'graphs' })).json().status,
    ).toBe(200);
    const t = (await repo.findTag(h.ctx.db, tag.data.id))!;
    expect(t).toMatchObject({ name: 'graphs', tcid: null, color: '#f00' });
    await h.call('root', 'PUT', '/api/admin/tag', { id: tag.data.id, tcid: cls.data.id });
    expect(
      (await h.call('root', 'PUT', '/api/admin/tag/classification', { id: cls.data.id, rank: 5 })).json()
        .status,
    ).toBe(200);
    const list = (await h.call('root', 'GET', '/api/admin/tag/classification?oj=me')).json().data;
    expect(list.map((c: { name: string; rank: number }) => [c.name, c.rank])).toEqual([['Algo', 5]]);
    expect(
      (await h.call('root', 'DELETE', `/api/admin/tag/classification?tcid=${cls.data.id}`)).json().status,
    ).toBe(200);
    expect((await repo.findTag(h.ctx.db, tag.data.id))!.tcid).toBeNull();
    expect((await h.call('root', 'DELETE', `/api/admin/tag?tid=${tag.data.id}`)).json().status).toBe(200);
    expect((await h.call('root', 'DELETE', `/api/admin/tag?tid=${tag.data.id}`)).json()).toMatchObject({
      status: 400,
      msg: '删除失败',
    });
    expect((await h.call('root', 'PUT', '/api/admin/tag', { id: 999999, name: 'x' })).json()).toMatchObject({
      msg: '更新失败',
    });
  });

  it('deletes a problem with its links and cases (root and problem_admin only)', async () => {
    const row = (await repo.findProblemByDisplayId(h.ctx.db, 'H2'))!;
    expect((await h.call('problemAdmin', 'DELETE', `/api/admin/problem?pid=${row.id}`)).json().status).toBe(
      200,
    );
    expect(await repo.findProblem(h.ctx.db, row.id)).toBeUndefined();
    expect(await repo.problemCases(h.ctx.db, row.id)).toEqual([]);
    expect((await h.call('root', 'DELETE', `/api/admin/problem?pid=${row.id}`)).json()).toMatchObject({
      msg: '删除失败！',
    });
  });
});

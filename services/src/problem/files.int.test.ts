import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { DB_KINDS } from '../../test/support/db';
import * as repo from './repository';
import { seedSampleProblems } from './seed';
import { createHarness, type Harness } from './test-harness';

const txt = (s: string) => strToU8(s);

const FPS = `<?xml version="1.0" encoding="UTF-8"?>
<fps version="1.2">
  <item>
    <title><![CDATA[FPS Sum]]></title>
    <time_limit unit="s"><![CDATA[2]]></time_limit>
    <memory_limit unit="mb"><![CDATA[128]]></memory_limit>
    <description><![CDATA[<p>Add two numbers &amp; print.</p>]]></description>
    <input><![CDATA[two ints]]></input>
    <output><![CDATA[their sum]]></output>
    <sample_input><![CDATA[1 2]]></sample_input>
    <sample_output><![CDATA[3]]></sample_output>
    <test_input><![CDATA[1 2
]]></test_input>
    <test_output><![CDATA[3
]]></test_output>
    <test_input><![CDATA[2 2
]]></test_input>
    <test_output><![CDATA[4
]]></test_output>
    <hint><![CDATA[]]></hint>
    <source><![CDATA[fps]]></source>
    <template language="C"><![CDATA[int main(){return 0;}]]></template>
  </item>
  <item>
    <title>FPS Checker</title>
    <time_limit unit="ms">500</time_limit>
    <memory_limit unit="kb">65536</memory_limit>
    <description>any</description><input>n</input><output>x</output><hint>h</hint><source>s</source>
    <test_input>5</test_input>
    <spj language="C++"><![CDATA[int main(){return 0;}]]></spj>
  </item>
</fps>`;

describe.each(DB_KINDS)('problem packages: import and export (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h?.close());

  const count = async () =>
    Number(
      (
        await h.ctx.db
          .selectFrom('problem')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const importAs = async (url: string, name: string, data: Uint8Array) =>
    (await h.upload('root', url, name, data)).json();
  /** Everything about a problem that an export/import must keep, keyed by display id. */
  const snapshot = async (problemId: string) => {
    const row = (await repo.findProblemByDisplayId(h.ctx.db, problemId))!;
    const cases = await repo.problemCases(h.ctx.db, row.id);
    return {
      title: row.title,
      type: row.type,
      judge_mode: row.judge_mode,
      judge_case_mode: row.judge_case_mode,
      limits: [row.time_limit, row.memory_limit, row.stack_limit],
      text: [row.description, row.input, row.output, row.examples, row.hint, row.source],
      io_score: row.io_score,
      spj: [row.spj_code, row.spj_language],
      difficulty: row.difficulty,
      tags: ((await repo.tagsOfProblems(h.ctx.db, [row.id])).get(row.id) ?? []).map((t) => t.name).sort(),
      languages: (await repo.problemLanguages(h.ctx.db, row.id)).map((l) => l.name).sort(),
      cases: cases.map((c) => [c.input_hash, c.output_hash, c.score, c.group_num]),
    };
  };

  it('exports problems in this platform format and imports them back unchanged', async () => {
    await seedSampleProblems(h.ctx);
    const ids = ['1000', '1001', '1002', '1003'];
    const before = await Promise.all(ids.map(snapshot));
    const pids = await Promise.all(
      ids.map(async (id) => (await repo.findProblemByDisplayId(h.ctx.db, id))!.id),
    );
    const res = await h.call(
      'root',
      'GET',
      `/api/file/export-problem?pid=${pids[0]},${pids[1]}&pid=${pids[2]}&pid=${pids[3]}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;filename=problem_export_\d+\.zip$/);
    const zip = new Uint8Array(res.rawPayload);
    const files = unzipSync(zip);
    expect(Object.keys(files)).toContain(`problem_${pids[0]}.json`);
    expect(Object.keys(files)).toContain(`problem_${pids[3]}/5.in`);
    expect(Object.keys(files)).toContain(`problem_${pids[3]}/info`);
    const json = JSON.parse(Buffer.from(files[`problem_${pids[3]}.json`]!).toString());
    expect(json.problem).not.toHaveProperty('id');
    expect(json.problem).not.toHaveProperty('author');
    expect(json.problem.auth).toBe(1);
    expect(json.samples[0]).toEqual({ input: '1.in', output: '1.out', score: 30, groupNum: 1 });

    for (const pid of pids) await h.call('root', 'DELETE', `/api/admin/problem?pid=${pid}`);
    expect(await count()).toBe(0);
    const imported = await importAs('/api/file/import-problem', 'export.zip', zip);
    expect(imported).toMatchObject({ status: 200, data: { count: 4 } });
    expect([...imported.data.problemIds].sort()).toEqual(ids);
    expect(await Promise.all(ids.map(snapshot))).toEqual(before);
    const again = await importAs('/api/file/import-problem', 'export.zip', zip);
    expect(again.status).toBe(400);
    expect(again.msg).toContain('1000');
    expect(await count()).toBe(4);
  });

  it('refuses broken packages of this format without writing anything', async () => {
    const before = await count();
    const json = (p: object) => txt(JSON.stringify(p));
    const good = {
      problem: { problemId: 'PK1', title: 'ok', type: 0, timeLimit: 1000, memoryLimit: 256 },
      samples: [{ input: '1.in', output: '1.out' }],
    };
    const cases = (key: string): Zippable => ({ [`${key}/1.in`]: txt('1'), [`${key}/1.out`]: txt('1') });
    const tries: [Zippable, string][] = [
      [
        { 'readme.txt': txt('x'), 'a.json': json(good), ...cases('a') },
        '编号为：readme.txt的文件格式错误，请使用json文件！',
      ],
      [{ 'a.json': json(good) }, '请检查编号为：a的题目数据文件与测试数据文件夹是否一一对应！'],
      [{ 'a.json': txt('{nope'), ...cases('a') }, '请检查编号为：a的题目json文件的格式：'],
      [{ 'a.json': json({ ...good, samples: [{ input: '9.in' }] }), ...cases('a') }, '缺少评测数据文件 9.in'],
      // the first problem is fine, the second is broken: neither may be written
      [
        { 'a.json': json(good), ...cases('a'), 'b.json': json({ problem: {} }), ...cases('b') },
        '题目标题不能为空',
      ],
      [{ 'a.json': json(good), ...cases('a'), 'b.json': json(good), ...cases('b') }, 'PK1'],
      [{ 'a.json': json(good), ...cases('a'), '../b.in': txt('1') }, '非法路径'],
    ];
    for (const [entries, msg] of tries) {
      const r = await importAs('/api/file/import-problem', 'p.zip', zipSync(entries));
      expect([r.status, r.msg]).toEqual([400, expect.stringContaining(msg)]);
    }
    expect((await importAs('/api/file/import-problem', 'p.xml', zipSync({ 'a.json': json(good) }))).msg).toBe(
      '请上传zip格式的题目文件压缩包！',
    );
    expect((await importAs('/api/file/import-problem', 'p.zip', txt('garbage'))).msg).toBe(
      '压缩包格式错误或已损坏，无法解压！',
    );
    expect(await count()).toBe(before);
  });

  it('imports FPS XML: limits, examples, test data, templates and special judge', async () => {
    const r = await importAs('/api/file/import-fps-problem', 'set.xml', txt(FPS));
    expect(r).toMatchObject({ status: 200, data: { count: 2 } });
    const [sumId, chkId] = r.data.problemIds as string[];
    expect(sumId).toMatch(/^P\d+$/);
    const sum = (await repo.findProblemByDisplayId(h.ctx.db, sumId!))!;
    expect(sum).toMatchObject({
      title: 'FPS Sum',
      time_limit: 2000,
      memory_limit: 128,
      type: 0,
      difficulty: 1,
      auth: 1,
      judge_mode: 'default',
    });
    expect(sum.description).toBe('<p>Add two numbers &amp; print.</p>');
    expect(sum.examples).toBe('<input>1 2</input><output>3</output>');
    const cases = await repo.problemCases(h.ctx.db, sum.id);
    expect(
      await Promise.all(cases.map(async (c) => (await h.ctx.blobs.get(c.output_hash))!.toString())),
    ).toEqual(['3\n', '4\n']);
    expect((await repo.enabledTemplates(h.ctx.db, sum.id)).map((t) => t.name)).toEqual(['C']);
    expect((await repo.problemLanguages(h.ctx.db, sum.id)).length).toBe(4);
    const chk = (await repo.findProblemByDisplayId(h.ctx.db, chkId!))!;
    expect(chk).toMatchObject({ time_limit: 500, memory_limit: 64, judge_mode: 'spj', spj_language: 'C++' });
  });

  it('refuses malformed FPS files without writing anything', async () => {
    const before = await count();
    expect((await importAs('/api/file/import-fps-problem', 'x.zip', txt(FPS))).msg).toBe(
      '请上传xml后缀格式的fps题目文件！',
    );
    expect(
      (await importAs('/api/file/import-fps-problem', 'x.xml', txt('<fps><item><title>x</title></fps>'))).msg,
    ).toBe('读取xml失败，请检查FPS文件格式是否准确！');
    const noTests = FPS.replace(/<test_input>5<\/test_input>/, '');
    expect((await importAs('/api/file/import-fps-problem', 'x.xml', txt(noTests))).msg).toBe(
      '[FPS Checker] 题目的评测数据不能为空，请检查FPS文件内该题目是否有test_input和test_output!',
    );
    const huge = FPS.replace(
      '<time_limit unit="ms">500</time_limit>',
      '<time_limit unit="s">1000</time_limit>',
    );
    const clamped = await importAs(
      '/api/file/import-fps-problem',
      'x.xml',
      txt(huge.replace('FPS Sum', 'Clamp')),
    );
    expect(clamped.status).toBe(200);
    const clampedRow = (await repo.findProblemByDisplayId(h.ctx.db, clamped.data.problemIds[1]))!;
    expect(clampedRow.time_limit).toBe(60_000);
    for (const id of clamped.data.problemIds as string[])
      await repo.deleteProblem(h.ctx.db, (await repo.findProblemByDisplayId(h.ctx.db, id))!.id);
    const badUnit = FPS.replace('unit="ms"', 'unit="min"');
    expect((await importAs('/api/file/import-fps-problem', 'x.xml', txt(badUnit))).msg).toContain(
      '时间限制单位错误',
    );
    expect(await count()).toBe(before);
  });

  it('imports QDUOJ exports and refuses broken ones', async () => {
    const problem = {
      display_id: 'qd-1',
      title: 'QD sum',
      description: { format: 'html', value: '<p>sum</p>' },
      input_description: { value: 'in' },
      output_description: { value: 'out' },
      hint: { value: 'h' },
      source: 'qd',
      time_limit: 1500,
      memory_limit: 128,
      rule_type: 'OI',
      tags: ['qd-tag'],
      samples: [{ input: '1', output: '1' }],
      test_case_score: [
        { input_name: '1.in', output_name: '1.out', score: 40 },
        { input_name: '2.in', output_name: '2.out', score: 60 },
      ],
      spj: null,
    };
    const zip = zipSync({
      '1/problem.json': txt(JSON.stringify(problem)),
      '1/testcase/1.in': txt('1'),
      '1/testcase/1.out': txt('1'),
      '1/testcase/2.in': txt('2'),
      '1/testcase/2.out': txt('2'),
    });
    const r = await importAs('/api/file/import-qdoj-problem', 'qd.zip', zip);
    expect(r).toMatchObject({ status: 200, data: { count: 1, problemIds: ['QD-1'] } });
    const row = (await repo.findProblemByDisplayId(h.ctx.db, 'QD-1'))!;
    expect(row).toMatchObject({
      type: 1,
      io_score: 100,
      time_limit: 1500,
      memory_limit: 128,
      description: '<p>sum</p>',
    });
    expect(((await repo.tagsOfProblems(h.ctx.db, [row.id])).get(row.id) ?? []).map((t) => t.name)).toEqual([
      'qd-tag',
    ]);
    const before = await count();
    const bad: [Zippable, string][] = [
      [
        { '2/notes.txt': txt('x'), '2/p.json': txt('{}') },
        '编号为：2的文件夹里面的题目数据格式错误，请使用json文件！',
      ],
      [{ '2/p.json': txt('{"title":') }, '请检查编号为：2的题目json文件的格式：'],
      [
        {
          '2/p.json': txt(
            JSON.stringify({ ...problem, display_id: 'qd-2', test_case_score: [{ input_name: '9.in' }] }),
          ),
        },
        '缺少评测数据文件 testcase/9.in',
      ],
    ];
    for (const [entries, msg] of bad) {
      expect((await importAs('/api/file/import-qdoj-problem', 'qd.zip', zipSync(entries))).msg).toContain(
        msg,
      );
    }
    expect(await count()).toBe(before);
  });

  it('imports Hydro packages (subtasks, auto-paired data, checker, examples) and refuses broken ones', async () => {
    const zip = zipSync({
      'P1/problem.yaml': txt('pid: HY1\ntitle: Hydro sum\ntag: [hydro, sum]\n'),
      'P1/problem_zh.md': txt('Add numbers.\n\n```input1\n1 2\n```\n\n```output1\n3\n```\n'),
      'P1/testdata/config.yaml': txt(
        'time: 2s\nmemory: 128m\nchecker: chk.cc\nsubtasks:\n  - score: 40\n    cases:\n      - {input: a.in, output: a.out}\n  - score: 60\n    cases:\n      - {input: b.in, output: b.out}\n      - {input: c.in, output: c.out}\n',
      ),
      'P1/testdata/a.in': txt('1'),
      'P1/testdata/a.out': txt('1'),
      'P1/testdata/b.in': txt('2'),
      'P1/testdata/b.out': txt('2'),
      'P1/testdata/c.in': txt('3'),
      'P1/testdata/c.out': txt('3'),
      'P1/testdata/chk.cc': txt('int main(){}'),
      'P2/problem.yaml': txt('pid: null\ntitle: Auto\n'),
      'P2/problem.md': txt('Plain.'),
      'P2/testdata/config.yaml': txt('langs: [cc, py3]\n'),
      'P2/testdata/1.in': txt('1'),
      'P2/testdata/1.out': txt('1'),
      'P2/testdata/2.in': txt('2'),
      'P2/testdata/2.ans': txt('2'),
      'P2/testdata/3.in': txt('3'),
      'P2/testdata/3.out': txt('3'),
    });
    const r = await importAs('/api/file/import-hydro-problem', 'hydro.zip', zip);
    expect(r).toMatchObject({ status: 200, data: { count: 2 } });
    const hy = (await repo.findProblemByDisplayId(h.ctx.db, 'HY1'))!;
    expect(hy).toMatchObject({
      title: 'Hydro sum',
      type: 1,
      time_limit: 2000,
      memory_limit: 128,
      judge_mode: 'spj',
      spj_language: 'C++',
      judge_case_mode: 'subtask_lowest',
      io_score: 100,
      description: 'Add numbers.',
      examples: '<input>1 2\n</input><output>3\n</output>',
    });
    expect((await repo.problemCases(h.ctx.db, hy.id)).map((c) => [c.input, c.score, c.group_num])).toEqual([
      ['a.in', 40, 1],
      ['b.in', 60, 2],
      ['c.in', 60, 2],
    ]);
    const auto = (await repo.findProblemByDisplayId(h.ctx.db, r.data.problemIds[1]))!;
    expect(auto.problem_id).toMatch(/^P\d+$/);
    expect((await repo.problemCases(h.ctx.db, auto.id)).map((c) => [c.output, c.score])).toEqual([
      ['1.out', 33],
      ['2.ans', 33],
      ['3.out', 34],
    ]);
    expect((await repo.problemLanguages(h.ctx.db, auto.id)).map((l) => l.name)).toEqual(['C++']);
    const before = await count();
    const bad: [Zippable, string][] = [
      [{ 'X/problem.md': txt('x'), 'X/testdata/config.yaml': txt('') }, '缺少文件 X/problem.yaml'],
      [{ 'X/problem.yaml': txt('title: T\n'), 'X/testdata/config.yaml': txt('') }, '[T] 题目缺少题面文件'],
      [{ 'X/problem.yaml': txt('title: T\n'), 'X/problem.md': txt('x') }, '缺少文件 X/testdata/config.yaml'],
      [{ 'X/problem.yaml': txt('title: [\n'), 'X/problem.md': txt('x') }, 'problem.yaml 格式错误'],
      [
        {
          'X/problem.yaml': txt('title: T\n'),
          'X/problem.md': txt('x'),
          'X/testdata/config.yaml': txt('cases:\n  - {input: 1.in, output: 1.out}\n'),
        },
        '[T] 题目的输入文件 1.in 不存在于 testdata 中！',
      ],
      [
        {
          'X/problem.yaml': txt('title: T\n'),
          'X/problem.md': txt('x'),
          'X/testdata/config.yaml': txt('langs: [brainfuck]\n'),
          'X/testdata/1.in': txt('1'),
          'X/testdata/1.out': txt('1'),
        },
        '[T] 题目的语言 brainfuck 无法识别！',
      ],
    ];
    for (const [entries, msg] of bad) {
      expect((await importAs('/api/file/import-hydro-problem', 'h.zip', zipSync(entries))).msg).toContain(
        msg,
      );
    }
    expect(await count()).toBe(before);
  });

  it('export refuses unknown problems and bad id lists with HTTP 400', async () => {
    expect((await h.call('root', 'GET', '/api/file/export-problem?pid=999999')).statusCode).toBe(400);
    expect((await h.call('root', 'GET', '/api/file/export-problem?pid=abc')).statusCode).toBe(400);
    expect((await h.call('root', 'GET', '/api/file/export-problem')).json()).toMatchObject({
      status: 400,
      msg: '请选择要导出的题目！',
    });
  });
});

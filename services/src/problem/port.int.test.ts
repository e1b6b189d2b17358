// The judge port reads a problem, its languages and its cases in one query; it must give what
// the three separate reads give (order of languages and cases included).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../../test/support/db';
import { createProblemJudgePort } from './port';
import * as repo from './repository';
import { createHarness, type Harness } from './test-harness';

describe.each(DB_KINDS)('judge port (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h?.close());

  it('gives the problem, its languages by seq desc then id, and its active cases by seq', async () => {
    const db = h.ctx.db;
    const row = await repo.insertProblem(db, {
      problem_id: 'J1',
      title: 'Judge me',
      type: 1,
      judge_mode: 'spj',
      judge_case_mode: 'subtask_average',
      time_limit: 1500,
      memory_limit: 128,
      stack_limit: 64,
      io_score: 90,
      spj_code: 'int main(){}',
      spj_language: 'C++',
      user_extra_file: '{"a.h":"int x;"}',
      judge_extra_file: '{"t.h":"int y;"}',
      is_file_io: true,
      io_read_file_name: 'in.txt',
      io_write_file_name: 'out.txt',
      case_version: '42',
    });
    const langs = await repo.listLanguages(db, null);
    await repo.setProblemLanguages(
      db,
      row.id,
      langs.map((l) => l.id),
    );
    await repo.replaceCases(db, row.id, [
      {
        input: '1.in',
        output: '1.out',
        input_hash: 'a'.repeat(64),
        output_hash: 'b'.repeat(64),
        score: 30,
        group_num: 2,
      },
      {
        input: '2.in',
        output: '2.out',
        input_hash: 'c'.repeat(64),
        output_hash: 'd'.repeat(64),
        score: 60,
        group_num: 1,
      },
      {
        input: '3.in',
        output: '3.out',
        input_hash: 'e'.repeat(64),
        output_hash: 'f'.repeat(64),
        score: 10,
        group_num: 1,
      },
    ]);
    // Reverse the stored order of two cases and disable one: only status 0 cases are judged.
    const stored = await repo.problemCases(db, row.id);
    await db.updateTable('problem_case').set({ seq: 9 }).where('id', '=', stored[0]!.id).execute();
    await db.updateTable('problem_case').set({ status: 1 }).where('id', '=', stored[2]!.id).execute();

    const p = (await createProblemJudgePort(db).getProblemForJudge(row.id))!;

    const [languages, cases] = await Promise.all([
      repo.problemLanguages(db, row.id),
      repo.problemCases(db, row.id),
    ]);
    expect(p.languages).toEqual(languages.map((l) => l.name));
    expect(p.languages).toEqual(['Python3', 'C', 'C++', 'Java', 'GNU G++17']);
    expect(p.cases).toEqual(
      cases.map((c) => ({
        caseId: c.id,
        seq: c.seq,
        inputHash: c.input_hash,
        outputHash: c.output_hash,
        score: c.score,
        groupNum: c.group_num,
        visible: false,
      })),
    );
    expect(p.cases.map((c) => c.score)).toEqual([60, 30]);
    expect(p).toMatchObject({
      pid: row.id,
      problemId: 'J1',
      title: 'Judge me',
      type: 1,
      judgeMode: 'spj',
      judgeCaseMode: 'subtask_average',
      timeLimit: 1500,
      memoryLimit: 128,
      stackLimit: 64,
      ioScore: 90,
      checker: { code: 'int main(){}', language: 'C++' },
      userExtraFiles: { 'a.h': 'int x;' },
      judgeExtraFiles: { 't.h': 'int y;' },
      fileIO: { input: 'in.txt', output: 'out.txt' },
      auth: 1,
      isGroup: false,
      gid: null,
      caseVersion: '42',
    });
  });

  it('turns the kept Kattis default-validator flags into the task field (default mode only), out of the extra files', async () => {
    const port = createProblemJudgePort(h.ctx.db);
    const flagged = await repo.insertProblem(h.ctx.db, {
      problem_id: 'J3',
      title: 'Kattis flags',
      judge_extra_file: '{"kattis-validator-flags":"case_sensitive float_tolerance 1e-6\\n"}',
    });
    const p = await port.getProblemForJudge(flagged.id);
    expect(p?.outputValidatorFlags).toEqual({
      caseSensitive: true,
      spaceChangeSensitive: false,
      floatAbsoluteTolerance: 1e-6,
      floatRelativeTolerance: 1e-6,
    });
    expect(p?.judgeExtraFiles).toEqual({});
    const spj = await repo.insertProblem(h.ctx.db, {
      problem_id: 'J4',
      title: 'Kattis flags in spj',
      judge_mode: 'spj',
      spj_code: 'int main(){}',
      spj_language: 'C++',
      judge_extra_file: '{"kattis-validator-flags":"\\n","v.h":"int z;"}',
    });
    const q = await port.getProblemForJudge(spj.id);
    expect(q?.outputValidatorFlags).toBeUndefined();
    expect(q?.judgeExtraFiles).toEqual({ 'v.h': 'int z;' });
  });

  it('gives empty lists for a problem without languages or cases, null for an unknown one', async () => {
    const row = await repo.insertProblem(h.ctx.db, { problem_id: 'J2', title: 'Bare' });
    const port = createProblemJudgePort(h.ctx.db);
    expect(await port.getProblemForJudge(row.id)).toMatchObject({ languages: [], cases: [], checker: null });
    expect(await port.getProblemForJudge(987654)).toBeNull();
    expect(await port.findPidByDisplayId('J2')).toBe(row.id);
    expect(await port.findPidByDisplayId('j2')).toBeNull();
  });
});

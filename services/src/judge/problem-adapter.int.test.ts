import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus, sha256Hex, type Bus } from '@oj/protocol/bus';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../../test/support/db';
import { insertProblem, replaceCases, setProblemLanguages } from '../problem/repository';
import { insertTestLanguages } from '../problem/test-harness';
import { createJudgeCapability, type JudgeCapability } from './index';
import { problemPortFromProblemCapability } from './problem-adapter';
import { RunnerStandIn, USERS, seedUsers, testContext, OPEN_SWITCHES } from './test-harness';

const H = (c: string) => c.repeat(64);

describe.each(DB_KINDS)('judge over the real problem capability on %s', (kind) => {
  let tdb: TestDatabase;
  let bus: Bus;
  let judge: JudgeCapability;
  let runner: RunnerStandIn;
  let pid: number;

  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    await seedUsers(tdb);
    bus = createMemoryBus();
    const ctx = testContext(tdb.db, bus);
    await insertTestLanguages(ctx);
    const problem = await insertProblem(tdb.db, {
      problem_id: 'P1',
      title: 'A+B',
      type: 1,
      io_score: 100,
      difficulty: 2,
    });
    pid = problem.id;
    await replaceCases(tdb.db, pid, [
      { input: '1.in', output: '1.out', input_hash: H('a'), output_hash: H('b'), score: 40 },
      { input: '2.in', output: '2.out', input_hash: H('c'), output_hash: H('d'), score: 60 },
    ]);
    const langs = await tdb.db.selectFrom('language').select(['id', 'name']).execute();
    await setProblemLanguages(
      tdb.db,
      pid,
      langs.filter((l) => l.name === 'C++').map((l) => l.id),
    );
    judge = createJudgeCapability(ctx, {
      problems: problemPortFromProblemCapability(tdb.db),
      switches: async () => OPEN_SWITCHES,
    });
    await judge.start!();
    runner = await new RunnerStandIn(bus).start();
  });
  afterAll(async () => {
    await runner?.close();
    await judge?.stop!();
    await bus?.close();
    await tdb?.drop();
  });

  it('marks the cases whose data are one of the statement examples as samples (issue #26.3)', async () => {
    const h = (t: string) => sha256Hex(Buffer.from(t, 'utf8'));
    const p2 = await insertProblem(tdb.db, {
      problem_id: 'P2',
      title: 'A+B samples',
      examples: '<input>1 2</input><output>3</output><input>5 7\n</input><output>12\n</output>',
    });
    await replaceCases(tdb.db, p2.id, [
      { input: '1.in', output: '1.out', input_hash: h('1 2\n'), output_hash: h('3\n'), score: 0 },
      { input: '2.in', output: '2.out', input_hash: h('5 7\n'), output_hash: h('12\n'), score: 0 },
      // The input of an example with another answer is no sample.
      { input: '3.in', output: '3.out', input_hash: h('1 2\n'), output_hash: h('4\n'), score: 0 },
      { input: '4.in', output: '4.out', input_hash: H('e'), output_hash: H('f'), score: 0 },
    ]);
    const problem = await problemPortFromProblemCapability(tdb.db).getProblemForJudge(p2.id);
    expect(problem!.testCases.map((c) => c.sample ?? false)).toEqual([true, true, false, false]);
  });

  it('marks the cases the setter made visible in the task; the others stay unmarked (issue #26.3)', async () => {
    const p3 = await insertProblem(tdb.db, { problem_id: 'P3', title: 'visible cases' });
    await replaceCases(tdb.db, p3.id, [
      { input: '1.in', output: '1.out', input_hash: H('a'), output_hash: H('b'), score: 0, visible: true },
      { input: '2.in', output: '2.out', input_hash: H('c'), output_hash: H('d'), score: 0 },
    ]);
    const problem = await problemPortFromProblemCapability(tdb.db).getProblemForJudge(p3.id);
    expect(problem!.testCases.map((c) => c.visible ?? false)).toEqual([true, false]);
  });

  const counts = () =>
    tdb.db.selectFrom('problem_count').selectAll().where('pid', '=', pid).executeTakeFirstOrThrow();

  it('builds the task from the stored problem and moves its counters with each verdict', async () => {
    await expect(
      judge.service.submit(USERS.alice, { pid: 'P1', language: 'Python3', code: 'print(1)' }, null),
    ).rejects.toThrow(/提交的代码的语言错误/);
    const row = await judge.service.submit(
      USERS.alice,
      { pid: 'P1', language: 'C++', code: 'int main(){}' },
      '127.0.0.1',
    );
    await runner.waitForTasks(1);
    const task = runner.tasks[0]!;
    expect(task).toMatchObject({ kind: 'submission', submitId: row.submitId, problemType: 1, ioScore: 100 });
    if (task.kind !== 'submission') throw new Error('expected a submission task');
    expect(task.testCases.map((c) => [c.inputHash, c.score])).toEqual([
      [H('a'), 40],
      [H('c'), 60],
    ]);
    await judge.service.applyResult(runner.resultFor(task, -1, { score: 40 }));
    expect(await counts()).toMatchObject({ total: 1, wa: 1, ac: 0 });
    // A manual change moves the counted verdict; the total stays.
    await judge.service.manualJudge(USERS.root, row.submitId!, 0, 100);
    expect(await counts()).toMatchObject({ total: 1, wa: 0, ac: 1 });
    const stored = await tdb.db
      .selectFrom('judge')
      .selectAll()
      .where('submit_id', '=', row.submitId!)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 0, score: 100, oi_rank_score: 14, display_pid: 'P1' });
    const page = await judge.service.list(null, { onlyMine: false });
    expect(page.records[0]).toMatchObject({ title: 'A+B', displayPid: 'P1' });
    expect(await judge.stats.solvedProblems(USERS.alice.uid)).toEqual([
      { id: pid, problemId: 'P1', difficulty: 2 },
    ]);
  });

  it('recent problems: public, non-group, newest created first, at most 10', async () => {
    for (let i = 0; i < 11; i++)
      await insertProblem(tdb.db, {
        problem_id: `R${i}`,
        title: `R${i}`,
        gmt_create: new Date(Date.UTC(2030, 0, 1 + i)),
      });
    await insertProblem(tdb.db, {
      problem_id: 'HID',
      title: 'hidden',
      auth: 2,
      gmt_create: new Date(Date.UTC(2031, 0, 1)),
    });
    const recent = await problemPortFromProblemCapability(tdb.db).recentProblems!();
    expect(recent.map((p) => p.problemId)).toEqual([
      'R10',
      'R9',
      'R8',
      'R7',
      'R6',
      'R5',
      'R4',
      'R3',
      'R2',
      'R1',
    ]);
  });
});

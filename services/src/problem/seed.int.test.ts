import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '@oj/protocol/bus';
import { Value } from '@sinclair/typebox/value';
import { JudgeTestCaseSchema } from '@oj/protocol/judge/schemas';
import { DB_KINDS } from '../../test/support/db';
import { createProblemJudgePort } from './port';
import * as repo from './repository';
import { seedSampleProblems } from './seed';
import { createHarness, type Harness } from './test-harness';

describe.each(DB_KINDS)('sample problems and the judge port (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h?.close());

  it('seeds the four sample problems once', async () => {
    expect(await seedSampleProblems(h.ctx)).toEqual(['1000', '1001', '1002', '1003']);
    expect(await seedSampleProblems(h.ctx)).toEqual([]);
    const count = await h.ctx.db
      .selectFrom('problem')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
  });

  it('gives the judge everything for A+B, with case data readable from the blob store', async () => {
    const port = createProblemJudgePort(h.ctx.db);
    const row = await repo.findProblemByDisplayId(h.ctx.db, '1000');
    const p = (await port.getProblemForJudge(row!.id))!;
    expect(p).toMatchObject({
      problemId: '1000',
      type: 0,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      timeLimit: 1000,
      memoryLimit: 256,
      stackLimit: 128,
      checker: null,
      fileIO: null,
      isRemoveEndBlank: true,
      auth: 1,
      isGroup: false,
      gid: null,
    });
    expect(p.languages.sort()).toEqual(['C', 'C++', 'Java', 'Python3']);
    expect(p.cases).toHaveLength(5);
    for (const c of p.cases) {
      expect(
        Value.Check(JudgeTestCaseSchema, {
          caseId: c.caseId,
          inputHash: c.inputHash,
          outputHash: c.outputHash,
          score: c.score,
          groupNum: c.groupNum,
        }),
      ).toBe(true);
      const input = (await h.ctx.blobs.get(c.inputHash))!.toString();
      const output = (await h.ctx.blobs.get(c.outputHash))!.toString();
      const [a, b] = input.trim().split(' ').map(Number);
      expect(Number(output.trim())).toBe(a! + b!);
      expect(sha256Hex(Buffer.from(input))).toBe(c.inputHash);
    }
    expect(await port.getProblemForJudge(999999)).toBeNull();
  });

  it('carries the checker, the interactor and the subtask scores', async () => {
    const port = createProblemJudgePort(h.ctx.db);
    const get = async (id: string) =>
      (await port.getProblemForJudge((await repo.findProblemByDisplayId(h.ctx.db, id))!.id))!;
    const spj = await get('1001');
    expect(spj.judgeMode).toBe('spj');
    expect(spj.checker?.language).toBe('C++');
    expect(spj.checker?.code).toContain('wrong answer');
    const inter = await get('1002');
    expect(inter.judgeMode).toBe('interactive');
    expect(inter.checker?.code).toContain('interactor');
    const oi = await get('1003');
    expect(oi).toMatchObject({ type: 1, judgeCaseMode: 'subtask_lowest', ioScore: 100 });
    expect(oi.cases.map((c) => [c.score, c.groupNum])).toEqual([
      [30, 1],
      [30, 1],
      [70, 2],
      [70, 2],
      [70, 2],
    ]);
  });

  it('finds problems by display id and summarises many at once', async () => {
    const port = createProblemJudgePort(h.ctx.db);
    const pid = (await port.findPidByDisplayId('1002'))!;
    expect(pid).toBeGreaterThan(0);
    expect(await port.findPidByDisplayId('nope')).toBeNull();
    const sums = await port.summariesOf([pid, pid, 999999]);
    expect([...sums.entries()]).toEqual([
      [pid, { problemId: '1002', title: 'Guess the Number', difficulty: 1 }],
    ]);
    expect((await port.summariesOf([])).size).toBe(0);
  });

  it('counts verdicts atomically: new submissions, rejudges and uncounted statuses', async () => {
    const port = createProblemJudgePort(h.ctx.db);
    const pid = (await repo.findProblemByDisplayId(h.ctx.db, '1001'))!.id;
    await Promise.all(Array.from({ length: 20 }, () => port.recordVerdict(pid, null, 0)));
    await port.recordVerdict(pid, null, -1);
    await port.recordVerdict(pid, 0, 1); // rejudged AC → TLE
    await port.recordVerdict(pid, null, -4); // cancelled: total only
    await port.recordVerdict(pid, null, 8);
    const counts = (await repo.countsOf(h.ctx.db, [pid])).get(pid)!;
    expect(counts).toMatchObject({ total: 23, ac: 19, wa: 1, tle: 1, pa: 1, mle: 0, ce: 0 });
    const detail = (await h.call('anonymous', 'GET', '/api/get-problem-detail?problemId=1001')).json().data;
    expect(detail.problemCount).toMatchObject({ total: 23, ac: 19 });
    expect(detail.problem.spjCode).toBeNull();
  });
});

/**
 * Cases of one submission judged in parallel slots (issue #18): the same results, in case
 * order, as one at a time, and the modes that stop at a failure still stop there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@oj/protocol/enums/judge-status';
import type { JudgeTestCase } from '@oj/protocol/judge/schemas';
import { createHarness, submission, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  h.deps.caseParallelism = 3;
});
afterAll(async () => {
  await h?.close();
});

const AB =
  '#include <stdio.h>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);return 0;}';
/** Seven cases; the answer of case 2 is wrong, so case 2 fails. Groups: 1-3, 4-7. */
const cases: JudgeTestCase[] = Array.from({ length: 7 }, (_, i) => ({
  caseId: 100 + i,
  input: `${i} ${i}\n`,
  output: i === 1 ? '999\n' : `${2 * i}\n`,
  score: 10,
  groupNum: i < 3 ? 1 : 2,
}));
const judge = (judgeCaseMode: 'default' | 'ergodic_without_error' | 'subtask_lowest' | 'subtask_average') =>
  h.judge(
    submission({
      language: 'C',
      code: AB,
      testCases: cases,
      problemType: judgeCaseMode.startsWith('subtask') ? 1 : 0,
      ioScore: 70,
      judgeCaseMode,
    }),
  );

describe('parallel cases', () => {
  it('default: every case judged, results in case order, several slots used at once', async () => {
    const r = await judge('default');
    expect(r.status).toBe(S.WRONG_ANSWER);
    expect(r.cases.map((c) => [c.seq, c.status])).toEqual([
      [1, S.ACCEPTED],
      [2, S.WRONG_ANSWER],
      [3, S.ACCEPTED],
      [4, S.ACCEPTED],
      [5, S.ACCEPTED],
      [6, S.ACCEPTED],
      [7, S.ACCEPTED],
    ]);
    expect(h.deps.sandbox.slots().length).toBeGreaterThanOrEqual(3);
  });

  it('ergodic_without_error: stops at the first failure, nothing after it is reported', async () => {
    const r = await judge('ergodic_without_error');
    expect(r.status).toBe(S.WRONG_ANSWER);
    expect(r.cases.map((c) => c.seq)).toEqual([1, 2]);
  });

  it('subtask_lowest: the rest of the failing group is cancelled, the other group judged', async () => {
    const r = await judge('subtask_lowest');
    expect(r.cases.map((c) => [c.caseId, c.status])).toEqual([
      [100, S.ACCEPTED],
      [101, S.WRONG_ANSWER],
      [102, S.CANCELLED],
      [103, S.ACCEPTED],
      [104, S.ACCEPTED],
      [105, S.ACCEPTED],
      [106, S.ACCEPTED],
    ]);
    h.deps.caseParallelism = 1;
    const serial = await judge('subtask_lowest');
    h.deps.caseParallelism = 3;
    expect(r.cases).toEqual(
      serial.cases.map((c) => ({ ...c, time: expect.any(Number), memory: expect.any(Number) })),
    );
    expect(r.score).toBe(serial.score);
  });

  it('subtask_average: all judged, same score as one at a time', async () => {
    const parallel = await judge('subtask_average');
    h.deps.caseParallelism = 1;
    const serial = await judge('subtask_average');
    h.deps.caseParallelism = 3;
    expect(parallel.cases.map((c) => [c.seq, c.status])).toEqual(serial.cases.map((c) => [c.seq, c.status]));
    expect(parallel.score).toBe(serial.score);
  });

  it('ergodic_without_error: an earlier case failing after a later one still decides, as one at a time', async () => {
    // Case 1 answers wrong after 300 ms; case 2 answers wrong at once and is known first.
    const slowFirst =
      '#include <stdio.h>\n#include <unistd.h>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);if(a==0)usleep(300000);printf("%lld\\n",a+b+1);return 0;}';
    const task = submission({
      language: 'C',
      code: slowFirst,
      testCases: cases.slice(0, 4),
      judgeCaseMode: 'ergodic_without_error',
    });
    const parallel = await h.judge(task);
    h.deps.caseParallelism = 1;
    const serial = await h.judge(task);
    h.deps.caseParallelism = 3;
    expect(parallel.cases.map((c) => [c.seq, c.status])).toEqual([[1, S.WRONG_ANSWER]]);
    expect(parallel.cases.map((c) => [c.seq, c.status])).toEqual(serial.cases.map((c) => [c.seq, c.status]));
    expect(parallel.status).toBe(serial.status);
  });
});

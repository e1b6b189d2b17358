import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@oj/protocol/enums/judge-status';
import { createHarness, measureSpeed, submission, testRun, type Harness, type MachineSpeed } from './helpers';

let h: Harness;
/** Time limits of cases whose verdict is not about time scale with it (issue #23 item 21). */
let speed: MachineSpeed;
beforeAll(async () => {
  h = await createHarness();
  speed = await measureSpeed(h);
});
afterAll(async () => {
  await h?.close();
});

const AB = '#include <stdio.h>\nint main(){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);return 0;}';
const cases = [
  { caseId: 1, input: '1 2\n', output: '3\n', score: 50, groupNum: 1 },
  { caseId: 2, input: '5 7\n', output: '12\n', score: 50, groupNum: 1 },
];
const c = (code: string, extra: Parameters<typeof submission>[0] extends infer P ? Partial<P> : never = {}) =>
  h.judge(
    submission({
      language: 'C',
      code: `#include <stdio.h>\n#include <stdlib.h>\n${code}`,
      testCases: cases,
      ...extra,
    }),
  );

describe('verdicts (default mode, C)', () => {
  it('AC with time and memory', async () => {
    const r = await h.judge(submission({ language: 'C', code: AB, testCases: cases }));
    expect(r.status).toBe(S.ACCEPTED);
    expect(r.cases.map((x) => x.status)).toEqual([S.ACCEPTED, S.ACCEPTED]);
    expect(r.memory).toBeGreaterThan(0);
    expect(r.errorMessage).toBeNull();
  });

  it('WA', async () => {
    const r = await c('int main(){puts("3");return 0;}');
    expect(r.status).toBe(S.WRONG_ANSWER);
    expect(r.cases.map((x) => x.status)).toEqual([S.ACCEPTED, S.WRONG_ANSWER]);
  });

  it('a sample case returns the start of its input, expected and user output; other cases none (issue #26.3)', async () => {
    const sampleCases = [{ ...cases[0]!, sample: true }, cases[1]!];
    const r = await c('int main(){puts("4");return 0;}', { testCases: sampleCases });
    expect(r.cases.map((x) => x.status)).toEqual([S.WRONG_ANSWER, S.WRONG_ANSWER]);
    expect(r.cases[0]!.sampleIO).toEqual({
      input: '1 2\n',
      expected: '3\n',
      output: '4\n',
      truncated: false,
    });
    expect(r.cases[1]!.sampleIO).toBeUndefined();
    // A long output is cut at 4 KiB and said to be.
    const long = await c('int main(){for(int i=0;i<3000;i++)printf("%d\\n",i);return 0;}', {
      testCases: sampleCases,
    });
    const io = long.cases[0]!.sampleIO!;
    expect(io.truncated).toBe(true);
    expect(Buffer.byteLength(io.output)).toBeLessThanOrEqual(4096);
    expect(io.output.startsWith('0\n1\n2\n')).toBe(true);
  });

  it('a case the setter marked visible returns its texts named visible; an unmarked case none (issue #26.3)', async () => {
    const r = await c('int main(){puts("4");return 0;}', {
      testCases: [cases[0]!, { ...cases[1]!, visible: true }],
    });
    expect(r.cases[0]!.sampleIO).toBeUndefined();
    expect(r.cases[1]!.sampleIO).toMatchObject({ output: '4\n', truncated: false, visible: true });
    expect(r.cases[1]!.sampleIO!.input.length).toBeGreaterThan(0);
  });

  it('PE only when remove-trailing-blank is off', async () => {
    const code = 'int main(){int a,b;scanf("%d %d",&a,&b);printf("%d \\r\\n",a+b);return 0;}';
    expect((await c(code, { isRemoveEndBlank: false })).status).toBe(S.PRESENTATION_ERROR);
    expect((await c(code, { isRemoveEndBlank: true })).status).toBe(S.ACCEPTED);
  });

  // The wall limit is 3·(T+200): a run must get a third of a core to reach a CPU time above T
  // before it. A machine loaded beyond that (each run is a session of its own, so an autogroup
  // of its own: more threads do not buy a larger share) ends it by the wall limit: TLE all the
  // same, with less CPU. The CPU figures are checked when the run got its CPU (issue #23 item 21).
  it('TLE by CPU (busy loop) with stored time capped at T', async () => {
    const r = await c('int main(){volatile long x=0;for(;;)x++;}', {
      limits: { timeLimit: 300, memoryLimit: 64, stackLimit: 64 },
    });
    expect(r.status).toBe(S.TIME_LIMIT_EXCEEDED);
    // Stored time capped at T (the case keeps the CPU measured: above T when the run got it).
    expect(r.time).toBe(Math.min(r.cases[0]!.time, 300));
  });

  it('TLE inside the (T, T+200] window with a clean exit', async () => {
    const code =
      '#include <time.h>\nint main(){int a,b;scanf("%d %d",&a,&b);clock_t s=clock();while((clock()-s)*1000/CLOCKS_PER_SEC<400);printf("%d\\n",a+b);return 0;}';
    const r = await c(code, {
      limits: { timeLimit: 300, memoryLimit: 64, stackLimit: 64 },
      testCases: [cases[0]!],
    });
    expect(r.status).toBe(S.TIME_LIMIT_EXCEEDED);
    // As above: a run that got its CPU exited cleanly inside the window (a judge that only
    // counted kills would say AC); on a machine too loaded to give it a third of a core the wall
    // limit ended it first. Either way no more than T+200 of CPU.
    expect(r.cases[0]!.time).toBeLessThanOrEqual(500);
  });

  it('MLE: 1.5×M touched then exit 0, stored memory capped at M', async () => {
    const code =
      '#include <string.h>\nint main(){size_t n=96u<<20;char*p=malloc(n);memset(p,1,n);printf("%d\\n",p[n-1]);return 0;}';
    const r = await c(code, { limits: { timeLimit: speed.scaled(1000), memoryLimit: 64, stackLimit: 64 } });
    expect(r.status).toBe(S.MEMORY_LIMIT_EXCEEDED);
    expect(r.memory).toBe(64 * 1024);
  });

  it('RE: exit code, abort, divide by zero, segfault — with messages', async () => {
    const one = await c('int main(){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);return 1;}');
    expect(one).toMatchObject({
      status: S.RUNTIME_ERROR,
      errorMessage: 'The program return exit status code: 1',
    });
    const ab = await c('int main(){abort();}');
    expect(ab.errorMessage).toBe('The program return exit status code: 6 (Aborted)');
    const fpe = await c(
      'int main(){int a,b;volatile int z=0;scanf("%d %d",&a,&b);printf("%d",a/z);return 0;}',
    );
    expect(fpe.errorMessage).toBe('The program return exit status code: 8 (Floating point exception)');
    const segv = await c('int main(){volatile int*p=0;*p=1;return 0;}');
    expect(segv.errorMessage).toBe('The program return exit status code: 11 (Segmentation fault)');
  });

  it('CE with compiler output; SE when test data is missing', async () => {
    const ce = await h.judge(
      submission({ language: 'C', code: 'int main( { return 0; }', testCases: cases }),
    );
    expect(ce.status).toBe(S.COMPILE_ERROR);
    expect(ce.errorMessage).toMatch(/error/);
    expect(ce.time).toBe(0);
    const se = await h.judge(
      submission({
        language: 'C',
        code: AB,
        testCases: [
          { caseId: 9, inputHash: 'a'.repeat(64), outputHash: 'b'.repeat(64), score: 0, groupNum: 1 },
        ],
      }),
    );
    expect(se.status).toBe(S.SYSTEM_ERROR);
  });

  it('unknown language → SE naming the reason', async () => {
    const r = await h.judge(submission({ language: 'Python2', code: 'print 1', testCases: cases }));
    expect(r.status).toBe(S.SYSTEM_ERROR);
    expect(r.errorMessage).toMatch(/Python 2/);
  });

  it('test data by content hash (blob files)', async () => {
    const tc = [
      { caseId: 1, inputHash: h.addBlob('40 2\n'), outputHash: h.addBlob('42\n'), score: 0, groupNum: 1 },
    ];
    expect((await h.judge(submission({ language: 'C', code: AB, testCases: tc }))).status).toBe(S.ACCEPTED);
  });

  it('file IO: reads and writes named files; a missing output file is WA', async () => {
    const fileIO = { input: 'data.in', output: 'data.out' };
    const ok =
      'int main(){FILE*i=fopen("data.in","r"),*o=fopen("data.out","w");int a,b;fscanf(i,"%d %d",&a,&b);fprintf(o,"%d\\n",a+b);return 0;}';
    expect((await c(ok, { fileIO })).status).toBe(S.ACCEPTED);
    const stdoutOnly = 'int main(){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);return 0;}';
    expect((await c(stdoutOnly, { fileIO })).status).toBe(S.WRONG_ANSWER);
  });

  it('user extra files are available at compile time', async () => {
    const r = await h.judge(
      submission({
        language: 'C',
        code: '#include <stdio.h>\n#include "lib.h"\nint main(){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",add(a,b));return 0;}',
        userExtraFiles: { 'lib.h': 'static int add(int a,int b){return a+b;}' },
        testCases: cases,
      }),
    );
    expect(r.status).toBe(S.ACCEPTED);
  });
});

describe('case modes', () => {
  const five = [1, 2, 3, 4, 5].map((i) => ({
    caseId: i,
    input: `${i} 0\n`,
    output: `${i}\n`,
    score: 20,
    groupNum: i <= 2 ? 1 : 2,
  }));
  // Wrong on inputs 2 and 4.
  const code = 'int main(){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",(a==2||a==4)?-1:a);return 0;}';

  it('ergodic_without_error stops after the first error', async () => {
    const r = await c(code, { testCases: five, judgeCaseMode: 'ergodic_without_error' });
    expect(r.status).toBe(S.WRONG_ANSWER);
    expect(r.cases.map((x) => x.seq)).toEqual([1, 2]);
  });

  it('default ACM judges every case; first error decides', async () => {
    const r = await c(code, { testCases: five });
    expect(r.cases).toHaveLength(5);
    expect(r.status).toBe(S.WRONG_ANSWER);
  });

  it('subtask_lowest (OI) skips the rest of a failed group', async () => {
    const r = await c(code, {
      testCases: five,
      judgeCaseMode: 'subtask_lowest',
      problemType: 1,
      ioScore: 40,
    });
    expect(r.cases.map((x) => [x.seq, x.status])).toEqual([
      [1, S.ACCEPTED],
      [2, S.WRONG_ANSWER],
      [3, S.ACCEPTED],
      [4, S.WRONG_ANSWER],
      [4, S.CANCELLED],
    ]);
    expect(r.score).toBe(0);
    expect(r.status).toBe(S.PARTIAL_ACCEPTED);
  });

  it('subtask_average (OI) averages groups', async () => {
    const r = await c(code, {
      testCases: five,
      judgeCaseMode: 'subtask_average',
      problemType: 1,
      ioScore: 40,
    });
    // group 1: (20+0)/2 = 10; group 2: (20+0+20)/3 = 13.33 → 13
    expect(r.score).toBe(23);
  });
});

describe('test judge (self-test)', () => {
  it('AC / WA against expected output, AC without one, stdout returned', async () => {
    const ok = await h.judge(testRun({ language: 'C', code: AB, userInput: '3 4', expectedOutput: '7' }));
    expect(ok).toMatchObject({ status: S.ACCEPTED, stdout: '7\n' });
    const wa = await h.judge(testRun({ language: 'C', code: AB, userInput: '3 4', expectedOutput: '8' }));
    expect(wa.status).toBe(S.WRONG_ANSWER);
    const none = await h.judge(testRun({ language: 'C', code: AB, userInput: '3 4' }));
    expect(none.status).toBe(S.ACCEPTED);
  });
  it('CE and RE with stderr text', async () => {
    expect((await h.judge(testRun({ language: 'C', code: 'nope', userInput: '1' }))).status).toBe(
      S.COMPILE_ERROR,
    );
    const re = await h.judge(
      testRun({
        language: 'C',
        code: '#include <stdio.h>\nint main(){fputs("boom",stderr);return 3;}',
        userInput: '1',
      }),
    );
    expect(re.status).toBe(S.RUNTIME_ERROR);
    expect(re.stderr).toContain('The program return exit status code: 3');
    expect(re.stderr).toContain('boom');
  });
});

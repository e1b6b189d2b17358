// Java with any public class name (issue #25 item 4, compat SB9): the source's top-level public
// class is the program, as on Kattis and DOMjudge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@oj/protocol/enums/judge-status';
import { createHarness, measureSpeed, submission, type Harness, type MachineSpeed } from './helpers';

let h: Harness;
let speed: MachineSpeed;
beforeAll(async () => {
  h = await createHarness();
  speed = await measureSpeed(h);
});
afterAll(async () => {
  await h?.close();
});

const cases = [
  { caseId: 1, input: '1 2\n', output: '3\n', score: 0, groupNum: 1 },
  { caseId: 2, input: '40 2\n', output: '42\n', score: 0, groupNum: 1 },
];
const judgeJava = (code: string) =>
  h.judge(
    submission({
      language: 'Java',
      code,
      testCases: cases,
      limits: { timeLimit: speed.scaled(1000), memoryLimit: 128, stackLimit: 128 },
    }),
  );

describe('Java class name', () => {
  it('a public final class not named Main, with a nested public class and a helper class, is accepted', async () => {
    const code = [
      'import java.util.*;',
      '',
      'class Adder { static long add(long a, long b) { return a + b; } }',
      '',
      'public final class Different {',
      '  public static class Pair { long a, b; }',
      '  public static void main(String[] args) {',
      '    Scanner in = new Scanner(System.in);',
      '    Pair p = new Pair(); p.a = in.nextLong(); p.b = in.nextLong();',
      '    System.out.println(Adder.add(p.a, p.b));',
      '  }',
      '}',
    ].join('\n');
    const r = await judgeJava(code);
    expect({ status: r.status, message: r.errorMessage }).toEqual({ status: S.ACCEPTED, message: null });
  });

  it('a source without a public class runs Main', async () => {
    const code =
      'import java.util.*;\nclass Main { public static void main(String[] x) { Scanner s = new Scanner(System.in); System.out.println(s.nextLong() + s.nextLong()); } }\n';
    expect((await judgeJava(code)).status).toBe(S.ACCEPTED);
  });

  it('the wrong answer of a class named otherwise is WA, not CE', async () => {
    const code = 'public class Sum { public static void main(String[] x) { System.out.println(0); } }\n';
    expect((await judgeJava(code)).status).toBe(S.WRONG_ANSWER);
  });

  it('a compile error names the class file', async () => {
    const r = await judgeJava('public class Solver { void f( }\n');
    expect(r.status).toBe(S.COMPILE_ERROR);
    expect(r.errorMessage).toMatch(/Solver\.java/);
  });
});

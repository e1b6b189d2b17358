import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@oj/protocol/enums/judge-status';
import { LANGUAGES } from '../src/languages/index';
import { createHarness, measureSpeed, submission, testRun, type Harness, type MachineSpeed } from './helpers';

let h: Harness;
/**
 * Runtimes start with much CPU of their own (a JVM ~0.5 s): time limits of cases whose verdict is
 * not about time scale with the measured speed, so a slow or loaded core cannot turn AC into TLE
 * (issue #23 item 21).
 */
let speed: MachineSpeed;
beforeAll(async () => {
  h = await createHarness();
  speed = await measureSpeed(h);
});
afterAll(async () => {
  await h?.close();
});

const C =
  '#include <stdio.h>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);return 0;}';
const CPP =
  '#include <iostream>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b<<std::endl;return 0;}';
const PY = 'a, b = map(int, input().split())\nprint(a + b)\n';
const SOURCES: Record<string, string> = {
  C,
  'C With O2': C,
  'C++': CPP,
  'C++ With O2': CPP,
  'C++ 17': CPP,
  'C++ 17 With O2': CPP,
  'C++ 20': CPP,
  'C++ 20 With O2': CPP,
  Java: 'import java.util.*;\npublic class Main { public static void main(String[] x) { Scanner s = new Scanner(System.in); System.out.println(s.nextLong() + s.nextLong()); } }',
  Python3: PY,
  PyPy3: PY,
  Golang:
    'package main\nimport "fmt"\nfunc main() { var a, b int64; fmt.Scan(&a, &b); fmt.Println(a + b) }\n',
  'C#': "using System;\nclass P { static void Main() { var t = Console.ReadLine().Split(' '); Console.WriteLine(long.Parse(t[0]) + long.Parse(t[1])); } }",
  PHP: '<?php\nfscanf(STDIN, "%d %d", $a, $b);\necho $a + $b, "\\n";\n',
  'JavaScript Node':
    "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);\n",
  Ruby: 'a, b = gets.split.map(&:to_i)\nputs a + b\n',
  Rust: 'use std::io::Read;\nfn main() { let mut s = String::new(); std::io::stdin().read_to_string(&mut s).unwrap(); let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect(); println!("{}", v[0] + v[1]); }\n',
  Pascal: 'var a, b: int64;\nbegin\n  readln(a, b);\n  writeln(a + b);\nend.\n',
  Haskell:
    'main :: IO ()\nmain = interact $ \\s -> let [a, b] = map read (words s) :: [Integer] in show (a + b) ++ "\\n"\n',
  OCaml: 'let () = Scanf.scanf " %Ld %Ld" (fun a b -> Printf.printf "%Ld\\n" (Int64.add a b))\n',
  'Common Lisp': '(let ((a (read)) (b (read)))\n  (format t "~d~%" (+ a b)))\n',
  Perl: 'my ($a, $b) = split " ", <STDIN>;\nprint $a + $b, "\\n";\n',
  Lua: 'local a, b = io.read("n", "n")\nprint(a + b)\n',
  Fortran:
    "program main\n  implicit none\n  integer(kind=8) :: a, b\n  read (*, *) a, b\n  print '(I0)', a + b\nend program main\n",
  Kotlin:
    'fun main() {\n    val (a, b) = readLine()!!.trim().split(" ").map { it.toLong() }\n    println(a + b)\n}\n',
};
const cases = [
  { caseId: 1, input: '1 2\n', output: '3\n', score: 0, groupNum: 1 },
  { caseId: 2, input: '1000000000 2000000000\n', output: '3000000000\n', score: 0, groupNum: 1 },
];

describe('languages', () => {
  it('every language of the table is installed and advertised; Python 2 is listed as unavailable', () => {
    const missing = h.deps.languages.unavailable.filter((u) => LANGUAGES.some((l) => l.name === u.name));
    expect(missing).toEqual([]);
    expect(h.deps.languages.unavailable.find((u) => u.name === 'Python2')?.reason).toMatch(/Debian 12/);
    expect(Object.keys(SOURCES).sort()).toEqual(LANGUAGES.map((l) => l.name).sort());
  });

  for (const lang of LANGUAGES) {
    it(`${lang.name}: A+B is accepted`, async () => {
      const r = await h.judge(
        submission({
          language: lang.name,
          code: SOURCES[lang.name]!,
          testCases: cases,
          limits: { timeLimit: speed.scaled(1000), memoryLimit: 128, stackLimit: 128 },
        }),
      );
      expect({ status: r.status, message: r.errorMessage }).toEqual({ status: S.ACCEPTED, message: null });
    });
  }

  it('non-C/C++ languages get doubled limits: a Python 1.3 s CPU loop passes a 1 s problem', async () => {
    const code =
      'import time\ns = time.process_time()\nwhile time.process_time() - s < 1.3: pass\nprint(3)\n';
    const r = await h.judge(
      submission({
        language: 'Python3',
        code,
        testCases: [cases[0]!],
        limits: { timeLimit: 1000, memoryLimit: 64, stackLimit: 64 },
      }),
    );
    expect(r.status).toBe(S.ACCEPTED);
  });

  it('Java compile error is CE with javac output', async () => {
    const r = await h.judge(
      submission({ language: 'Java', code: 'public class Main { void f( }', testCases: cases }),
    );
    expect(r.status).toBe(S.COMPILE_ERROR);
    expect(r.errorMessage).toMatch(/Main\.java/);
  });
});

describe('syntax check of interpreted languages (compat SB4)', () => {
  const broken: [string, string, RegExp][] = [
    ['PHP', '<?php\necho 1 +;\n', /syntax error/i],
    ['JavaScript Node', 'const x = ;\nconsole.log(x)\n', /SyntaxError/],
    ['Ruby', 'def f(\nputs 1\n', /syntax error/i],
  ];
  for (const [language, code, message] of broken) {
    it(`${language}: a syntax error is Compile Error with the interpreter's message, no case is run`, async () => {
      const r = await h.judge(submission({ language, code, testCases: cases }));
      expect(r.status).toBe(S.COMPILE_ERROR);
      expect(r.errorMessage).toMatch(message);
      expect(r.cases).toEqual([]);
    });
  }

  it('a runtime error of a syntactically valid script is still RE, not CE', async () => {
    const r = await h.judge(
      submission({ language: 'JavaScript Node', code: 'null.x;\n', testCases: [cases[0]!] }),
    );
    expect(r.status).toBe(S.RUNTIME_ERROR);
  });
});

describe('JVM sized from the problem limits', () => {
  /** Judges a Java program on the first A+B case under the given limits. */
  const judgeJava = (code: string, limits: { timeLimit: number; memoryLimit: number; stackLimit: number }) =>
    h.judge(
      submission({
        language: 'Java',
        code,
        testCases: [cases[0]!],
        limits: { ...limits, timeLimit: speed.scaled(limits.timeLimit) },
      }),
    );
  // 4 MiB of live data and ~800 MB of short-lived garbage: the heap must stay near the live data.
  const CHURN =
    'import java.util.*;\npublic class Main { public static void main(String[] x) { Scanner s = new Scanner(System.in); long v = s.nextLong() + s.nextLong(); int[][] live = new int[16][]; for (int i = 0; i < 16; i++) live[i] = new int[65536]; long sum = 0; for (int r = 0; r < 2000; r++) { int[] g = new int[100000]; g[r % 100000] = r; sum += g[7]; live[r % 16][r % 65536]++; } System.out.println(v + (sum >= 0 ? 0 : 1)); } }';

  it('a program with 4 MiB of live data and much garbage is accepted at 64 MB', async () => {
    const r = await judgeJava(CHURN, { timeLimit: 2000, memoryLimit: 64, stackLimit: 64 });
    expect(r.status).toBe(S.ACCEPTED);
    expect(r.memory).toBeLessThan(64 * 1024);
  });

  it('Java A+B at 256 MB uses well under 100 MB', async () => {
    const r = await judgeJava(SOURCES.Java!, { timeLimit: 1000, memoryLimit: 256, stackLimit: 128 });
    expect(r.status).toBe(S.ACCEPTED);
    expect(r.memory).toBeLessThan(100 * 1024);
  });

  it('live data beyond the limit: the JVM runs out of heap → MLE, not RE', async () => {
    const hog =
      'import java.util.*;\npublic class Main { public static void main(String[] x) { List<long[]> keep = new ArrayList<>(); for (int i = 0; i < 400; i++) keep.add(new long[131072]); System.out.println(keep.size()); } }';
    const r = await judgeJava(hog, { timeLimit: 2000, memoryLimit: 64, stackLimit: 64 });
    expect(r.status).toBe(S.MEMORY_LIMIT_EXCEEDED);
  });

  it('the heap limit follows the memory limit; the main thread gets the problem stack', async () => {
    const probe =
      'public class Main { static int d(int n) { return n == 0 ? 0 : 1 + d(n - 1); } public static void main(String[] x) throws Exception { long mx = Runtime.getRuntime().maxMemory() >> 20; System.out.println(mx + " " + d(1000000)); } }';
    const r = await h.judge(
      testRun({
        language: 'Java',
        code: probe,
        userInput: '',
        limits: { timeLimit: speed.scaled(2000), memoryLimit: 64, stackLimit: 256 },
      }),
    );
    expect(r.status).toBe(S.ACCEPTED);
    const [heap, depth] = (r.stdout ?? '').trim().split(' ').map(Number);
    // 2 × 64 MB for Java (judge.md §2.2); the JVM reports a little less than -Xmx.
    expect(heap).toBeGreaterThan(100);
    expect(heap).toBeLessThanOrEqual(128);
    expect(depth).toBe(1000000);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@oj/protocol/enums/judge-status';
import { LANGUAGES } from '../src/languages/index';
import { createHarness, submission, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
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
        submission({ language: lang.name, code: SOURCES[lang.name]!, testCases: cases }),
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

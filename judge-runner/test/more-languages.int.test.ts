// The languages problem packages and contest users ask for (issue #25 item 4): Pascal, Haskell,
// OCaml, Common Lisp, Perl, Lua, Fortran and Kotlin, each judged AC, WA, CE and RE in the sandbox, and the
// runtimes that size themselves (GHC, SBCL) sized from the problem's memory limit.
// CI installs every toolchain (judge-runner/scripts/install-toolchains.sh); on a machine without
// one, its tests are skipped and the describe title says which binary is missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@oj/protocol/enums/judge-status';
import { detectLanguages, LANGUAGES } from '../src/languages/index';
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
  { caseId: 2, input: '1000000000 2000000000\n', output: '3000000000\n', score: 0, groupNum: 1 },
];

interface Programs {
  ac: string;
  wa: string;
  ce: string;
  /** What the compiler's message must say about the CE program. */
  ceMessage: RegExp;
  re: string;
}

const PROGRAMS: Record<string, Programs> = {
  Pascal: {
    ac: 'var a, b: int64;\nbegin\n  readln(a, b);\n  writeln(a + b);\nend.\n',
    wa: 'var a, b: int64;\nbegin\n  readln(a, b);\n  writeln(a - b);\nend.\n',
    ce: 'var a: int64;\nbegin\n  readln(a);\n  writeln(a + undefinedThing);\nend.\n',
    ceMessage: /undefinedThing|Identifier not found/i,
    // Division by a zero read at run time: Free Pascal's run-time error 200.
    re: 'var a, b: int64;\nbegin\n  readln(a, b);\n  writeln(a div (b - b));\nend.\n',
  },
  Haskell: {
    ac: 'main :: IO ()\nmain = interact $ \\s -> let [a, b] = map read (words s) :: [Integer] in show (a + b) ++ "\\n"\n',
    wa: 'main :: IO ()\nmain = interact $ \\s -> let [a, b] = map read (words s) :: [Integer] in show (a * b) ++ "\\n"\n',
    ce: 'main :: IO ()\nmain = putStrLn (1 + "x")\n',
    ceMessage: /main\.hs/,
    re: 'main :: IO ()\nmain = do\n  s <- getContents\n  let [a, b] = map read (words s) :: [Integer]\n  print (a `div` (b - b))\n',
  },
  OCaml: {
    ac: 'let () = Scanf.scanf " %Ld %Ld" (fun a b -> Printf.printf "%Ld\\n" (Int64.add a b))\n',
    wa: 'let () = Scanf.scanf " %Ld %Ld" (fun a b -> Printf.printf "%Ld\\n" (Int64.sub a b))\n',
    ce: 'let () = print_int "x"\n',
    ceMessage: /main\.ml/,
    re: 'let () = Scanf.scanf " %d %d" (fun a b -> Printf.printf "%d\\n" (a / (b - b)))\n',
  },
  'Common Lisp': {
    ac: '(let ((a (read)) (b (read)))\n  (format t "~d~%" (+ a b)))\n',
    wa: '(let ((a (read)) (b (read)))\n  (format t "~d~%" (* a b)))\n',
    ce: '(let ((a (read))\n  (format t "~d~%" a)\n',
    ceMessage: /end of file|READ error|end-of-file/i,
    re: '(let ((a (read)) (b (read)))\n  (format t "~d~%" (floor a (- b b))))\n',
  },
  Perl: {
    ac: 'my ($a, $b) = split " ", <STDIN>;\nprint $a + $b, "\\n";\n',
    wa: 'my ($a, $b) = split " ", <STDIN>;\nprint $a - $b, "\\n";\n',
    ce: 'my $x = 1 +;\nprint $x;\n',
    ceMessage: /syntax error/,
    re: 'my ($a, $b) = split " ", <STDIN>;\ndie "no answer\\n" if $a > 0;\nprint $a + $b, "\\n";\n',
  },
  Lua: {
    ac: 'local a, b = io.read("n", "n")\nprint(a + b)\n',
    wa: 'local a, b = io.read("n", "n")\nprint(a - b)\n',
    ce: 'local x = = 1\nprint(x)\n',
    ceMessage: /main\.lua/,
    re: 'local a, b = io.read("n", "n")\nerror("no answer for " .. a)\n',
  },
  Fortran: {
    ac: "program main\n  implicit none\n  integer(kind=8) :: a, b\n  read (*, *) a, b\n  print '(I0)', a + b\nend program main\n",
    wa: "program main\n  implicit none\n  integer(kind=8) :: a, b\n  read (*, *) a, b\n  print '(I0)', a - b\nend program main\n",
    ce: 'program main\n  implicit none\n  integer :: a\n  a = \nend program main\n',
    ceMessage: /main\.f90/,
    re: "program main\n  implicit none\n  integer(kind=8) :: a, b\n  read (*, *) a, b\n  if (a > 0) error stop 'no answer'\n  print '(I0)', a + b\nend program main\n",
  },
  Kotlin: {
    ac: 'fun main() {\n    val (a, b) = readLine()!!.trim().split(" ").map { it.toLong() }\n    println(a + b)\n}\n',
    wa: 'fun main() {\n    val (a, b) = readLine()!!.trim().split(" ").map { it.toLong() }\n    println(a - b)\n}\n',
    ce: 'fun main() {\n    val x: Int = "x"\n    println(x)\n}\n',
    ceMessage: /main\.kt/,
    re: 'fun main() {\n    val (a, b) = readLine()!!.trim().split(" ").map { it.toLong() }\n    println(a / (b - b))\n}\n',
  },
};

/** Each new language's missing binaries (empty: installed). Decided before the tests are collected. */
const support = detectLanguages(LANGUAGES.filter((l) => l.name in PROGRAMS));
const missingOf = (name: string) => support.unavailable.find((u) => u.name === name)?.reason ?? null;

const judge = (language: string, code: string, memoryLimit = 128) =>
  h.judge(
    submission({
      language,
      code,
      testCases: cases,
      limits: { timeLimit: speed.scaled(1000), memoryLimit, stackLimit: 64 },
    }),
  );

for (const [language, p] of Object.entries(PROGRAMS)) {
  const missing = missingOf(language);
  describe.skipIf(missing !== null)(
    `${language}${missing ? ` (skipped on this machine: ${missing})` : ''}`,
    () => {
      it('A+B is accepted', async () => {
        const r = await judge(language, p.ac);
        expect({ status: r.status, message: r.errorMessage }).toEqual({ status: S.ACCEPTED, message: null });
        expect(r.cases.map((c) => c.status)).toEqual([S.ACCEPTED, S.ACCEPTED]);
      });
      it('a wrong answer is WA', async () => {
        const r = await judge(language, p.wa);
        expect(r.status).toBe(S.WRONG_ANSWER);
      });
      it("a compile error is CE with the compiler's message, no case is run", async () => {
        const r = await judge(language, p.ce);
        expect(r.status).toBe(S.COMPILE_ERROR);
        expect(r.errorMessage).toMatch(p.ceMessage);
        expect(r.cases).toEqual([]);
      });
      it('a program that fails at run time is RE', async () => {
        const r = await judge(language, p.re);
        expect(r.status).toBe(S.RUNTIME_ERROR);
      });
    },
  );
}

describe.skipIf(missingOf('Haskell') !== null)('GHC runtime sized from the memory limit', () => {
  it('A+B at 256 MB uses well under the limit (the RTS reserves address space, not memory)', async () => {
    const r = await judge('Haskell', PROGRAMS.Haskell!.ac, 256);
    expect(r.status).toBe(S.ACCEPTED);
    expect(r.memory).toBeLessThan(64 * 1024);
  });
  it('live data beyond the limit: the RTS reports heap exhaustion → MLE, not RE', async () => {
    // A list kept alive between sum and length: ~400 MB of cells at a 64 MB problem (128 MB judged).
    const hog =
      'main :: IO ()\nmain = do\n  s <- getContents\n  let n = 10000000 * length (words s)\n      xs = [1 .. n] :: [Int]\n  print (sum xs + length xs)\n';
    const r = await judge('Haskell', hog, 64);
    expect(r.status).toBe(S.MEMORY_LIMIT_EXCEEDED);
  });
});

describe.skipIf(missingOf('Common Lisp') !== null)('SBCL sized from the memory limit', () => {
  it('A+B at 256 MB is accepted', async () => {
    const r = await judge('Common Lisp', PROGRAMS['Common Lisp']!.ac, 256);
    expect(r.status).toBe(S.ACCEPTED);
  });
  it('live data beyond the limit: SBCL reports heap exhaustion → MLE, not RE', async () => {
    // 50 million fixnums (~400 MB) at a 64 MB problem (128 MB judged).
    const hog =
      '(let* ((n (* 25000000 (+ (read) (read) -1))) (v (make-array n :element-type (quote fixnum) :initial-element 1)))\n  (format t "~d~%" (reduce (function +) v)))\n';
    const r = await judge('Common Lisp', hog, 64);
    expect(r.status).toBe(S.MEMORY_LIMIT_EXCEEDED);
  });
});

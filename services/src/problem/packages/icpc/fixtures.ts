// Kattis packages written for the tests (each feature of the format), as zips.
import { strToU8, zipSync, type Zippable } from 'fflate';

const A_PLUS_B_AC =
  '#include <cstdio>\nint main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); }\n';
const A_PLUS_B_WA =
  '#include <cstdio>\nint main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a - b); }\n';
const A_PLUS_B_RTE = '#include <cstdlib>\nint main() { abort(); }\n';
const A_PLUS_B_TLE = 'int main() { volatile unsigned long x = 0; for (;;) x++; }\n';
const SUMS = [
  [1, 2],
  [40, 2],
  [-7, 7],
];

type Files = Record<string, string | Uint8Array | [Uint8Array, { os: number; attrs: number }]>;

function zip(files: Files): Uint8Array {
  const tree: Zippable = {};
  for (const [n, v] of Object.entries(files))
    tree[n] = typeof v === 'string' ? strToU8(v) : v instanceof Uint8Array ? v : v;
  return zipSync(tree);
}

/** A symbolic link entry (Unix, S_IFLNK) whose data is the link text. */
export const symlink = (target: string): [Uint8Array, { os: number; attrs: number }] => [
  strToU8(target),
  { os: 3, attrs: (0o120777 << 16) >>> 0 },
];

function sumData(files: Files) {
  SUMS.forEach(([a, b], i) => {
    const dir = i === 0 ? 'data/sample' : 'data/secret';
    files[`${dir}/${i + 1}.in`] = `${a} ${b}\n`;
    files[`${dir}/${i + 1}.ans`] = `${a! + b!}\n`;
  });
}

/** Legacy package: a custom validator whose folder holds a header and a helper source; Java with any class name. */
export function validatorWithHeaderFiles(): Files {
  const files: Files = {
    'problem.yaml': 'name: Header Sum\nvalidation: custom\nlimits:\n  memory: 512\n',
    '.timelimit': '2\n',
    'problem_statement/problem.en.md': 'Add $a$ and $b$.',
    'output_validators/sumcheck/validate.h':
      '#pragma once\n#include <cstdio>\n#include <cstdlib>\n#include <string>\nlong long read_answer(const char *path);\n[[noreturn]] inline void judge(bool ok, const char *dir) {\n  std::string p = std::string(dir) + "judgemessage.txt";\n  FILE *f = fopen(p.c_str(), "w");\n  if (f) { fputs(ok ? "fine" : "numbers differ", f); fclose(f); }\n  std::exit(ok ? 42 : 43);\n}\n',
    'output_validators/sumcheck/answer.cpp':
      '#include "validate.h"\nlong long read_answer(const char *path) { FILE *f = fopen(path, "r"); long long v = 0; if (!f || fscanf(f, "%lld", &v) != 1) exit(1); return v; }\n',
    'output_validators/sumcheck/validate.cpp':
      '#include <string>\n#include "validate.h"\nint main(int argc, char **argv) {\n  long long want = read_answer(argv[2]), got;\n  if (scanf("%lld", &got) != 1) judge(false, argv[3]);\n  judge(got == want, argv[3]);\n}\n',
    'submissions/accepted/sum.cpp': A_PLUS_B_AC,
    'submissions/accepted/Sum.java':
      'import java.util.Scanner;\n\npublic class Sum {\n  public static void main(String[] args) {\n    Scanner in = new Scanner(System.in);\n    long a = in.nextLong(), b = in.nextLong();\n    System.out.println(a + b);\n  }\n}\n',
    'submissions/wrong_answer/minus.cpp': A_PLUS_B_WA,
    'submissions/run_time_error/abort.cpp': A_PLUS_B_RTE,
  };
  sumData(files);
  return files;
}

/** 2023-07 interactive package: guess a number in [1, 100] with answers lower/higher/correct. */
export function interactive2023(): Files {
  const files: Files = {
    'problem.yaml':
      'problem_format_version: 2023-07-draft\ntype: interactive\nname: Guess\nuuid: 7b4f3ae2-0000-4000-8000-000000000001\nlimits:\n  time_limit: 2\n',
    'statement/problem.en.md': 'Guess the number between 1 and 100 in at most 7 guesses.',
    'output_validator/validate.cpp':
      '#include <cstdio>\n#include <string>\nint main(int argc, char **argv) {\n  FILE *in = fopen(argv[1], "r");\n  int secret = 0;\n  if (!in || fscanf(in, "%d", &secret) != 1) return 1;\n  std::string dir = argv[3];\n  for (int i = 0; i < 7; i++) {\n    int g;\n    if (scanf("%d", &g) != 1) break;\n    if (g == secret) { printf("correct\\n"); fflush(stdout); return 42; }\n    printf(g < secret ? "higher\\n" : "lower\\n");\n    fflush(stdout);\n  }\n  FILE *m = fopen((dir + "judgemessage.txt").c_str(), "w");\n  if (m) { fputs("no correct guess", m); fclose(m); }\n  return 43;\n}\n',
    'submissions/accepted/binary.cpp':
      '#include <cstdio>\n#include <cstring>\nint main() { int lo = 1, hi = 100; char r[32]; while (lo <= hi) { int m = (lo + hi) / 2; printf("%d\\n", m); fflush(stdout); if (scanf("%31s", r) != 1) return 0; if (!strcmp(r, "correct")) return 0; if (!strcmp(r, "higher")) lo = m + 1; else hi = m - 1; } }\n',
    'submissions/wrong_answer/always_one.cpp':
      '#include <cstdio>\n#include <cstring>\nint main() { char r[32]; for (int i = 0; i < 7; i++) { printf("1\\n"); fflush(stdout); if (scanf("%31s", r) != 1 || !strcmp(r, "correct")) return 0; } }\n',
  };
  ['1', '37', '100'].forEach((n, i) => {
    files[`data/${i === 0 ? 'sample' : 'secret'}/${i + 1}.in`] = `${n}\n`;
    files[`data/${i === 0 ? 'sample' : 'secret'}/${i + 1}.ans`] = `${n}\n`;
  });
  return files;
}

/** Legacy scoring package: two secret groups (min, 30 and 70 points), samples worth 0. */
export function scoringGroups(): Files {
  const files: Files = {
    'problem.yaml': 'name: Scored Sum\ntype: scoring\n',
    'problem_statement/problem.en.tex': '\\problemname{Scored Sum}\nAdd the numbers.',
    'data/sample/testdata.yaml': 'on_reject: continue\naccept_score: 0\n',
    'data/secret/testdata.yaml': 'on_reject: continue\n',
    'data/secret/g1/testdata.yaml': 'grader_flags: min\naccept_score: 30\n',
    'data/secret/g2/testdata.yaml': 'grader_flags: min\naccept_score: 70\n',
    'data/sample/1.in': '1 2\n',
    'data/sample/1.ans': '3\n',
    'data/secret/g1/1.in': '1 1\n',
    'data/secret/g1/1.ans': '2\n',
    'data/secret/g1/2.in': '2 2\n',
    'data/secret/g1/2.ans': '4\n',
    'data/secret/g2/1.in': '1000000000000 1\n',
    'data/secret/g2/1.ans': '1000000000001\n',
    'submissions/accepted/sum.cpp': A_PLUS_B_AC,
    'submissions/partially_accepted/small.cpp':
      '#include <cstdio>\nint main() { int a, b; scanf("%d %d", &a, &b); printf("%d\\n", a + b); }\n',
    'submissions/time_limit_exceeded/spin.cpp': A_PLUS_B_TLE,
  };
  return files;
}

/** 2023-07 pass-fail package with the default validator's flags (case-insensitive by default, float tolerance). */
export function defaultValidatorFlags(): Files {
  const files: Files = {
    'problem.yaml':
      'problem_format_version: 2023-07-draft\nname: Halves\nuuid: 7b4f3ae2-0000-4000-8000-000000000002\nlimits:\n  time_limit: 1\n',
    'statement/problem.en.md': 'Print YES and n/3.',
    'data/testdata.yaml': 'output_validator_args: [float_tolerance, "1e-6"]\n',
    'submissions/accepted/lower.py': 'n = int(input())\nprint("yes")\nprint("  %.7f" % (n / 3))\n',
    'submissions/wrong_answer/coarse.py': 'n = int(input())\nprint("YES", round(n / 3, 2))\n',
  };
  ['1', '2', '10'].forEach((n, i) => {
    const dir = i === 0 ? 'data/sample' : 'data/secret';
    files[`${dir}/${i + 1}.in`] = `${n}\n`;
    files[`${dir}/${i + 1}.ans`] = `YES ${(Number(n) / 3).toFixed(9)}\n`;
  });
  return files;
}

/**
 * Legacy package with `validator_flags: case_sensitive space_change_sensitive`: the answer's case
 * and every whitespace run count; numbers are words (no tolerance), so `-0` is not `0`.
 */
export function strictValidatorFlags(): Files {
  const files: Files = {
    'problem.yaml': 'name: Strict Echo\nvalidator_flags: case_sensitive space_change_sensitive\n',
    '.timelimit': '1\n',
    'submissions/accepted/exact.py': 'a, b = input().split()\nprint(a.upper() + " " + str(int(b) * 0))\n',
    'submissions/wrong_answer/lower.py': 'a, b = input().split()\nprint(a.lower() + " " + str(int(b) * 0))\n',
    'submissions/wrong_answer/trailing.py':
      'a, b = input().split()\nprint(a.upper() + " " + str(int(b) * 0) + " ")\n',
    'submissions/wrong_answer/double.py':
      'a, b = input().split()\nprint(a.upper() + "  " + str(int(b) * 0))\n',
    'submissions/wrong_answer/minus_zero.py': 'a, b = input().split()\nprint(a.upper() + " -0")\n',
  };
  ['ab 3', 'Xy -2'].forEach((line, i) => {
    const dir = i === 0 ? 'data/sample' : 'data/secret';
    const [a] = line.split(' ');
    files[`${dir}/${i + 1}.in`] = `${line}\n`;
    files[`${dir}/${i + 1}.ans`] = `${a!.toUpperCase()} 0\n`;
  });
  return files;
}

/** Legacy package whose output validator is one Python file (judgemessage written, tolerant compare). */
export function pythonValidator(): Files {
  const files: Files = {
    'problem.yaml': 'name: Python Checked Sum\nvalidation: custom\nvalidator_flags: tolerance 0\n',
    'output_validators/check.py': [
      'import sys',
      'inp, ans, feedback = sys.argv[1], sys.argv[2], sys.argv[3]',
      'assert sys.argv[4:] == ["tolerance", "0"], sys.argv',
      'want = int(open(ans).read().split()[0])',
      'got = sys.stdin.read().split()',
      'ok = len(got) == 1 and got[0].lstrip("-").isdigit() and abs(int(got[0]) - want) <= 0',
      'if not ok:',
      '    open(feedback + "judgemessage.txt", "w").write("expected %d" % want)',
      'sys.exit(42 if ok else 43)',
      '',
    ].join('\n'),
    'submissions/accepted/sum.py': 'a, b = map(int, input().split())\nprint(a + b)\n',
    'submissions/wrong_answer/minus.cpp': A_PLUS_B_WA,
  };
  sumData(files);
  return files;
}

/** Legacy package whose output validator is C (two sources: a helper and the main file). */
export function cValidator(): Files {
  const files: Files = {
    'problem.yaml': 'name: C Checked Sum\nvalidation: custom\n',
    'output_validators/cval/util.h': 'long long first_number(const char *path);\n',
    'output_validators/cval/util.c':
      '#include <stdio.h>\n#include <stdlib.h>\n#include "util.h"\nlong long first_number(const char *path) { FILE *f = fopen(path, "r"); long long v; if (!f || fscanf(f, "%lld", &v) != 1) exit(1); fclose(f); return v; }\n',
    'output_validators/cval/main.c':
      '#include <stdio.h>\n#include <stdlib.h>\n#include "util.h"\nint main(int argc, char **argv) { long long got; if (scanf("%lld", &got) != 1) return 43; void *p = malloc(16); free(p); return got == first_number(argv[2]) ? 42 : 43; }\n',
    'submissions/accepted/sum.c':
      '#include <stdio.h>\nint main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); return 0; }\n',
    'submissions/wrong_answer/minus.cpp': A_PLUS_B_WA,
  };
  sumData(files);
  return files;
}

/** Test files stored as symbolic links: one to a file inside the zip, `outside` one pointing out of it. */
export function symlinked(outside: boolean): Files {
  const files: Files = {
    'problem.yaml': 'name: Linked Sum\n',
    'submissions/accepted/sum.cpp': A_PLUS_B_AC,
  };
  sumData(files);
  files['data/secret/4.in'] = symlink('2.in');
  files['data/secret/4.ans'] = symlink(outside ? '../../../etc/passwd' : '2.ans');
  return files;
}

export const packageZip = (files: Files): Uint8Array => zip(files);

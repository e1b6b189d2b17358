import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus as S } from '@oj/protocol/enums/judge-status';
import { createHarness, submission, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Exit-code protocol checker: argv = input, user output, answer (judge.md §4.1). */
const EXIT_CODE_CHECKER = `#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
  FILE *in = fopen(argv[1], "r"), *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
  if (!in || !out || !ans) return 103;
  char word[64] = {0};
  long long a, b, got;
  fscanf(in, "%lld %lld", &a, &b);
  if (fscanf(out, "%63s", word) != 1) { fprintf(stderr, "empty output"); return 102; }
  if (strcmp(word, "half") == 0) { printf("50"); return 99; }
  if (strcmp(word, "format") == 0) return 101;
  if (sscanf(word, "%lld", &got) != 1 || got != a + b) { fprintf(stderr, "expected %lld", a + b); return 102; }
  return 0;
}`;

/**
 * A checker speaking the testlib result protocol (stderr "ok …" / "wrong answer …" /
 * "points N …" with testlib's exit codes), written from scratch for this test.
 */
const TESTLIB_STYLE_CHECKER = `#include <cstdio>
#include <cstdlib>
#include <cstdarg>
static void quit(int code, const char *fmt, ...) {
  va_list ap; va_start(ap, fmt); vfprintf(stderr, fmt, ap); va_end(ap); std::exit(code);
}
int main(int argc, char **argv) {
  FILE *inf = std::fopen(argv[1], "r"), *ouf = std::fopen(argv[2], "r"), *ans = std::fopen(argv[3], "r");
  if (!inf || !ouf || !ans) quit(3, "FAIL cannot open files");
  long long a, b, want, got;
  if (std::fscanf(inf, "%lld %lld", &a, &b) != 2 || std::fscanf(ans, "%lld", &want) != 1) quit(3, "FAIL bad test data");
  if (std::fscanf(ouf, "%lld", &got) != 1) quit(2, "wrong output format Expected integer");
  if (got == want) quit(0, "ok answer is %lld", want);
  if (got == -want) quit(7, "points 40 sign is wrong");
  if (got == 0) quit(3, "FAIL checker refuses zero");
  quit(1, "wrong answer expected %lld, found %lld", want, got);
}`;

const cases = [
  { caseId: 1, input: '1 2\n', output: '3\n', score: 50, groupNum: 1 },
  { caseId: 2, input: '5 7\n', output: '12\n', score: 50, groupNum: 1 },
];
const printing = (expr: string) =>
  `#include <stdio.h>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);${expr};return 0;}`;

describe('special judge (exit-code protocol, C checker)', () => {
  const spj = (code: string, extra = {}) =>
    h.judge(
      submission({
        language: 'C',
        code,
        testCases: cases,
        judgeMode: 'spj',
        checker: { language: 'C', code: EXIT_CODE_CHECKER },
        problemType: 1,
        ioScore: 100,
        ...extra,
      }),
    );

  it('AC, WA (exit 102), PE (exit 101), partial (exit 99 + percentage)', async () => {
    expect((await spj(printing('printf("%lld\\n",a+b)'))).status).toBe(S.ACCEPTED);
    const wa = await spj(printing('printf("%lld\\n",a+b+1)'));
    expect(wa.status).toBe(S.WRONG_ANSWER);
    expect(wa.cases[0]!.message).toMatch(/expected 3/);
    expect((await spj(printing('puts("format")'))).status).toBe(S.PRESENTATION_ERROR);
    const half = await spj(printing('puts("half")'));
    expect(half).toMatchObject({ status: S.PARTIAL_ACCEPTED, score: 50 });
    expect(half.cases.map((c) => [c.status, c.score, c.percentage])).toEqual([
      [S.PARTIAL_ACCEPTED, 25, 0.5],
      [S.PARTIAL_ACCEPTED, 25, 0.5],
    ]);
  });

  it('the checker is not run when the user program fails', async () => {
    expect((await spj(printing('printf("%lld\\n",a+b);return 1'))).status).toBe(S.RUNTIME_ERROR);
  });

  it('a checker that does not compile or crashes silently is SE, never blamed on the user', async () => {
    const bad = await h.judge(
      submission({
        language: 'C',
        code: printing('puts("3")'),
        testCases: cases,
        judgeMode: 'spj',
        checker: { language: 'C', code: 'int main( {' },
      }),
    );
    expect(bad.status).toBe(S.SYSTEM_ERROR);
    const crash = await h.judge(
      submission({
        language: 'C',
        code: printing('puts("3")'),
        testCases: cases,
        judgeMode: 'spj',
        checker: { language: 'C', code: 'int main(){volatile int*p=0;*p=1;return 0;}' },
      }),
    );
    expect(crash.status).toBe(S.SYSTEM_ERROR);
  });
});

describe('testlib-style checker (C++)', () => {
  const run = (expr: string) =>
    h.judge(
      submission({
        language: 'C++',
        code: printing(expr).replace('stdio.h', 'cstdio'),
        testCases: cases,
        judgeMode: 'spj',
        checker: { language: 'C++', code: TESTLIB_STYLE_CHECKER },
        problemType: 1,
        ioScore: 100,
      }),
    );

  it('ok → AC; wrong answer → WA; wrong output format → WA with PE hint; points → PA; FAIL → SE', async () => {
    expect((await run('printf("%lld\\n",a+b)')).status).toBe(S.ACCEPTED);
    const wa = await run('printf("%lld\\n",a+b+1)');
    expect(wa.status).toBe(S.WRONG_ANSWER);
    expect(wa.cases[0]!.message).toMatch(/^wrong answer expected 3, found 4/);
    const fmt = await run('puts("x")');
    expect(fmt.status).toBe(S.WRONG_ANSWER);
    expect(fmt.cases[0]!.message).toMatch(/^May be output presentation error\./);
    const pts = await run('printf("%lld\\n",-(a+b))');
    expect(pts).toMatchObject({ status: S.PARTIAL_ACCEPTED, score: 40 });
    expect((await run('puts("0")')).status).toBe(S.SYSTEM_ERROR);
  });
});

/** Guess-the-number interactor: secret in the input file, at most 20 queries. */
const INTERACTOR = `#include <stdio.h>
int main(int argc, char **argv) {
  FILE *in = fopen(argv[1], "r"), *res = fopen(argv[2], "w");
  int secret, q, n = 0;
  fscanf(in, "%d", &secret);
  printf("%d\\n", 1000); fflush(stdout);
  while (scanf("%d", &q) == 1) {
    if (++n > 20) { fprintf(stderr, "wrong answer too many queries"); return 1; }
    if (q == secret) { printf("=\\n"); fflush(stdout); if (res) fprintf(res, "%d", n); fprintf(stderr, "ok guessed in %d", n); return 0; }
    printf(q < secret ? ">\\n" : "<\\n"); fflush(stdout);
  }
  fprintf(stderr, "wrong answer no guess");
  return 1;
}`;
const GUESSER = `#include <stdio.h>
int main(){int hi,lo=1;char r[4];scanf("%d",&hi);
while(lo<=hi){int m=(lo+hi)/2;printf("%d\\n",m);fflush(stdout);if(scanf("%3s",r)!=1)return 0;if(r[0]=='=')return 0;if(r[0]=='>')lo=m+1;else hi=m-1;}
return 0;}`;

describe('interactive judge', () => {
  const icases = [
    { caseId: 1, input: '1\n', output: '', score: 50, groupNum: 1 },
    { caseId: 2, input: '777\n', output: '', score: 50, groupNum: 1 },
  ];
  const interactive = (code: string, extra = {}) =>
    h.judge(
      submission({
        language: 'C',
        code,
        testCases: icases,
        judgeMode: 'interactive',
        checker: { language: 'C', code: INTERACTOR },
        limits: { timeLimit: 1000, memoryLimit: 64, stackLimit: 64 },
        ...extra,
      }),
    );

  it('binary search is accepted', async () => {
    const r = await interactive(GUESSER);
    expect(r.status).toBe(S.ACCEPTED);
    expect(r.cases.every((c) => c.status === S.ACCEPTED)).toBe(true);
  });

  it('linear search exceeds the queries → WA from the interactor', async () => {
    const linear =
      '#include <stdio.h>\nint main(){int n;char r[4];scanf("%d",&n);for(int i=1;i<=n;i++){printf("%d\\n",i);fflush(stdout);if(scanf("%3s",r)!=1||r[0]==\'=\')return 0;}return 0;}';
    const r = await interactive(linear);
    expect(r.cases.map((c) => c.status)).toEqual([S.ACCEPTED, S.WRONG_ANSWER]);
  });

  it('user crash beats the interactor verdict → RE', async () => {
    const r = await interactive('#include <stdlib.h>\nint main(){abort();}');
    expect(r.status).toBe(S.RUNTIME_ERROR);
  });

  it('user killed by SIGPIPE defers to the interactor: WA when the interactor said WA, RE when it said OK', async () => {
    const spammer = '#include <stdio.h>\nint main(){for(;;){puts("1");fflush(stdout);}}';
    const quitter = (code: number, verdict: string) =>
      `#include <stdio.h>\nint main(){int q;scanf("%d",&q);fprintf(stderr,"${verdict}");return ${code};}`;
    const wa = await interactive(spammer, {
      checker: { language: 'C', code: quitter(1, 'wrong answer stop') },
    });
    expect(wa.cases[0]).toMatchObject({ status: S.WRONG_ANSWER });
    const ok = await interactive(spammer, { checker: { language: 'C', code: quitter(0, 'ok fine') } });
    expect(ok.cases[0]).toMatchObject({
      status: S.RUNTIME_ERROR,
      message: 'The program return exit status code: 13 (Broken pipe)',
    });
  });

  it('a user that never answers is TLE (idle), not RE', async () => {
    const r = await interactive('#include <unistd.h>\nint main(){for(;;)pause();}', {
      limits: { timeLimit: 200, memoryLimit: 64, stackLimit: 64 },
    });
    expect(r.status).toBe(S.TIME_LIMIT_EXCEEDED);
  });
});

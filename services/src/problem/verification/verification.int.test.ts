// Import verification end to end (issue #25 items 3 and 5) on PostgreSQL with the real judge
// runner: a Polygon package (a testlib checker built with the package's own files/testlib.h, tagged
// solutions OK / WA / TL) and a Kattis package (submissions/ folders) are imported with verify=true;
// every shipped solution is judged and must get the verdict its tag or folder names, pushed to the
// admin room as it lands, without a submission row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import { Subjects } from '@oj/protocol';
import type { ProblemVerification, ProblemVerifyRow } from '@oj/protocol/problem';
import type { Runner } from '@oj/judge-runner';
import type { Platform } from '../../compose';
import { startJudgedPlatform, type JudgedPlatform } from '../../../test/support/judged-platform';

const TESTS = [
  [1, 2],
  [40, 2],
];
const RIGHT =
  '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << "\\n"; }\n';
const WRONG =
  '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a - b << "\\n"; }\n';
const SLOW = '#include <iostream>\nint main() { volatile unsigned long long x = 0; for (;;) x = x + 1; }\n';

/** A few lines in testlib's shape (written for this test): the checker includes it from files/. */
const MINI_TESTLIB = `#pragma once
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3 };
[[noreturn]] inline void quitf(TResult r, const char *fmt, ...) {
  const char *head = r == _ok ? "ok " : r == _wa ? "wrong answer " : r == _pe ? "wrong output format " : "FAIL ";
  std::fputs(head, stderr);
  va_list ap;
  va_start(ap, fmt);
  std::vfprintf(stderr, fmt, ap);
  va_end(ap);
  std::exit(static_cast<int>(r));
}
struct InStream {
  FILE *f = nullptr;
  TResult onError = _fail;
  long long readLong() {
    long long v;
    if (!f || std::fscanf(f, "%lld", &v) != 1) quitf(onError, "expected an integer");
    return v;
  }
};
inline InStream inf, ouf, ans;
inline void registerTestlibCmd(int argc, char **argv) {
  if (argc < 4) quitf(_fail, "usage: checker input output answer");
  inf.f = std::fopen(argv[1], "r");
  ouf.f = std::fopen(argv[2], "r");
  ouf.onError = _pe;
  ans.f = std::fopen(argv[3], "r");
}
`;
const CHECKER = `#include "testlib.h"
int main(int argc, char **argv) {
  registerTestlibCmd(argc, argv);
  long long want = ans.readLong(), got = ouf.readLong();
  if (want != got) quitf(_wa, "expected %lld, found %lld", want, got);
  quitf(_ok, "%lld", got);
}
`;

function polygonZip(): Uint8Array {
  const files: Record<string, Uint8Array> = {
    'problem.xml': strToU8(`<?xml version="1.0" encoding="utf-8"?>
<problem revision="1" short-name="verify-pg">
  <names><name language="english" value="Verified Sum"/></names>
  <judging>
    <testset name="tests">
      <time-limit>1000</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>${TESTS.length}</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>${TESTS.map(() => '<test method="manual"/>').join('')}</tests>
    </testset>
  </judging>
  <files><resources><file path="files/testlib.h" type="h.g++"/></resources></files>
  <assets>
    <checker name="check.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
    <solutions>
      <solution tag="main"><source path="solutions/ok.cpp" type="cpp.g++17"/></solution>
      <solution tag="wrong-answer"><source path="solutions/wa.cpp" type="cpp.g++17"/></solution>
      <solution tag="time-limit-exceeded"><source path="solutions/tl.cpp" type="cpp.g++17"/></solution>
    </solutions>
  </assets>
</problem>`),
    'files/testlib.h': strToU8(MINI_TESTLIB),
    'files/check.cpp': strToU8(CHECKER),
    'solutions/ok.cpp': strToU8(RIGHT),
    'solutions/wa.cpp': strToU8(WRONG),
    'solutions/tl.cpp': strToU8(SLOW),
  };
  TESTS.forEach(([a, b], i) => {
    const n = String(i + 1).padStart(2, '0');
    files[`tests/${n}`] = strToU8(`${a} ${b}\n`);
    files[`tests/${n}.a`] = strToU8(`${a! + b!}\n`);
  });
  return zipSync(files);
}

function kattisZip(): Uint8Array {
  const files: Record<string, Uint8Array> = {
    'problem.yaml': strToU8('name: Kattis Verified Sum\nlimits:\n  time_limit: 1\n'),
    'problem_statement/problem.en.md': strToU8('Add two integers.'),
    'submissions/accepted/sum.cpp': strToU8(RIGHT),
    'submissions/wrong_answer/diff.cpp': strToU8(WRONG),
  };
  TESTS.forEach(([a, b], i) => {
    files[`data/secret/${i + 1}.in`] = strToU8(`${a} ${b}\n`);
    files[`data/secret/${i + 1}.ans`] = strToU8(`${a! + b!}\n`);
  });
  return zipSync(files);
}

/** About `ms` of CPU, then the sum: an accepted solution whose time the limit is derived from. */
const busyRight = (ms: number) =>
  `#include <ctime>\n#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; volatile unsigned long x = 0; while (std::clock() < ${ms} * (CLOCKS_PER_SEC / 1000)) x = x + 1; std::cout << a + b << "\\n"; }\n`;

/** A legacy Kattis package without a time limit: it is derived from submissions/accepted/ (compat K6). */
function kattisNoLimitZip(): Uint8Array {
  const files: Record<string, Uint8Array> = {
    'problem.yaml': strToU8(
      'name: Kattis Derived Limit\nlimits:\n  time_multiplier: 4\n  time_safety_margin: 2\n',
    ),
    'submissions/accepted/quick.cpp': strToU8(RIGHT),
    'submissions/accepted/busy.cpp': strToU8(busyRight(150)),
    'submissions/wrong_answer/diff.cpp': strToU8(WRONG),
    'submissions/time_limit_exceeded/spin.cpp': strToU8(SLOW),
  };
  TESTS.forEach(([a, b], i) => {
    files[`data/secret/${i + 1}.in`] = strToU8(`${a} ${b}\n`);
    files[`data/secret/${i + 1}.ans`] = strToU8(`${a! + b!}\n`);
  });
  return zipSync(files);
}

describe('import verification on PostgreSQL with the real runner', () => {
  let h: JudgedPlatform;
  let platform: Platform;
  let runner: Runner | null = null;
  let token = '';
  const pushed: ProblemVerifyRow[] = [];

  beforeAll(async () => {
    h = await startJudgedPlatform('verify', (p) =>
      p.ctx.bus
        .subscribe<ProblemVerifyRow>(Subjects.adminProblemVerify, (row) => {
          pushed.push(row);
        })
        .then(() => undefined),
    );
    ({ platform, runner, token } = h);
  }, 180_000);
  afterAll(async () => {
    await h?.close();
  });

  async function importZip(url: string, bytes: Uint8Array) {
    const json = await h.postZip<{ problemIds: string[]; verifying: number }>(`${url}?verify=true`, bytes);
    expect(json, json.msg).toMatchObject({ status: 200 });
    return json.data;
  }

  async function pidOf(problemId: string): Promise<number> {
    const row = await platform.ctx.db
      .selectFrom('problem')
      .select(['id', 'auth'])
      .where('problem_id', '=', problemId)
      .executeTakeFirstOrThrow();
    expect(row.auth, 'a verified import stays private').toBe(2);
    return row.id;
  }

  async function table(pid: number): Promise<ProblemVerification> {
    const r = await platform.app.inject({
      method: 'GET',
      url: `/api/admin/problem/verification?pid=${pid}`,
      headers: { authorization: token },
    });
    const json = r.json() as { status: number; msg: string; data: ProblemVerification };
    expect(json.status, json.msg).toBe(200);
    return json.data;
  }

  /** Waits for every row's push (the admin room's event), then reads the stored table. */
  async function verified(pid: number, count: number): Promise<ProblemVerification> {
    await expect
      .poll(() => pushed.filter((r) => r.pid === pid).length, { timeout: 240_000, interval: 250 })
      .toBe(count);
    const t = await table(pid);
    // what was pushed is what is stored
    const byId = new Map(pushed.map((r) => [r.id, r]));
    expect(t.rows.map((r) => byId.get(r.id))).toEqual(t.rows);
    return t;
  }

  it('verifies a Polygon package: OK, WA and TL solutions get their tags through a testlib checker', async () => {
    if (!runner) throw new Error('the embedded judge runner did not start (sandbox unavailable)');
    const data = await importZip('/api/file/import-polygon-problem', polygonZip());
    expect(data.verifying).toBe(3);
    const pid = await pidOf(data.problemIds[0]!);
    const t = await verified(pid, 3);
    expect(t.rows.map((r) => [r.path, r.expected, r.got])).toEqual([
      ['solutions/ok.cpp', ['AC'], 'AC'],
      ['solutions/wa.cpp', ['WA'], 'WA'],
      ['solutions/tl.cpp', ['TLE'], 'TLE'],
    ]);
    expect(t.rows.every((r) => r.matches)).toBe(true);
    // the wrong answer is the testlib checker's (its message), not a plain diff
    expect(t.rows[1]!.message).toMatch(/wrong answer expected 3, found -1/);
    // not a user submission
    const judged = await platform.ctx.db.selectFrom('judge').select('submit_id').execute();
    expect(judged).toEqual([]);
  }, 300_000);

  it('verifies a Kattis package from its submissions/ folders, and runs them again on request', async () => {
    if (!runner) throw new Error('the embedded judge runner did not start (sandbox unavailable)');
    const data = await importZip('/api/file/import-icpc-problem', kattisZip());
    expect(data.verifying).toBe(2);
    const pid = await pidOf(data.problemIds[0]!);
    const t = await verified(pid, 2);
    expect(t.rows.map((r) => [r.path, r.got, r.matches])).toEqual([
      ['submissions/accepted/sum.cpp', 'AC', true],
      ['submissions/wrong_answer/diff.cpp', 'WA', true],
    ]);
    const again = await platform.app.inject({
      method: 'POST',
      url: '/api/admin/problem/verification/rerun',
      headers: { authorization: token },
      payload: { pid },
    });
    expect(again.json()).toMatchObject({ status: 200, data: { verifying: 2 } });
    expect((await table(pid)).rows.every((r) => r.status === null)).toBe(true);
    await verified(pid, 4);
  }, 300_000);

  it('derives a Kattis time limit from the accepted solutions, then judges the others under it', async () => {
    if (!runner) throw new Error('the embedded judge runner did not start (sandbox unavailable)');
    const data = await importZip('/api/file/import-icpc-problem', kattisNoLimitZip());
    expect(data.verifying).toBe(4);
    const pid = await pidOf(data.problemIds[0]!);
    // the other solutions wait for the limit: held back, not queued
    const early = await table(pid);
    const held = early.rows.filter((r) => !r.path.includes('/accepted/'));
    expect(held).toHaveLength(2);
    for (const r of held) {
      expect(r.status).toBeNull();
      expect(r.message).toMatch(/^waiting for the time limit from the accepted solutions/);
    }
    const t = await verified(pid, 4);
    expect(t.rows.map((r) => [r.path, r.got])).toEqual([
      ['submissions/accepted/busy.cpp', 'AC'],
      ['submissions/accepted/quick.cpp', 'AC'],
      ['submissions/time_limit_exceeded/spin.cpp', 'TLE'],
      ['submissions/wrong_answer/diff.cpp', 'WA'],
    ]);
    // legacy rule: slowest accepted × time_multiplier, whole seconds rounded half up, at least 1 s
    const slowest = Math.max(...t.rows.filter((r) => r.path.includes('/accepted/')).map((r) => r.time!));
    expect(slowest).toBeGreaterThanOrEqual(140);
    const { time_limit } = await platform.ctx.db
      .selectFrom('problem')
      .select('time_limit')
      .where('id', '=', pid)
      .executeTakeFirstOrThrow();
    expect(time_limit).toBe(Math.max(1, Math.floor(0.5 + (slowest / 1000) * 4)) * 1000);
    // the time-limit solution ran under the derived limit, not the 10 s cap the accepted ones had
    const spin = t.rows.find((r) => r.path.endsWith('spin.cpp'))!;
    expect(spin.time!).toBeLessThan(time_limit + 1000);

    // "verify again" derives it again (K6): the limit set by hand since is replaced, the others wait again
    await platform.ctx.db.updateTable('problem').set({ time_limit: 7000 }).where('id', '=', pid).execute();
    const again = await platform.app.inject({
      method: 'POST',
      url: '/api/admin/problem/verification/rerun',
      headers: { authorization: token },
      payload: { pid },
    });
    expect(again.json()).toMatchObject({ status: 200, data: { verifying: 4 } });
    const rerunRows = (await table(pid)).rows;
    expect(rerunRows.filter((r) => r.message?.startsWith('waiting for the time limit'))).toHaveLength(2);
    const second = await verified(pid, 8);
    expect(second.rows.every((r) => r.matches)).toBe(true);
    const slowestAgain = Math.max(
      ...second.rows.filter((r) => r.path.includes('/accepted/')).map((r) => r.time!),
    );
    const rederived = await platform.ctx.db
      .selectFrom('problem')
      .select('time_limit')
      .where('id', '=', pid)
      .executeTakeFirstOrThrow();
    expect(rederived.time_limit).toBe(Math.max(1, Math.floor(0.5 + (slowestAgain / 1000) * 4)) * 1000);
  }, 400_000);

  it('is root only, and an unknown problem is an envelope error', async () => {
    const anon = await platform.app.inject({ method: 'GET', url: '/api/admin/problem/verification?pid=1' });
    expect(anon.statusCode).not.toBe(200);
    const missing = await platform.app.inject({
      method: 'GET',
      url: '/api/admin/problem/verification?pid=999999',
      headers: { authorization: token },
    });
    expect(missing.statusCode).toBeLessThan(500);
    expect(missing.json()).toMatchObject({ status: 400 });
  });
});

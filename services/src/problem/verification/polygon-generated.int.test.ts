// Polygon tests made by the package's own generators (issue #25 item 5, docs/compat.md PV4), end
// to end on PostgreSQL with the real judge runner: the generator (C++ on a testlib-shaped header the
// package ships in files/) and the main solution run in the runner's sandbox at import, the
// problem's cases are what they wrote, and every tagged solution is then judged on them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import { Subjects } from '@oj/protocol';
import type { ProblemVerifyRow } from '@oj/protocol/problem';
import type { Runner } from '@oj/judge-runner';
import type { Platform } from '../../compose';
import { startJudgedPlatform, type JudgedPlatform } from '../../../test/support/judged-platform';

/** testlib's generator calls this test's generator uses, written for this test (not testlib). */
const MINI_TESTLIB = `#pragma once
#include <cstdio>
#include <cstdlib>
#include <string>
inline int testlib_argc = 0;
inline char **testlib_argv = nullptr;
inline void registerGen(int argc, char **argv, int) { testlib_argc = argc; testlib_argv = argv; }
template <class T> T opt(int index);
template <> inline long long opt<long long>(int index) {
  if (index >= testlib_argc) { std::fprintf(stderr, "FAIL no argument %d\\n", index); std::exit(3); }
  return std::atoll(testlib_argv[index]);
}
template <> inline int opt<int>(int index) { return static_cast<int>(opt<long long>(index)); }
`;
/** Writes `a b`, then `count` more pairs from a small linear generator seeded by the arguments. */
const GENERATOR = `#include "testlib.h"
#include <iostream>
int main(int argc, char *argv[]) {
  registerGen(argc, argv, 1);
  long long a = opt<long long>(1), b = opt<long long>(2);
  std::cout << a << " " << b << "\\n";
}
`;
const RIGHT =
  '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << "\\n"; }\n';
const WRONG_ON_BIG =
  '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << (a > 30 ? a - b : a + b) << "\\n"; }\n';
const SLOW = '#include <iostream>\nint main() { volatile unsigned long long x = 0; for (;;) x = x + 1; }\n';

/** problem.xml as Polygon writes it for a package whose tests 1 and 3 are generated, 2 stored. */
function problemXml(cmds: [string, string]): string {
  return `<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="7" short-name="gen-sum" url="https://polygon.codeforces.com/p/test/gen-sum">
  <names><name language="english" value="Generated Sum"/></names>
  <statements><statement charset="UTF-8" language="english" mathjax="true" path="statements/english/problem.tex" type="application/x-tex"/></statements>
  <judging cpu-name="Intel(R) Core(TM) i3-8100 CPU @ 3.60GHz" cpu-speed="3600" input-file="" output-file="">
    <testset name="tests">
      <time-limit>1000</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>3</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
        <test cmd="${cmds[0]}" method="generated" sample="true"/>
        <test method="manual"/>
        <test cmd="${cmds[1]}" method="generated"/>
      </tests>
    </testset>
  </judging>
  <files>
    <resources>
      <file path="files/olymp.sty"/>
      <file path="files/testlib.h" type="h.g++"/>
    </resources>
    <executables>
      <executable>
        <source path="files/gen.cpp" type="cpp.g++17"/>
        <binary path="files/gen.exe" type="exe.win32"/>
      </executable>
    </executables>
  </files>
  <assets>
    <checker name="std::lcmp.cpp" type="testlib">
      <source path="files/check.cpp" type="cpp.g++17"/>
      <binary path="check.exe" type="exe.win32"/>
      <copy path="check.cpp"/>
    </checker>
    <solutions>
      <solution tag="main"><source path="solutions/sum.cpp" type="cpp.g++17"/></solution>
      <solution tag="wrong-answer"><source path="solutions/wa.cpp" type="cpp.g++17"/></solution>
      <solution tag="time-limit-exceeded"><source path="solutions/tl.cpp" type="cpp.g++17"/></solution>
    </solutions>
  </assets>
  <properties><property name="tests-wellformed" value="true"/></properties>
  <stresses><stress-count>0</stress-count><stress-path-pattern>stresses/%03d</stress-path-pattern><list/></stresses>
  <tags><tag value="math"/></tags>
</problem>`;
}

function polygonZip(cmds: [string, string], generator = GENERATOR): Uint8Array {
  return zipSync({
    'problem.xml': strToU8(problemXml(cmds)),
    'files/testlib.h': strToU8(MINI_TESTLIB),
    'files/gen.cpp': strToU8(generator),
    'files/olymp.sty': strToU8('% statement style\n'),
    'solutions/sum.cpp': strToU8(RIGHT),
    'solutions/wa.cpp': strToU8(WRONG_ON_BIG),
    'solutions/tl.cpp': strToU8(SLOW),
    // test 2 is stored (manual), 1 and 3 are not: the generators make them
    'tests/02': strToU8('5 6\n'),
    'tests/02.a': strToU8('11\n'),
  });
}

describe('Polygon tests generated by the package at import, with verification', () => {
  let h: JudgedPlatform;
  let platform: Platform;
  let runner: Runner | null = null;
  const pushed: ProblemVerifyRow[] = [];

  beforeAll(async () => {
    h = await startJudgedPlatform('polygen', (p) =>
      p.ctx.bus
        .subscribe<ProblemVerifyRow>(Subjects.adminProblemVerify, (row) => {
          pushed.push(row);
        })
        .then(() => undefined),
    );
    ({ platform, runner } = h);
  }, 180_000);
  afterAll(async () => {
    await h?.close();
  });

  async function problemCount(): Promise<number> {
    const rows = await platform.ctx.db.selectFrom('problem').select('id').execute();
    return rows.length;
  }

  it('generates the tests with the generator and the main solution, then every tag matches', async () => {
    if (!runner) throw new Error('the embedded judge runner did not start (sandbox unavailable)');
    const json = await h.postZip<{ problemIds: string[]; verifying: number; pids: number[] }>(
      '/api/file/import-polygon-problem?verify=true',
      polygonZip(['gen 1 2', 'gen 40 2 &gt; $']),
    );
    expect(json.status, json.msg).toBe(200);
    expect(json.data.verifying).toBe(3);
    const pid = json.data.pids[0]!;
    // the cases are what the generator and the main solution wrote, the stored one in its place
    const cases = await platform.ctx.db
      .selectFrom('problem_case')
      .select(['input', 'output', 'input_hash', 'output_hash'])
      .where('pid', '=', pid)
      .orderBy('seq')
      .execute();
    expect(cases.map((c) => [c.input, c.output])).toEqual([
      ['1.in', '1.out'],
      ['2.in', '2.out'],
      ['3.in', '3.out'],
    ]);
    const text = async (hash: string) => (await platform.ctx.blobs.get(hash))!.toString('utf8');
    expect(await Promise.all(cases.map((c) => text(c.input_hash)))).toEqual(['1 2\n', '5 6\n', '40 2\n']);
    expect(await Promise.all(cases.map((c) => text(c.output_hash)))).toEqual(['3\n', '11\n', '42\n']);
    // the generated sample test is the statement's example
    const { examples } = await platform.ctx.db
      .selectFrom('problem')
      .select('examples')
      .where('id', '=', pid)
      .executeTakeFirstOrThrow();
    expect(examples).toBe('<input>1 2\n</input><output>3\n</output>');

    await expect
      .poll(() => pushed.filter((r) => r.pid === pid).length, { timeout: 240_000, interval: 250 })
      .toBe(3);
    const rows = pushed.filter((r) => r.pid === pid).sort((a, b) => a.id - b.id);
    expect(rows.map((r) => [r.path, r.expected, r.got, r.matches])).toEqual([
      ['solutions/sum.cpp', ['AC'], 'AC', true],
      // wrong only on the generated test 3 (40 2): its answer came from the main solution
      ['solutions/wa.cpp', ['WA'], 'WA', true],
      ['solutions/tl.cpp', ['TLE'], 'TLE', true],
    ]);
  }, 400_000);

  it('refuses the multi-output form by name, before anything runs', async () => {
    const before = await problemCount();
    const json = await h.postZip(
      '/api/file/import-polygon-problem?verify=true',
      polygonZip(['gen 1 2', 'gen 3 &gt; {3-4}']),
    );
    expect(json.status).toBe(400);
    expect(json.msg).toContain('> {3-4}');
    expect(await problemCount()).toBe(before);
  });

  it('refuses the package when its generator does not compile, and keeps nothing', async () => {
    if (!runner) throw new Error('the embedded judge runner did not start (sandbox unavailable)');
    const before = await problemCount();
    const json = await h.postZip(
      '/api/file/import-polygon-problem?verify=true',
      polygonZip(['gen 1 2', 'gen 40 2'], '#include "testlib.h"\nint main( { broken\n'),
    );
    expect(json.status).toBe(400);
    expect(json.msg).toMatch(/generator gen does not compile/);
    expect(await problemCount()).toBe(before);
  }, 400_000);
});

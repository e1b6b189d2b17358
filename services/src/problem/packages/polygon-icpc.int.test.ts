// Polygon and ICPC/Kattis packages end to end on PostgreSQL with the real judge runner: the test
// writes each package (statement, tests with answers, a checker / output validator and an input
// validator), imports it as root, and judges a right and a wrong C++ solution against it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import { JudgeStatus } from '@oj/protocol';
import type { SubmissionUpdate } from '@oj/protocol/realtime/events';
import { startJudgedPlatform, type JudgedPlatform } from '../../../test/support/judged-platform';
import { parsePolygonPackage } from './polygon';
import { parseIcpcPackage } from './icpc';
import { readZip } from '../zip';

const RIGHT =
  '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << "\\n"; }\n';
const WRONG =
  '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b + 1 << "\\n"; }\n';
const TESTS = [
  [1, 2],
  [40, 2],
  [-7, 7],
];

const polygonChecker = `#include <cstdio>
int main(int argc, char **argv) {
  // input, contestant output, jury answer (the testlib order)
  FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
  long long got, want;
  if (!ans || fscanf(ans, "%lld", &want) != 1) { fprintf(stderr, "FAIL no answer"); return 3; }
  if (!out || fscanf(out, "%lld", &got) != 1) { fprintf(stderr, "wrong answer no number"); return 1; }
  if (got != want) { fprintf(stderr, "wrong answer expected %lld, found %lld", want, got); return 1; }
  fprintf(stderr, "ok %lld", got);
  return 0;
}
`;
const inputValidator = `#include <cstdio>
int main() { long long a, b; return scanf("%lld %lld", &a, &b) == 2 ? 42 : 43; }
`;
const kattisValidator = `#include <cstdio>
#include <cstdlib>
int main(int argc, char **argv) {
  // input answer feedback_dir < team_output
  FILE *ans = fopen(argv[2], "r");
  long long want, got;
  if (!ans || fscanf(ans, "%lld", &want) != 1) exit(1);
  if (scanf("%lld", &got) != 1) exit(43);
  if (got != want) std::exit(43);
  return 42;
}
`;

function polygonZip(): Uint8Array {
  const files: Record<string, Uint8Array> = {
    'sum/problem.xml': strToU8(`<?xml version="1.0" encoding="utf-8"?>
<problem revision="3" short-name="sum-pg">
  <names><name language="english" value="Polygon Sum"/></names>
  <statements><statement language="english" path="statements/english/problem.tex" type="application/x-tex"/></statements>
  <judging input-file="" output-file="">
    <testset name="tests">
      <time-limit>2000</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>${TESTS.length}</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>${TESTS.map((_, i) => `<test method="manual"${i === 0 ? ' sample="true"' : ''}/>`).join('')}</tests>
    </testset>
  </judging>
  <assets>
    <checker name="check.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
    <validators><validator><source path="files/val.cpp" type="cpp.g++17"/></validator></validators>
  </assets>
  <tags><tag value="math"/></tags>
</problem>`),
    'sum/statements/english/problem-properties.json': strToU8(
      JSON.stringify({
        name: 'Polygon Sum',
        legend: 'Add $a$ and $b$.',
        input: 'Two integers.',
        output: 'Their sum.',
        notes: '',
      }),
    ),
    'sum/files/check.cpp': strToU8(polygonChecker),
    'sum/files/val.cpp': strToU8(inputValidator),
  };
  TESTS.forEach(([a, b], i) => {
    const n = String(i + 1).padStart(2, '0');
    files[`sum/tests/${n}`] = strToU8(`${a} ${b}\n`);
    files[`sum/tests/${n}.a`] = strToU8(`${a! + b!}\n`);
  });
  return zipSync(files);
}

function icpcZip(): Uint8Array {
  const files: Record<string, Uint8Array> = {
    'problem.yaml': strToU8(
      'name: Kattis Sum\nsource: test\nvalidation: custom\nkeywords: [math, easy]\nlimits:\n  time_limit: 2\n  memory: 256\n',
    ),
    'problem_statement/problem.en.md': strToU8('Add two integers $a$ and $b$.'),
    'output_validators/sumcheck/validate.cpp': strToU8(kattisValidator),
    'input_validators/check/validate.cpp': strToU8(inputValidator),
  };
  TESTS.forEach(([a, b], i) => {
    const dir = i === 0 ? 'data/sample' : 'data/secret';
    files[`${dir}/${i + 1}.in`] = strToU8(`${a} ${b}\n`);
    files[`${dir}/${i + 1}.ans`] = strToU8(`${a! + b!}\n`);
  });
  return zipSync(files);
}

describe('package parsers', () => {
  it('reads a Polygon package', () => {
    const [p] = parsePolygonPackage(readZip(polygonZip()));
    expect(p!.values).toMatchObject({
      title: 'Polygon Sum',
      time_limit: 2000,
      memory_limit: 256,
      judge_mode: 'spj',
      type: 0,
    });
    expect(p!.values.examples).toContain('<input>1 2');
    expect(p!.cases).toHaveLength(3);
    expect(p!.tags).toEqual(['math']);
  });
  it('reads an ICPC/Kattis package and wraps its output validator', () => {
    const [p] = parseIcpcPackage(readZip(icpcZip()));
    expect(p!.values).toMatchObject({
      title: 'Kattis Sum',
      time_limit: 2000,
      judge_mode: 'spj',
      spj_language: 'SPJ-C++17',
    });
    expect(p!.values.spj_code).toContain('oj_kattis_validator_main');
    expect(p!.cases.map((c) => c.inputName)).toEqual(['1.in', '2.in', '3.in']);
    expect(p!.tags).toEqual(['math', 'easy']);
  });
});

describe('Polygon and ICPC/Kattis packages judged on PostgreSQL', () => {
  let h: JudgedPlatform;

  beforeAll(async () => {
    h = await startJudgedPlatform('packages');
  }, 180_000);
  afterAll(async () => {
    await h?.close();
  });

  async function importZip(url: string, bytes: Uint8Array): Promise<string> {
    const json = await h.postZip<{ problemIds: string[] }>(url, bytes);
    expect(json, json.msg).toMatchObject({ status: 200 });
    return json.data.problemIds[0]!;
  }

  async function judge(problemId: string, code: string): Promise<SubmissionUpdate> {
    const id = await h.submit(problemId, 'C++', code);
    await expect.poll(() => h.results.has(id), { timeout: 120_000, interval: 200 }).toBe(true);
    return h.results.get(id)!;
  }

  it('imports a Polygon package and judges a right and a wrong solution with its checker', async () => {
    if (!h.runner) throw new Error('the embedded judge runner did not start (sandbox unavailable)');
    const problemId = await importZip('/api/file/import-polygon-problem', polygonZip());
    expect((await judge(problemId, RIGHT)).status).toBe(JudgeStatus.ACCEPTED);
    expect((await judge(problemId, WRONG)).status).toBe(JudgeStatus.WRONG_ANSWER);
  }, 300_000);

  it('imports an ICPC/Kattis package and judges a right and a wrong solution with its output validator', async () => {
    if (!h.runner) throw new Error('the embedded judge runner did not start (sandbox unavailable)');
    const problemId = await importZip('/api/file/import-icpc-problem', icpcZip());
    expect((await judge(problemId, RIGHT)).status).toBe(JudgeStatus.ACCEPTED);
    expect((await judge(problemId, WRONG)).status).toBe(JudgeStatus.WRONG_ANSWER);
  }, 300_000);
});

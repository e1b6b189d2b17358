// Kattis packages written for each feature of the format (a validator folder with a header and a
// helper source, a 2023-07 interactive problem, a scoring problem with testdata.yaml groups, the
// default validator's flags, a test file stored as a symbolic link) imported through the API on
// PostgreSQL, and every solution the package ships judged by the real runner: each verdict must
// be the one its submissions/ folder names.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '@oj/protocol';
import { startJudgedPlatform, type JudgedPlatform } from '../../../../test/support/judged-platform';
import { readZip } from '../../zip';
import { parseIcpcPackage } from '../icpc';
import {
  cValidator,
  pythonValidator,
  defaultValidatorFlags,
  strictValidatorFlags,
  interactive2023,
  packageZip,
  scoringGroups,
  symlinked,
  validatorWithHeaderFiles,
} from './fixtures';

/** A package folder of services/test/fixtures as the file map packageZip zips. */
function fixtureFolder(name: string): Parameters<typeof packageZip>[0] {
  const root = join(__dirname, '../../../../test/fixtures/kattis-problemtools', name);
  const files: Parameters<typeof packageZip>[0] = {};
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true }))
    if (e.isFile()) {
      const full = join(e.parentPath, e.name);
      files[full.slice(root.length + 1)] = new Uint8Array(readFileSync(full));
    }
  return files;
}
const VERDICT: Record<string, number> = {
  AC: JudgeStatus.ACCEPTED,
  WA: JudgeStatus.WRONG_ANSWER,
  TLE: JudgeStatus.TIME_LIMIT_EXCEEDED,
  RTE: JudgeStatus.RUNTIME_ERROR,
  PA: JudgeStatus.PARTIAL_ACCEPTED,
  MLE: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  CE: JudgeStatus.COMPILE_ERROR,
};

describe('ICPC/Kattis packages judged by their own solutions', () => {
  let h: JudgedPlatform;

  beforeAll(async () => {
    h = await startJudgedPlatform('kattis');
  }, 180_000);
  afterAll(async () => {
    await h?.close();
  });

  const importZip = (bytes: Uint8Array) =>
    h.postZip<{ problemIds: string[] }>('/api/file/import-icpc-problem', bytes);
  const submit = (problemId: string, language: string, code: string) => h.submit(problemId, language, code);

  /** Import the package and judge every shipped solution; each must get its folder's verdict. */
  async function importAndJudge(files: Parameters<typeof packageZip>[0], minSolutions: number) {
    if (!h.runner) throw new Error('the embedded judge runner did not start (sandbox unavailable)');
    const bytes = packageZip(files);
    const imported = await importZip(bytes);
    expect(imported, imported.msg).toMatchObject({ status: 200 });
    const problemId = imported.data.problemIds[0]!;
    const solutions = parseIcpcPackage(readZip(bytes), bytes)[0]!.solutions!;
    expect(solutions.length).toBeGreaterThanOrEqual(minSolutions);
    const ids = [];
    for (const s of solutions) ids.push({ s, id: await submit(problemId, s.language, s.code) });
    const got: string[] = [];
    for (const { s, id } of ids) {
      await expect.poll(() => h.results.has(id), { timeout: 240_000, interval: 200 }).toBe(true);
      const r = h.results.get(id)!;
      const ok = s.expected.some((v) => VERDICT[v] === r.status);
      got.push(`${s.path}: expected ${s.expected.join('|')}, got ${r.status}${ok ? '' : ' ✗'}`);
    }
    expect(
      got.filter((g) => g.endsWith('✗')),
      got.join('\n'),
    ).toEqual([]);
    return { problemId, ids };
  }

  it('a validator folder with a header and a helper source; Java with a public class not named Main', async () => {
    await importAndJudge(validatorWithHeaderFiles(), 4);
  }, 600_000);

  it('a Python output validator (with validator_flags) and a C one of two sources', async () => {
    await importAndJudge(pythonValidator(), 2);
    await importAndJudge(cValidator(), 2);
  }, 600_000);

  it('a 2023-07 interactive problem through the interactor protocol', async () => {
    await importAndJudge(interactive2023(), 2);
  }, 600_000);

  it('a scoring problem with testdata.yaml groups: scores of the groups passed', async () => {
    const { ids } = await importAndJudge(scoringGroups(), 3);
    const scores = ids.map(({ s, id }) => [s.path, h.results.get(id)!.score]);
    expect(scores).toEqual([
      ['submissions/accepted/sum.cpp', 100],
      ['submissions/partially_accepted/small.cpp', 30],
      ['submissions/time_limit_exceeded/spin.cpp', 0],
    ]);
  }, 600_000);

  it('the default validator with float_tolerance, case- and space-insensitive by default', async () => {
    await importAndJudge(defaultValidatorFlags(), 2);
  }, 600_000);

  it('the default validator with case_sensitive and space_change_sensitive (legacy validator_flags)', async () => {
    await importAndJudge(strictValidatorFlags(), 5);
  }, 600_000);

  it("problemtools' example `different` (its own validate.h, a Java class named Different)", async () => {
    await importAndJudge(fixtureFolder('different'), 3);
  }, 600_000);

  it("problemtools' example `guess` (interactive 2023-07, its own validate.h, an adaptive case)", async () => {
    await importAndJudge(fixtureFolder('guess'), 3);
  }, 600_000);

  it('a validator that does not compile refuses the import, and no problem is kept', async () => {
    const count = async () =>
      Number(
        (
          await h.platform.ctx.db
            .selectFrom('problem')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const files = validatorWithHeaderFiles();
    files['output_validators/sumcheck/validate.cpp'] =
      '#include "validate.h"\nint main() { return undefined_thing; }\n';
    const refused = await importZip(packageZip(files));
    expect(refused.status).toBe(400);
    expect(refused.msg).toMatch(/输出校验器无法编译[\s\S]*undefined_thing/);
    expect(await count()).toBe(before);
  }, 120_000);

  it('test files stored as symbolic links: inside the zip judged, outside refused by name', async () => {
    await importAndJudge(symlinked(false), 1);
    const refused = await importZip(packageZip(symlinked(true)));
    expect(refused.status).toBe(400);
    expect(refused.msg).toMatch(/符号链接.*指向压缩包以外/);
  }, 600_000);
});

// Import verification in Chromium (issue #25 item 3): root imports a small Polygon package with
// "verify" ticked (zh-CN, 1400 px), follows the link to the verification screen and watches the
// table fill as the judge's verdicts are pushed (expected vs got, no reload); the stored table
// reopens in English at 375 px.
import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { DESKTOP, MOBILE, e2e, logInByApi, newPage, pageErrors, screenshot } from './support/browser';

const RIGHT =
  '#include <stdio.h>\nint main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); }\n';
const WRONG =
  '#include <stdio.h>\nint main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a * b); }\n';

function polygonPackage(name: string) {
  const files: Record<string, Uint8Array> = {
    'problem.xml': strToU8(`<?xml version="1.0" encoding="utf-8"?>
<problem revision="1" short-name="${name}">
  <names><name language="english" value="Verify ${name}"/></names>
  <judging>
    <testset name="tests">
      <time-limit>1000</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>1</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests><test method="manual"/></tests>
    </testset>
  </judging>
  <assets>
    <checker name="std::wcmp.cpp" type="testlib"/>
    <solutions>
      <solution tag="main"><source path="solutions/ok.c" type="c.gcc"/></solution>
      <solution tag="wrong-answer"><source path="solutions/wa.c" type="c.gcc"/></solution>
    </solutions>
  </assets>
</problem>`),
    'tests/01': strToU8('3 4\n'),
    'tests/01.a': strToU8('7\n'),
    'solutions/ok.c': strToU8(RIGHT),
    'solutions/wa.c': strToU8(WRONG),
  };
  return { name: `${name}.zip`, mimeType: 'application/zip', buffer: Buffer.from(zipSync(files)) };
}

describe('import verification', () => {
  it('imports a Polygon package with verification and sees the table fill, in zh-CN and en-US', async () => {
    const page = await newPage(DESKTOP);
    await logInByApi(page, 'root', e2e().rootPassword);
    await page.goto('/admin/problem/batch-operation');
    await page.getByTestId('admin-batch-operation').locator('select').selectOption('polygon');
    // the label is what a person clicks (Blueprint draws the box over the input)
    await page.locator('label:has([data-testid=import-verify])').click();
    expect(await page.getByTestId('import-verify').isChecked()).toBe(true);
    await page.getByTestId('import-file').setInputFiles(polygonPackage(`vf${Date.now().toString(36)}`));
    await page.getByTestId('import-verify-link').click();
    const table = page.getByTestId('verify-table');
    await table.waitFor();
    expect(await page.getByTestId('admin-verification').textContent()).toContain('题目包验证');
    // both rows land by push (no reload): the OK solution matches AC, the WA one matches WA
    const states = () =>
      table
        .locator('[data-testid=verify-row]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-state')));
    await expect.poll(async () => (await states()).includes('pending'), { timeout: 45_000 }).toBe(false);
    expect(await states(), (await table.textContent()) ?? '').toEqual(['match', 'match']);
    expect(await page.getByTestId('verify-summary').textContent()).toBe('全部 2 个解答的结果均与期望相符');
    await screenshot(page, 'import-verify');
    const url = page.url();
    expect(pageErrors(page)).toEqual([]);

    const phone = await newPage(MOBILE, { locale: 'en-US' });
    await logInByApi(phone, 'root', e2e().rootPassword);
    await phone.goto(`${new URL(url).pathname}?l=en-us`);
    await phone.getByTestId('verify-table').waitFor();
    expect(await phone.getByTestId('verify-summary').textContent()).toBe(
      'All 2 solutions got the expected verdict',
    );
    expect(await phone.getByTestId('verify-table').textContent()).toContain('solutions/wa.c');
    await screenshot(phone, 'import-verify');
    expect(pageErrors(phone)).toEqual([]);
  }, 90_000);
});

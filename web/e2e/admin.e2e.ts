// The back office in Chromium: root logs in at /admin/login, creates 50 users from a pasted
// table and reads the per-row result, watches the embedded judge runner turn red on the dashboard
// when it stops and green when it starts (pushed, no reload), in zh-CN and en-US, at 1400 and 375 px.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  e2e,
  expectAcceptedVerdict,
  logInThroughDialog,
  MOBILE,
  newPage,
  pageErrors,
  registerUserByApi,
  screenshot,
  typeCode,
  uniqueName,
} from './support/browser';
import { sumCasesZip } from './support/zip';

async function adminLogin(page: Page, path = '/admin/login') {
  await page.goto(path);
  await page.getByTestId('admin-login').waitFor();
  await page.getByTestId('admin-login-username').fill('root');
  await page.getByTestId('admin-login-password').fill(e2e().rootPassword);
  await page.getByTestId('admin-login-submit').click();
  await page.getByTestId('admin-dashboard').waitFor();
}

async function rootToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
}

async function runner(token: string, action: 'stop' | 'start') {
  const res = await fetch(`${e2e().baseUrl}/api/admin/test/embedded-runner`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ action }),
  });
  const body = (await res.json()) as { status: number; msg: string };
  if (body.status !== 200) throw new Error(`runner ${action}: ${JSON.stringify(body)}`);
}

describe('admin back office', () => {
  it('refuses an empty form and a wrong password at /admin/login (server message), unknown admin paths lead there', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/admin/login');
    await page.getByTestId('admin-login-submit').click();
    expect(await page.getByTestId('admin-login').textContent()).toContain('用户名不能为空');
    await page.getByTestId('admin-login-username').fill('root');
    await page.getByTestId('admin-login-password').fill('wrong-password');
    await page.getByTestId('admin-login-submit').click();
    await expect
      .poll(() => page.locator('.bp6-toast, [data-testid=error-notification]').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining('用户名或密码错误')]));
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    // an unknown admin path leads to the admin login
    await page.goto('/admin/no-such-page');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
  });

  it('root logs in, sees the dashboard and creates 50 users from a pasted table', async () => {
    const page = await newPage(DESKTOP);
    await adminLogin(page);
    expect(await page.getByTestId('admin-menu').textContent()).toContain('用户管理');
    await screenshot(page, 'admin-dashboard');

    const prefix = uniqueName('bu').slice(0, 12);
    const rows = Array.from(
      { length: 50 },
      (_, i) => `${prefix}${i},pass-${i}x,${prefix}${i}@e2e.test,Name ${i}`,
    );
    // one row repeats a name: its own failure, the others are created
    rows[49] = `${prefix}0,pass-dup`;
    await page.getByTestId('admin-menu-user').click();
    await page.getByTestId('admin-users').waitFor();
    await page.getByRole('tab', { name: '批量导入用户' }).click();
    await page.getByTestId('batch-text').fill(rows.join('\n'));
    expect(await page.getByTestId('batch-count').textContent()).toContain('50');
    await page.getByTestId('batch-import-run').click();
    await page.getByTestId('batch-progress').waitFor();
    await page.getByTestId('batch-results').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('batch-summary').textContent()).toContain('成功 49 个，失败 1 个');
    expect(await page.getByTestId('batch-row-1').getAttribute('data-ok')).toBe('true');
    expect(await page.getByTestId('batch-row-50').getAttribute('data-ok')).toBe('false');
    expect(await page.getByTestId('batch-row-50').textContent()).toContain('用户名已存在');
    await screenshot(page, 'admin-batch-users');

    // the list finds a created user
    await page.getByRole('tab', { name: '用户列表' }).click();
    await page.getByTestId('user-search').fill(`${prefix}7`);
    await page.getByTestId('user-search').press('Enter');
    await page.getByTestId(`user-row-${prefix}7`).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it('shows a stopped judge runner red without a reload, and green again once it starts', async () => {
    const page = await newPage(DESKTOP);
    await adminLogin(page);
    const row = page.locator('[data-testid^="judge-server-embedded-"]').first();
    await row.waitFor({ timeout: 20_000 });
    await expect.poll(() => row.getAttribute('data-state')).toBe('up');
    const token = await rootToken(page);
    await runner(token, 'stop');
    // heartbeats stop: pushed down within a few missed beats (5 s each), no reload
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 30_000 }).toBe('down');
    expect(await row.locator('[data-testid=judge-server-state]').textContent()).toBe('失联');
    await screenshot(page, 'admin-runner-down');
    await runner(token, 'start');
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 30_000 }).toBe('up');
    expect(await row.locator('[data-testid=judge-server-state]').textContent()).toBe('正常');
    expect(pageErrors(page)).toEqual([]);
  });

  it('is English with ?l=en-us and folds the menu into a drawer at 375 px', async () => {
    const page = await newPage(MOBILE, { locale: 'en-US' });
    await adminLogin(page, '/admin/login?l=en-us');
    expect(await page.getByTestId('admin-dashboard').textContent()).toContain('Judge servers');
    expect(await page.getByTestId('admin-menu').count()).toBe(0);
    await screenshot(page, 'admin-dashboard');
    await page.getByTestId('admin-menu-open').click();
    await page.getByTestId('admin-menu').waitFor();
    expect(await page.getByTestId('admin-menu').textContent()).toContain('Users');
    await screenshot(page, 'admin-menu-drawer', { fullPage: false });
    await page.getByTestId('admin-menu-user').click();
    await page.getByTestId('admin-users').waitFor();
    expect(await page.getByTestId('admin-users').textContent()).toContain('Import users');
    await screenshot(page, 'admin-users');
    expect(pageErrors(page)).toEqual([]);
  });

  it('creates an OI problem with subtasks from a test-case zip, tags it, and a user solves it', async () => {
    const page = await newPage(DESKTOP);
    await adminLogin(page);
    await page.getByTestId('admin-menu-problem-create').click();
    await page.getByTestId('problem-form').waitFor();
    const problemId = `OI${Date.now().toString(36)}`.toUpperCase();
    await page.getByTestId('pf-problem-id').fill(problemId);
    await page.getByTestId('pf-title').fill('Sum of two (OI)');
    await page.getByTestId('pf-description-input').fill('Print $a+b$.');
    await page.getByTestId('pf-input-input').fill('Two integers.');
    await page.getByTestId('pf-output-input').fill('Their sum.');
    await page.getByTestId('pf-type').selectOption('1');
    await page.getByTestId('pf-case-mode').selectOption('subtask_lowest');
    await page.getByTestId('pf-zip').setInputFiles(
      sumCasesZip([
        [1, 2],
        [3, 4],
        [10, 20],
        [-5, 5],
      ]),
    );
    await page.getByTestId('pf-upload-progress').waitFor();
    await page.getByTestId('pf-cases').waitFor();
    expect(await page.getByTestId('pf-cases').locator('tbody tr').count()).toBe(4);
    // two subtasks: cases 1-2 and 3-4
    await page.getByTestId('pf-group-2').fill('2');
    await page.getByTestId('pf-group-3').fill('2');
    await page.getByTestId('pf-tag-input').fill('e2e-subtasks');
    await page.getByTestId('pf-tag-input').press('Enter');
    await screenshot(page, 'admin-problem-form');
    await page.getByTestId('pf-save').click();
    await page.getByTestId('admin-problems').waitFor();
    await page.getByTestId(`problem-row-${problemId}`).waitFor();

    const detail = (await (
      await fetch(`${e2e().baseUrl}/api/get-problem-detail?problemId=${problemId}`, {
        headers: { authorization: await rootToken(page) },
      })
    ).json()) as { data: { problem: { type: number; judgeCaseMode: string }; tags: { name: string }[] } };
    expect(detail.data.problem).toMatchObject({ type: 1, judgeCaseMode: 'subtask_lowest' });
    expect(detail.data.tags.map((t) => t.name)).toContain('e2e-subtasks');

    // a user solves it
    const user = await registerUserByApi(uniqueName('solver'), 'solver-pass-1');
    const solver = await newPage(DESKTOP);
    await solver.goto('/home');
    await logInThroughDialog(solver, user.username, user.password);
    await solver.goto(`/problem/${problemId}`);
    await solver.getByTestId('problem-detail').waitFor();
    await solver.getByTestId('language-select').selectOption({ label: 'C++' });
    await typeCode(
      solver,
      '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << std::endl; }\n',
    );
    await solver.getByTestId('submit-button').click();
    await expectAcceptedVerdict(solver, 60_000);
    expect(pageErrors(page)).toEqual([]);
  });

  it('changes a switch and the site follows', async () => {
    const page = await newPage(DESKTOP);
    await adminLogin(page);
    await page.getByTestId('admin-menu-switch').click();
    await page.getByTestId('admin-switch').waitFor();
    const toggle = page.getByTestId('switch-openPublicDiscussion');
    expect(await toggle.isChecked()).toBe(true);
    await toggle.uncheck({ force: true });
    await page.getByTestId('switch-save').click();
    // this tab's navbar follows at once
    await expect.poll(() => page.getByTestId('nav-discussion').count()).toBe(0);
    // and a visitor's site: no discussion entry, /discussion leads home
    const visitor = await newPage(DESKTOP);
    await visitor.goto('/home');
    await visitor.getByTestId('navbar').waitFor();
    await visitor.waitForLoadState('networkidle');
    expect(await visitor.getByTestId('nav-discussion').count()).toBe(0);
    await toggle.check({ force: true });
    await page.getByTestId('switch-save').click();
    await expect.poll(() => page.getByTestId('nav-discussion').count()).toBe(1);
  });
});

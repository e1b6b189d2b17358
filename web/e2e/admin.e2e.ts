// The back office in Chromium: root logs in at /admin/login, creates 50 users from a pasted
// table and reads the per-row result, watches the embedded judge runner turn red on the dashboard
// when it stops and green when it starts (pushed, no reload), in zh-CN and en-US, at 1400 and 375 px.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, e2e, MOBILE, newPage, pageErrors, screenshot, uniqueName } from './support/browser';

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
  it('refuses a wrong password and a non-admin at /admin/login with the server message', async () => {
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
});

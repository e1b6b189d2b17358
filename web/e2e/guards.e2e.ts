// Route guards and the 404 page, as visitors meet them.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  e2e,
  fillLoginDialog,
  logInThroughDialog,
  MOBILE,
  newPage,
  pageErrors,
  registerUserByApi,
  screenshot,
  uniqueName,
} from './support/browser';

const PASSWORD = 'e2e-pass-123';
let normalUser: { username: string; password: string };

beforeAll(async () => {
  normalUser = await registerUserByApi(uniqueName('guard'), PASSWORD);
});

describe('route guards', () => {
  it('asks an anonymous visitor of /problem to log in, then shows the page after logging in', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/problem');
    await page.getByTestId('login-required').waitFor();
    expect(await page.getByTestId('login-required').textContent()).toContain('请先登录');
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('login-form').waitFor();
    expect(await dialog.textContent()).toContain('登录 - OJ');

    await fillLoginDialog(page, normalUser.username, normalUser.password);
    await expect.poll(() => page.getByTestId('login-required').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/problem');
    expect(await page.getByTestId('not-found').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('sends an anonymous visitor of /admin to /admin/login', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/admin');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
    await page.goto('/admin/problem/list');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
  });

  it('refuses /admin to a logged-in normal user', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/home');
    await logInThroughDialog(page, normalUser.username, normalUser.password);
    await page.goto('/admin');
    // a full page load keeps the session (localStorage), so the guard sees a non-admin
    await page.getByTestId('admin-forbidden').waitFor();
    expect(await page.getByTestId('admin-forbidden').textContent()).toContain('您没有权限访问此页面');
    expect(await page.getByText('后台管理', { exact: true }).count()).toBe(0);
  });

  it('lets root into /admin', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/home');
    await logInThroughDialog(page, 'root', e2e().rootPassword);
    await page.goto('/admin');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('admin-forbidden').count()).toBe(0);
    expect(await page.getByTestId('login-required').count()).toBe(0);
  });
});

describe('404', () => {
  it('shows the 404 page for an unknown path at 1400 px and 375 px and leads home', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await newPage(viewport);
      await page.goto('/no/such/page');
      const notFound = page.getByTestId('not-found');
      await notFound.waitFor();
      // the digits spin, then settle on 404
      await expect.poll(() => page.locator('.oj-not-found__digits').textContent()).toBe('404');
      expect(await notFound.textContent()).toContain('页面不存在');
      await screenshot(page, 'not-found');
      await page.getByTestId('not-found-home').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
      expect(pageErrors(page)).toEqual([]);
    }
  });

  it('is English with ?l=en-us', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/nowhere?l=en-us');
    await page.getByTestId('not-found').waitFor();
    const text = await page.getByTestId('not-found').textContent();
    expect(text).not.toContain('页面不存在');
    expect(await page.getByTestId('not-found-home').textContent()).toMatch(/home/i);
  });
});

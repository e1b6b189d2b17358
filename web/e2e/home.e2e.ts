// /home in both interface languages, as a visitor sees it, plus the screenshots of /home.
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, newPage, pageErrors, screenshot } from './support/browser';

describe('home page languages', () => {
  it('shows /home in Chinese by default (zh-CN browser)', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/home');
    await expect.poll(() => page.getByTestId('navbar').textContent()).toContain('首页');
    const nav = page.getByTestId('navbar');
    for (const text of ['题目', '训练', '比赛', '评测', '登录', '注册'])
      expect(await nav.textContent()).toContain(text);
    await expect.poll(() => page.getByTestId('home-problems').textContent()).toContain('最近更新的题目');
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await page.getByTestId('language-switch').textContent()).toContain('简体中文');
    expect(pageErrors(page)).toEqual([]);
  });

  it('opening the site root / leads to /home', async () => {
    const page = await newPage(DESKTOP);
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
    await page.getByTestId('navbar').waitFor();
  });

  it('shows /home in English with ?l=en-us and keeps the choice without the parameter', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/home?l=en-us');
    await expect.poll(() => page.getByTestId('navbar').textContent()).toContain('Home');
    await expect.poll(() => page.getByTestId('home-problems').textContent()).toContain('Latest Problems');
    expect(await page.getByTestId('nav-login').textContent()).toBe('Login');
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    // the choice is stored in the browser: a plain visit stays English
    await page.goto('/home');
    await expect.poll(() => page.getByTestId('nav-login').textContent()).toBe('Login');
    // ?l=zh-cn switches back
    await page.goto('/home?l=zh-cn');
    await expect.poll(() => page.getByTestId('nav-login').textContent()).toBe('登录');
  });

  it('follows an English browser language and switches language from the navbar without a reload', async () => {
    const page = await newPage(DESKTOP, { locale: 'en-US' });
    await page.goto('/home');
    await expect.poll(() => page.getByTestId('nav-login').textContent()).toBe('Login');
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-zh-CN').click();
    await expect.poll(() => page.getByTestId('nav-login').textContent()).toBe('登录');
    await expect.poll(() => page.getByTestId('home-problems').textContent()).toContain('最近更新的题目');
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('Web_Language'))).toBe('zh-CN');
    await page.reload();
    await expect.poll(() => page.getByTestId('nav-login').textContent()).toBe('登录');
  });

  it('renders /home at 1400 px and 375 px (screenshots), with the drawer on the narrow screen', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await newPage(viewport);
      await page.goto('/home');
      await page.getByTestId('home-problems').waitFor();
      await expect.poll(() => page.locator('[data-testid="home-problems"] .bp6-spinner').count()).toBe(0);
      const hasToggle = await page.getByTestId('nav-drawer-toggle').isVisible();
      expect(hasToggle).toBe(viewport.width < 992);
      await screenshot(page, 'home');
      expect(pageErrors(page)).toEqual([]);
    }
  });
});

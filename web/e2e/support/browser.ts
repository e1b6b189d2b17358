// What a browser test file uses: pages in fresh browser contexts, the mailbox of the SMTP
// receiver, screenshots, and a few steps a person takes (log in through the dialog).
import { join } from 'node:path';
import { JudgeStatus } from '@oj/protocol/enums/judge-status';
import { afterAll, expect, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { connectChromium } from './chromium';
import { mailbox } from './mailbox';

export { mailbox };

export const DESKTOP = { width: 1400, height: 900 } as const;
export const MOBILE = { width: 375, height: 812 } as const;
export interface Viewport {
  width: number;
  height: number;
}

export const e2e = () => inject('e2e');

let browser: Promise<Browser> | null = null;
const contexts: BrowserContext[] = [];
const errors = new WeakMap<Page, string[]>();

afterAll(async () => {
  for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
  if (browser) await (await browser).close();
  browser = null;
});

/**
 * A page in a fresh browser context (empty storage). The browser's language is zh-CN unless
 * `locale` says otherwise; uncaught page errors are collected for `pageErrors`.
 */
export async function newPage(viewport: Viewport = DESKTOP, opts: { locale?: string } = {}): Promise<Page> {
  browser ??= connectChromium(e2e().wsEndpoint);
  const context = await (
    await browser
  ).newContext({
    viewport,
    locale: opts.locale ?? 'zh-CN',
    baseURL: e2e().baseUrl,
  });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const list: string[] = [];
  errors.set(page, list);
  page.on('pageerror', (err) => list.push(err.message));
  return page;
}

/** Uncaught exceptions the page has thrown so far. */
export function pageErrors(page: Page): string[] {
  return errors.get(page) ?? [];
}

/**
 * Saves artifacts/screenshots/<name>-<viewport width>.png and returns its path: the whole page,
 * or only the screen (`fullPage: false`) when an overlay such as a dialog is open.
 */
export async function screenshot(
  page: Page,
  name: string,
  opts: { fullPage?: boolean } = {},
): Promise<string> {
  const width = page.viewportSize()?.width ?? 0;
  const path = join(e2e().screenshotDir, `${name}-${width}.png`);
  await page.screenshot({ path, fullPage: opts.fullPage ?? true, animations: 'disabled' });
  return path;
}

/** A username nobody has used yet in this run (letters and digits, at most 20 characters). */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(0, 20);
}

/** Opens the login dialog from the navbar (desktop) and signs in. */
export async function logInThroughDialog(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId('nav-login').click();
  await fillLoginDialog(page, username, password);
}

export async function fillLoginDialog(page: Page, username: string, password: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('login-username').fill(username);
  await dialog.getByTestId('login-password').fill(password);
  await dialog.getByTestId('login-submit').click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain(username);
}

/** Creates a normal user through the public API (register code read from the SMTP receiver). */
export async function registerUserByApi(
  username: string,
  password: string,
): Promise<{ username: string; password: string; email: string }> {
  const email = `${username.toLowerCase()}@e2e.test`;
  const base = e2e().baseUrl;
  const sent = await fetch(`${base}/api/get-register-code?email=${encodeURIComponent(email)}`);
  const sentBody = (await sent.json()) as { status: number; msg?: string };
  if (sentBody.status !== 200) throw new Error(`get-register-code: ${JSON.stringify(sentBody)}`);
  const code = await mailbox.waitFor(email);
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, email, code }),
  });
  const body = (await res.json()) as { status: number };
  if (body.status !== 200) throw new Error(`register: ${JSON.stringify(body)}`);
  return { username, password, email };
}

/** Text of every toast on screen, one per line. */
export async function toastText(page: Page): Promise<string> {
  return (await page.locator('.bp6-toast').allTextContents()).join('\n');
}

/** Replaces the code editor's content the way a person does: select all, type. */
export async function typeCode(page: Page, code: string): Promise<void> {
  const content = page.getByTestId('code-editor').locator('.cm-content');
  await content.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  // insertText: no auto-closed brackets or auto-indent doubling what we type
  await page.keyboard.insertText(code);
}

/** Waits until the verdict under the editor is Accepted; on time-out the error carries the toasts. */
export async function expectAcceptedVerdict(page: Page, timeout: number): Promise<void> {
  const verdict = page.getByTestId('verdict-text');
  try {
    await expect
      .poll(() => verdict.getAttribute('data-status'), { timeout })
      .toBe(String(JudgeStatus.ACCEPTED));
  } catch (err) {
    throw new Error(`no Accepted verdict; toasts: ${await toastText(page)}`, { cause: err });
  }
}

/**
 * Signs in through the API and stores the session the way the client does (localStorage token
 * and userInfo), for set-up steps that are not themselves under test. Call before `page.goto`.
 */
export async function logInByApi(page: Page, username: string, password: string): Promise<void> {
  const res = await fetch(`${e2e().baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { status: number; data: unknown };
  const token = res.headers.get('authorization');
  if (body.status !== 200 || !token) throw new Error(`login of ${username}: ${JSON.stringify(body)}`);
  const session = { token, userInfo: JSON.stringify(body.data) };
  await page.addInitScript((s) => {
    if (!sessionStorage.getItem('e2e-session-set')) {
      localStorage.setItem('token', s.token);
      localStorage.setItem('userInfo', s.userInfo);
      sessionStorage.setItem('e2e-session-set', '1');
    }
  }, session);
}

// Issue #16 in real Chromium: the public problem borrowed by a contest comes back after it ends,
// server messages in the interface language, the contest board (pinned own row, header counts,
// status colours), the scroll board of an unsealed contest, the editor (Ctrl+Enter, Esc, language
// remembered), submission detail, phones at 375 px, and the dark theme; screenshots of the main
// screens in light and dark at 1400 and 375 px go to artifacts/screenshots/.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  e2e,
  logInByApi,
  MOBILE,
  newPage,
  pageErrors,
  registerUserByApi,
  screenshot,
  toastText,
  uniqueName,
  type Viewport,
} from './support/browser';
import {
  AB_CASES,
  addContestProblem,
  apiLogin,
  call,
  createContest,
  createProblem,
  PY_RIGHT,
  PY_WRONG,
  submit,
  waitVerdict,
} from './support/contest';

const PASSWORD = 'e2e-pass-123';
/** The contest that borrows a public problem ends this long after the set-up. */
const BORROW_SECONDS = 20;

// ---------- set-up through the API (not under test) ----------
const tag = uniqueName('e').toUpperCase();
const user = await registerUserByApi(uniqueName('ei'), PASSWORD);
const root = await apiLogin('root', e2e().rootPassword);
const me = await apiLogin(user.username, PASSWORD);
const pubPid = await createProblem(root, {
  problemId: `${tag}PUB`,
  title: `${tag} Borrowed`,
  type: 0,
  cases: AB_CASES,
});
const rankPid = await createProblem(root, {
  problemId: `${tag}R`,
  title: `${tag} Ranked`,
  type: 0,
  cases: AB_CASES,
});
const now = Date.now();
const borrowCid = await createContest(root, {
  title: `${tag} borrow`,
  type: 0,
  startMs: now - 60_000,
  endMs: now + BORROW_SECONDS * 1000,
  sealFromStart: true,
});
await addContestProblem(root, borrowCid, pubPid, 'A');
const rankCid = await createContest(root, {
  title: `${tag} rank`,
  type: 0,
  startMs: now - 60_000,
  endMs: now + 3 * 3600_000,
});
await addContestProblem(root, rankCid, rankPid, 'A');
// The own row pinned on top, a wrong then a right answer (first AC), in the borrow contest too
// (its sealed board gives the scroll board something to reveal once it has ended).
let detailId = 0;
for (const code of [PY_WRONG, PY_RIGHT]) {
  detailId = await submit(me, rankCid, 'A', code);
  await waitVerdict(me, detailId);
}
const borrowSubmit = await submit(me, borrowCid, 'A', PY_RIGHT);
await waitVerdict(me, borrowSubmit);

async function userPage(viewport: Viewport, locale = 'en-US', dark = false): Promise<Page> {
  const page = await newPage(viewport, { locale });
  if (dark) await page.emulateMedia({ colorScheme: 'dark' });
  await logInByApi(page, user.username, PASSWORD);
  return page;
}
async function rootPage(viewport: Viewport, locale = 'en-US'): Promise<Page> {
  const page = await newPage(viewport, { locale });
  await logInByApi(page, 'root', e2e().rootPassword);
  return page;
}
const overflowX = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('a public problem taken into a contest (issue #16 item 1)', () => {
  it('is hidden while the contest runs, in the interface language, and public again after it ends', async () => {
    const problemId = `${tag}PUB`;
    for (const [locale, text] of [
      ['en-US', 'This problem is not public and cannot be opened!'],
      ['zh-CN', '该题号对应题目并非公开题目，不支持访问！'],
    ] as const) {
      const page = await userPage(DESKTOP, locale);
      await page.goto(`/problem/${problemId}`);
      await page.getByTestId('problem-load-failed').waitFor();
      await expect.poll(() => toastText(page)).toContain(text);
      // nothing to edit or test on a problem that did not load
      expect(await page.getByTestId('online-test-open').isDisabled()).toBe(true);
      expect(await page.getByTestId('submit-button').isDisabled()).toBe(true);
    }
    // back in the bank once the contest has ended (the returner runs at the end time)
    await expect
      .poll(
        async () =>
          (
            await fetch(`${e2e().baseUrl}/api/get-problem-detail?problemId=${problemId}`, {
              headers: { authorization: me.token },
            }).then((r) => r.json() as Promise<{ status: number }>)
          ).status,
        { timeout: (BORROW_SECONDS + 45) * 1000, interval: 1000 },
      )
      .toBe(200);
    const page = await userPage(DESKTOP);
    await page.goto(`/problem/${problemId}`);
    await page.getByTestId('problem-statement').waitFor();
    expect(await page.getByTestId('problem-title').textContent()).toContain(`${tag} Borrowed`);
  }, 150_000);
});

describe('contest rank (issue #16 item 4)', () => {
  for (const dark of [false, true])
    for (const viewport of [DESKTOP, MOBILE])
      it(`marks the pinned own row, counts it once, reads the first-AC cell (${dark ? 'dark' : 'light'}, ${viewport.width} px)`, async () => {
        const page = await userPage(viewport, 'en-US', dark);
        await page.goto(`/contest/${rankCid}/rank`);
        const rows = page.locator(`[data-testid="board-row-${me.uid}"]`);
        await expect.poll(() => rows.count()).toBe(2);
        expect(await rows.first().getAttribute('data-pinned')).toBe('true');
        expect(await rows.nth(1).getAttribute('data-pinned')).toBeNull();
        expect(await page.getByTestId('pager-total').textContent()).toBe('1 in total');
        expect(await page.getByTestId('board-problem-A').textContent()).toContain('(1/2)');
        // the first-AC cell: light text on the dark green
        const cell = page.locator(`[data-testid="cell-${me.uid}-A"]`).nth(1);
        expect(await cell.getAttribute('data-tone')).toBe('first-ac');
        expect(await cell.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
        // one navbar item lit: Rank
        if (viewport === DESKTOP) expect(await page.locator('.bp6-navbar .bp6-active').count()).toBe(1);
        if (viewport === MOBILE) expect(await overflowX(page)).toBeLessThanOrEqual(0);
        expect(await page.evaluate(() => document.documentElement.classList.contains('bp6-dark'))).toBe(dark);
        await screenshot(page, `i16-contest-rank-${dark ? 'dark' : 'light'}`);
        expect(pageErrors(page)).toEqual([]);
      });

  it('colours the verdicts of contest submissions like /status', async () => {
    const page = await userPage(DESKTOP);
    await page.goto(`/contest/${rankCid}/submissions?onlyMine=true`);
    const ac = page.locator('.oj-status[data-status="0"]').first();
    await ac.waitFor();
    expect(await ac.evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(0, 0, 0)');
  });

  it('public contests count their participants', async () => {
    const page = await userPage(DESKTOP);
    await page.goto(`/contest?keyword=${encodeURIComponent(`${tag} rank`)}`);
    await expect.poll(() => page.getByTestId('main').textContent()).toContain(`${tag} rank`);
    const info = await call<{ count: number | null }>(me, 'GET', `/api/get-contest-info?cid=${rankCid}`);
    expect(info.count).toBe(1);
  });

  it('phones: the contest problems table and tabs fit 375 px', async () => {
    const page = await userPage(MOBILE);
    await page.goto(`/contest/${rankCid}/problems`);
    await page.getByTestId('contest-problems').waitFor();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
  });
});

describe('scroll board (issue #16 item 3)', () => {
  it('an unsealed contest: the settings say what it needs, in both languages', async () => {
    for (const [locale, text] of [
      ['en-US', 'This contest has no sealed board'],
      ['zh-CN', '本场比赛未开启封榜'],
    ] as const) {
      const page = await rootPage(DESKTOP, locale);
      await page.goto(`/contest/${rankCid}/scroll-board`);
      await expect.poll(() => page.getByTestId('scroll-blocker').textContent()).toContain(text);
      expect(await page.getByTestId('scroll-open').isDisabled()).toBe(true);
    }
    // opened anyway: one explanation, no pile of toasts
    const page = await rootPage(DESKTOP);
    await page.goto(`/scrollBoard?cid=${rankCid}`);
    await page.getByTestId('scroll-unavailable').waitFor();
    expect(await page.getByTestId('scroll-reason').count()).toBe(1);
    expect(await page.locator('.bp6-toast').count()).toBe(0);
  });

  it('the sealed contest after its end reveals (screenshots light/dark, 1400/375)', async () => {
    await expect
      .poll(() => Date.now() > now + BORROW_SECONDS * 1000 + 1000, { timeout: 60_000, interval: 500 })
      .toBe(true);
    for (const dark of [false, true])
      for (const viewport of [DESKTOP, MOBILE]) {
        const page = await rootPage(viewport);
        if (dark) await page.emulateMedia({ colorScheme: 'dark' });
        await page.goto(`/scrollBoard?cid=${borrowCid}`);
        await page.getByTestId('scroll-board').waitFor();
        await screenshot(page, `i16-scroll-board-${dark ? 'dark' : 'light'}`);
      }
  }, 120_000);
});

describe('editor and problem page (issue #16 items 5, 10)', () => {
  it('Esc closes the online test drawer; Ctrl+Enter submits; the language is remembered for the next problem', async () => {
    const page = await userPage(DESKTOP);
    await page.goto('/problem/1000');
    await page.getByTestId('code-editor').locator('.cm-content').waitFor();
    await page.getByTestId('language-select').selectOption('Python3');
    await page.getByTestId('online-test-open').click();
    await page.getByTestId('test-drawer').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('test-drawer').count()).toBe(0);
    await page.getByTestId('code-editor').locator('.cm-content').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('import sys\nprint(sum(map(int, sys.stdin.read().split())))');
    // auto-closing brackets: typing "(" inserted ")" already, so the text above stays balanced
    expect(await page.getByTestId('code-editor').locator('.cm-content').textContent()).toContain(
      'print(sum(map(int, sys.stdin.read().split())))',
    );
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('submission-status-banner').waitFor({ timeout: 30_000 });
    await page.goto('/problem/1001');
    await page.getByTestId('code-editor').locator('.cm-content').waitFor();
    await expect.poll(() => page.getByTestId('language-select').inputValue()).toBe('Python3');
  });

  it('search opens with Ctrl+F and all eight themes are offered', async () => {
    const page = await userPage(DESKTOP);
    await page.goto('/problem/1000');
    // the editor shows read-only until the problem has loaded (it arrives in parallel with it)
    await page.locator('[data-testid="code-editor"]:not([data-readonly])').waitFor();
    await page.getByTestId('code-editor').locator('.cm-content').click();
    await page.keyboard.press('Control+f');
    await page.locator('.cm-search').waitFor();
    await page.getByTestId('editor-settings-open').click();
    const themes = await page.getByTestId('editor-theme').locator('option').allTextContents();
    expect(themes).toHaveLength(8);
    expect(themes).toEqual(expect.arrayContaining(['base16-dark', 'cobalt']));
  });

  for (const dark of [false, true])
    for (const viewport of [DESKTOP, MOBILE])
      it(`problem page, submission detail and home paint (${dark ? 'dark' : 'light'}, ${viewport.width} px)`, async () => {
        const page = await userPage(viewport, 'en-US', dark);
        await page.goto('/problem/1000');
        await page.getByTestId('code-editor').locator('.cm-content').waitFor();
        await page.getByTestId('problem-statement').waitFor();
        await page.locator('[data-testid="problem-statement"] .katex').first().waitFor();
        if (viewport === MOBILE) expect(await overflowX(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `i16-problem-${dark ? 'dark' : 'light'}`);
        await page.goto(`/submission-detail/${detailId}`);
        const code = page.getByTestId('submission-code');
        await code.waitFor();
        await expect.poll(() => code.getAttribute('data-highlighted')).toBe('true');
        expect(await code.locator('.oj-code-line').count()).toBeGreaterThan(1);
        // ACM cases carry no "/ 0"
        for (const text of await page.getByTestId('case-result').allTextContents())
          expect(text).not.toMatch(/\/ 0$/);
        await screenshot(page, `i16-submission-${dark ? 'dark' : 'light'}`);
        await page.goto('/home');
        await page.getByTestId('home-page').waitFor();
        await page.getByTestId('announcement-item').first().waitFor();
        // the seeded welcome (when still on page 1) in English only
        const welcome = (await page.getByTestId('announcement-item').allTextContents()).find((x) =>
          /Welcome to Online Judge|欢迎来到/.test(x),
        );
        if (welcome) expect(welcome).not.toMatch(/[\u4e00-\u9fff]/);
        await screenshot(page, `i16-home-${dark ? 'dark' : 'light'}`);
        expect(pageErrors(page)).toEqual([]);
      }, 90_000);

  it('/status at 375 px: verdicts on one line, no page overflow; onlyMine asks a visitor to log in', async () => {
    const page = await userPage(MOBILE);
    await page.goto('/status');
    const verdict = page.getByTestId('row-status').first();
    await verdict.waitFor();
    const box = await verdict.boundingBox();
    const lineHeight = await verdict.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
    expect(box!.height).toBeLessThan(lineHeight * 1.5);
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    const visitor = await newPage(MOBILE, { locale: 'en-US' });
    await visitor.goto('/status?onlyMine=true');
    await visitor.getByTestId('submission-list-login').waitFor();
  });

  it('the theme switch overrides the system setting', async () => {
    const page = await userPage(DESKTOP, 'en-US', true);
    await page.goto('/home');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('bp6-dark')))
      .toBe(true);
    await page.getByTestId('theme-switch').click();
    await page.getByTestId('theme-light').click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('bp6-dark')))
      .toBe(false);
    await page.reload();
    await page.getByTestId('home-page').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('bp6-dark'))).toBe(false);
  });
});

describe('browser language (issue #16 item 9)', () => {
  it('a browser in German gets the default, Chinese', async () => {
    const page = await newPage(DESKTOP, { locale: 'de-DE' });
    await page.goto('/home');
    await page.getByTestId('home-page').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
  });
});

// Issue #26 items 3, 6, 7, 8, 11 and 12 in real Chromium, in both languages, light and dark, at
// 1400 and 375 px where layout matters:
// - a Wrong Answer shows the sample case's input, expected and own output with the first
//   difference marked, one column on a phone (item 3);
// - an empty "Create problem" save marks the fields beside them and a fixed field loses its hint;
//   the post editor labels its text box and takes a blank description from the text (item 6);
// - batch-import row reasons and the seeded training categories are English in English (item 7);
// - a contest description renders math, the participant count follows a registration at once,
//   an announcement notice is shown once across the contest's tabs (item 8);
// - a site admin opens a public problem borrowed by a running contest (item 11);
// - the admin sidebar stays while the next back-office page loads (item 12).
// Screenshots go to artifacts/screenshots/issue26-*.
import { JudgeStatus } from '@oj/protocol/enums/judge-status';
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
  PY_WRONG,
  waitVerdict,
} from './support/contest';

const PASSWORD = 'e2e-pass-123';
const CJK = /[\u4e00-\u9fff]/;
const tag = uniqueName('s26').toUpperCase();
const student = await registerUserByApi(uniqueName('s26u'), PASSWORD);
const studentSession = await apiLogin(student.username, PASSWORD);
const root = await apiLogin('root', e2e().rootPassword);

// AB_CASES' first case (1 2 -> 3) equals the statement's example: it is a sample case
await createProblem(root, { problemId: `${tag}W`, title: `${tag} Sum`, type: 0, cases: AB_CASES });
const wrong = await call<{ submitId: number }>(studentSession, 'POST', '/api/submit-problem-judge', {
  pid: `${tag}W`,
  language: 'Python3',
  code: PY_WRONG,
  cid: 0,
});

async function userPage(
  who: { username: string; password: string },
  viewport: Viewport,
  locale: string,
  dark: boolean,
): Promise<Page> {
  const page = await newPage(viewport, { locale });
  if (dark) await page.emulateMedia({ colorScheme: 'dark' });
  await logInByApi(page, who.username, who.password);
  return page;
}
const rootUser = { username: 'root', password: e2e().rootPassword };
const theme = (dark: boolean) => (dark ? 'dark' : 'light');
/** Horizontal overflow of the whole page, in pixels (0 when nothing scrolls sideways). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const VARIANTS = [
  [DESKTOP, 'zh-CN', false],
  [DESKTOP, 'en-US', true],
  [MOBILE, 'en-US', false],
  [MOBILE, 'zh-CN', true],
] as const;

describe('issue #26 item 3: sample cases on a Wrong Answer', () => {
  it('the submission is judged Wrong Answer', async () => {
    const verdict = await waitVerdict(studentSession, wrong.submitId, 120_000);
    expect(verdict.status).toBe(JudgeStatus.WRONG_ANSWER);
  }, 150_000);

  for (const [viewport, locale, dark] of VARIANTS)
    it(`input, expected and own output with the first difference marked (${locale}, ${theme(dark)}, ${viewport.width} px)`, async () => {
      const page = await userPage(student, viewport, locale, dark);
      await page.goto(`/submission-detail/${wrong.submitId}`);
      const sample = page.getByTestId('sample-case');
      await sample.first().waitFor();
      // one sample (1 2 -> 3); the other case is hidden and carries no texts
      expect(await sample.count()).toBe(1);
      expect(await sample.getByTestId('sample-input').textContent()).toBe('1 2\n');
      expect(await sample.getByTestId('sample-expected').textContent()).toBe('3\n');
      expect(await sample.getByTestId('sample-output').textContent()).toContain('-1');
      // the first difference: line 1, column 1 ('-' where '3' was expected)
      expect(await sample.getByTestId('sample-mark').textContent()).toBe('-');
      expect(await sample.getByTestId('sample-diff-where').textContent()).toBe(
        locale === 'zh-CN' ? '第一处不同：第 1 行，第 1 列' : 'First difference: line 1, column 1',
      );
      const input = (await sample.getByTestId('sample-input').boundingBox())!;
      const expected = (await sample.getByTestId('sample-expected').boundingBox())!;
      if (viewport.width === MOBILE.width) {
        // one column on a phone: the boxes stack, and nothing scrolls sideways
        expect(Math.abs(expected.x - input.x)).toBeLessThan(1);
        expect(expected.y).toBeGreaterThan(input.y + input.height - 1);
        expect(await sideways(page)).toBeLessThanOrEqual(0);
      } else expect(expected.x).toBeGreaterThan(input.x + input.width - 1);
      await page.getByTestId('sample-cases').scrollIntoViewIfNeeded();
      await screenshot(page, `issue26-sample-diff-${locale}-${theme(dark)}`);
      expect(pageErrors(page)).toEqual([]);
    }, 60_000);
});

describe('issue #26 item 6: field rules beside the fields', () => {
  for (const [viewport, locale, dark] of [
    [DESKTOP, 'zh-CN', false],
    [MOBILE, 'en-US', true],
  ] as const)
    it(`an empty "Create problem" save marks the fields; a fixed field loses its hint (${locale}, ${theme(dark)}, ${viewport.width} px)`, async () => {
      const page = await userPage(rootUser, viewport, locale, dark);
      await page.goto('/admin/problem/create');
      await page.getByTestId('problem-form').waitFor();
      expect(await page.getByTestId('pf-title-error').count()).toBe(0);
      await page.getByTestId('pf-save').click();
      const titleError = page.getByTestId('pf-title-error');
      await titleError.waitFor();
      expect(await titleError.textContent()).toMatch(
        locale === 'zh-CN' ? /标题不能为空/ : /Title is required/,
      );
      for (const field of ['pf-problem-id-error', 'pf-input-error', 'pf-output-error'])
        expect(await page.getByTestId(field).isVisible()).toBe(true);
      // the hint sits beside its field: just below the title box, not in a banner at the top
      const titleBox = (await page.getByTestId('pf-title').boundingBox())!;
      const errorBox = (await titleError.boundingBox())!;
      expect(errorBox.y).toBeGreaterThanOrEqual(titleBox.y);
      expect(errorBox.y - (titleBox.y + titleBox.height)).toBeLessThan(60);
      await titleError.scrollIntoViewIfNeeded();
      await screenshot(page, `issue26-problem-form-${locale}-${theme(dark)}`, { fullPage: false });
      await page.getByTestId('pf-title').fill('A + B');
      await expect.poll(() => titleError.count()).toBe(0);
      expect(await page.getByTestId('pf-problem-id-error').isVisible()).toBe(true);
      expect(pageErrors(page)).toEqual([]);
    }, 60_000);

  for (const [viewport, locale, dark] of [
    [DESKTOP, 'en-US', false],
    [MOBILE, 'zh-CN', true],
  ] as const)
    it(`the post editor labels its text box and a post without a description is saved (${locale}, ${theme(dark)}, ${viewport.width} px)`, async () => {
      const page = await userPage(rootUser, viewport, locale, dark);
      await page.goto('/discussion');
      await page.getByTestId('discussion-post').click();
      const label = page.getByTestId('post-content-label');
      await label.waitFor();
      expect(await label.locator('label').first().textContent()).toMatch(
        locale === 'zh-CN' ? /内容/ : /Content/,
      );
      // the one-line description is optional and says what a blank one becomes
      expect(await page.getByTestId('post-description').getAttribute('placeholder')).toBe(
        locale === 'zh-CN' ? '留空则取正文第一行' : 'Left empty: the first line of the text',
      );
      await screenshot(page, `issue26-post-editor-${locale}-${theme(dark)}`, { fullPage: false });
      const title = `${tag} ${locale} post`;
      await page.getByTestId('post-title').fill(title);
      await page.getByTestId('post-content').locator('textarea').fill(`First line of ${title}\n\nMore text.`);
      await page.getByTestId('post-save').click();
      await expect.poll(() => page.getByTestId('post-content-label').count()).toBe(0);
      expect(await page.getByTestId('post-error').count()).toBe(0);
      await expect.poll(() => page.getByText(title).count()).toBeGreaterThan(0);
      expect(pageErrors(page)).toEqual([]);
    }, 60_000);
});

describe('issue #26 item 7: no Chinese in the English interface', () => {
  for (const [viewport, dark] of [
    [DESKTOP, false],
    [MOBILE, true],
  ] as const)
    it(`batch-import row reasons are English (${theme(dark)}, ${viewport.width} px)`, async () => {
      const page = await userPage(rootUser, viewport, 'en-US', dark);
      const p = uniqueName('bi').slice(0, 12);
      await page.goto('/admin/user');
      await page.getByTestId('admin-users').waitFor();
      await page.getByRole('tab', { name: 'Import users' }).click();
      await page.getByTestId('batch-text').fill(
        [
          `${p}a,pass-123,${p}a@e2e.test`,
          `${p}a,pass-456`, // repeated in this batch
          'root,pass-789', // already a user
          `${p}b,12`, // password too short
          `${p}c,pass-123,${p}a@e2e.test`, // e-mail repeated in this batch
        ].join('\n'),
      );
      await page.getByTestId('batch-import-run').click();
      await page.getByTestId('batch-results').waitFor({ timeout: 60_000 });
      const row = (n: number) => page.getByTestId(`batch-row-${n}`);
      expect(await row(1).getAttribute('data-ok')).toBe('true');
      expect(await row(2).textContent()).toContain('The username is repeated in this import');
      expect(await row(3).textContent()).toContain('The username already exists');
      expect(await row(4).textContent()).toContain('The password should be 6 to 20 characters long!');
      expect(await row(5).textContent()).toContain('The e-mail is repeated in this import');
      expect(await page.getByTestId('batch-import').textContent()).not.toMatch(CJK);
      await screenshot(page, `issue26-batch-import-en-US-${theme(dark)}`);
      expect(pageErrors(page)).toEqual([]);
    }, 90_000);

  for (const [viewport, locale, dark] of VARIANTS)
    it(`seeded training categories in the interface language (${locale}, ${theme(dark)}, ${viewport.width} px)`, async () => {
      const page = await userPage(student, viewport, locale, dark);
      await page.goto('/training');
      const chips = page.getByTestId('training-categories');
      await chips.getByTestId('training-category-22').waitFor();
      const names = await Promise.all(
        [22, 23, 24].map((id) => chips.getByTestId(`training-category-${id}`).textContent()),
      );
      expect(names).toEqual(
        locale === 'zh-CN'
          ? ['入门训练', '进阶训练', '专题训练']
          : ['Beginner training', 'Advanced training', 'Topic training'],
      );
      if (locale === 'en-US') expect(await chips.textContent()).not.toMatch(CJK);
      await screenshot(page, `issue26-training-categories-${locale}-${theme(dark)}`, { fullPage: false });
      expect(pageErrors(page)).toEqual([]);
    }, 60_000);
});

describe('issue #26 items 8 and 11: contest overview, notices, a borrowed problem', () => {
  const CONTEST_PASSWORD = 'pw-26';
  const start = Date.now() - 60_000;
  const contestTitle = `${tag} math`;
  let cid = 0;

  it('set-up: a private running contest with math in its description, an announcement, a borrowed public problem', async () => {
    cid = await createContest(root, {
      title: contestTitle,
      type: 0,
      startMs: start,
      endMs: start + 3 * 3600_000,
      description: 'Each solved problem scores $x^2 + 1$ points.',
      password: CONTEST_PASSWORD,
    });
    const borrowed = await createProblem(root, {
      problemId: `${tag}B`,
      title: `${tag} Borrowed`,
      type: 0,
      cases: AB_CASES,
    });
    await addContestProblem(root, cid, borrowed, 'A');
    await call(root, 'POST', '/api/admin/contest/announcement', {
      cid,
      announcement: { title: `${tag} notice`, content: 'Problem A clarified.', status: 0 },
    });
  }, 60_000);

  for (const [viewport, locale, dark] of [
    [DESKTOP, 'zh-CN', false],
    [MOBILE, 'en-US', true],
  ] as const)
    it(`math renders, the count follows the registration, the notice is shown once across tabs (${locale}, ${theme(dark)}, ${viewport.width} px)`, async () => {
      const who = await registerUserByApi(uniqueName('s26c'), PASSWORD);
      const page = await userPage(who, viewport, locale, dark);
      await page.goto(`/contest/${cid}`);
      const overview = page.getByTestId('contest-overview');
      await overview.waitFor();
      await overview.locator('.katex').first().waitFor();
      expect(await overview.textContent()).not.toContain('$x^2');
      const count = page.getByTestId('contest-count');
      const before = Number(await count.textContent());
      await page.getByTestId('contest-password').fill(CONTEST_PASSWORD);
      await page.getByTestId('contest-register').click();
      // no reload: the header's count follows the registration
      await expect.poll(async () => Number(await count.textContent())).toBe(before + 1);
      const noticeText = `${tag} notice`;
      const notices = () => page.getByText(noticeText, { exact: false }).count();
      await expect.poll(notices).toBe(1);
      await screenshot(page, `issue26-contest-overview-${locale}-${theme(dark)}`, { fullPage: false });
      // other contest screens mounted in the same page life do not show it again
      for (const tab of ['problems', 'rank', 'announcements'] as const) {
        await page.getByTestId(`contest-tab-${tab}`).click();
        await page.getByTestId(`contest-panel-${tab}`).waitFor();
        expect(await page.locator('.bp6-toast').filter({ hasText: noticeText }).count()).toBe(1);
      }
      expect(pageErrors(page)).toEqual([]);
    }, 90_000);

  for (const [viewport, locale, dark] of [
    [DESKTOP, 'en-US', false],
    [MOBILE, 'zh-CN', true],
  ] as const)
    it(`a site admin opens the borrowed public problem; a student is still refused (${locale}, ${theme(dark)}, ${viewport.width} px)`, async () => {
      const page = await userPage(rootUser, viewport, locale, dark);
      await page.goto(`/problem/${tag}B`);
      await page.getByTestId('problem-detail').waitFor();
      expect(await page.getByTestId('problem-detail').textContent()).toContain(`${tag} Borrowed`);
      await screenshot(page, `issue26-borrowed-problem-${locale}-${theme(dark)}`, { fullPage: false });
      const other = await userPage(student, viewport, locale, dark);
      await other.goto(`/problem/${tag}B`);
      await other.getByTestId('problem-load-failed').waitFor();
      expect(pageErrors(page)).toEqual([]);
    }, 60_000);
});

describe('issue #26 item 12: the back office keeps its shell while a page loads', () => {
  for (const [viewport, locale, dark] of [
    [DESKTOP, 'zh-CN', false],
    [DESKTOP, 'en-US', true],
  ] as const)
    it(`the sidebar stays on a navigation whose page is still loading (${locale}, ${theme(dark)})`, async () => {
      const page = await userPage(rootUser, viewport, locale, dark);
      await page.goto('/admin/dashboard');
      await page.getByTestId('admin-dashboard').waitFor();
      // from now on every script arrives late, as on a slow line: the next page's chunk too
      await page.route('**/assets/*.js', async (route) => {
        await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      });
      await page.evaluate(() => {
        const w = window as unknown as { __menuGone: boolean; __spinnerInShell: boolean };
        w.__menuGone = false;
        w.__spinnerInShell = false;
        new MutationObserver(() => {
          if (!document.querySelector('[data-testid="admin-menu"]')) w.__menuGone = true;
          if (document.querySelector('[data-testid="admin-shell"] [data-testid="page-loading"]'))
            w.__spinnerInShell = true;
        }).observe(document.body, { subtree: true, childList: true });
      });
      // the training back office is a chunk of its own, not loaded with the dashboard
      await page.getByTestId('admin-menu-training-category').click();
      await page.getByTestId('page-loading').waitFor();
      expect(await page.getByTestId('admin-menu').isVisible()).toBe(true);
      await screenshot(page, `issue26-admin-loading-${locale}-${theme(dark)}`, { fullPage: false });
      await page.getByTestId('admin-training-categories').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('page-loading').count()).toBe(0);
      const seen = await page.evaluate(() => {
        const w = window as unknown as { __menuGone: boolean; __spinnerInShell: boolean };
        return { menuGone: w.__menuGone, spinnerInShell: w.__spinnerInShell };
      });
      expect(seen).toEqual({ menuGone: false, spinnerInShell: true });
      expect(await toastText(page)).not.toMatch(/error|错误/i);
      expect(pageErrors(page)).toEqual([]);
    }, 60_000);
});

// Virtual participation in real Chromium (issue #27): an 18 s contest in which one user gets an AC
// about 10 s in; once it has ended, two users take it virtually at the same time (zh-CN at 1400 px,
// en-US at 375 px): their ghost boards start empty, the original AC arrives at the same elapsed
// time by push, and each one's own AC (submitted during the participation, though the contest
// refuses practice after its end) moves their own ghost board.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  e2e,
  logInByApi,
  newPage,
  pageErrors,
  registerUserByApi,
  screenshot,
  uniqueName,
  type Viewport,
} from './support/browser';
import {
  AB_CASES,
  addContestProblem,
  apiLogin,
  createContest,
  createProblem,
  PY_RIGHT,
  submit,
  waitVerdict,
} from './support/contest';

const PASSWORD = 'e2e-pass-123';
const tag = uniqueName('vp').toUpperCase();
const [orig, zh, en] = await Promise.all(
  ['vpo', 'vpz', 'vpe'].map((p) => registerUserByApi(uniqueName(p), PASSWORD)),
);
const root = await apiLogin('root', e2e().rootPassword);
const pid = await createProblem(root, {
  problemId: `${tag}V`,
  title: `${tag} sum`,
  type: 0,
  cases: AB_CASES,
});
const startMs = Date.now() + 2_000;
const cid = await createContest(root, {
  title: `${tag} virtual`,
  type: 0,
  startMs,
  endMs: startMs + 18_000,
});
await addContestProblem(root, cid, pid, 'A');

const sleepUntil = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms - Date.now())));

describe('virtual participation (issue #27)', () => {
  it('start, ghost board moves with the original AC and with the own AC; zh-CN 1400 px and en-US 375 px', async () => {
    // The original contest: one AC about 10 s in.
    const o = await apiLogin(orig!.username, PASSWORD);
    await sleepUntil(startMs + 10_000);
    expect((await waitVerdict(o, await submit(o, cid, 'A', PY_RIGHT))).status).toBe(0);
    await sleepUntil(startMs + 18_500);

    const open = async (user: { username: string }, viewport: Viewport, locale: string) => {
      const page = await newPage(viewport, { locale });
      await logInByApi(page, user.username, PASSWORD);
      await page.goto(`/contest/${cid}`);
      await page.getByTestId('contest-virtual').click();
      await page.getByTestId('virtual-start').click();
      await page.getByTestId('virtual-running').waitFor();
      return page;
    };
    const [zhPage, enPage] = await Promise.all([open(zh!, DESKTOP, 'zh-CN'), open(en!, MOBILE, 'en-US')]);
    const pages: [Page, string, string][] = [
      [zhPage, zh!.username, '进行中'],
      [enPage, en!.username, 'Running'],
    ];
    for (const [page, , running] of pages) {
      expect(await page.getByTestId('virtual-phase').textContent()).toBe(running);
      // Nobody has an AC at this elapsed time of the original contest yet.
      expect(await page.getByTestId('ghost-row').count()).toBe(0);
    }
    // The original AC "happens" ~10 s in, pushed to both boards.
    for (const [page] of pages)
      await page.locator(`[data-testid="ghost-row"][data-uid]`).first().waitFor({ timeout: 15_000 });
    for (const [page] of pages) {
      expect(await page.getByTestId('ghost-row').count()).toBe(1);
      expect(await page.getByTestId('ghost-row').first().textContent()).toContain(orig!.username);
    }
    // Each participant's own AC during the participation.
    const sessions = await Promise.all(pages.map(([, username]) => apiLogin(username, PASSWORD)));
    const ids = await Promise.all(sessions.map((s) => submit(s, cid, 'A', PY_RIGHT)));
    for (const [i, s] of sessions.entries()) expect((await waitVerdict(s, ids[i]!)).status).toBe(0);
    for (const [page, username] of pages) {
      const mine = page.locator('tr.oj-virtual-me');
      await mine.waitFor({ timeout: 15_000 });
      expect(await mine.textContent()).toContain(username);
      // Only its own participant: the other virtual participant is not on this ghost board.
      expect(await page.getByTestId('ghost-row').count()).toBe(2);
      await screenshot(page, 'virtual-ghost-board');
      expect(pageErrors(page)).toEqual([]);
    }
  }, 90_000);
});

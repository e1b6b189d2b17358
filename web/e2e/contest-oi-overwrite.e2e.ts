// OI contest without real-time permission in real Chromium (issue #6, spec part1 §4 and part2
// §2.2): a user's first submission goes straight through and shows "received" without a verdict
// even once judged; the second asks before overwriting (cancel sends nothing, confirm sends).
// A contest admin of an ended contest switches "include after-contest submissions" in the header
// setting and the rank board follows.
// The OI scroll board (issue #26 item 9): after the end of a sealed OI contest the resolver starts
// from the sealed scores and reveals bottom-up to the OI board's final order (1400/375, light/dark).
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  MOBILE,
  screenshot,
  e2e,
  logInByApi,
  newPage,
  pageErrors,
  registerUserByApi,
  typeCode,
  uniqueName,
} from './support/browser';
import {
  AB_CASES,
  addContestProblem,
  apiLogin,
  call,
  createContest,
  createProblem,
  PY_ONLY_THREE,
  PY_RIGHT,
  submit,
  waitVerdict,
} from './support/contest';

const PASSWORD = 'e2e-pass-123';
const tag = uniqueName('oiw').toUpperCase();
const user = await registerUserByApi(uniqueName('oiw'), PASSWORD);
const root = await apiLogin('root', e2e().rootPassword);
const pid = await createProblem(root, {
  problemId: `${tag}O`,
  title: `${tag} OI sum`,
  type: 1,
  cases: AB_CASES,
});
const now = Date.now();
/** OI, sealed from the start, running for an hour: users lack real-time permission. */
const sealedCid = await createContest(root, {
  title: `${tag} sealed oi`,
  type: 1,
  startMs: now - 120_000,
  endMs: now + 3600_000,
  sealFromStart: true,
});
await addContestProblem(root, sealedCid, pid, 'A');
/** Ended an hour ago: its admin gets the contest setting. */
const endedCid = await createContest(root, {
  title: `${tag} ended oi`,
  type: 1,
  startMs: now - 3 * 3600_000,
  endMs: now - 3600_000,
});
await addContestProblem(root, endedCid, pid, 'A');
const second = await registerUserByApi(uniqueName('oiw2'), PASSWORD);
const userSession = await apiLogin(user.username, PASSWORD);
const secondSession = await apiLogin(second.username, PASSWORD);

describe('OI contest without real-time permission', () => {
  it('first submission straight through with the verdict hidden; the second asks, cancel sends nothing, confirm sends', async () => {
    const page = await newPage(DESKTOP, { locale: 'en-US' });
    await logInByApi(page, user.username, PASSWORD);
    const sent: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/submit-problem-judge') sent.push(1);
    });
    await page.goto(`/contest/${sealedCid}/problem/A`);
    await page.getByTestId('code-editor').locator('.cm-content').waitFor();
    await page.getByTestId('language-select').selectOption({ label: 'Python3' });
    await typeCode(page, PY_RIGHT);

    await page.getByTestId('submit-button').click();
    const banner = page.getByTestId('submission-status-banner');
    await expect.poll(() => banner.getAttribute('data-state')).toBe('hidden');
    expect(sent).toHaveLength(1);
    expect(await page.locator('.bp6-alert').count()).toBe(0);
    expect(await page.getByTestId('verdict-hidden').count()).toBe(1);
    // judged for real (the admin sees it), still no verdict on the user's page
    const [submitId] = await submissionsOf(sealedCid, user.username);
    expect((await waitVerdict(root, submitId!)).status).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await page.getByTestId('verdict-text').getAttribute('data-status')).toBe('-5');
    expect(await banner.textContent()).not.toContain('Accepted');

    // a fresh page knows of the earlier submission only from the server's problem status
    await page.reload();
    await page.getByTestId('code-editor').locator('.cm-content').waitFor();
    await page.getByTestId('submit-button').click();
    const alert = page.locator('.bp6-alert');
    await alert.waitFor();
    expect(await page.getByTestId('overwrite-confirm').textContent()).toContain('overwritten');
    await alert.getByRole('button', { name: 'Cancel' }).click();
    await alert.waitFor({ state: 'detached' });
    await new Promise((r) => setTimeout(r, 500));
    expect(sent).toHaveLength(1);

    await page.getByTestId('submit-button').click();
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Submit and overwrite' }).click();
    await expect.poll(() => sent.length).toBe(2);
    await expect.poll(() => banner.getAttribute('data-state')).toBe('hidden');
    expect(pageErrors(page)).toEqual([]);
  }, 180_000);

  it('the admin of an ended contest switches after-contest submissions in the header setting; the board follows', async () => {
    const page = await newPage(DESKTOP, { locale: 'en-US' });
    await logInByApi(page, 'root', e2e().rootPassword);
    const bodies: { containsEnd?: boolean }[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/get-contest-rank')
        bodies.push(r.postDataJSON() as { containsEnd?: boolean });
    });
    await page.goto(`/contest/${endedCid}/rank`);
    await page.getByTestId('rank-board').waitFor();
    await expect.poll(() => bodies.at(-1)?.containsEnd).toBe(false);
    await page.getByTestId('contest-setting').click();
    await page.getByTestId('contest-setting-contains-end').setChecked(true, { force: true });
    await expect.poll(() => bodies.at(-1)?.containsEnd).toBe(true);
    expect(await page.getByTestId('board-switch-end').isChecked()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it('OI scroll board (issue #26 item 9): sealed scores first, reveals bottom-up to the final OI board', async () => {
    // Sealed a little after its start, ends soon after (times from this test's start).
    const t0 = Date.now();
    const sealAt = t0 + 12_000;
    const endAt = t0 + 30_000;
    const scrollCid = await createContest(root, {
      title: `${tag} scroll oi`,
      type: 1,
      startMs: t0 - 120_000,
      sealMs: sealAt,
      endMs: endAt,
    });
    await addContestProblem(root, scrollCid, pid, 'A');
    // Before the seal: the user scores 50 (one of the two cases).
    const beforeSeal = await submit(userSession, scrollCid, 'A', PY_ONLY_THREE);
    expect(Date.now()).toBeLessThan(sealAt);
    expect((await waitVerdict(userSession, beforeSeal)).score).toBe(50);
    await expect.poll(() => Date.now() > sealAt + 1000, { timeout: 60_000, interval: 250 }).toBe(true);
    const late = [
      await submit(userSession, scrollCid, 'A', PY_RIGHT),
      await submit(secondSession, scrollCid, 'A', PY_RIGHT),
    ];
    expect(Date.now()).toBeLessThan(endAt);
    for (const id of late) expect((await waitVerdict(root, id)).status).toBe(0);
    await expect.poll(() => Date.now() > endAt + 1000, { timeout: 60_000, interval: 250 }).toBe(true);

    // the tab shows for OI and opens it
    const page = await newPage(DESKTOP, { locale: 'en-US' });
    await logInByApi(page, 'root', e2e().rootPassword);
    await page.goto(`/contest/${scrollCid}/scroll-board`);
    await page.getByTestId('scroll-settings').waitFor();
    expect(await page.getByTestId('scroll-blocker').count()).toBe(0);
    expect(await page.getByTestId('scroll-open').isDisabled()).toBe(false);

    await page.goto(`/scrollBoard?cid=${scrollCid}`);
    await page.locator('[data-testid="scroll-board"][data-kind="oi"]').waitFor();
    const score = (uid: string) => page.getByTestId(`scroll-score-${uid}`).textContent();
    const rank = (uid: string) => page.getByTestId(`scroll-rank-${uid}`).textContent();
    expect(await score(userSession.uid)).toBe('50');
    expect(await score(secondSession.uid)).toBe('0');
    expect(await rank(userSession.uid)).toBe('1');
    expect(await page.getByTestId(`scroll-cell-${secondSession.uid}-A`).getAttribute('data-tone')).toBe(
      'pending',
    );
    await screenshot(page, 'i26-oi-scroll-board-sealed');
    // the bottom row first: the second user's 100 passes the user's 50
    await page.keyboard.press('Space');
    await expect.poll(() => score(secondSession.uid)).toBe('100');
    expect(await rank(secondSession.uid)).toBe('1');
    await page.getByTestId('scroll-next').click();
    await expect.poll(() => score(userSession.uid)).toBe('100');
    expect(await page.getByTestId('scroll-next').isDisabled()).toBe(true);
    // the final order is the OI board's
    const board = await call<{ records: { uid: string; totalScore: number }[] }>(
      root,
      'POST',
      '/api/get-contest-rank',
      {
        cid: scrollCid,
        forceRefresh: true,
        currentPage: 1,
        limit: 30,
      },
    );
    const shown = await page
      .locator('[data-testid^="scroll-row-"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.slice('scroll-row-'.length)));
    expect(shown).toEqual(board.records.map((r) => r.uid));
    expect(pageErrors(page)).toEqual([]);
    await screenshot(page, 'i26-oi-scroll-board-revealed');

    for (const dark of [false, true])
      for (const viewport of [DESKTOP, MOBILE]) {
        const p = await newPage(viewport, { locale: dark ? 'en-US' : 'zh-CN' });
        await logInByApi(p, 'root', e2e().rootPassword);
        if (dark) await p.emulateMedia({ colorScheme: 'dark' });
        await p.goto(`/scrollBoard?cid=${scrollCid}`);
        await p.locator('[data-testid="scroll-board"][data-kind="oi"]').waitFor();
        await p.getByTestId('scroll-next').click();
        await screenshot(p, `i26-oi-scroll-board-${dark ? 'dark-en' : 'light-zh'}`);
        expect(pageErrors(p)).toEqual([]);
      }
  }, 240_000);
});

/** A user's submissions of a contest as root (an admin sees them, sealed or not); newest first. */
async function submissionsOf(cid: number, username: string): Promise<number[]> {
  const page = await call<{ records: { submitId: number; username: string }[] }>(
    root,
    'GET',
    `/api/contest-submissions?contestID=${cid}&beforeContestSubmit=false&onlyMine=false&currentPage=1&limit=10&containsEnd=true`,
  );
  return page.records.filter((r) => r.username === username).map((r) => r.submitId);
}

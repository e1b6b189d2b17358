// Contests in real Chromium (issue #6): an admin builds an ACM contest through the admin screens,
// two users register and submit while an anonymous outside scoreboard updates live; a sealed
// board (tries pending for users, real for the admin); an OI board with the Highest rule; the
// scroll board of an ended contest revealed with the keyboard.
//
// Contests whose phase matters are created already running (start in the past), and the one that
// must end does so a few seconds after the set-up, while the other tests run.
import { readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { JudgeStatus } from '@oj/protocol/enums/judge-status';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  e2e,
  MOBILE,
  logInByApi,
  logInThroughDialog,
  newPage,
  pageErrors,
  registerUserByApi,
  screenshot,
  toastText,
  typeCode,
  uniqueName,
} from './support/browser';
import {
  AB_CASES,
  addContestProblem,
  apiLogin,
  CPP_RIGHT,
  CPP_WRONG,
  createContest,
  createProblem,
  PY_ONLY_THREE,
  PY_RIGHT,
  PY_WRONG,
  submit,
  waitVerdict,
  type Session,
} from './support/contest';

const PASSWORD = 'e2e-pass-123';
/** Seconds the scroll-board contest still runs after the set-up (its two submissions go in at once). */
const ENDING_CONTEST_SECONDS = 25;
const WAITING = new Set<number>([
  JudgeStatus.PENDING,
  JudgeStatus.COMPILING,
  JudgeStatus.JUDGING,
  JudgeStatus.SUBMITTING,
  JudgeStatus.NOT_SUBMITTED,
]);

// ---------- set-up through the API (not under test) ----------
const tag = uniqueName('c').toUpperCase();
const [u1, u2] = await Promise.all([
  registerUserByApi(uniqueName('cta'), PASSWORD),
  registerUserByApi(uniqueName('ctb'), PASSWORD),
]);
const root = await apiLogin('root', e2e().rootPassword);
const [s1, s2] = await Promise.all([apiLogin(u1.username, PASSWORD), apiLogin(u2.username, PASSWORD)]);
const acm1 = await createProblem(root, {
  problemId: `${tag}P1`,
  title: `${tag} Sum one`,
  type: 0,
  cases: AB_CASES,
});
await createProblem(root, { problemId: `${tag}P2`, title: `${tag} Sum two`, type: 0, cases: AB_CASES });
const oi1 = await createProblem(root, {
  problemId: `${tag}O1`,
  title: `${tag} OI sum`,
  type: 1,
  cases: AB_CASES,
});

const now = Date.now();
/** Sealed for the whole contest, ends a few seconds from now: for the scroll board. */
const endingCid = await createContest(root, {
  title: `${tag} ending`,
  type: 0,
  startMs: now - 120_000,
  endMs: now + ENDING_CONTEST_SECONDS * 1000,
  sealFromStart: true,
});
await addContestProblem(root, endingCid, acm1, 'A');
const endingSubs = [await submit(s1, endingCid, 'A', PY_RIGHT), await submit(s2, endingCid, 'A', PY_WRONG)];
const endingEndsAt = now + ENDING_CONTEST_SECONDS * 1000;
/** Sealed for the whole contest and running for an hour. */
const sealedCid = await createContest(root, {
  title: `${tag} sealed`,
  type: 0,
  startMs: now - 120_000,
  endMs: now + 3600_000,
  sealFromStart: true,
});
await addContestProblem(root, sealedCid, acm1, 'A');
const sealedSubs = [await submit(s1, sealedCid, 'A', PY_RIGHT), await submit(s2, sealedCid, 'A', PY_WRONG)];
/** OI, best score counts. */
const oiCid = await createContest(root, {
  title: `${tag} oi`,
  type: 1,
  startMs: now - 120_000,
  endMs: now + 3600_000,
  oiRankScoreType: 'Highest',
});
await addContestProblem(root, oiCid, oi1, 'A');

/** `datetime-local` text of an instant in this machine's zone (the browser shares it). */
function localInput(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

async function userPage(s: { username: string }, password = PASSWORD): Promise<Page> {
  const page = await newPage(DESKTOP);
  await logInByApi(page, s.username, password);
  return page;
}

const tone = (page: Page, uid: string, displayId: string) =>
  // first(): the viewer's own row is also pinned above the board
  page
    .getByTestId(`cell-${uid}-${displayId}`)
    .first()
    .getAttribute('data-tone', { timeout: 1000 })
    .catch(() => null);

describe('contest administration and live boards', () => {
  it('admin builds a private ACM contest with 3 problems; two users register and submit; the outside scoreboard follows live', async () => {
    const admin = await newPage(DESKTOP);
    await admin.goto('/home');
    await logInThroughDialog(admin, 'root', e2e().rootPassword);

    // --- the contest, through the admin form ---
    await admin.getByTestId('user-menu').click();
    await admin.getByTestId('user-menu-admin').click();
    await admin.getByTestId('admin-menu-contest').click();
    await admin.getByTestId('admin-contest-list').waitFor();
    await admin.getByTestId('admin-contest-create').click();
    const title = `${tag} live cup`;
    await admin.getByTestId('contest-form-title').fill(title);
    await admin.getByTestId('contest-form-description').fill('Three problems, **ACM** rules.');
    const start = Date.now() - 60_000;
    await admin.getByTestId('contest-form-start').fill(localInput(start));
    await admin.getByTestId('contest-form-end').fill(localInput(start + 3 * 3600_000));
    await expect.poll(() => admin.getByTestId('contest-form-duration').textContent()).toBe('03:00:00');
    await admin.getByTestId('contest-form-type').selectOption('0');
    await admin.getByTestId('contest-form-auth').selectOption('1');
    await admin.getByTestId('contest-form-pwd').fill('cup-pass');
    await admin.getByTestId('contest-form-open-rank').setChecked(true, { force: true });
    await admin.getByTestId('contest-form-save').click();
    await expect.poll(() => new URL(admin.url()).pathname).toBe('/admin/contest');
    await admin.getByTestId('admin-contest-keyword').fill(title);
    await admin.getByTestId('admin-contest-keyword').press('Enter');
    const row = admin.locator('[data-testid^="admin-contest-row-"]', { hasText: title });
    await row.waitFor();
    const cid = Number((await row.getAttribute('data-testid'))!.split('-').pop());
    expect(cid).toBeGreaterThan(0);

    // --- two public problems through the dialog, a third through the problem form ---
    await admin.getByTestId(`admin-contest-problems-${cid}`).click();
    await admin.getByTestId('admin-cp-empty').waitFor();
    await admin.getByTestId('admin-cp-add-public').click();
    const dialog = admin.getByTestId('add-public-dialog');
    await dialog.getByTestId('add-public-keyword').fill(`${tag}P`);
    await dialog.getByTestId('add-public-keyword').press('Enter');
    for (const [n, displayId] of [
      [1, 'A'],
      [2, 'B'],
    ] as const) {
      const id = `${tag}P${n}`;
      await dialog.getByTestId(`add-public-display-${id}`).fill(displayId);
      await dialog.getByTestId(`add-public-add-${id}`).click();
      await dialog.getByTestId(`add-public-row-${id}`).waitFor({ state: 'detached' });
    }
    await admin.getByTestId('add-public-close').click();
    await admin.getByTestId('admin-cp-row-B').waitFor();
    await admin.getByTestId('admin-cp-create').click();
    await admin.getByTestId('problem-form-problem-id').fill(`${tag}P3`);
    await admin.getByTestId('problem-form-title').fill(`${tag} Sum three`);
    await expect.poll(() => admin.getByTestId('problem-form-display-id').inputValue()).toBe('C');
    await admin.getByTestId('problem-form-display-title').fill('Sum three');
    await admin.getByTestId('problem-form-input').fill('Two integers.');
    await admin.getByTestId('problem-form-output').fill('Their sum.');
    await admin.getByTestId('problem-case-input-0').fill('1 2\n');
    await admin.getByTestId('problem-case-output-0').fill('3\n');
    await admin.getByTestId('problem-form-save').click();
    await admin.getByTestId('admin-cp-row-C').waitFor();
    // …and edited again through the same form (the stored hand-typed case comes back)
    await admin.getByTestId('admin-cp-edit-C').click();
    await expect.poll(() => admin.getByTestId('problem-case-output-0').inputValue()).toBe('3\n');
    await admin.getByTestId('problem-form-display-title').fill('Sum 3');
    await admin.getByTestId('problem-form-save').click();
    await expect.poll(() => admin.getByTestId('admin-cp-row-C').textContent()).toContain('Sum 3');
    await admin.getByTestId('admin-cp-color-A').fill('#ff0000');
    await expect.poll(() => toastText(admin)).toMatch(/修改成功/);

    // --- the public side: an empty outside board, watched from here on ---
    const board = await newPage(DESKTOP);
    await board.goto(`/contest/acm-scoreboard/${cid}`);
    await board.getByTestId('board-empty').waitFor();
    await board.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));

    // --- users register with the password and submit through the problem page ---
    const sessions: [Session, Page][] = [];
    for (const u of [u1, u2]) {
      const page = await userPage(u);
      await page.goto(`/contest/${cid}`);
      await page.getByTestId('contest-password').fill('cup-pass');
      await page.getByTestId('contest-register').click();
      await page.getByTestId('contest-password-form').waitFor({ state: 'detached' });
      await page.goto(`/contest/${cid}/problem/A`);
      await page.getByTestId('code-editor').locator('.cm-content').waitFor();
      // contest problems offer only the default C++ here: their language list comes back empty (compat C13)
      await page.getByTestId('language-select').selectOption({ label: 'C++' });
      sessions.push([u === u1 ? s1 : s2, page]);
    }

    for (const [[s, page], code, expected, expectedTone] of [
      [sessions[0]!, CPP_RIGHT, JudgeStatus.ACCEPTED, 'first-ac'],
      [sessions[1]!, CPP_WRONG, JudgeStatus.WRONG_ANSWER, 'wrong'],
    ] as const) {
      await typeCode(page, code);
      await page.getByTestId('submit-button').click();
      // Watch both screens side by side: when the verdict shows, when the board cell changes.
      const verdict = page.getByTestId('verdict-text');
      let verdictAt = 0;
      let boardAt = 0;
      const until = Date.now() + 90_000;
      while ((!verdictAt || !boardAt) && Date.now() < until) {
        if (!verdictAt) {
          const st = await verdict.getAttribute('data-status', { timeout: 500 }).catch(() => null);
          if (st !== null && !WAITING.has(Number(st))) verdictAt = Date.now();
        }
        if (!boardAt && (await tone(board, s.uid, 'A')) === expectedTone) boardAt = Date.now();
        await new Promise((r) => setTimeout(r, 50));
      }
      if (!verdictAt) throw new Error(`no verdict for ${s.username}; toasts: ${await toastText(page)}`);
      expect(Number(await verdict.getAttribute('data-status'))).toBe(expected);
      expect(boardAt, `board cell of ${s.username} never became ${expectedTone}`).toBeGreaterThan(0);
      console.log(`outside board updated ${boardAt - verdictAt} ms after the verdict showed (${s.username})`);
      // The 1 s budget is a measure of a machine that is not overloaded; under load the test still
      // waits for both events above and only reports the delay.
      if (loadavg()[0]! < cpus().length) expect(boardAt - verdictAt).toBeLessThanOrEqual(1000);
    }
    // the problem headers with A's balloon colour
    for (const id of ['A', 'B', 'C']) await board.getByTestId(`board-problem-${id}`).waitFor();
    expect(await board.getByTestId('board-problem-A').locator('.oj-balloon').getAttribute('style')).toContain(
      'rgb(255, 0, 0)',
    );
    // …whose accepted/total counts follow the verdicts too
    await expect.poll(() => board.getByTestId('board-problem-A').textContent()).toContain('(1/2)');
    // the rows moved without a reload: ranks 1 and 2, same document
    expect(await board.getByTestId(`rank-cell-${s1.uid}`).textContent()).toBe('1');
    expect(await board.getByTestId(`rank-cell-${s2.uid}`).textContent()).toBe('2');
    expect(await board.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
    await screenshot(board, 'contest-outside-board');
    // the admin downloads the accepted code from the contest list
    await admin.goto('/admin/contest');
    await admin.getByTestId(`admin-contest-download-${cid}`).click();
    await admin.getByTestId('download-ac-split').selectOption('problem');
    const [file] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByTestId('download-ac-submit').click(),
    ]);
    expect(file.suggestedFilename()).toMatch(new RegExp(`^contest_${cid}_\\d+\\.zip$`));
    const saved = join(tmpdir(), `oj-e2e-${file.suggestedFilename()}`);
    await file.saveAs(saved);
    // zip entry names are stored as plain text: the accepted C++ of user 1 under problem A only
    const zip = readFileSync(saved).toString('latin1');
    rmSync(saved, { force: true });
    expect(zip).toMatch(new RegExp(`A/${u1.username}_\\(\\d{14}\\)\\.cpp`));
    expect(zip).not.toContain(u2.username);
    for (const p of [admin, board, ...sessions.map(([, p]) => p)]) expect(pageErrors(p)).toEqual([]);
  }, 180_000);

  it('a sealed board shows users their tries as pending while the admin sees the real results', async () => {
    const [r1, r2] = [await waitVerdict(s1, sealedSubs[0]!), await waitVerdict(s2, sealedSubs[1]!)];
    expect([r1.status, r2.status]).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER]);

    const user = await userPage(u2);
    await user.goto(`/contest/${sealedCid}/rank`);
    await user.getByTestId('board-sealed').waitFor();
    await expect.poll(() => tone(user, s1.uid, 'A')).toBe('pending');
    await expect.poll(() => tone(user, s2.uid, 'A')).toBe('pending');
    expect(await user.getByTestId(`board-ac-${s1.uid}`).textContent()).toBe('0');

    const admin = await userPage({ username: 'root' }, e2e().rootPassword);
    await admin.goto(`/contest/${sealedCid}/rank`);
    // without force update an admin gets the sealed board too (reference §0.7); the switch lifts it
    await expect.poll(() => tone(admin, s1.uid, 'A')).toBe('pending');
    await admin.getByTestId('board-switch-force').setChecked(true, { force: true });
    await expect.poll(() => tone(admin, s1.uid, 'A')).toBe('first-ac');
    await expect.poll(() => tone(admin, s2.uid, 'A')).toBe('wrong');
    expect(await admin.getByTestId('board-sealed').count()).toBe(0);
    expect(await admin.getByTestId(`board-ac-${s1.uid}`).textContent()).toBe('1');
    expect(pageErrors(user)).toEqual([]);
    expect(pageErrors(admin)).toEqual([]);
  }, 120_000);

  it('an OI board counts each user’s best score (Highest rule) and ranks by total score', async () => {
    const right = await submit(s1, oiCid, 'A', PY_RIGHT);
    const partial = await submit(s2, oiCid, 'A', PY_ONLY_THREE);
    expect((await waitVerdict(s1, right)).score).toBe(100);
    expect((await waitVerdict(s2, partial)).score).toBe(50);
    const worse = await submit(s2, oiCid, 'A', PY_WRONG);
    expect((await waitVerdict(s2, worse)).score).toBe(0);

    const page = await newPage(DESKTOP);
    await page.goto(`/contest/oi-scoreboard/${oiCid}`);
    await expect.poll(() => page.getByTestId(`cell-${s2.uid}-A`).textContent()).toContain('50');
    expect(await tone(page, s2.uid, 'A')).toBe('partial');
    expect(await tone(page, s1.uid, 'A')).toBe('full');
    expect(await page.getByTestId(`board-total-${s1.uid}`).textContent()).toContain('100');
    expect(await page.getByTestId(`board-total-${s2.uid}`).textContent()).toContain('50');
    expect(await page.getByTestId(`rank-cell-${s1.uid}`).textContent()).toBe('1');
    expect(await page.getByTestId(`rank-cell-${s2.uid}`).textContent()).toBe('2');
    await screenshot(page, 'contest-oi-board');
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it('Q&A: a user posts a question, the contest admin sees it arrive and replies; other users do not see it while the contest runs', async () => {
    const admin = await userPage({ username: 'root' }, e2e().rootPassword);
    await admin.goto(`/contest/${sealedCid}/comment`);
    await admin.getByTestId('qa-notice').waitFor();
    await admin.getByTestId('comment-total').waitFor();
    await admin.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));

    const asker = await userPage(u1);
    await asker.goto(`/contest/${sealedCid}/comment`);
    await asker.getByTestId('qa-notice').waitFor();
    await asker.getByTestId('comment-box-submit').click();
    await expect.poll(() => toastText(asker)).toMatch(/内容不能为空/);
    const question = `Is the input one line? (${tag})`;
    await asker.getByTestId('comment-box-input').fill(question);
    await asker.getByTestId('comment-box-submit').click();
    const mine = asker.locator('li[data-testid^="comment-"]', { hasText: question });
    await mine.waitFor();
    expect(await asker.getByTestId('comment-box-input').inputValue()).toBe('');

    // the admin's open tab gets it through the contest:comment push, without a reload
    const seen = admin.locator('li[data-testid^="comment-"]', { hasText: question });
    await seen.waitFor();
    const id = Number((await seen.getAttribute('data-testid'))!.split('-').pop());
    expect(await admin.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
    await admin.getByTestId(`comment-reply-${id}`).click();
    await admin.getByTestId(`reply-box-${id}-input`).fill('Yes, two integers on one line.');
    await admin.getByTestId(`reply-box-${id}-submit`).click();
    await admin.getByTestId(`comment-${id}`).getByText('Yes, two integers on one line.').waitFor();

    await asker.reload();
    await asker.getByTestId(`comment-${id}`).getByText('Yes, two integers on one line.').waitFor();
    expect(await asker.getByTestId(`comment-${id}`).textContent()).toContain('SPA');

    // another participant sees neither the question nor may answer it (Q&A rule while running)
    const other = await userPage(u2);
    await other.goto(`/contest/${sealedCid}/comment`);
    await other.getByTestId('comment-empty').waitFor();
    await screenshot(admin, 'contest-qa');
    for (const p of [admin, asker, other]) expect(pageErrors(p)).toEqual([]);
  }, 120_000);

  it('the admin contest screens and the Q&A tab fit a 375 px phone', async () => {
    const page = await newPage(MOBILE);
    await logInByApi(page, 'root', e2e().rootPassword);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const [path, ready] of [
      ['/admin/contest', 'admin-contest-list'],
      ['/admin/contest/create', 'contest-form'],
      [`/admin/contest/${sealedCid}/problems`, 'admin-cp-row-A'],
      [`/admin/contest/${sealedCid}/problem/create`, 'problem-form'],
      [`/admin/contest/${sealedCid}/announcement`, 'admin-contest-announcements'],
      [`/contest/${sealedCid}/comment`, 'comment-area'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(ready).waitFor();
      expect(await overflow(), path).toBeLessThanOrEqual(0);
    }
    await page.goto('/admin/contest/create');
    await page.getByTestId('contest-form').waitFor();
    await screenshot(page, 'admin-contest-form');
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it('after the end the scroll board reveals the sealed results up to the final standings, driven by the keyboard', async () => {
    const verdicts = await Promise.all([waitVerdict(s1, endingSubs[0]!), waitVerdict(s2, endingSubs[1]!)]);
    expect(verdicts.map((v) => v.status)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER]);
    const wait = endingEndsAt + 1000 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));

    const admin = await userPage({ username: 'root' }, e2e().rootPassword);
    await admin.goto(`/scrollBoard?cid=${endingCid}`);
    const cells = (uid: string) => admin.getByTestId(`scroll-row-${uid}`).locator('td[data-tone]');
    await admin.getByTestId(`scroll-row-${s1.uid}`).waitFor();
    // everything after the seal starts hidden
    expect(await cells(s1.uid).first().getAttribute('data-tone')).toBe('pending');
    expect(await cells(s2.uid).first().getAttribute('data-tone')).toBe('pending');
    for (let i = 0; i < 10 && (await admin.getByTestId('scroll-next').isEnabled()); i++)
      await admin.keyboard.press(i % 2 === 0 ? 'Space' : 'ArrowRight');
    expect(await admin.getByTestId('scroll-next').isEnabled()).toBe(false);
    expect(await cells(s1.uid).first().getAttribute('data-tone')).toBe('ac');
    expect(await cells(s2.uid).first().getAttribute('data-tone')).toBe('wrong');
    expect(await admin.getByTestId(`scroll-rank-${s1.uid}`).textContent()).toBe('1');
    expect(await admin.getByTestId(`scroll-rank-${s2.uid}`).textContent()).toBe('2');
    // the revealed board is the final one the rank tab shows
    await admin.goto(`/contest/${endingCid}/rank`);
    await expect.poll(() => tone(admin, s1.uid, 'A')).toBe('first-ac');
    expect(await admin.getByTestId(`rank-cell-${s2.uid}`).textContent()).toBe('2');
    await screenshot(admin, 'contest-scroll-final');
    expect(pageErrors(admin)).toEqual([]);
  }, 120_000);
});

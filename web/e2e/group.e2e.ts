// Groups in real Chromium (issue #14): a user creates a protected group through the fullscreen
// dialog; another applies with a reason; the owner's member admin list shows the application
// without a reload; the owner accepts and the applicant's open page turns into a member's, again
// without a reload; both languages; screenshots at 1400 and 375 px.
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  e2e,
  expectAcceptedVerdict,
  logInByApi,
  MOBILE,
  newPage,
  pageErrors,
  registerUserByApi,
  screenshot,
  typeCode,
  uniqueName,
} from './support/browser';
import { apiLogin, call, PY_RIGHT } from './support/contest';
import { sumCasesZip } from './support/zip';

const PASSWORD = 'e2e-pass-123';
const [owner, applicant] = await Promise.all([
  registerUserByApi(uniqueName('gown'), PASSWORD),
  registerUserByApi(uniqueName('gapp'), PASSWORD),
]);
// A new user has solved nothing: let anyone create groups here (the limits have their own tests).
const root = await apiLogin('root', e2e().rootPassword);
const switches = await call<Record<string, unknown>>(root, 'GET', '/api/admin/switch/info');
await call(root, 'PUT', '/api/admin/switch/update', {
  ...switches,
  defaultCreateGroupACInitValue: 0,
  defaultCreateGroupDailyLimit: 100,
  defaultCreateGroupLimit: 100,
});
const ownerSession = await apiLogin(owner.username, PASSWORD);
const suffix = Date.now().toString(36).slice(-5);
const GROUP = { name: `E2E group ${suffix}`, shortName: `e2e${suffix}`, code: 'E2E123' };
const PROBLEM_TITLE = `E2E group sum ${suffix}`;
const TRAINING_TITLE = `E2E group path ${suffix}`;
const CONTEST_TITLE = `E2E group cup ${suffix}`;

describe('groups: create, apply, live decision, problem, training, contest', () => {
  let gid = 0;
  let tid = 0;
  let cid = 0;
  const displayId = `${GROUP.shortName}1`.toUpperCase();
  /** The stored id of the group problem (the admin list of the group's problems). */
  const groupPid = async () => {
    const list = await call<{ records: { id: number; problemId: string }[] }>(
      ownerSession,
      'GET',
      `/api/group/get-admin-problem-list?gid=${gid}&currentPage=1&limit=10`,
    );
    return list.records.find((p) => p.problemId === displayId)!.id;
  };

  it('a user creates a protected group through the fullscreen dialog (zh-CN, 1400 px)', async () => {
    const page = await newPage(DESKTOP);
    await logInByApi(page, owner.username, PASSWORD);
    await page.goto('/group');
    await page.getByTestId('group-create').click();
    const dialog = page.getByTestId('group-create-dialog');
    // The checks of §5 on blur: a too-short name is flagged before submitting.
    await dialog.getByTestId('group-form-name').fill('abc');
    await dialog.getByTestId('group-form-shortName').click();
    await expect.poll(() => dialog.textContent()).toContain('长度应为 5 到 25 个字符');
    await dialog.getByTestId('group-form-name').fill(GROUP.name);
    await dialog.getByTestId('group-form-shortName').fill(GROUP.shortName);
    await dialog.getByTestId('group-form-brief').fill('A group made by the browser test');
    await dialog.getByTestId('group-form-auth').selectOption('2');
    await dialog.getByTestId('group-form-code').fill(GROUP.code);
    await dialog.getByTestId('group-form-description-input').fill('Welcome to **our** group.');
    await screenshot(page, 'group-create-dialog', { fullPage: false });
    await dialog.getByTestId('group-form-submit').click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const mine = await call<{ records: { id: number; name: string }[] }>(
      ownerSession,
      'GET',
      '/api/get-group-list?onlyMine=true&limit=120',
    );
    gid = mine.records.find((g) => g.name === GROUP.name)!.id;
    await expect.poll(() => page.getByTestId(`group-card-${gid}`).textContent()).toContain(GROUP.name);
    await screenshot(page, 'group-list');
    expect(pageErrors(page)).toEqual([]);
  });

  it('another user applies with a reason; the owner sees it without a reload and accepts; the applicant page turns into a member page', async () => {
    const ownerPage = await newPage(DESKTOP);
    await logInByApi(ownerPage, owner.username, PASSWORD);
    await ownerPage.goto(`/group/${gid}/member`);
    await ownerPage.getByTestId('group-member-admin').setChecked(true, { force: true });
    await expect.poll(() => ownerPage.getByTestId(`group-member-${owner.username}`).count()).toBe(1);
    expect(await ownerPage.getByTestId(`group-member-${applicant.username}`).count()).toBe(0);

    const appPage = await newPage(MOBILE, { locale: 'en-US' });
    await logInByApi(appPage, applicant.username, PASSWORD);
    await appPage.goto(`/group/${gid}?l=en-us`);
    await appPage.getByTestId('group-action-apply').click();
    const dialog = appPage.getByTestId('group-apply-dialog');
    await dialog.getByTestId('group-apply-reason').fill('I would like to train with you');
    await appPage.getByTestId('group-apply-submit').click();
    await expect.poll(() => appPage.getByTestId('group-action-applying').textContent()).toBe('Applying');
    await screenshot(appPage, 'group-detail-applying');

    // The owner's open list gets the application (pushed), with its reason.
    const row = ownerPage.getByTestId(`group-member-${applicant.username}`);
    await expect.poll(() => row.textContent()).toContain('I would like to train with you');
    await screenshot(ownerPage, 'group-member-admin');
    await ownerPage.getByTestId(`group-member-auth-${applicant.username}`).selectOption('3');

    // The applicant's page updates by itself: the exit button and the group's description.
    await expect.poll(() => appPage.getByTestId('group-action-exit').count()).toBe(1);
    await expect
      .poll(() => appPage.getByTestId('group-detail').textContent())
      .toContain('Welcome to our group.');
    await screenshot(appPage, 'group-detail-member');
    expect(pageErrors(appPage)).toEqual([]);
    expect(pageErrors(ownerPage)).toEqual([]);
  });

  it('the owner creates a group problem in the problem form with a test-case zip (progress bar)', async () => {
    const page = await newPage(DESKTOP);
    await logInByApi(page, owner.username, PASSWORD);
    await page.goto(`/group/${gid}/problem`);
    await page.getByTestId('group-problem-create').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/group/${gid}/problem-create`);
    const form = page.getByTestId('group-problem-edit');
    await form.getByTestId('problem-form').waitFor();
    // The display id is typed without the group's prefix; the server adds it.
    await form.getByTestId('pf-problem-id').fill('1');
    await form.getByTestId('pf-title').fill(PROBLEM_TITLE);
    await form.getByTestId('pf-description-input').fill('Print $a+b$.');
    await form.getByTestId('pf-input-input').fill('Two integers a b.');
    await form.getByTestId('pf-output-input').fill('Their sum.');
    await form.getByTestId('pf-example-input-0').fill('1 2');
    await form.getByTestId('pf-example-output-0').fill('3');
    await form.getByTestId('pf-zip').setInputFiles(
      sumCasesZip([
        [1, 2],
        [20, 22],
        [-7, 7],
      ]),
    );
    const progress = form.getByTestId('pf-upload-progress');
    await progress.waitFor();
    expect(await progress.locator('.bp6-progress-bar').isVisible()).toBe(true);
    await expect.poll(() => progress.getAttribute('data-fraction')).toBe('1');
    await form.getByTestId('pf-cases').waitFor();
    expect(await form.getByTestId('pf-cases').locator('tbody tr').count()).toBe(3);
    expect(await form.getByTestId('pf-cases').textContent()).toContain('3.in');
    await screenshot(page, 'group-problem-form');
    await form.getByTestId('pf-save').click();
    // Saved: back on the Problems tab, listed under its prefixed id.
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/group/${gid}/problem`);
    await expect
      .poll(() => page.getByTestId(`group-problem-${displayId}`).textContent())
      .toContain(PROBLEM_TITLE);
    const stored = await call<{ id: number; problemId: string; title: string; gid: number }>(
      ownerSession,
      'GET',
      `/api/group/problem?pid=${await groupPid()}`,
    );
    expect(stored).toMatchObject({ problemId: displayId, title: PROBLEM_TITLE, gid });
    const cases = await call<{ input: string; output: string }[]>(
      ownerSession,
      'GET',
      `/api/group/get-problem-cases?pid=${stored.id}`,
    );
    expect(cases.map((c) => c.input).sort()).toEqual(['1.in', '2.in', '3.in']);
    expect(pageErrors(page)).toEqual([]);
  });

  it('the owner builds a group training in the Training tab and adds the group problem by its prefixed id', async () => {
    const page = await newPage(DESKTOP);
    await logInByApi(page, owner.username, PASSWORD);
    await page.goto(`/group/${gid}/training`);
    await page.getByTestId('group-trainings-empty').waitFor();
    await page.getByTestId('group-training-admin-switch').setChecked(true, { force: true });
    await page.getByTestId('admin-training-list').waitFor();
    await page.getByTestId('admin-training-create').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/group/${gid}/training-create`);
    await page.getByTestId('admin-training-title').fill(TRAINING_TITLE);
    await page.getByTestId('admin-training-description').fill('Warm-up **sums** for the group.');
    await page.getByTestId('admin-training-category-name').fill('E2E basics');
    await screenshot(page, 'group-training-create');
    await page.getByTestId('admin-training-save').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/group/${gid}/training`);
    // The members' list shows it at once; the back office finds its id.
    await page.locator('[data-testid^="training-row-"]', { hasText: TRAINING_TITLE }).waitFor();
    await page.getByTestId('group-training-admin-switch').setChecked(true, { force: true });
    const row = page.locator('[data-testid^="admin-training-row-"]', { hasText: TRAINING_TITLE });
    await row.waitFor();
    tid = Number((await row.getAttribute('data-testid'))!.split('-').pop());
    await page.getByTestId(`admin-training-problems-${tid}`).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/group/${gid}/training-problems/${tid}`);
    await page.getByTestId('admin-training-problems-empty').waitFor();
    await page.getByTestId('admin-training-add-group-problem').fill(displayId);
    await page.getByTestId('admin-training-add-group').click();
    await expect
      .poll(() => page.getByTestId(`admin-training-problem-${displayId}`).textContent())
      .toContain(PROBLEM_TITLE);
    await screenshot(page, 'group-training-problems');
    expect(pageErrors(page)).toEqual([]);
  });

  it('the member finds the training with the group problem in the Training tab, solves the problem from the Problems tab and shows on the group rank', async () => {
    const page = await newPage(DESKTOP);
    await logInByApi(page, applicant.username, PASSWORD);
    await page.goto(`/group/${gid}`);
    await page.getByTestId('group-tab-training').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/group/${gid}/training`);
    const training = page.getByTestId(`training-row-${tid}`);
    await expect.poll(() => training.textContent()).toContain(TRAINING_TITLE);
    // a member gets no back office
    expect(await page.getByTestId('group-training-admin-switch').count()).toBe(0);
    await screenshot(page, 'group-trainings');
    // The training opens inside the group's shell, its problem listed under the prefixed id, and
    // the group problem opens from it (the site's training route could not show a group problem).
    await training.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/group/${gid}/training/${tid}`);
    await page.getByTestId('group-tab-training').waitFor();
    await page.getByTestId('training-tab-problems').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/group/${gid}/training/${tid}/problems`);
    await expect
      .poll(() => page.getByTestId(`training-problem-${displayId}`).textContent())
      .toContain(PROBLEM_TITLE);
    await page.getByTestId(`training-problem-${displayId}`).click();
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/group/${gid}/training/${tid}/problem/${encodeURIComponent(displayId)}`);
    await page.locator('[data-testid="code-editor"]:not([data-readonly])').waitFor();
    expect(await page.getByTestId('problem-load-failed').count()).toBe(0);
    await screenshot(page, 'group-training-problem');

    // The member opens it from the group's Problems tab and solves it (judged against the zip's cases).
    await page.goto(`/group/${gid}/problem`);
    await page.getByTestId(`group-problem-${displayId}`).click();
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/group/${gid}/problem/${encodeURIComponent(displayId)}`);
    await page.getByTestId('problem-detail').waitFor();
    // the editor is read-only until the problem has loaded
    await page.locator('[data-testid="code-editor"]:not([data-readonly])').waitFor();
    await page.getByTestId('language-select').selectOption({ label: 'Python3' });
    await typeCode(page, PY_RIGHT);
    await page.getByTestId('submit-button').click();
    await expectAcceptedVerdict(page, 60_000);
    // back on the list: the member's tick, from this group's submissions
    await page.goto(`/group/${gid}/problem`);
    await page.getByTestId(`group-problem-${displayId}`).getByTestId('group-problem-mark-ac').waitFor();
    expect(pageErrors(page)).toEqual([]);
    const rankPage = await newPage(DESKTOP);
    await logInByApi(rankPage, owner.username, PASSWORD);
    await rankPage.goto(`/group/${gid}/rank`);
    await expect
      .poll(() => rankPage.getByTestId(`group-rank-row-${applicant.username}`).textContent())
      .toMatch(/^1/);
    expect(
      await rankPage
        .getByTestId(`group-rank-row-${applicant.username}`)
        .getByTestId('group-rank-ac')
        .textContent(),
    ).toBe('1');
    await screenshot(rankPage, 'group-rank');
    expect(pageErrors(rankPage)).toEqual([]);
  });

  it('the owner creates a group contest in the Contest tab and adds the group problem with the add-from-group form; the problem becomes contest-only', async () => {
    const page = await newPage(DESKTOP);
    await logInByApi(page, owner.username, PASSWORD);
    await page.goto(`/group/${gid}/contest`);
    await page.getByTestId('group-contests-empty').waitFor();
    await page.getByTestId('group-contest-admin-switch').setChecked(true, { force: true });
    await page.getByTestId('admin-contest-list').waitFor();
    await page.getByTestId('admin-contest-create').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/group/${gid}/contest-create`);
    await page.getByTestId('contest-form-title').fill(CONTEST_TITLE);
    await page.getByTestId('contest-form-description').fill('One problem, **ACM** rules.');
    // The form proposes a start in an hour, five hours long.
    expect(await page.getByTestId('contest-form-duration').textContent()).toBe('05:00:00');
    await page.getByTestId('contest-form-open-rank').setChecked(true, { force: true });
    await screenshot(page, 'group-contest-create');
    await page.getByTestId('contest-form-save').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/group/${gid}/contest`);
    await page.getByTestId('group-contest-admin-switch').setChecked(true, { force: true });
    const row = page.locator('[data-testid^="admin-contest-row-"]', { hasText: CONTEST_TITLE });
    await row.waitFor();
    cid = Number((await row.getAttribute('data-testid'))!.split('-').pop());
    await page.getByTestId(`admin-contest-problems-${cid}`).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/group/${gid}/contest-problems/${cid}`);
    await page.getByTestId('admin-cp-empty').waitFor();
    await page.getByTestId('group-contest-from-group-pid').fill(displayId);
    await page.getByTestId('group-contest-from-group-display').fill('A');
    await page.getByTestId('group-contest-from-group-add').click();
    await expect.poll(() => page.getByTestId('admin-cp-row-A').textContent()).toContain(PROBLEM_TITLE);
    await screenshot(page, 'group-contest-problems');
    // As in the reference, a problem linked to a group contest leaves the group's problem list.
    await page.getByTestId('group-tab-problem').click();
    await page.getByTestId('group-problems').waitFor();
    await expect.poll(() => page.getByTestId(`group-problem-${displayId}`).count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('the member finds the training and the contest in the group tabs (en-US, 375 px)', async () => {
    const page = await newPage(MOBILE, { locale: 'en-US' });
    await logInByApi(page, applicant.username, PASSWORD);
    await page.goto(`/group/${gid}/training?l=en-us`);
    await expect.poll(() => page.getByTestId(`training-row-${tid}`).textContent()).toContain(TRAINING_TITLE);
    await screenshot(page, 'group-trainings');
    await page.getByTestId('group-tab-contest').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/group/${gid}/contest`);
    await expect.poll(() => page.getByTestId(`contest-row-${cid}`).textContent()).toContain(CONTEST_TITLE);
    expect(await page.getByTestId('group-contest-admin-switch').count()).toBe(0);
    expect(await page.getByTestId('group-contests').textContent()).toContain('Scheduled');
    await screenshot(page, 'group-contests');
    expect(pageErrors(page)).toEqual([]);
  });

  it('the owner makes the problem public in the group again and asks to publish it; a site admin approves', async () => {
    const page = await newPage(DESKTOP);
    page.on('dialog', (d) => void d.accept());
    await logInByApi(page, owner.username, PASSWORD);
    await page.goto(`/group/${gid}/problem`);
    await page.getByTestId('group-problems').waitFor();
    await page.getByTestId('group-problem-admin-switch').setChecked(true, { force: true });
    // Contest-only since the contest: the owner makes it public in the group again, then applies.
    const auth = page.getByTestId(`group-admin-problem-${displayId}`).locator('select');
    await expect.poll(() => auth.inputValue()).toBe('3');
    await auth.selectOption('1');
    await expect.poll(() => auth.inputValue()).toBe('1');
    await page.getByTestId(`group-apply-public-${displayId}`).click();
    await expect
      .poll(() => page.getByTestId(`group-admin-problem-${displayId}`).textContent())
      .toContain('申请公开中');
    await screenshot(page, 'group-problem-admin');

    const admin = await newPage(DESKTOP);
    await logInByApi(admin, 'root', e2e().rootPassword);
    await admin.goto('/admin/group-problem/apply');
    await expect
      .poll(() => admin.getByTestId(`group-review-${displayId}`).textContent())
      .toContain('申请公开中');
    await screenshot(admin, 'group-problem-review');
    await admin.getByTestId(`group-review-approve-${displayId}`).click();
    // Approved: it leaves the group's review list and becomes a site problem.
    await expect.poll(() => admin.getByTestId(`group-review-${displayId}`).count()).toBe(0);
    // Public now: anyone reads it on the site.
    const detail = await fetch(`${e2e().baseUrl}/api/get-problem-detail?problemId=${displayId}`);
    expect(((await detail.json()) as { status: number }).status).toBe(200);
    expect(pageErrors(page)).toEqual([]);
  });

  it('the group rank lists both members (375 px, en-US) and the list renders at 375 px', async () => {
    const page = await newPage(MOBILE, { locale: 'en-US' });
    await logInByApi(page, applicant.username, PASSWORD);
    await page.goto(`/group/${gid}/rank?l=en-us`);
    await expect.poll(() => page.getByTestId(`group-rank-row-${owner.username}`).count()).toBe(1);
    await expect.poll(() => page.getByTestId(`group-rank-row-${applicant.username}`).count()).toBe(1);
    await screenshot(page, 'group-rank');
    await page.goto('/group?onlyMine=true');
    await expect.poll(() => page.getByTestId(`group-card-${gid}`).count()).toBe(1);
    await screenshot(page, 'group-list');
    expect(pageErrors(page)).toEqual([]);
  });
});

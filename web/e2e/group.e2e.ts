// Groups in real Chromium (issue #14): a user creates a protected group through the fullscreen
// dialog; another applies with a reason; the owner's member admin list shows the application
// without a reload; the owner accepts and the applicant's open page turns into a member's, again
// without a reload; both languages; screenshots at 1400 and 375 px.
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
  uniqueName,
} from './support/browser';
import { AB_CASES, apiLogin, call, PY_RIGHT, waitVerdict } from './support/contest';

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

describe('groups: create, apply, live decision', () => {
  let gid = 0;

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

  it('the owner adds a group problem, the member solves it and shows on the group rank; the owner asks to publish it and a site admin approves', async () => {
    const languages = await call<{ id: number }[]>(null, 'GET', '/api/languages?all=false');
    await call(ownerSession, 'POST', '/api/group/problem', {
      problem: {
        problemId: '1',
        title: `E2E group sum ${suffix}`,
        description: 'Add two numbers.',
        input: 'a b',
        output: 'a+b',
        type: 0,
        auth: 1,
        timeLimit: 1000,
        memoryLimit: 256,
        stackLimit: 128,
        judgeMode: 'default',
        isRemote: false,
        gid,
      },
      samples: AB_CASES,
      isUploadTestCase: false,
      judgeMode: 'default',
      languages: languages.map((l) => ({ id: l.id })),
      tags: [],
      codeTemplates: [],
    });
    const displayId = `${GROUP.shortName}1`.toUpperCase();
    // The applicant, a member now, solves it through the group (gid) and appears on the group rank.
    const member = await apiLogin(applicant.username, PASSWORD);
    const { submitId } = await call<{ submitId: number }>(member, 'POST', '/api/submit-problem-judge', {
      pid: displayId,
      language: 'Python3',
      code: PY_RIGHT,
      cid: 0,
      gid,
    });
    expect((await waitVerdict(member, submitId)).status).toBe(0);
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

    const page = await newPage(DESKTOP);
    page.on('dialog', (d) => void d.accept());
    await logInByApi(page, owner.username, PASSWORD);
    await page.goto(`/group/${gid}/problem`);
    await expect.poll(() => page.getByTestId(`group-problem-${displayId}`).count()).toBe(1);
    await page.getByTestId('group-problem-admin-switch').setChecked(true, { force: true });
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

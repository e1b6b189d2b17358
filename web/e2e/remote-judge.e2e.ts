// The remote judge in Chromium: root adds a Codeforces account and imports CF-4A through the
// back-office screens (against the fake Codeforces the global setup starts), a user submits to
// it and sees Accepted arrive without a reload.
import { describe, expect, it } from 'vitest';
import {
  e2e,
  expectAcceptedVerdict,
  logInByApi,
  newPage,
  registerUserByApi,
  typeCode,
  uniqueName,
} from './support/browser';

describe('remote judge', () => {
  it('root imports a Codeforces problem; a user submits and sees the verdict pushed', async () => {
    const admin = await newPage();
    await logInByApi(admin, 'root', e2e().rootPassword);
    await admin.goto('/admin/remote-account');
    await admin.getByPlaceholder('用户名').fill('tourist');
    await admin.getByPlaceholder('密码').fill('secret-1');
    await admin.getByRole('button', { name: '添加' }).click();
    await admin.getByText('tourist').waitFor();

    await admin.goto('/admin/problem/remote-import');
    await admin.getByLabel('题号').fill('4A');
    await admin.getByRole('button', { name: '预览' }).click();
    await expect.poll(() => admin.getByTestId('remote-preview').textContent()).toContain('Watermelon');
    await admin.getByRole('button', { name: '导入' }).click();
    await admin.getByRole('link', { name: 'CF-4A' }).waitFor();

    const user = await registerUserByApi(uniqueName('rj'), 'remote-pass-1');
    const page = await newPage();
    await logInByApi(page, user.username, user.password);
    await page.goto('/problem/CF-4A');
    await page.getByTestId('language-select').selectOption({ label: 'GNU G++17 7.3.0' });
    await typeCode(page, 'int main(){puts("YES");}');
    await page.getByTestId('submit-button').click();
    await expectAcceptedVerdict(page, 30_000);
  }, 90_000);
});

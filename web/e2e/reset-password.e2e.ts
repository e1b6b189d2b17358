// The reset-password request in the dialog and the /reset-password page. The captcha answer lives
// only in an image (svg-captcha draws it as paths): a script cannot read it the way a person does,
// so the successful request is not exercised here; everything up to the server's captcha check is.
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, newPage, registerUserByApi, toastText, uniqueName } from './support/browser';

let user: { username: string; email: string };
beforeAll(async () => {
  user = await registerUserByApi(uniqueName('reset'), 'e2e-pass-123');
});

describe('reset password', () => {
  it('validates the request form, shows a captcha image that refreshes, and reports a wrong captcha', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/home');
    await page.getByTestId('nav-login').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('to-reset').click();
    await dialog.getByTestId('reset-request-form').waitFor();
    expect(await dialog.textContent()).toContain('重置密码 - OJ');

    const image = dialog.getByTestId('reset-captcha-image').locator('img');
    await expect.poll(() => image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    // the image is a real picture the browser could draw
    expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const first = await image.getAttribute('src');
    await dialog.getByTestId('reset-captcha-image').click();
    await expect.poll(() => image.getAttribute('src')).not.toBe(first);

    await dialog.getByTestId('reset-submit').click();
    await expect.poll(() => dialog.textContent()).toContain('邮箱不能为空');
    expect(await dialog.textContent()).toContain('验证码不能为空');

    await dialog.getByTestId('reset-email').fill('not-an-email');
    await dialog.getByTestId('reset-captcha').fill('12');
    await dialog.getByTestId('reset-submit').click();
    await expect.poll(() => dialog.textContent()).toContain('邮箱格式错误');

    // an address nobody registered is caught before the server is asked
    await dialog.getByTestId('reset-email').fill(`${uniqueName('ghost')}@e2e.test`);
    await dialog.getByTestId('reset-submit').click();
    await expect.poll(() => dialog.textContent()).toContain('邮箱不存在');

    // a registered address with a wrong answer reaches the server, which refuses it; a new image comes
    await dialog.getByTestId('reset-email').fill(user.email);
    const before = await image.getAttribute('src');
    await dialog.getByTestId('reset-captcha').fill('99999999');
    await dialog.getByTestId('reset-submit').click();
    await expect.poll(() => toastText(page)).toContain('验证码不正确');
    await expect.poll(() => image.getAttribute('src')).not.toBe(before);
    expect(await dialog.getByTestId('reset-captcha').inputValue()).toBe('');
    // no cooldown started: the request did not go through
    expect(await dialog.getByTestId('reset-submit').isDisabled()).toBe(false);

    await dialog.getByTestId('to-login').click();
    await dialog.getByTestId('login-form').waitFor();
  });

  it('checks the new password on /reset-password and reports a link whose code is wrong', async () => {
    const page = await newPage(DESKTOP);
    await page.goto(`/reset-password?username=${user.username}&code=not-the-code`);
    const form = page.getByTestId('reset-password-page');
    await form.waitFor();
    expect(await page.getByTestId('newpwd-username').inputValue()).toBe(user.username);
    await page.getByTestId('newpwd-password').fill('new-pass-123');
    await page.getByTestId('newpwd-password-again').fill('new-pass-124');
    await page.getByTestId('newpwd-submit').click();
    await expect.poll(() => form.textContent()).toContain('两次输入的密码不一致');
    await page.getByTestId('newpwd-password-again').fill('new-pass-123');
    await page.getByTestId('newpwd-submit').click();
    // no reset was requested for this user, so the link is unknown to the server
    await expect.poll(() => toastText(page)).toContain('重置密码链接不存在或已过期');
  });
});

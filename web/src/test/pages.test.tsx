// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccount } from '../account/store';
import { useSession } from '../store/session';
import { useUi } from '../store/ui';
import { ok, renderApp, resetStores, stubFetch } from './harness';

const USER = { uid: 'u1', username: 'alice', nickname: null, avatar: null, roleList: ['default_user'] };

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('reset password', () => {
  it('/reset-password sends username, password and code, then opens the login dialog', async () => {
    const calls = stubFetch((url) => {
      if (url === '/api/check-username-or-email') return ok({ username: true, email: false });
      if (url === '/api/reset-password') return ok(null);
      return undefined;
    });
    const { location } = renderApp('/reset-password?username=alice&code=c0de');
    const username = (await screen.findByTestId('newpwd-username')) as HTMLInputElement;
    expect(username.value).toBe('alice');
    expect(username.readOnly).toBe(true);
    fill('newpwd-password', 'newpass1');
    fill('newpwd-password-again', 'newpass2');
    fireEvent.click(screen.getByTestId('newpwd-submit'));
    expect(await screen.findByText('Password does not match')).toBeTruthy();
    fill('newpwd-password-again', 'newpass1');
    fireEvent.click(screen.getByTestId('newpwd-submit'));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(calls.find((c) => c.url === '/api/reset-password')?.body).toEqual({
      username: 'alice',
      password: 'newpass1',
      code: 'c0de',
    });
    expect(useUi.getState().accountDialog).toEqual({ open: true, mode: 'Login' });
  });

  it('a failed reset request clears and refreshes the captcha; success starts the 90 s cooldown', async () => {
    let captchas = 0;
    let fail = true;
    const calls = stubFetch((url) => {
      if (url === '/api/captcha')
        return ok({ img: `data:image/png;base64,${++captchas}`, captchaKey: `k${captchas}` });
      if (url === '/api/check-username-or-email') return ok({ username: false, email: true });
      if (url === '/api/apply-reset-password')
        return fail ? { body: { status: 400, msg: '验证码不正确', data: null } } : ok(null);
      return undefined;
    });
    renderApp('/home');
    act(() => useUi.getState().openAccountDialog('ResetPwd'));
    await waitFor(() => expect(captchas).toBe(1));
    fill('reset-email', 'a@b.io');
    fill('reset-captcha', '12');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(captchas).toBe(2));
    expect((screen.getByTestId('reset-captcha') as HTMLInputElement).value).toBe('');
    expect(calls.find((c) => c.url === '/api/apply-reset-password')?.body).toEqual({
      email: 'a@b.io',
      captcha: '12',
      captchaKey: 'k1',
    });
    fail = false;
    fill('reset-captcha', '7');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(useAccount.getState().cooldownEndsAt.reset).not.toBeNull());
    const left = ((useAccount.getState().cooldownEndsAt.reset ?? 0) - Date.now()) / 1000;
    expect(left).toBeGreaterThan(85);
    expect(left).toBeLessThanOrEqual(90);
    expect((screen.getByTestId('reset-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('register', () => {
  it('sends the form without passwordAgain and clears the code when registration fails', async () => {
    let succeed = false;
    const calls = stubFetch((url) => {
      if (url === '/api/check-username-or-email') return ok({ username: false, email: false });
      if (url === '/api/register')
        return succeed ? ok(null) : { body: { status: 400, msg: '验证码不正确', data: null } };
      return undefined;
    });
    renderApp('/home');
    act(() => useUi.getState().openAccountDialog('Register'));
    // the forms load with the dialog
    await screen.findByTestId('register-form');
    fill('register-username', 'bob');
    fill('register-email', 'bob@x.io');
    fill('register-password', 'secret1');
    fill('register-password-again', 'secret1');
    fill('register-code', '123456');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect((screen.getByTestId('register-code') as HTMLInputElement).value).toBe(''));
    expect(calls.find((c) => c.url === '/api/register')?.body).toEqual({
      username: 'bob',
      password: 'secret1',
      email: 'bob@x.io',
      code: '123456',
    });
    succeed = true;
    fill('register-code', '654321');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(useUi.getState().accountDialog.mode).toBe('Login'));
    // issue #16: the login form opens with the new username
    expect(((await screen.findByTestId('login-username')) as HTMLInputElement).value).toBe('bob');
  });
});

describe('logout and contests', () => {
  it('/logout calls the server, clears the session and goes home', async () => {
    const calls = stubFetch((url) => (url === '/api/logout' ? ok(null) : undefined));
    useSession.getState().signIn('tok', USER);
    const { location } = renderApp('/logout');
    await waitFor(() => expect(location.history.at(-1)).toBe('/home'));
    expect(calls.some((c) => c.url === '/api/logout' && c.headers.get('authorization') === 'tok')).toBe(true);
    expect(useSession.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('clicking a contest on the home page asks anonymous visitors to log in', async () => {
    stubFetch((url) =>
      url === '/api/get-recent-contest'
        ? ok([
            {
              id: 9,
              title: 'Weekly',
              type: 0,
              auth: 0,
              status: 0,
              startTime: '2024-01-01T00:00:00.000+0000',
              endTime: '2024-01-01T05:00:00.000+0000',
              duration: 18000,
              count: null,
            },
          ])
        : undefined,
    );
    const { location } = renderApp('/home');
    fireEvent.click(await screen.findByTestId('home-contest'));
    expect(useUi.getState().accountDialog.open).toBe(true);
    expect(location.history.at(-1)).toBe('/home');
  });
});

describe('chrome', () => {
  it('switches the language and stores the choice', async () => {
    stubFetch(() => undefined);
    renderApp('/home');
    fireEvent.click(await screen.findByTestId('language-switch'));
    fireEvent.click(await screen.findByTestId('language-zh-CN'));
    await waitFor(() => expect(screen.getByTestId('nav-login').textContent).toBe('登录'));
    expect(localStorage.getItem('Web_Language')).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('hides the footer on a problem page', async () => {
    stubFetch(() => undefined);
    useSession.getState().signIn('tok', USER);
    renderApp('/problem/1000');
    expect(await screen.findByTestId('problem-detail')).toBeTruthy();
    expect(screen.queryByTestId('footer')).toBeNull();
  });

  it('uses a drawer with the same entries on narrow screens', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    stubFetch(() => undefined);
    renderApp('/home');
    expect(screen.queryByTestId('nav-problem')).toBeNull();
    fireEvent.click(await screen.findByTestId('nav-drawer-toggle'));
    expect(await screen.findByTestId('drawer-problem')).toBeTruthy();
    expect(screen.getByTestId('drawer-rank')).toBeTruthy();
    fireEvent.click(screen.getByTestId('drawer-login'));
    await waitFor(() => expect(useUi.getState().accountDialog.open).toBe(true));
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccount } from '../account/store';
import { useSession } from '../store/session';
import { useUi } from '../store/ui';
import { ok, renderApp, resetStores, stubFetch } from './harness';

const USER = { uid: 'u1', username: 'alice', nickname: null, avatar: null, roleList: ['default_user'] };

function signIn(roles = ['default_user']) {
  useSession.getState().signIn('tok-1', { ...USER, roleList: roles });
}

beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('routing and shell', () => {
  it('redirects / to /home and shows empty states when every home call fails', async () => {
    stubFetch(() => undefined);
    const { location } = renderApp('/');
    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(location.history.at(-1)).toBe('/home');
    expect(await screen.findByTestId('announcements-empty')).toBeTruthy();
    expect(await screen.findByTestId('home-contests-empty')).toBeTruthy();
    expect(await screen.findByTestId('home-rank-empty')).toBeTruthy();
    expect(screen.getByTestId('footer')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Beginner Training/ })[0]?.getAttribute('href')).toBe(
      '/training?categoryId=22&currentPage=1',
    );
  });

  it('fills the home panels from the documented endpoints', async () => {
    stubFetch((url) => {
      if (url.startsWith('/api/get-common-announcement'))
        return ok({
          records: [
            {
              id: 1,
              title: 'Hello',
              content: '**bold** <img src=x onerror=alert(1)>',
              username: 'root',
              gmtCreate: '2024-01-01T00:00:00.000+0000',
            },
          ],
          total: 1,
          size: 5,
          current: 1,
          pages: 1,
          orders: [],
          searchCount: true,
        });
      if (url === '/api/get-recent-updated-problem')
        return ok([{ id: 1, problemId: '1000', title: 'A+B', gmtModified: '2024-01-01T00:00:00.000+0000' }]);
      if (url === '/api/get-recent-seven-ac-rank')
        return ok([{ uid: 'x', username: 'bob', nickname: null, avatar: null, ac: 7 }]);
      return undefined;
    });
    renderApp('/home');
    const row = await screen.findByTestId('announcement-item');
    expect((await screen.findByTestId('home-problem')).textContent).toContain('A+B');
    expect((await screen.findByTestId('home-rank-row')).textContent).toContain('bob');
    fireEvent.click(row);
    const panel = screen.getByTestId('announcements');
    await waitFor(() => expect(panel.querySelector('strong')?.textContent).toBe('bold'));
    expect(panel.innerHTML).not.toContain('onerror');
    fireEvent.click(screen.getByTestId('announcement-back'));
    expect(screen.getByTestId('announcement-item')).toBeTruthy();
  });

  it('shows the animated 404 for unknown paths', async () => {
    stubFetch(() => undefined);
    const { location } = renderApp('/no/such/page');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('not-found').textContent).toContain('404'), {
      timeout: 3000,
    });
    fireEvent.click(screen.getByTestId('not-found-home'));
    expect(location.history.at(-1)).toBe('/home');
  });

  it('opens the login dialog on a login-only route when anonymous', async () => {
    stubFetch(() => undefined);
    renderApp('/setting');
    expect(await screen.findByTestId('login-required')).toBeTruthy();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Login - OJ')).toBeTruthy();
  });

  it('renders a login-only route when signed in', async () => {
    stubFetch(() => undefined);
    signIn();
    renderApp('/setting');
    expect(await screen.findByTestId('settings')).toBeTruthy();
    expect(useUi.getState().accountDialog.open).toBe(false);
  });

  it('sends anonymous admin visitors to /admin/login and blocks non-admins', async () => {
    stubFetch(() => undefined);
    const { location, unmount } = renderApp('/admin/problem');
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/login'));
    unmount();
    signIn();
    renderApp('/admin');
    expect(await screen.findByTestId('admin-forbidden')).toBeTruthy();
  });

  it('shows Register only when the site allows it', async () => {
    stubFetch((url) =>
      url === '/api/get-website-config' ? ok({ register: false, shortName: 'TOJ' }) : undefined,
    );
    renderApp('/home');
    await waitFor(() => expect(screen.getByTestId('nav-brand').textContent).toBe('TOJ'));
    expect(screen.getByTestId('nav-login')).toBeTruthy();
    expect(screen.queryByTestId('nav-register')).toBeNull();
  });

  it('shows the management entry only for admin roles and the unread dot from /api/msg/unread', async () => {
    const calls = stubFetch((url) => {
      if (url === '/api/msg/unread') return ok({ comment: 0, reply: 150, like: 0, sys: 0, mine: 0 });
      if (url === '/api/get-user-auth-info') return ok({ roles: ['admin'], permissions: null });
      return undefined;
    });
    signIn();
    renderApp('/home');
    expect(await screen.findByTestId('message-dot')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/msg/unread')?.headers.get('authorization')).toBe('tok-1');
    // the role refresh at start promotes the user to admin
    await waitFor(() => expect(useSession.getState().user?.roleList).toEqual(['admin']));
    fireEvent.click(screen.getByTestId('user-menu'));
    expect(await screen.findByTestId('user-menu-admin')).toBeTruthy();
    fireEvent.click(screen.getByTestId('message-menu'));
    expect((await screen.findByTestId('message-reply-count')).textContent).toBe('99');
  });
});

describe('account dialog', () => {
  /** Opens the dialog on the login tab; the forms load with the dialog. */
  async function openLogin() {
    act(() => useUi.getState().openAccountDialog('Login'));
    await screen.findByTestId('login-form');
  }
  function fill(testId: string, value: string) {
    fireEvent.change(screen.getByTestId(testId), { target: { value } });
  }

  it('validates before calling the server', async () => {
    const calls = stubFetch(() => undefined);
    renderApp('/home');
    await openLogin();
    fill('login-password', '123');
    fireEvent.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText('The username is required')).toBeTruthy();
    expect(screen.getByText('The password must be 6 to 20 characters')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/login')).toBe(false);
  });

  it('logs in with the token from the authorization header', async () => {
    const calls = stubFetch((url) =>
      url === '/api/login'
        ? { body: { status: 200, msg: 'success', data: USER }, headers: { Authorization: 'jwt-from-header' } }
        : undefined,
    );
    renderApp('/home');
    await openLogin();
    fill('login-username', 'alice');
    fill('login-password', 'secret1');
    fireEvent.click(await screen.findByTestId('login-submit'));
    await waitFor(() => expect(useSession.getState().token).toBe('jwt-from-header'));
    expect(localStorage.getItem('token')).toBe('jwt-from-header');
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}').username).toBe('alice');
    const login = calls.find((c) => c.url === '/api/login');
    expect(login?.body).toEqual({ username: 'alice', password: 'secret1' });
    expect(login?.headers.get('authorization')).toBeNull();
    expect(await screen.findByTestId('user-menu')).toBeTruthy();
  });

  it('asks for the slider after five failed logins', async () => {
    stubFetch((url) =>
      url === '/api/login' ? { body: { status: 400, msg: 'wrong', data: null } } : undefined,
    );
    renderApp('/home');
    await openLogin();
    fill('login-username', 'alice');
    fill('login-password', 'badpass');
    for (let i = 1; i <= 5; i++) {
      fireEvent.click(screen.getByTestId('login-submit'));
      await waitFor(() => expect(useAccount.getState().loginFailures).toBe(i));
    }
    expect(await screen.findByTestId('slide-verify')).toBeTruthy();
    expect((screen.getByTestId('login-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('answers the server captcha demand: shows the image, sends key and answer, refreshes after a failure', async () => {
    let captchas = 0;
    let logins = 0;
    const calls = stubFetch((url) => {
      if (url === '/api/captcha') {
        captchas += 1;
        return ok({ img: `data:image/svg+xml;base64,${captchas}`, captchaKey: `key-${captchas}` });
      }
      if (url !== '/api/login') return undefined;
      logins += 1;
      if (logins === 1)
        return { body: { status: 400, msg: '登录失败次数过多，请先完成验证码验证！', data: null } };
      if (logins === 2) return { body: { status: 400, msg: '验证码不正确', data: null } };
      return { body: { status: 200, msg: 'success', data: USER }, headers: { Authorization: 'jwt-2' } };
    });
    renderApp('/home');
    await openLogin();
    fill('login-username', 'alice');
    fill('login-password', 'secret1');
    fireEvent.click(screen.getByTestId('login-submit'));
    const image = await screen.findByTestId('login-captcha-image');
    await waitFor(() => expect(image.querySelector('img')?.getAttribute('src')).toContain('base64,1'));
    // no answer yet: the form says so instead of calling the server
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('The captcha is required')).toBeTruthy();
    expect(logins).toBe(1);
    fill('login-captcha', '12');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(logins).toBe(2));
    const second = calls.filter((c) => c.url === '/api/login')[1];
    expect(second?.body).toEqual({
      username: 'alice',
      password: 'secret1',
      captchaKey: 'key-1',
      captcha: '12',
    });
    // the wrong answer brought a fresh captcha and cleared the input
    await waitFor(() => expect(image.querySelector('img')?.getAttribute('src')).toContain('base64,2'));
    expect((screen.getByTestId('login-captcha') as HTMLInputElement).value).toBe('');
    // a click on the image asks for another one
    fireEvent.click(image);
    await waitFor(() => expect(captchas).toBe(3));
    await waitFor(() => expect(image.querySelector('img')?.getAttribute('src')).toContain('base64,3'));
    fill('login-captcha', '7');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(useSession.getState().token).toBe('jwt-2'));
    expect(calls.filter((c) => c.url === '/api/login')[2]?.body).toMatchObject({
      captchaKey: 'key-3',
      captcha: '7',
    });
  });

  it('logs out to /home without opening the login dialog', async () => {
    const calls = stubFetch((url) => (url === '/api/logout' ? ok(null) : undefined));
    signIn();
    const { location } = renderApp('/logout');
    await waitFor(() => expect(useSession.getState().token).toBeNull());
    await waitFor(() => expect(location.history.at(-1)).toBe('/home'));
    expect(await screen.findByTestId('nav-login')).toBeTruthy();
    expect(useUi.getState().accountDialog.open).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    // a second call would meet the revoked token with an HTTP 401, which opens the dialog
    expect(calls.filter((c) => c.url === '/api/logout')).toHaveLength(1);
  });

  it('keeps the register cooldown when the dialog is closed and reopened', async () => {
    const calls = stubFetch((url) =>
      url.startsWith('/api/get-register-code') ? ok({ email: 'a@b.io', expire: 300 }) : undefined,
    );
    renderApp('/home');
    act(() => useUi.getState().openAccountDialog('Register'));
    // the forms load with the dialog
    await screen.findByTestId('register-form');
    fill('register-email', 'not-an-email');
    fireEvent.click(await screen.findByTestId('register-send-code'));
    expect(calls.some((c) => c.url.startsWith('/api/get-register-code'))).toBe(false);
    fill('register-email', 'a@b.io');
    fireEvent.click(screen.getByTestId('register-send-code'));
    await waitFor(() =>
      expect(screen.getByTestId('register-send-code').textContent).toMatch(/Resend in (60|59) s/),
    );
    act(() => useUi.getState().closeAccountDialog());
    await waitFor(() => expect(screen.queryByTestId('register-form')).toBeNull());
    act(() => useUi.getState().openAccountDialog('Register'));
    const button = (await screen.findByTestId('register-send-code')) as HTMLButtonElement;
    expect(button.textContent).toMatch(/Resend in \d+ s/);
    expect(button.disabled).toBe(true);
  });

  it('re-enables the send button when the code request fails', async () => {
    stubFetch((url) =>
      url.startsWith('/api/get-register-code')
        ? { body: { status: 400, msg: 'too fast', data: null } }
        : undefined,
    );
    renderApp('/home');
    act(() => useUi.getState().openAccountDialog('Register'));
    // the forms load with the dialog
    await screen.findByTestId('register-form');
    fill('register-email', 'a@b.io');
    fireEvent.click(await screen.findByTestId('register-send-code'));
    await waitFor(() => expect(screen.getByTestId('register-send-code').textContent).toBe('Send code'));
    expect(useAccount.getState().cooldownEndsAt.register).toBeNull();
    const note = await screen.findByTestId('error-notification');
    expect(note.textContent).toBe('Errortoo fast');
  });

  it('rejects a taken username on register', async () => {
    stubFetch((url, init) => {
      if (url === '/api/check-username-or-email') {
        const body = JSON.parse(String(init.body)) as { username?: string };
        return ok({ username: body.username === 'alice', email: false });
      }
      return undefined;
    });
    renderApp('/home');
    act(() => useUi.getState().openAccountDialog('Register'));
    // the forms load with the dialog
    await screen.findByTestId('register-form');
    fill('register-username', 'alice');
    fireEvent.blur(await screen.findByTestId('register-username'));
    expect(await screen.findByText('The username already exists')).toBeTruthy();
  });
});

describe('session sync', () => {
  it('logs this tab out when another tab removes the token', async () => {
    stubFetch(() => undefined);
    signIn();
    const { location } = renderApp('/status');
    await screen.findByTestId('user-menu');
    localStorage.removeItem('token');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 'tok-1', newValue: null }));
    });
    await waitFor(() => expect(useSession.getState().token).toBeNull());
    expect(location.history.at(-1)).toBe('/home');
    expect(await screen.findByTestId('nav-login')).toBeTruthy();
  });

  it('clears the session and opens the login dialog on HTTP 401', async () => {
    stubFetch((url) =>
      url === '/api/msg/unread' ? { status: 401, body: { status: 401, msg: 'expired' } } : undefined,
    );
    signIn();
    renderApp('/home');
    await waitFor(() => expect(useSession.getState().token).toBeNull());
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(useUi.getState().accountDialog).toEqual({ open: true, mode: 'Login' });
  });
});

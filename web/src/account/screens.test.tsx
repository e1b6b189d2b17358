// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../store/session';
import { ok, renderApp, resetStores, stubFetch } from '../test/harness';

const USER = {
  uid: 'u1',
  username: 'alice',
  nickname: 'Al',
  avatar: null,
  email: 'a@b.cn',
  roleList: ['default_user'],
};
const path = (url: string) => url.split('?')[0];
const query = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));

beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('user home', () => {
  it('shows profile, stats, the heatmap and solved problems by difficulty', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const calls = stubFetch((url) => {
      if (path(url) === '/api/get-user-home-info')
        return ok({
          uid: 'u2',
          username: 'bob',
          nickname: null,
          school: 'MIT',
          signature: '**hi**',
          avatar: null,
          titleName: null,
          titleColor: null,
          github: null,
          blog: null,
          total: 9,
          rating: null,
          scoreList: [10, null, 5],
          solvedList: ['1000', '1001'],
          solvedGroupByDifficulty: {
            '0': [{ id: 1, problemId: '1000', difficulty: 0 }],
            '2': [{ id: 2, problemId: '1001', difficulty: 2 }],
          },
          recentLoginTime: null,
        });
      if (path(url) === '/api/get-user-calendar-heatmap')
        return ok({ endDate: today, dataList: [{ date: today, count: 4 }] });
      return undefined;
    });
    renderApp('/user-home?uid=u2&username=bob');
    expect((await screen.findByTestId('user-home-name')).textContent).toContain('bob');
    expect(query(calls.find((c) => path(c.url) === '/api/get-user-home-info')!.url)).toEqual({
      uid: 'u2',
      username: 'bob',
    });
    const stats = screen.getByTestId('user-home-stats').textContent!;
    expect(stats).toContain('9');
    expect(stats).toContain('15');
    const cells = await screen.findAllByTestId('heat-cell');
    // issue #16: month and weekday labels, a legend, and an avatar even without a picture
    expect(screen.getAllByTestId('heat-month').length).toBeGreaterThanOrEqual(11);
    expect(screen.getAllByTestId('heat-weekday').map((e) => e.textContent)).toEqual(['Mon', 'Wed', 'Fri']);
    expect(screen.getByTestId('heat-legend').textContent).toContain('Less');
    expect(screen.getByTestId('user-avatar').textContent).toMatch(/^[A-Z]$/);
    expect(cells).toHaveLength(365);
    expect(cells.at(-1)!.getAttribute('data-count')).toBe('4');
    fireEvent.click(screen.getByText('Solved problems'));
    const solved = await screen.findByTestId('user-home-solved');
    expect(solved.textContent).toContain('Easy');
    expect(solved.textContent).toContain('Hard');
    expect(solved.textContent).toContain('1001');
  });

  it('says the user does not exist', async () => {
    stubFetch((url) =>
      path(url) === '/api/get-user-home-info'
        ? { body: { status: 400, msg: '用户不存在', data: null } }
        : undefined,
    );
    renderApp('/user-home?username=ghost');
    expect(await screen.findByTestId('user-home-missing')).toBeTruthy();
  });
});

describe('settings', () => {
  it('validates and changes the password, showing the business answer in data.code', async () => {
    const calls = stubFetch((url) =>
      url === '/api/change-password'
        ? ok({ code: 400, msg: 'wrong old password', userInfo: null })
        : undefined,
    );
    useSession.getState().signIn('tok', USER);
    renderApp('/setting');
    await screen.findByTestId('settings');
    fireEvent.change(screen.getByTestId('setting-oldPassword'), { target: { value: 'abcdef' } });
    fireEvent.change(screen.getByTestId('setting-newPassword'), { target: { value: 'abcdef' } });
    fireEvent.change(screen.getByTestId('setting-againPassword'), { target: { value: 'abcdef' } });
    fireEvent.click(screen.getByTestId('setting-password-submit'));
    expect(await screen.findByText('The new password must differ from the old one')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/change-password')).toBe(false);
    fireEvent.change(screen.getByTestId('setting-newPassword'), { target: { value: 'ghijkl' } });
    fireEvent.change(screen.getByTestId('setting-againPassword'), { target: { value: 'ghijkl' } });
    fireEvent.click(screen.getByTestId('setting-password-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/change-password')?.body).toEqual({
        oldPassword: 'abcdef',
        newPassword: 'ghijkl',
      }),
    );
  });

  it('sends an e-mail code with a cooldown and changes the e-mail', async () => {
    const calls = stubFetch((url) => {
      if (path(url) === '/api/get-change-email-code') return ok(null);
      if (url === '/api/change-email')
        return ok({ code: 200, msg: 'ok', userInfo: { ...USER, email: 'new@b.cn' } });
      return undefined;
    });
    useSession.getState().signIn('tok', USER);
    renderApp('/setting');
    expect(((await screen.findByTestId('setting-current-email')) as HTMLInputElement).value).toBe('a@b.cn');
    fireEvent.change(screen.getByTestId('setting-new-email'), { target: { value: 'new@b.cn' } });
    fireEvent.click(screen.getByTestId('setting-send-code'));
    await waitFor(() =>
      expect(screen.getByTestId('setting-send-code').textContent).toMatch(/Resend in \d+ s/),
    );
    expect(query(calls.find((c) => path(c.url) === '/api/get-change-email-code')!.url)).toEqual({
      email: 'new@b.cn',
    });
    fireEvent.change(screen.getByTestId('setting-email-password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByTestId('setting-email-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('setting-email-submit'));
    await waitFor(() => expect(useSession.getState().user?.email).toBe('new@b.cn'));
    expect(calls.find((c) => c.url === '/api/change-email')!.body).toEqual({
      password: 'secret1',
      newEmail: 'new@b.cn',
      code: '123456',
      oldEmail: 'a@b.cn',
    });
  });

  it('saves the profile fields', async () => {
    const calls = stubFetch((url) =>
      url === '/api/change-userInfo' ? ok({ ...USER, nickname: 'Ally', school: 'MIT' }) : undefined,
    );
    useSession.getState().signIn('tok', USER);
    renderApp('/setting');
    expect(((await screen.findByTestId('setting-nickname')) as HTMLInputElement).value).toBe('Al');
    fireEvent.change(screen.getByTestId('setting-nickname'), { target: { value: 'Ally' } });
    fireEvent.change(screen.getByTestId('setting-school'), { target: { value: 'MIT' } });
    fireEvent.click(screen.getByTestId('setting-profile-save'));
    await waitFor(() => expect(useSession.getState().user?.nickname).toBe('Ally'));
    expect(calls.find((c) => c.url === '/api/change-userInfo')!.body).toMatchObject({
      nickname: 'Ally',
      school: 'MIT',
      gender: 'secrecy',
      blog: null,
    });
  });
});

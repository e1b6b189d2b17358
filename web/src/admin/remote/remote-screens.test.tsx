// @vitest-environment jsdom
// The remote judge's back-office screens over a stubbed API: the import screen previews then
// imports with the judge and id typed; the accounts screen lists without passwords and adds one.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../store/session';
import { ok, renderApp, resetStores, stubFetch } from '../../test/harness';

vi.mock('../../api/socket', async () => (await import('../../test/fake-socket')).idleSocketModuleMock());

const ROOT = { uid: 'r1', username: 'root', nickname: null, avatar: null, roleList: ['root'] };
const path = (url: string) => url.split('?')[0];

beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('remote judge screens', () => {
  it('previews a Codeforces problem, then imports it with the typed judge and id', async () => {
    const calls = stubFetch((url) => {
      if (path(url) === '/api/admin/problem/remote-oj-problem-preview')
        return ok({
          problemId: 'CF-4A',
          title: 'Watermelon',
          timeLimit: 1000,
          memoryLimit: 64,
          description: '',
          input: '',
          output: '',
          examples: '',
          hint: '',
          tags: ['math'],
          source: 'https://codeforces.com/problemset/problem/4/A',
          languages: ['GNU G++17 7.3.0'],
        });
      if (path(url) === '/api/admin/problem/import-remote-oj-problem') return ok(null);
      return undefined;
    });
    useSession.setState({ token: 't', user: ROOT });
    renderApp('/admin/problem/remote-import');
    fireEvent.change(await screen.findByLabelText('Problem ID'), { target: { value: '4A' } });
    fireEvent.click(screen.getByText('Preview'));
    const preview = await screen.findByTestId('remote-preview');
    expect(preview.textContent).toContain('CF-4A · Watermelon');
    expect(preview.textContent).toContain('Time limit 1000 ms');
    fireEvent.click(screen.getByText('Import'));
    expect(await screen.findByText('CF-4A')).toBeTruthy();
    const imported = calls.find((c) => path(c.url) === '/api/admin/problem/import-remote-oj-problem');
    expect(imported?.url).toContain('name=CF');
    expect(imported?.url).toContain('problemId=4A');
  });

  it('lists the accounts (state, no password) and adds one', async () => {
    let rows: { id: number; oj: string; username: string; status: number; leasedBy: string | null }[] = [
      { id: 1, oj: 'CF', username: 'tourist', status: 0, leasedBy: 'w1' },
    ];
    const calls = stubFetch((url, init) => {
      if (path(url) === '/api/admin/remote-judge/accounts') return ok(rows);
      if (path(url) === '/api/admin/remote-judge/account' && init?.method === 'POST') {
        rows = [...rows, { id: 2, oj: 'CF', username: 'petr', status: 1, leasedBy: null }];
        return ok(null);
      }
      return undefined;
    });
    useSession.setState({ token: 't', user: ROOT });
    renderApp('/admin/remote-account');
    expect(await screen.findByText('tourist')).toBeTruthy();
    expect(screen.getByText('In use')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Username'), { target: { value: 'petr' } });
    fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByText('Add'));
    await waitFor(() => expect(screen.getByText('petr')).toBeTruthy());
    const add = calls.find((c) => c.method === 'POST' && path(c.url) === '/api/admin/remote-judge/account');
    expect(add?.body).toEqual({ oj: 'CF', username: 'petr', password: 'pw' });
  });
});

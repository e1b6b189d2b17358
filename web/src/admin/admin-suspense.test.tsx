// @vitest-environment jsdom
// Issue #26 item 12: moving between back-office pages keeps the shell and the side menu; only the
// content area shows the loading spinner while the next page's code arrives.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../store/session';
import { ok, renderApp, resetStores, stubFetch } from '../test/harness';
import { clearToasts } from '../shell/toaster';

vi.mock('../api/socket', async () => (await import('../test/fake-socket')).idleSocketModuleMock());

const ROOT = { uid: 'r1', username: 'root', nickname: null, avatar: null, roleList: ['root'] };
const path = (url: string) => url.split('?')[0];

beforeEach(() => resetStores());
afterEach(async () => {
  await clearToasts();
  cleanup();
});

describe('admin navigation', () => {
  it('keeps the shell and menu while the next page loads; the spinner is inside the content', async () => {
    stubFetch((url) => {
      const p = path(url) ?? '';
      if (p === '/api/admin/dashboard/get-dashboard-info')
        return ok({ userNum: 1, todayJudgeNum: 0, recentContestNum: 0, runningContestNum: 0 });
      if (p === '/api/admin/dashboard/judge-servers') return ok({ servers: [], staleAfterMs: 12500, at: 0 });
      if (p === '/api/admin/dashboard/submission-rate') return ok({ points: [], at: 0 });
      if (p.startsWith('/api/admin/training')) return ok([]);
      // Every other call the shell and the pages make answered too: an error toast queued by an
      // unscripted call would fire its timer after the test environment is gone.
      if (p === '/api/get-training-category' || p === '/api/tools') return ok([]);
      if (p === '/api/msg/unread') return ok({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 });
      if (p === '/api/get-user-auth-info') return ok({ roles: ['root'], permissions: [] });
      return undefined;
    });
    useSession.setState({ token: 't', user: ROOT });
    const { location } = renderApp('/admin/dashboard');
    await screen.findByTestId('admin-menu', {}, { timeout: 10_000 });
    // the training back office is its own chunk, not loaded yet
    act(() => location.navigate('/admin/training/category'));
    const shell = screen.getByTestId('admin-shell');
    expect(screen.getByTestId('admin-menu')).toBeTruthy();
    expect(shell.querySelector('[data-testid="page-loading"]')).not.toBeNull();
    await waitFor(() => expect(shell.querySelector('[data-testid="page-loading"]')).toBeNull(), {
      timeout: 10_000,
    });
    expect(screen.getByTestId('admin-shell')).toBe(shell);
  });
});

// @vitest-environment jsdom
// Issue #26 item 12: a training problem is added by searching its display id or title and picking
// it, not by typing the internal pid; the display id in the training defaults to the problem's.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../store/session';
import { ok, renderApp, resetStores, stubFetch } from '../../test/harness';

vi.mock('../../api/socket', async () => (await import('../../test/fake-socket')).idleSocketModuleMock());

const ROOT = { uid: 'r1', username: 'root', nickname: null, avatar: null, roleList: ['root'] };
const path = (url: string) => url.split('?')[0];
const query = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));

beforeEach(() => resetStores());
afterEach(() => cleanup());

describe('admin training problems', () => {
  it('searches by display id, picks the match and sends its pid with the display id', async () => {
    const calls = stubFetch((url) => {
      const p = path(url);
      if (p === '/api/get-problem-list')
        return ok({
          records: query(url).keyword
            ? [
                {
                  pid: 41,
                  problemId: 'P1001',
                  title: 'Two sums',
                  difficulty: 0,
                  type: 0,
                  tags: [],
                  score: null,
                },
              ]
            : [],
          total: 1,
          size: 8,
          current: 1,
          pages: 1,
        });
      if (p === '/api/admin/training/get-problem-list')
        return ok({
          problemList: { records: [], total: 0, size: 10, current: 1, pages: 0 },
          trainingProblemMap: {},
        });
      if (p === '/api/admin/training/add-problem-from-public') return ok(null);
      return undefined;
    });
    useSession.setState({ token: 't', user: ROOT });
    renderApp('/admin/training/3/problems');
    const box = await screen.findByTestId('admin-training-add-pid', {}, { timeout: 10_000 });
    expect(screen.getByText('Problem')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'P1001' } });
    fireEvent.click(await screen.findByTestId('admin-training-match-P1001'));
    expect(screen.getByText('Chosen: P1001 Two sums')).toBeTruthy();
    expect((screen.getByTestId('admin-training-add-display') as HTMLInputElement).value).toBe('P1001');
    fireEvent.click(screen.getByTestId('admin-training-add'));
    await waitFor(() =>
      expect(
        calls.find((c) => path(c.url) === '/api/admin/training/add-problem-from-public')?.body,
      ).toMatchObject({
        pid: 41,
        tid: 3,
        displayId: 'P1001',
      }),
    );
  });
});

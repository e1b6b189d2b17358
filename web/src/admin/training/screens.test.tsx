// @vitest-environment jsdom
// The site back office on the shared training admin screens (the group tab runs them on its own
// adapter, see src/group/trainings.test.tsx): site calls, keyword search, category picked by id.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../store/session';
import {
  ok,
  okPage as page,
  renderApp,
  resetStores,
  stubFetch,
  urlPath as path,
  urlQuery as query,
} from '../../test/harness';

vi.mock('../../api/socket', async () => (await import('../../test/fake-socket')).idleSocketModuleMock());

const ROOT = { uid: 'r1', username: 'root', nickname: null, avatar: null, roleList: ['root'] };
const row = {
  id: 4,
  title: 'Site DP',
  description: 'dp',
  author: 'root',
  auth: 'Public',
  privatePwd: null,
  status: true,
  rank: 1,
  rankShowName: 'username',
  isGroup: false,
  gid: null,
  gmtCreate: null,
  gmtModified: null,
};

beforeEach(() => {
  resetStores();
  useSession.setState({ token: 't', user: ROOT as never });
});
afterEach(() => cleanup());

describe('site training back office', () => {
  it('lists through the admin call with the keyword search', async () => {
    const calls = stubFetch((url) =>
      path(url) === '/api/admin/training/get-training-list' ? page([row]) : undefined,
    );
    renderApp('/admin/training');
    await screen.findByTestId('admin-training-row-4');
    expect(screen.getByTestId('admin-training-delete-4')).toBeTruthy();
    const input =
      screen.getByTestId('admin-training-keyword').querySelector('input') ??
      screen.getByTestId('admin-training-keyword');
    fireEvent.change(input, { target: { value: 'dp' } });
    fireEvent.submit(input.closest('form') ?? input);
    await waitFor(() =>
      expect(
        calls.some(
          (c) => path(c.url) === '/api/admin/training/get-training-list' && query(c.url).keyword === 'dp',
        ),
      ).toBe(true),
    );
  });

  it('creates with a category picked by id and offers no group-problem form on the problems page', async () => {
    const calls = stubFetch((url, init) => {
      const p = path(url);
      if (p === '/api/get-training-category')
        return ok([
          { id: 22, name: 'Graphs', color: '#8f398f', gid: null, gmtCreate: null, gmtModified: null },
        ]);
      if (p === '/api/admin/training' && init.method === 'POST') return ok(null);
      if (p === '/api/admin/training/get-problem-list')
        return ok({
          problemList: { records: [], total: 0, size: 500, current: 1, pages: 0 },
          trainingProblemMap: {},
        });
      return undefined;
    });
    const { location } = renderApp('/admin/training/create');
    fireEvent.change(await screen.findByTestId('admin-training-title'), { target: { value: 'Flows' } });
    await screen.findByText('Graphs');
    fireEvent.change(screen.getByTestId('admin-training-category'), { target: { value: '22' } });
    expect(screen.queryByTestId('admin-training-category-name')).toBeNull();
    fireEvent.click(screen.getByTestId('admin-training-save'));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/training'));
    const post = calls.find((c) => c.method === 'POST' && path(c.url) === '/api/admin/training')!;
    expect(post.body).toMatchObject({ training: { title: 'Flows' }, trainingCategory: { id: 22 } });
    expect((post.body as { training: Record<string, unknown> }).training.gid).toBeUndefined();
    cleanup();
    renderApp('/admin/training/4/problems');
    await screen.findByTestId('admin-training-problems-empty');
    expect(screen.queryByTestId('admin-training-add-group-problem')).toBeNull();
  });
});

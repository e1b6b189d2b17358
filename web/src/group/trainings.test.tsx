// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../store/session';
import {
  ok,
  okPage as page,
  renderApp,
  resetStores,
  urlPath as path,
  urlQuery as query,
} from '../test/harness';
import { fakeSocket as sock } from '../test/fake-socket';

import { ALICE, stubGroupPage } from './test-fixtures';

vi.mock('../api/socket', async () => (await import('../test/fake-socket')).socketModuleMock());

const trainingVO = {
  id: 7,
  title: 'Group BFS',
  description: '',
  author: 'root',
  auth: 'Public',
  rank: 1,
  gid: 1000,
  rankShowName: 'username',
  categoryId: null,
  categoryName: 'Basics',
  categoryColor: '#409EFF',
  problemCount: 3,
  acCount: 1,
  gmtModified: '2026-01-01T00:00:00.000+0000',
};
const adminRow = {
  id: 7,
  title: 'Group BFS',
  description: 'bfs',
  author: 'root',
  auth: 'Public',
  privatePwd: null,
  status: true,
  rank: 1,
  rankShowName: 'username',
  isGroup: true,
  gid: 1000,
  gmtCreate: null,
  gmtModified: null,
};

const stub = stubGroupPage;

beforeEach(() => {
  resetStores();
  sock.handlers.clear();
  useSession.setState({ token: 't', user: ALICE as never });
});
afterEach(() => cleanup());

describe('group trainings tab', () => {
  it('lists the group trainings for a member, with progress, and a row opens the training', async () => {
    const calls = stub(3, (p) => (p === '/api/group/get-training-list' ? page([trainingVO]) : undefined));
    const { location } = renderApp('/group/1000/training');
    await screen.findByTestId('training-row-7');
    const call = calls.find((c) => path(c.url) === '/api/group/get-training-list')!;
    expect(query(call.url)).toMatchObject({ gid: '1000', currentPage: '1', limit: '10' });
    expect(screen.getByTestId('training-progress-7').textContent).toContain('1/3');
    // a plain member gets no admin switch
    expect(screen.queryByTestId('group-training-admin-switch')).toBeNull();
    fireEvent.click(screen.getByTestId('training-row-7'));
    // the training opens inside the group's shell (group problems open from there with the gid)
    await waitFor(() => expect(location.history?.at(-1)).toBe('/group/1000/training/7'));
  });

  it('shows a training inside the group shell; its problems open under the group training path', async () => {
    const calls = stub(3, (p) => {
      if (p === '/api/get-training-detail') return ok({ ...trainingVO, description: 'Warm-up' });
      if (p === '/api/get-training-access') return ok({ access: true });
      if (p === '/api/get-training-problem-list')
        return ok([
          {
            pid: 11,
            problemId: 'GRP-1',
            title: 'Group sum',
            difficulty: 0,
            type: 0,
            tags: [],
            total: 2,
            ac: 1,
          },
        ]);
      if (p === '/api/get-training-problem-status') return ok({});
      return undefined;
    });
    const { location } = renderApp('/group/1000/training/7/problems');
    await screen.findByTestId('training-problem-GRP-1');
    // the group's tabs stay, with Training selected
    expect(screen.getByTestId('group-tab-training').getAttribute('aria-selected')).toBe('true');
    expect(query(calls.find((c) => path(c.url) === '/api/get-training-detail')!.url)).toMatchObject({
      tid: '7',
    });
    fireEvent.click(screen.getByTestId('training-tab-intro'));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/group/1000/training/7'));
    fireEvent.click(screen.getByTestId('training-tab-problems'));
    fireEvent.click(await screen.findByTestId('training-problem-GRP-1'));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/group/1000/training/7/problem/GRP-1'));
  });

  it('shows the empty state', async () => {
    stub(3, (p) => (p === '/api/group/get-training-list' ? page([]) : undefined));
    renderApp('/group/1000/training');
    await screen.findByTestId('group-trainings-empty');
  });

  it('gives a group admin the admin list: visible switch and delete through the group calls', async () => {
    const calls = stub(5, (p) => {
      if (p === '/api/group/get-training-list') return page([trainingVO]);
      if (p === '/api/group/get-admin-training-list') return page([adminRow]);
      if (p === '/api/group/change-training-status' || p === '/api/group/training') return ok(null);
      return undefined;
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/group/1000/training');
    fireEvent.click(await screen.findByTestId('group-training-admin-switch'));
    await screen.findByTestId('admin-training-row-7');
    expect(screen.queryByTestId('admin-training-keyword')).toBeNull();
    fireEvent.click(screen.getByTestId('admin-training-visible-7'));
    await waitFor(() =>
      expect(calls.some((c) => path(c.url) === '/api/group/change-training-status')).toBe(true),
    );
    const status = calls.find((c) => path(c.url) === '/api/group/change-training-status')!;
    expect(status.method).toBe('PUT');
    expect(query(status.url)).toEqual({ tid: '7', status: 'false' });
    fireEvent.click(screen.getByTestId('admin-training-delete-7'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && path(c.url) === '/api/group/training')).toBe(true),
    );
    const del = calls.find((c) => c.method === 'DELETE' && path(c.url) === '/api/group/training')!;
    expect(query(del.url)).toEqual({ tid: '7' });
  });

  it('creates a group training with the gid and a typed category name', async () => {
    const calls = stub(5, (p, _url, init) =>
      p === '/api/group/training' && init.method === 'POST' ? ok(null) : undefined,
    );
    const { location } = renderApp('/group/1000/training-create');
    await screen.findByTestId('group-training-edit');
    expect(screen.queryByTestId('admin-training-category')).toBeNull();
    fireEvent.change(screen.getByTestId('admin-training-title'), { target: { value: 'Flows' } });
    fireEvent.change(screen.getByTestId('admin-training-category-name'), { target: { value: 'Graphs' } });
    fireEvent.click(screen.getByTestId('admin-training-save'));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/group/1000/training'));
    const post = calls.find((c) => c.method === 'POST' && path(c.url) === '/api/group/training')!;
    expect(post.body).toMatchObject({
      training: { title: 'Flows', gid: 1000, auth: 'Public', status: true },
      trainingCategory: { name: 'Graphs' },
    });
  });

  it('edits an existing group training from /api/group/training', async () => {
    const calls = stub(5, (p, _url, init) => {
      if (p === '/api/group/training' && (init.method ?? 'GET') === 'GET')
        return ok({
          training: adminRow,
          trainingCategory: { id: 3, name: 'Basics', color: '#409EFF', gid: 1000 },
        });
      if (p === '/api/group/training' && init.method === 'PUT') return ok(null);
      return undefined;
    });
    renderApp('/group/1000/training-edit/7');
    await waitFor(() =>
      expect((screen.getByTestId('admin-training-title') as HTMLInputElement).value).toBe('Group BFS'),
    );
    expect((screen.getByTestId('admin-training-category-name') as HTMLInputElement).value).toBe('Basics');
    fireEvent.click(screen.getByTestId('admin-training-save'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && path(c.url) === '/api/group/training')).toBe(true),
    );
    const put = calls.find((c) => c.method === 'PUT' && path(c.url) === '/api/group/training')!;
    expect(put.body).toMatchObject({ training: { id: 7, gid: 1000 }, trainingCategory: { name: 'Basics' } });
  });

  it('manages the training problems through the group calls', async () => {
    let links = [{ id: 1, tid: 7, pid: 11, displayId: 'A', rank: 1 }];
    const problemRow = (id: number, problemId: string) => ({
      id,
      problemId,
      title: `P ${problemId}`,
      author: 'root',
    });
    const calls = stub(5, (p, _url, init) => {
      if (p === '/api/group/get-training-problem-list')
        return ok({
          problemList: {
            records: links.map((l) => problemRow(l.pid, l.pid === 11 ? 'P11' : 'P12')),
            total: links.length,
            size: 500,
            current: 1,
            pages: 1,
          },
          trainingProblemMap: Object.fromEntries(links.map((l) => [String(l.pid), l])),
        });
      if (p === '/api/group/add-training-problem-from-public') {
        links = [...links, { id: 2, tid: 7, pid: 12, displayId: 'B', rank: 2 }];
        return ok(null);
      }
      if (p === '/api/group/add-training-problem-from-group') return ok(null);
      // the public problem is searched by its display id (issue #26 item 12)
      if (p === '/api/get-problem-list')
        return ok({
          records: [
            { pid: 12, problemId: 'P12', title: 'Twelve', difficulty: 0, type: 0, tags: [], score: null },
          ],
          total: 1,
          size: 8,
          current: 1,
          pages: 1,
        });
      if (p === '/api/group/training-problem' && init.method === 'PUT') return ok(null);
      if (p === '/api/group/training-problem' && init.method === 'DELETE') return ok(null);
      return undefined;
    });
    renderApp('/group/1000/training-problems/7');
    await screen.findByTestId('admin-training-problem-P11');
    fireEvent.change(screen.getByTestId('admin-training-add-pid'), { target: { value: 'P12' } });
    fireEvent.click(await screen.findByTestId('admin-training-match-P12'));
    fireEvent.change(screen.getByTestId('admin-training-add-display'), { target: { value: 'B' } });
    fireEvent.click(screen.getByTestId('admin-training-add'));
    await screen.findByTestId('admin-training-problem-P12');
    expect(calls.find((c) => path(c.url) === '/api/group/add-training-problem-from-public')!.body).toEqual({
      tid: 7,
      pid: 12,
      displayId: 'B',
    });
    fireEvent.click(screen.getByTestId('admin-training-up-P12'));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'PUT' && path(c.url) === '/api/group/training-problem'),
      ).toHaveLength(2),
    );
    const puts = calls.filter((c) => c.method === 'PUT' && path(c.url) === '/api/group/training-problem');
    expect(puts.map((c) => c.body)).toEqual(
      expect.arrayContaining([
        { id: 2, tid: 7, rank: 1 },
        { id: 1, tid: 7, rank: 2 },
      ]),
    );
    fireEvent.change(screen.getByTestId('admin-training-add-group-problem'), {
      target: { value: 'GRAPH1' },
    });
    fireEvent.click(screen.getByTestId('admin-training-add-group'));
    await waitFor(() =>
      expect(calls.some((c) => path(c.url) === '/api/group/add-training-problem-from-group')).toBe(true),
    );
    const fromGroup = calls.find((c) => path(c.url) === '/api/group/add-training-problem-from-group')!;
    expect(fromGroup.method).toBe('POST');
    expect(query(fromGroup.url)).toEqual({ problemId: 'GRAPH1', tid: '7' });
    fireEvent.click(screen.getByTestId('admin-training-remove-P11'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && path(c.url) === '/api/group/training-problem')).toBe(
        true,
      ),
    );
    const del = calls.find((c) => c.method === 'DELETE' && path(c.url) === '/api/group/training-problem')!;
    expect(query(del.url)).toEqual({ tid: '7', pid: '11' });
  });
});

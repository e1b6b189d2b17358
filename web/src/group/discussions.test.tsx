// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../store/session';
import { useSite } from '../store/site';
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

const post = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  categoryId: 1,
  title: `Post ${id}`,
  description: `About ${id}`,
  content: `Body ${id}`,
  pid: null,
  uid: 'bob',
  author: 'bob',
  avatar: null,
  role: 'user',
  viewNum: 3,
  likeNum: 1,
  commentNum: 0,
  topPriority: false,
  status: 0,
  gid: 1000,
  gmtCreate: '2026-01-02T00:00:00.000+0000',
  gmtModified: '2026-01-02T00:00:00.000+0000',
  ...over,
});
const CATEGORIES = [{ id: 1, name: 'General', gmtCreate: null, gmtModified: null }];

const stub = (auth: number, extra: Parameters<typeof stubGroupPage>[1]) =>
  stubGroupPage(auth, (p, url, init) =>
    p === '/api/discussion-category' ? ok(CATEGORIES) : extra(p, url, init),
  );

const detailCalls = (p: string) =>
  p === '/api/get-discussion-detail'
    ? ok({ ...post(5), categoryName: 'General', hasLike: null, titleName: null, titleColor: null })
    : p === '/api/comments'
      ? ok({
          commentList: { records: [], total: 0, size: 10, current: 1, pages: 0 },
          myLikeCommentIdList: [],
        })
      : undefined;

beforeEach(() => {
  resetStores();
  sock.handlers.clear();
  useSession.setState({ token: 't', user: ALICE as never });
});
afterEach(() => cleanup());

describe('group discussions tab', () => {
  it('lists the group posts with group links; only own posts get edit/delete for a member', async () => {
    const calls = stub(3, (p) =>
      p === '/api/group/get-discussion-list'
        ? page([post(1, { pid: 'GRAPH1' }), post(2, { uid: 'u1', author: 'alice' })])
        : undefined,
    );
    renderApp('/group/1000/discussion');
    const card = await screen.findByTestId('group-discussion-1');
    const call = calls.find((c) => path(c.url) === '/api/group/get-discussion-list')!;
    expect(query(call.url)).toMatchObject({ gid: '1000', currentPage: '1', limit: '10' });
    expect(within(card).getByTestId('discussion-link').getAttribute('href')).toBe(
      '/group/1000/discussion-detail/1',
    );
    expect(within(card).getByText('GRAPH1').closest('a')!.getAttribute('href')).toBe(
      '/group/1000/problem/GRAPH1',
    );
    expect(within(card).getByText('General')).toBeTruthy();
    expect(screen.queryByTestId('group-discussion-edit-1')).toBeNull();
    expect(screen.getByTestId('group-discussion-edit-2')).toBeTruthy();
    expect(screen.queryByTestId('group-discussion-admin-switch')).toBeNull();
  });

  it('hides the tab and the list when group discussion is off', async () => {
    useSite.setState((s) => ({ config: { ...s.config, openGroupDiscussion: false } }));
    const calls = stub(3, () => undefined);
    renderApp('/group/1000/discussion');
    await screen.findByText('Group discussion is not open on this site');
    expect(screen.queryByTestId('group-tab-discussion')).toBeNull();
    expect(calls.some((c) => path(c.url) === '/api/group/get-discussion-list')).toBe(false);
  });

  it('posts a discussion with the gid through the group call and reloads the list', async () => {
    let posted = false;
    const calls = stub(3, (p, _url, init) => {
      if (p === '/api/group/get-discussion-list') return page(posted ? [post(9, { title: 'Hello' })] : []);
      if (p === '/api/group/discussion' && init.method === 'POST') {
        posted = true;
        return ok(null);
      }
      return undefined;
    });
    renderApp('/group/1000/discussion');
    await screen.findByTestId('group-discussions-empty');
    fireEvent.click(screen.getByTestId('group-discussion-post'));
    fireEvent.change(await screen.findByTestId('post-title'), { target: { value: 'Hello' } });
    fireEvent.change(screen.getByTestId('post-description'), { target: { value: 'A question' } });
    const editor = screen.getByTestId('post-content');
    const box = editor.querySelector('textarea') ?? editor;
    fireEvent.change(box, { target: { value: 'Some body text' } });
    fireEvent.click(screen.getByTestId('post-save'));
    await screen.findByTestId('group-discussion-9');
    const body = calls.find((c) => c.method === 'POST' && path(c.url) === '/api/group/discussion')!.body;
    expect(body).toMatchObject({ gid: 1000, title: 'Hello', description: 'A question', categoryId: 1 });
  });

  it('scopes the list and a new post to the problem of /group/:gid/discussion/:problemID', async () => {
    const calls = stub(3, (p, _url, init) => {
      if (p === '/api/group/get-discussion-list') return page([post(3, { pid: 'GRAPH1' })]);
      if (p === '/api/group/discussion' && init.method === 'POST') return ok(null);
      return undefined;
    });
    const { location } = renderApp('/group/1000/discussion/GRAPH1');
    await screen.findByTestId('group-discussion-3');
    const call = calls.find((c) => path(c.url) === '/api/group/get-discussion-list')!;
    expect(query(call.url)).toMatchObject({ gid: '1000', pid: 'GRAPH1' });
    fireEvent.click(screen.getByTestId('group-discussion-post'));
    const pidBox = (await screen.findByTestId('post-pid')) as HTMLInputElement;
    expect(pidBox.value).toBe('GRAPH1');
    expect(pidBox.disabled).toBe(true);
    fireEvent.click(screen.getByText('Cancel'));
    const tag = screen.getByTestId('group-discussion-problem');
    fireEvent.click(tag.querySelector('button')!);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/group/1000/discussion'));
  });

  it('gives a group admin the admin table with every status and deletes through the group call', async () => {
    const calls = stub(4, (p, _url, init) => {
      if (p === '/api/group/get-discussion-list') return page([post(1)]);
      if (p === '/api/group/get-admin-discussion-list')
        return page([post(1), post(2, { status: 1, topPriority: true })]);
      if (p === '/api/group/discussion' && init.method === 'DELETE') return ok(null);
      return undefined;
    });
    renderApp('/group/1000/discussion');
    await screen.findByTestId('group-discussion-1');
    // a group admin may edit and delete another member's post
    expect(screen.getByTestId('group-discussion-edit-1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('group-discussion-admin-switch'));
    const row = await screen.findByTestId('group-admin-discussion-2');
    expect(within(row).getByText('Disabled')).toBeTruthy();
    fireEvent.click(screen.getByTestId('group-admin-discussion-delete-2'));
    fireEvent.click(await screen.findByText('Delete', { selector: '.bp6-alert-footer *' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && path(c.url) === '/api/group/discussion')).toBe(true),
    );
    const del = calls.find((c) => c.method === 'DELETE' && path(c.url) === '/api/group/discussion')!;
    expect(query(del.url)).toEqual({ did: '2' });
  });

  it('shows a group post on /group/:gid/discussion-detail/:did; a member cannot delete it', async () => {
    stub(3, (p) => detailCalls(p));
    renderApp('/group/1000/discussion-detail/5');
    expect((await screen.findByTestId('discussion-title')).textContent).toContain('Post 5');
    expect(screen.queryByTestId('discussion-delete')).toBeNull();
    expect(screen.queryByTestId('discussion-edit')).toBeNull();
  });

  it('lets a group admin delete a post from its detail through the group call, back to the group list', async () => {
    const calls = stub(4, (p, _url, init) =>
      p === '/api/group/discussion' && init.method === 'DELETE'
        ? ok(null)
        : p === '/api/group/get-discussion-list'
          ? page([])
          : detailCalls(p),
    );
    const { location } = renderApp('/group/1000/discussion-detail/5');
    fireEvent.click(await screen.findByTestId('discussion-delete'));
    fireEvent.click(await screen.findByText('Delete', { selector: '.bp6-alert-footer *' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/group/1000/discussion'));
    const del = calls.find((c) => c.method === 'DELETE' && path(c.url) === '/api/group/discussion')!;
    expect(query(del.url)).toEqual({ did: '5' });
    expect(calls.some((c) => c.method === 'DELETE' && path(c.url) === '/api/discussion')).toBe(false);
  });
});

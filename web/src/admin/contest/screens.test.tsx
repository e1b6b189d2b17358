// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../store/session';
import { ok, renderApp, resetStores, stubFetch } from '../../test/harness';
import { toast } from '../../shell/toaster';

vi.mock('../../api/socket', async () => (await import('../../test/fake-socket')).idleSocketModuleMock());

const ROOT = { uid: 'r1', username: 'root', nickname: null, avatar: null, roleList: ['root'] };
const ALICE = { uid: 'u1', username: 'alice', nickname: null, avatar: null, roleList: ['default_user'] };
const path = (url: string) => url.split('?')[0];
const query = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));

function stored(over: Record<string, unknown> = {}) {
  return {
    id: 7,
    title: 'Spring Cup',
    description: 'Welcome',
    startTime: '2026-11-21T08:00:00.000+0000',
    endTime: '2026-11-21T13:00:00.000+0000',
    duration: 18000,
    type: 0,
    auth: 0,
    pwd: null,
    sealRank: false,
    sealRankTime: null,
    autoRealRank: true,
    openPrint: false,
    openRank: true,
    allowEndSubmit: false,
    rankShowName: 'username',
    openAccountLimit: false,
    accountLimitRule: null,
    starAccount: [],
    oiRankScoreType: 'Recent',
    awardType: 0,
    awardConfigList: [],
    status: 0,
    visible: true,
    uid: 'owner',
    author: 'bob',
    gid: null,
    ...over,
  };
}

beforeEach(() => {
  resetStores();
  useSession.setState({ token: 't', user: ROOT });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('admin contest list', () => {
  it('pages the contests, toggles visibility with the creator uid, and is refused to non-admins', async () => {
    const calls = stubFetch((url, init) => {
      if (path(url) === '/api/admin/contest/get-contest-list') return ok({ records: [stored()], total: 1 });
      if (path(url) === '/api/admin/contest/change-contest-visible' && init.method === 'PUT') return ok(null);
      return undefined;
    });
    renderApp('/admin/contest');
    const row = await screen.findByTestId('admin-contest-row-7');
    // issue #16: the row actions carry their labels (not icon-only)
    expect(within(row).getByTestId('admin-contest-edit-7').textContent).toBe('Edit');
    expect(within(row).getByTestId('admin-contest-clone-7').textContent).not.toBe('');
    expect(row.textContent).toContain('Spring Cup');
    expect(
      query(calls.find((c) => path(c.url) === '/api/admin/contest/get-contest-list')!.url),
    ).toMatchObject({
      currentPage: '1',
      limit: '10',
    });
    fireEvent.click(within(row).getByTestId('admin-contest-visible-7'));
    await waitFor(() =>
      expect(calls.some((c) => path(c.url) === '/api/admin/contest/change-contest-visible')).toBe(true),
    );
    const put = calls.find((c) => path(c.url) === '/api/admin/contest/change-contest-visible')!;
    expect(query(put.url)).toEqual({ cid: '7', uid: 'owner', visible: 'false' });
    expect(screen.getByTestId('admin-contest-delete-7')).toBeTruthy();
    cleanup();

    useSession.setState({ token: 't', user: ALICE });
    renderApp('/admin/contest');
    expect(await screen.findByTestId('admin-forbidden')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    stubFetch((url) =>
      path(url) === '/api/admin/contest/get-contest-list' ? ok({ records: [], total: 0 }) : undefined,
    );
    renderApp('/admin/contest');
    expect(await screen.findByTestId('admin-contest-empty')).toBeTruthy();
  });
});

describe('admin contest form', () => {
  it('refuses a form without title, then creates the contest with the creator filled in', async () => {
    const calls = stubFetch((url, init) => {
      if (path(url) === '/api/admin/contest' && init.method === 'POST') return ok(null);
      if (path(url) === '/api/admin/contest/get-contest-list') return ok({ records: [], total: 0 });
      return undefined;
    });
    const { location } = renderApp('/admin/contest/create');
    fireEvent.click(await screen.findByTestId('contest-form-save'));
    await waitFor(() => expect(document.body.textContent).toContain('Title is required'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByTestId('contest-form-title'), { target: { value: 'Autumn Cup' } });
    fireEvent.change(screen.getByTestId('contest-form-description'), { target: { value: 'Hello' } });
    fireEvent.change(screen.getByTestId('contest-form-auth'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('contest-form-save'));
    await waitFor(() => expect(document.body.textContent).toContain('A non-public contest needs a password'));
    fireEvent.change(screen.getByTestId('contest-form-pwd'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByTestId('contest-form-seal'));
    fireEvent.click(screen.getByTestId('contest-form-save'));
    await waitFor(() => expect(location.history).toContain('/admin/contest'));
    const post = calls.find((c) => c.method === 'POST' && path(c.url) === '/api/admin/contest')!;
    expect(post.body).toMatchObject({
      title: 'Autumn Cup',
      auth: 2,
      pwd: 'pw',
      type: 0,
      uid: 'r1',
      author: 'root',
      duration: 5 * 3600,
      sealRank: true,
    });
    const body = post.body as { endTime: string; sealRankTime: string };
    // default seal option: half an hour before the end
    expect(Date.parse(body.endTime) - Date.parse(body.sealRankTime)).toBe(1800_000);
  });

  it('edits a stored contest keeping its rule type fixed and its creator', async () => {
    const calls = stubFetch((url, init) => {
      if (path(url) === '/api/admin/contest' && (init.method ?? 'GET') === 'GET')
        return ok(stored({ type: 1, oiRankScoreType: 'Highest' }));
      if (path(url) === '/api/admin/contest' && init.method === 'PUT') return ok(null);
      if (path(url) === '/api/admin/contest/get-contest-list') return ok({ records: [], total: 0 });
      return undefined;
    });
    renderApp('/admin/contest/7/edit');
    const title = (await screen.findByTestId('contest-form-title')) as HTMLInputElement;
    expect(title.value).toBe('Spring Cup');
    expect((screen.getByTestId('contest-form-type') as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByTestId('contest-form-oi-score') as HTMLSelectElement).value).toBe('Highest');
    fireEvent.change(title, { target: { value: 'Spring Cup II' } });
    fireEvent.click(screen.getByTestId('contest-form-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      id: 7,
      title: 'Spring Cup II',
      type: 1,
      uid: 'owner',
      author: 'bob',
      oiRankScoreType: 'Highest',
    });
  });

  it('removes the chosen award row before saving', async () => {
    const awards = [
      { priority: 1, name: 'Gold', background: '#ffffff', color: '#000000', num: 10 },
      { priority: 2, name: 'Silver', background: '#ffffff', color: '#000000', num: 20 },
      { priority: 3, name: 'Bronze', background: '#ffffff', color: '#000000', num: 30 },
    ];
    const calls = stubFetch((url, init) => {
      if (path(url) === '/api/admin/contest' && (init.method ?? 'GET') === 'GET')
        return ok(stored({ awardType: 1, awardConfigList: awards }));
      if (path(url) === '/api/admin/contest' && init.method === 'PUT') return ok(null);
      if (path(url) === '/api/admin/contest/get-contest-list') return ok({ records: [], total: 0 });
      return undefined;
    });
    renderApp('/admin/contest/7/edit');
    const silver = await screen.findByTestId('award-row-1');
    fireEvent.click(within(silver).getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByTestId('contest-form-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')!.body as { awardConfigList: { name: string }[] };
    expect(body.awardConfigList.map((a) => a.name)).toEqual(['Gold', 'Bronze']);
  });
});

describe('admin contest problems', () => {
  it('lists the problems by display id and adds a public one with the suggested display id', async () => {
    const link = (pid: number, displayId: string) => ({
      id: pid,
      cid: 7,
      pid,
      displayId,
      displayTitle: `T${displayId}`,
      color: null,
    });
    const calls = stubFetch((url, init) => {
      const q = query(url);
      if (path(url) === '/api/admin/contest' && (init.method ?? 'GET') === 'GET') return ok(stored());
      if (path(url) === '/api/admin/contest/get-problem-list' && q.problemType === undefined)
        return ok({
          problemList: {
            records: [
              { id: 12, problemId: 'P12', title: 'Twelve', type: 0, author: 'root', auth: 3 },
              { id: 11, problemId: 'P11', title: 'Eleven', type: 0, author: 'root', auth: 3 },
            ],
            total: 2,
          },
          contestProblemMap: { '11': link(11, 'A'), '12': link(12, 'B') },
        });
      if (path(url) === '/api/admin/contest/get-problem-list')
        return ok({
          problemList: {
            records: [{ id: 20, problemId: 'P20', title: 'Twenty', type: 0, author: 'root', auth: 1 }],
            total: 1,
          },
          contestProblemMap: {},
        });
      if (path(url) === '/api/admin/contest/add-problem-from-public')
        return ok({ pid: 99, problemId: 'P20-C7', copied: true });
      return undefined;
    });
    const success = vi.spyOn(toast, 'success');
    renderApp('/admin/contest/7/problems');
    await screen.findByTestId('admin-cp-row-B');
    const rows = [...document.querySelectorAll('[data-testid^="admin-cp-row-"]')].map((r) =>
      r.getAttribute('data-testid'),
    );
    expect(rows).toEqual(['admin-cp-row-A', 'admin-cp-row-B']);
    fireEvent.click(screen.getByTestId('admin-cp-add-public'));
    const display = (await screen.findByTestId('add-public-display-P20')) as HTMLInputElement;
    expect(display.value).toBe('C');
    const candidates = calls.find((c) => query(c.url).problemType !== undefined)!;
    expect(query(candidates.url)).toMatchObject({ cid: '7', problemType: '0' });
    fireEvent.click(screen.getByTestId('add-public-add-P20'));
    await waitFor(() =>
      expect(calls.find((c) => path(c.url) === '/api/admin/contest/add-problem-from-public')?.body).toEqual({
        cid: 7,
        pid: 20,
        displayId: 'C',
      }),
    );
    // The contest got its own copy (compat E5): the toast names it.
    await waitFor(() => expect(success).toHaveBeenCalledWith(expect.stringContaining('P20-C7')));
  });

  it('edits a problem link: an empty display id is refused, the saved one is trimmed', async () => {
    const link = { id: 1, cid: 7, pid: 11, displayId: 'A', displayTitle: 'TA', color: null };
    const calls = stubFetch((url, init) => {
      if (path(url) === '/api/admin/contest' && (init.method ?? 'GET') === 'GET') return ok(stored());
      if (path(url) === '/api/admin/contest/get-problem-list')
        return ok({
          problemList: {
            records: [{ id: 11, problemId: 'P11', title: 'Eleven', type: 0, author: 'root', auth: 3 }],
            total: 1,
          },
          contestProblemMap: { '11': link },
        });
      if (path(url) === '/api/admin/contest/contest-problem' && init.method === 'PUT') return ok(link);
      return undefined;
    });
    renderApp('/admin/contest/7/problems');
    fireEvent.click(await screen.findByTestId('admin-cp-link-A'));
    fireEvent.change(await screen.findByTestId('link-display-id'), { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('link-save'));
    await waitFor(() => expect(document.body.textContent).toContain('Contest Display ID is required'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByTestId('link-display-id'), { target: { value: ' A1 ' } });
    fireEvent.change(screen.getByTestId('link-display-title'), { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByTestId('link-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      ...link,
      displayId: 'A1',
      displayTitle: 'Renamed',
    });
    await waitFor(() => expect(screen.queryByTestId('link-dialog')).toBeNull());
  });
});

describe('admin contest announcements', () => {
  it('lists, posts and deletes announcements of the contest', async () => {
    let rows = [
      {
        id: 3,
        title: 'Welcome',
        content: 'hi',
        username: 'root',
        gmtCreate: '2026-11-21T08:00:00.000+0000',
        status: 0,
      },
    ];
    const calls = stubFetch((url, init) => {
      if (path(url) !== '/api/admin/contest/announcement') return undefined;
      if ((init.method ?? 'GET') === 'GET') return ok({ records: rows, total: rows.length });
      if (init.method === 'DELETE') rows = [];
      return ok(null);
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/admin/contest/7/announcement');
    expect((await screen.findByTestId('announcement-row-3')).textContent).toContain('Welcome');
    fireEvent.click(screen.getByTestId('announcement-new'));
    fireEvent.click(await screen.findByTestId('announcement-save'));
    await waitFor(() => expect(document.body.textContent).toContain('Title is required'));
    fireEvent.change(screen.getByTestId('announcement-title'), { target: { value: 'Clarification' } });
    fireEvent.change(screen.getByTestId('announcement-content'), { target: { value: 'A is **easy**' } });
    fireEvent.click(screen.getByTestId('announcement-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      cid: 7,
      announcement: { title: 'Clarification', content: 'A is **easy**', status: 0 },
    });
    fireEvent.click(screen.getByTestId('announcement-delete-3'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(query(calls.find((c) => c.method === 'DELETE')!.url)).toEqual({ aid: '3' });
    expect(await screen.findByTestId('announcements-empty')).toBeTruthy();
  });
});

describe('contest Q&A tab', () => {
  const comment = {
    id: 5,
    content: 'Is **n** bounded?',
    fromUid: 'u1',
    fromName: 'alice',
    fromAvatar: null,
    fromRole: 'user',
    fromTitleName: null,
    fromTitleColor: null,
    likeNum: 1,
    totalReplyNum: 4,
    gmtCreate: new Date(Date.now() - 120_000).toISOString().replace('Z', '+0000'),
    replyList: [6, 7, 8].map((id) => ({
      id,
      commentId: 5,
      fromUid: 'r1',
      fromName: 'root',
      fromAvatar: null,
      fromRole: 'root',
      fromTitleName: null,
      fromTitleColor: null,
      toUid: 'u1',
      toName: 'alice',
      toAvatar: null,
      content: `answer ${id}`,
      status: 0,
      gmtCreate: new Date().toISOString().replace('Z', '+0000'),
      gmtModified: null,
    })),
  };

  it('shows the tips and the comments, posts a question, lets only the author or an admin reply', async () => {
    useSession.setState({ token: 't', user: ALICE });
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+0000');
    const calls = stubFetch((url, init) => {
      if (path(url) === '/api/get-contest-info')
        return ok({
          ...stored(),
          startTime: iso(now - 3600_000),
          endTime: iso(now + 3600_000),
          count: 0,
          now: iso(now),
          source: 0,
          isContestAdmin: false,
        });
      if (path(url) === '/api/get-contest-access') return ok({ access: true });
      if (path(url) === '/api/comments')
        return ok({ commentList: { records: [comment], total: 1 }, commentLikeMap: { '5': true } });
      if (path(url) === '/api/comment' && init.method === 'POST') return ok({ ...comment, id: 9 });
      if (path(url) === '/api/reply') return ok([...comment.replyList, { ...comment.replyList[0]!, id: 4 }]);
      return undefined;
    });
    renderApp('/contest/7/comment');
    expect(await screen.findByTestId('qa-notice')).toBeTruthy();
    const item = await screen.findByTestId('comment-5');
    expect(item.querySelector('strong')?.textContent).toBe('alice');
    expect(item.textContent).toContain('2 min ago');
    expect(item.textContent).toContain('SPA');
    expect(screen.getByTestId('comment-total').textContent).toBe('1 comment');
    expect(query(calls.find((c) => path(c.url) === '/api/comments')!.url)).toMatchObject({
      cid: '7',
      limit: '10',
    });
    // the author may reply and delete; three replies inline, the fourth after show all
    expect(screen.getByTestId('comment-reply-5')).toBeTruthy();
    expect(screen.getByTestId('comment-delete-5')).toBeTruthy();
    expect(item.querySelectorAll('[data-testid^="reply-"]')).toHaveLength(3);
    fireEvent.click(screen.getByTestId('comment-show-all-5'));
    await waitFor(() => expect(item.querySelectorAll('li[data-testid^="reply-"]')).toHaveLength(4));

    fireEvent.change(screen.getByTestId('comment-box-input'), { target: { value: 'Another question' } });
    fireEvent.click(screen.getByTestId('comment-box-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && path(c.url) === '/api/comment')?.body).toEqual({
        cid: 7,
        content: 'Another question',
      }),
    );
    cleanup();

    // another participant: neither reply nor delete on alice's question
    useSession.setState({ token: 't', user: { ...ALICE, uid: 'u2', username: 'carol' } });
    renderApp('/contest/7/comment');
    await screen.findByTestId('comment-5');
    expect(screen.queryByTestId('comment-reply-5')).toBeNull();
    expect(screen.queryByTestId('comment-delete-5')).toBeNull();
  });
});

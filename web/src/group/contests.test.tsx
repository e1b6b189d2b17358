// @vitest-environment jsdom
// The group's Contest tab (the site's contest cards; the admin contest screens on the group's
// calls), its Submissions tab (the submission list filtered by gid, members only), and the problem
// list's tags, status icons and withdrawn publication requests.
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

const contestVO = {
  id: 41,
  author: 'root',
  title: 'Group Round',
  description: '',
  type: 0,
  status: 0,
  source: 0,
  auth: 0,
  startTime: '2026-01-01T00:00:00.000+0000',
  endTime: '2026-01-01T02:00:00.000+0000',
  duration: 7200,
  openRank: false,
  oiRankScoreType: 'Recent',
  count: null,
  gid: null,
  allowEndSubmit: null,
};
const adminContest = {
  ...contestVO,
  pwd: null,
  sealRank: false,
  sealRankTime: null,
  autoRealRank: false,
  openPrint: false,
  rankShowName: 'username',
  openAccountLimit: false,
  accountLimitRule: null,
  starAccount: [],
  awardType: 0,
  awardConfigList: [],
  visible: true,
  uid: 'u1',
  gid: 1000,
};
const submission = {
  submitId: 901,
  uid: 'u1',
  username: 'alice',
  pid: 5,
  displayPid: 'GRAPH1',
  title: 'Sum',
  submitTime: '2026-01-01T00:00:00.000+0000',
  status: 0,
  share: false,
  time: 12,
  memory: 1024,
  score: null,
  length: 10,
  language: 'C',
  cid: 0,
  cpid: 0,
  judger: null,
  isManual: null,
};

const stub = stubGroupPage;

beforeEach(() => {
  resetStores();
  sock.handlers.clear();
  useSession.setState({ token: 't', user: ALICE as never });
});
afterEach(() => cleanup());

describe('group contest tab', () => {
  it('lists the group contests for a member as contest cards; a card opens the contest', async () => {
    const calls = stub(3, (p) => (p === '/api/group/get-contest-list' ? page([contestVO]) : undefined));
    const { location } = renderApp('/group/1000/contest');
    // The first render of the file loads the app's modules: allow for a loaded machine.
    await screen.findByTestId('contest-row-41', {}, { timeout: 8000 });
    const call = calls.find((c) => path(c.url) === '/api/group/get-contest-list')!;
    expect(query(call.url)).toMatchObject({ gid: '1000', currentPage: '1', limit: '10' });
    expect(screen.queryByTestId('group-contest-admin-switch')).toBeNull();
    fireEvent.click(screen.getByTestId('contest-enter-41'));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/contest/41'));
  });

  it('shows the empty state, and a lock to a non-member without asking for the list', async () => {
    stub(3, (p) => (p === '/api/group/get-contest-list' ? page([]) : undefined));
    renderApp('/group/1000/contest');
    await screen.findByTestId('group-contests-empty');
    cleanup();
    const calls = stub(0, () => undefined);
    renderApp('/group/1000/contest');
    await screen.findByTestId('group-area');
    await waitFor(() => expect(screen.queryByTestId('group-contests')).toBeNull());
    expect(calls.some((c) => path(c.url) === '/api/group/get-contest-list')).toBe(false);
  });

  it('gives a group admin the site admin list on the group calls: no search, no clone, visible and delete', async () => {
    const calls = stub(4, (p) => {
      if (p === '/api/group/get-contest-list') return page([contestVO]);
      if (p === '/api/group/get-admin-contest-list') return page([adminContest]);
      if (p === '/api/group/change-contest-visible' || p === '/api/group/contest') return ok(null);
      return undefined;
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { location } = renderApp('/group/1000/contest');
    fireEvent.click(await screen.findByTestId('group-contest-admin-switch'));
    await screen.findByTestId('admin-contest-row-41');
    const list = calls.find((c) => path(c.url) === '/api/group/get-admin-contest-list')!;
    expect(query(list.url)).toMatchObject({ gid: '1000' });
    expect(screen.queryByTestId('admin-contest-keyword')).toBeNull();
    expect(screen.queryByTestId('admin-contest-clone-41')).toBeNull();
    fireEvent.click(screen.getByTestId('admin-contest-visible-41'));
    await waitFor(() =>
      expect(calls.some((c) => path(c.url) === '/api/group/change-contest-visible')).toBe(true),
    );
    const vis = calls.find((c) => path(c.url) === '/api/group/change-contest-visible')!;
    expect(vis.method).toBe('PUT');
    expect(query(vis.url)).toEqual({ cid: '41', visible: 'false' });
    fireEvent.click(screen.getByTestId('admin-contest-delete-41'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && path(c.url) === '/api/group/contest')).toBe(true),
    );
    fireEvent.click(screen.getByTestId('admin-contest-problems-41'));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/group/1000/contest-problems/41'));
  });

  it('contest problems and announcements run on the group calls', async () => {
    const calls = stub(4, (p) => {
      if (p === '/api/group/contest') return ok(adminContest);
      if (p === '/api/group/get-contest-problem-list')
        return ok({
          problemList: {
            records: [{ id: 5, problemId: 'GRAPH1', title: 'Sum', type: 0, author: 'root', auth: 3 }],
            total: 1,
          },
          contestProblemMap: {
            '5': { id: 1, cid: 41, pid: 5, displayId: 'A', displayTitle: 'Sum', color: null },
          },
        });
      if (p === '/api/group/add-contest-problem-from-group') return ok(null);
      if (p === '/api/group/get-contest-announcement-list')
        return page([
          {
            id: 3,
            title: 'Hello',
            content: 'c',
            uid: 'u1',
            username: 'alice',
            status: 0,
            gmtCreate: contestVO.startTime,
          },
        ]);
      if (p === '/api/group/contest-announcement') return ok(null);
      return undefined;
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/group/1000/contest-problems/41');
    await screen.findByTestId('admin-cp-row-A');
    // Contest-only problems are written on the group's own routes (contest-problem-edit.test.tsx).
    expect(screen.getByTestId('admin-cp-create')).toBeTruthy();
    expect(screen.getByTestId('admin-cp-edit-A')).toBeTruthy();
    fireEvent.change(screen.getByTestId('group-contest-from-group-pid'), { target: { value: 'GRAPH2' } });
    // the form says what adding a group problem does to it (it leaves the group's problem list)
    expect(screen.getByTestId('group-contest-from-group-note').textContent).toMatch(
      /becomes a contest problem and leaves the group's problem list/,
    );
    fireEvent.change(screen.getByTestId('group-contest-from-group-display'), { target: { value: 'B' } });
    fireEvent.click(screen.getByTestId('group-contest-from-group-add'));
    await waitFor(() =>
      expect(calls.some((c) => path(c.url) === '/api/group/add-contest-problem-from-group')).toBe(true),
    );
    const add = calls.find((c) => path(c.url) === '/api/group/add-contest-problem-from-group')!;
    expect(query(add.url)).toEqual({ problemId: 'GRAPH2', cid: '41', displayId: 'B' });
    cleanup();
    renderApp('/group/1000/contest-announcement/41');
    await screen.findByTestId('announcement-row-3');
    fireEvent.click(screen.getByTestId('announcement-delete-3'));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DELETE' && path(c.url) === '/api/group/contest-announcement'),
      ).toBe(true),
    );
    const del = calls.find(
      (c) => c.method === 'DELETE' && path(c.url) === '/api/group/contest-announcement',
    )!;
    expect(query(del.url)).toEqual({ aid: '3', cid: '41' });
  });
});

describe('group submissions tab', () => {
  it('lists the group submissions for a member through the submission list with the gid', async () => {
    const calls = stub(3, (p) => (p === '/api/get-submission-list' ? page([submission]) : undefined));
    renderApp('/group/1000/status');
    await screen.findByTestId('submission-row');
    const call = calls.find((c) => path(c.url) === '/api/get-submission-list')!;
    expect(query(call.url)).toMatchObject({ gid: '1000', onlyMine: 'false' });
    expect(screen.getByTestId('group-submissions').textContent).toContain('GRAPH1');
  });

  it('does not ask a non-member’s list', async () => {
    const calls = stub(1, () => undefined);
    renderApp('/group/1000/status');
    await screen.findByTestId('group-area');
    await waitFor(() => expect(screen.queryByTestId('group-submissions')).toBeNull());
    expect(calls.some((c) => path(c.url) === '/api/get-submission-list')).toBe(false);
  });
});

describe('group problem list', () => {
  it('shows tags and the viewer’s status icon from this group’s submissions', async () => {
    const calls = stub(3, (p) => {
      if (p === '/api/group/get-problem-list')
        return page([
          {
            pid: 5,
            problemId: 'GRAPH1',
            title: 'Sum',
            difficulty: 0,
            type: 0,
            total: 2,
            ac: 1,
            tags: [{ id: 9, name: 'greedy', color: null }],
          },
        ]);
      if (p === '/api/get-user-problem-status') return ok({ '5': { status: 0 } });
      return undefined;
    });
    renderApp('/group/1000/problem');
    await screen.findByTestId('group-problem-mark-ac');
    expect(screen.getByTestId('group-problem-tags-GRAPH1').textContent).toBe('greedy');
    const status = calls.find((c) => path(c.url) === '/api/get-user-problem-status')!;
    expect(status.body).toEqual({ pidList: [5], isContestProblemList: false, gid: 1000 });
    fireEvent.click(screen.getByTestId('group-problem-show-tags'));
    expect(screen.queryByTestId('group-problem-tags-GRAPH1')).toBeNull();
  });

  it('lets a group admin withdraw a pending publication request', async () => {
    const calls = stub(4, (p) => {
      if (p === '/api/group/get-problem-list') return page([]);
      if (p === '/api/group/get-admin-problem-list')
        return page([
          {
            id: 5,
            problemId: 'GRAPH1',
            title: 'Sum',
            author: 'alice',
            gmtCreate: '2026-01-01',
            modifiedUser: null,
            auth: 1,
            applyPublicProgress: 1,
            gid: 1000,
          },
        ]);
      if (p === '/api/group/apply-public') return ok(null);
      return undefined;
    });
    renderApp('/group/1000/problem');
    fireEvent.click(await screen.findByTestId('group-problem-admin-switch'));
    fireEvent.click(await screen.findByTestId('group-cancel-apply-GRAPH1'));
    await waitFor(() => expect(calls.some((c) => path(c.url) === '/api/group/apply-public')).toBe(true));
    const call = calls.find((c) => path(c.url) === '/api/group/apply-public')!;
    expect(call.method).toBe('PUT');
    expect(query(call.url)).toEqual({ pid: '5', isApplied: 'false' });
  });
});

describe('group problem form', () => {
  it("the Compile button checks the special judge through the group's call with the gid in the query", async () => {
    const calls = stub(4, (p) => {
      if (p === '/api/languages') return ok([{ id: 1, name: 'C++' }]);
      if (p === '/api/get-all-problem-tags') return ok([]);
      if (p === '/api/group/compile-spj')
        return { body: { status: 500, msg: 'spj.cpp:1: error: boom', data: null } };
      return undefined;
    });
    renderApp('/group/1000/problem-create');
    await screen.findByTestId('problem-form');
    fireEvent.click(screen.getByLabelText(/Special judge|特殊评测/));
    fireEvent.change(screen.getByTestId('pf-spj-code'), { target: { value: 'int main() { return 0 }' } });
    fireEvent.click(screen.getByTestId('pf-compile'));
    expect((await screen.findByTestId('pf-compile-error')).textContent).toContain('boom');
    const compile = calls.find((c) => path(c.url) === '/api/group/compile-spj');
    expect(compile && query(compile.url).gid).toBe('1000');
    expect(calls.some((c) => path(c.url).startsWith('/api/admin/'))).toBe(false);
  });
});

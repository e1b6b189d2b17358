// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../store/session';
import { useContestStore } from './store';
import { ok, renderApp, resetStores, stubFetch } from '../test/harness';
import { fakeSocket as sock } from '../test/fake-socket';
import { acmRow } from '../test/rank-rows';

vi.mock('../api/socket', async () => (await import('../test/fake-socket')).socketModuleMock());

const ALICE = { uid: 'u1', username: 'alice', nickname: null, avatar: null, roleList: ['default_user'] };
const path = (url: string) => url.split('?')[0];
const query = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));
const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+0000');
const HOUR = 3600_000;

function contest(over: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    id: 7,
    author: 'bob',
    title: 'Spring Cup',
    type: 0,
    description: 'Welcome',
    status: 0,
    source: 0,
    auth: 0,
    startTime: iso(now - HOUR),
    endTime: iso(now + 4 * HOUR),
    duration: 5 * 3600,
    openRank: true,
    oiRankScoreType: 'Recent',
    gid: null,
    allowEndSubmit: false,
    count: 2,
    now: iso(now),
    sealRank: false,
    openPrint: false,
    sealRankTime: null,
    rankShowName: 'username',
    ...over,
  };
}

beforeEach(() => {
  resetStores();
  useContestStore.getState().reset();
  sock.emitted = [];
  sock.ackOk = true;
  sock.handlers.clear();
});
afterEach(() => cleanup());

describe('contest list', () => {
  it('sends the filters from the query string and asks anonymous visitors to log in', async () => {
    const calls = stubFetch((url) => {
      if (path(url) === '/api/get-contest-list')
        return ok({
          records: [contest(), contest({ id: 8, auth: 1, openRank: false, title: 'Locked' })],
          total: 2,
        });
      return undefined;
    });
    renderApp('/contest?type=1&status=0&keyword=cup');
    expect(await screen.findByTestId('contest-row-7')).toBeTruthy();
    const listCall = calls.find((c) => path(c.url) === '/api/get-contest-list')!;
    expect(query(listCall.url)).toMatchObject({
      type: '1',
      status: '0',
      keyword: 'cup',
      limit: '10',
      currentPage: '1',
    });
    expect(screen.getByTestId('contest-scoreboard-7')).toBeTruthy();
    expect(screen.queryByTestId('contest-scoreboard-8')).toBeNull();
    expect(screen.getByTestId('contest-row-8').querySelector('[data-testid="contest-lock"]')).toBeTruthy();
    fireEvent.click(screen.getByTestId('contest-enter-7'));
    await waitFor(() => expect(document.querySelector('.bp6-dialog')).toBeTruthy());
  });

  it('shows the empty state', async () => {
    stubFetch((url) => (path(url) === '/api/get-contest-list' ? ok({ records: [], total: 0 }) : undefined));
    renderApp('/contest');
    expect(await screen.findByTestId('contest-list-empty')).toBeTruthy();
  });
});

/** A running contest whose board page holds x (1 AC) above y (none), read at version real/e.1. */
const stubTwoRowBoard = () =>
  stubFetch((url) => {
    if (path(url) === '/api/get-contest-info') return ok(contest());
    if (path(url) === '/api/get-contest-access') return ok({ access: true });
    if (path(url) === '/api/get-contest-problem') return ok([]);
    if (path(url) === '/api/get-contest-rank')
      return {
        ...ok({
          records: [acmRow('x', 1, 1, 60), acmRow('y', 2, 0, 0)],
          total: 2,
          size: 50,
          current: 1,
          pages: 1,
        }),
        headers: { 'x-oj-board-version': 'real/e.1' },
      };
    if (path(url) === '/api/get-contest-not-read-announcement') return ok([]);
    return undefined;
  });

describe('contest area', () => {
  const signIn = () => useSession.setState({ token: 't', user: ALICE });

  it('disables every tab but the overview while the contest is scheduled', async () => {
    signIn();
    const later = Date.now() + 2 * HOUR;
    stubFetch((url) => {
      if (path(url) === '/api/get-contest-info')
        return ok(contest({ status: -1, startTime: iso(later), endTime: iso(later + HOUR) }));
      if (path(url) === '/api/get-contest-access') return ok({ access: true });
      return undefined;
    });
    renderApp('/contest/7/rank');
    expect(await screen.findByTestId('contest-overview')).toBeTruthy();
    expect(screen.getByTestId('contest-countdown').textContent).toMatch(/^Starts in 01:59:5\d$/);
    expect(screen.getByTestId('contest-tab-rank').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('contest-tab-overview').getAttribute('aria-disabled')).toBe('false');
  });

  it('registers to a private contest with the password and then enables the tabs', async () => {
    signIn();
    let registered = false;
    const calls = stubFetch((url) => {
      if (path(url) === '/api/get-contest-info') return ok(contest({ auth: 1 }));
      if (path(url) === '/api/get-contest-access') return ok({ access: registered });
      if (path(url) === '/api/register-contest') {
        registered = true;
        return ok(null);
      }
      return undefined;
    });
    renderApp('/contest/7');
    expect(await screen.findByTestId('contest-password-form')).toBeTruthy();
    expect(screen.getByTestId('contest-tab-problems').getAttribute('aria-disabled')).toBe('true');
    fireEvent.change(screen.getByTestId('contest-password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByTestId('contest-register'));
    await waitFor(() => expect(screen.queryByTestId('contest-password-form')).toBeNull());
    expect(calls.find((c) => path(c.url) === '/api/register-contest')!.body).toEqual({
      cid: 7,
      password: 'pw',
    });
    expect(screen.getByTestId('contest-tab-problems').getAttribute('aria-disabled')).toBe('false');
  });

  it('renders the ACM rank with cell styles and stars a user into the concerned list', async () => {
    signIn();
    const calls = stubFetch((url) => {
      if (path(url) === '/api/get-contest-info') return ok(contest());
      if (path(url) === '/api/get-contest-access') return ok({ access: true });
      if (path(url) === '/api/get-contest-problem')
        return ok([
          { id: 1, displayId: 'A', cid: 7, pid: 11, displayTitle: 'A+B', color: '#f00', ac: 1, total: 3 },
          { id: 2, displayId: 'B', cid: 7, pid: 12, displayTitle: 'Sum', color: null, ac: 0, total: 1 },
        ]);
      if (path(url) === '/api/get-contest-rank')
        return ok({
          records: [
            {
              rank: 1,
              uid: 'u2',
              username: 'carol',
              realname: null,
              nickname: null,
              school: null,
              gender: null,
              avatar: null,
              isWinAward: false,
              awardName: null,
              awardBackground: null,
              awardColor: null,
              totalTime: 1800,
              total: 3,
              ac: 1,
              submissionInfo: {
                A: { errorNum: 1, isAC: true, isFirstAC: true, ACTime: 600 },
                B: { errorNum: 1 },
              },
            },
          ],
          total: 1,
        });
      return undefined;
    });
    renderApp('/contest/7/rank');
    expect(await screen.findByTestId('board-row-u2')).toBeTruthy();
    expect(screen.getByTestId('cell-u2-A').getAttribute('data-tone')).toBe('first-ac');
    expect(screen.getByTestId('cell-u2-B').getAttribute('data-tone')).toBe('wrong');
    expect(screen.getByTestId('rank-cell-u2').textContent).toBe('1');
    const first = calls.find((c) => path(c.url) === '/api/get-contest-rank')!;
    expect(first.body).toMatchObject({
      cid: 7,
      currentPage: 1,
      limit: 50,
      removeStar: false,
      concernedList: [],
    });
    fireEvent.click(screen.getByTestId('board-star-u2'));
    await waitFor(() =>
      expect(calls.filter((c) => path(c.url) === '/api/get-contest-rank').at(-1)!.body).toMatchObject({
        concernedList: ['u2'],
      }),
    );
    expect(localStorage.getItem('contest_7_concernedList')).toBe('["u2"]');
  });

  it('joins the contest room and reloads the board on a rank push for this contest only', async () => {
    signIn();
    const calls = stubFetch((url) => {
      if (path(url) === '/api/get-contest-info') return ok(contest());
      if (path(url) === '/api/get-contest-access') return ok({ access: true });
      if (path(url) === '/api/get-contest-problem') return ok([]);
      if (path(url) === '/api/get-contest-rank') return ok({ records: [], total: 0 });
      if (path(url) === '/api/get-contest-not-read-announcement') return ok([]);
      return undefined;
    });
    renderApp('/contest/7/rank');
    expect(await screen.findByTestId('board-empty')).toBeTruthy();
    await waitFor(() => expect(sock.emitted).toContainEqual(['subscribe:contest', { cid: 7 }]));
    const rankCalls = () => calls.filter((c) => path(c.url) === '/api/get-contest-rank').length;
    const before = rankCalls();
    sock.push('contest:rank', { cid: 8, at: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(rankCalls()).toBe(before);
    sock.push('contest:rank', { cid: 7, at: 2 });
    await waitFor(() => expect(rankCalls()).toBe(before + 1));
    // Leaving the rank tab keeps the room: the announcement watcher of the shell still needs it.
    fireEvent.click(screen.getByTestId('contest-tab-announcements'));
    await screen.findByTestId('contest-panel-announcements');
    await new Promise((r) => setTimeout(r, 50));
    expect(sock.emitted.map(([ev]) => ev)).not.toContain('unsubscribe:contest');
  });

  it('gives contest admins the setting popover whose switch drives the rank board (spec part2 §2.2)', async () => {
    signIn();
    const ended = contest({
      startTime: iso(Date.now() - 6 * HOUR),
      endTime: iso(Date.now() - HOUR),
      status: 1,
      isContestAdmin: true,
    });
    const calls = stubFetch((url) => {
      if (path(url) === '/api/get-contest-info') return ok(ended);
      if (path(url) === '/api/get-contest-access') return ok({ access: true });
      if (path(url) === '/api/get-contest-problem') return ok([]);
      if (path(url) === '/api/get-contest-rank') return ok({ records: [], total: 0 });
      if (path(url) === '/api/get-contest-not-read-announcement') return ok([]);
      return undefined;
    });
    renderApp('/contest/7/rank');
    expect(await screen.findByTestId('board-empty')).toBeTruthy();
    const lastRank = () => calls.filter((c) => path(c.url) === '/api/get-contest-rank').at(-1)!.body;
    expect(lastRank()).toMatchObject({ containsEnd: false });
    const boardSwitch = () => screen.getByTestId<HTMLInputElement>('board-switch-end');
    expect(boardSwitch().checked).toBe(false);
    fireEvent.click(screen.getByTestId('contest-setting'));
    const setting = await screen.findByTestId<HTMLInputElement>('contest-setting-contains-end');
    expect(setting.checked).toBe(false);
    fireEvent.click(setting);
    // one value: the board's own switch follows and the board reloads with it
    await waitFor(() => expect(lastRank()).toMatchObject({ containsEnd: true }));
    expect(boardSwitch().checked).toBe(true);
    fireEvent.click(boardSwitch());
    await waitFor(() => expect(lastRank()).toMatchObject({ containsEnd: false }));
    expect(screen.getByTestId<HTMLInputElement>('contest-setting-contains-end').checked).toBe(false);
  });

  it('hides the setting and the board switch from non-admins and from admins of a running contest', async () => {
    signIn();
    let info = contest({ allowEndSubmit: true, endTime: iso(Date.now() - HOUR), isContestAdmin: false });
    stubFetch((url) => {
      if (path(url) === '/api/get-contest-info') return ok(info);
      if (path(url) === '/api/get-contest-access') return ok({ access: true });
      if (path(url) === '/api/get-contest-problem') return ok([]);
      if (path(url) === '/api/get-contest-rank') return ok({ records: [], total: 0 });
      if (path(url) === '/api/get-contest-not-read-announcement') return ok([]);
      return undefined;
    });
    const first = renderApp('/contest/7/rank');
    expect(await screen.findByTestId('board-empty')).toBeTruthy();
    expect(screen.queryByTestId('contest-setting')).toBeNull();
    expect(screen.queryByTestId('board-switch-end')).toBeNull();
    first.unmount();
    info = contest({ isContestAdmin: true });
    renderApp('/contest/7/rank');
    expect(await screen.findByTestId('board-empty')).toBeTruthy();
    expect(screen.getByTestId('board-switch-force')).toBeTruthy();
    expect(screen.queryByTestId('contest-setting')).toBeNull();
    expect(screen.queryByTestId('board-switch-end')).toBeNull();
  });

  it('applies a pushed rank delta to the shown page without fetching; a version gap fetches', async () => {
    signIn();
    const calls = stubTwoRowBoard();
    renderApp('/contest/7/rank');
    await screen.findByTestId('board-row-y');
    await waitFor(() => expect(sock.emitted).toContainEqual(['subscribe:contest', { cid: 7 }]));
    const rankCalls = () => calls.filter((c) => path(c.url) === '/api/get-contest-rank').length;
    const before = rankCalls();
    // y gets two ACs and moves above x.
    sock.push('contest:rank', {
      cid: 7,
      at: 10,
      boards: [
        {
          variant: 'real',
          version: 'e.2',
          prevVersion: 'e.1',
          uid: 'y',
          move: { from: 1, to: 0, prevSize: 2, size: 2 },
          oldKey: [0, 0],
          newKey: [2, 100],
          row: acmRow('y', 1, 2, 100),
          rows: [],
        },
      ],
    });
    await waitFor(() => expect(screen.getByTestId('rank-cell-y').textContent).toBe('1'));
    expect(screen.getByTestId('rank-cell-x').textContent).toBe('2');
    expect(screen.getByTestId('board-ac-y').textContent).toBe('2');
    await new Promise((r) => setTimeout(r, 600));
    expect(rankCalls()).toBe(before);
    // A delta from a version the page is not at: the page is fetched (after a short jitter).
    sock.push('contest:rank', {
      cid: 7,
      at: 11,
      boards: [{ variant: 'real', version: 'e.9', prevVersion: 'e.8', reload: true }],
    });
    await waitFor(() => expect(rankCalls()).toBe(before + 1));
  });

  it('a push heard while the page loads is applied to the loaded page, not fetched again', async () => {
    signIn();
    const calls = stubTwoRowBoard();
    // The board's read waits until the test lets it answer.
    let answer: () => void = () => undefined;
    const gate = new Promise<void>((r) => (answer = r));
    const scripted = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (path(url) === '/api/get-contest-rank') await gate;
      return scripted(url, init);
    });
    renderApp('/contest/7/rank');
    await waitFor(() => expect(sock.emitted).toContainEqual(['subscribe:contest', { cid: 7 }]));
    const delta = (version: string, prevVersion: string, ac: number, penalty: number, from: number) => ({
      variant: 'real',
      version,
      prevVersion,
      uid: 'y',
      move: { from, to: 0, prevSize: 2, size: 2 },
      oldKey: [0, 0],
      newKey: [ac, penalty],
      row: acmRow('y', 1, ac, penalty),
      rows: [],
    });
    // Two verdicts while the read is on its way: one the read already holds (e.0 → e.1), one after it.
    sock.push('contest:rank', {
      cid: 7,
      at: 5,
      boards: [{ ...delta('e.1', 'e.0', 1, 0, 1), move: undefined }],
    });
    sock.push('contest:rank', { cid: 7, at: 6, boards: [delta('e.2', 'e.1', 2, 100, 1)] });
    answer();
    await waitFor(() => expect(screen.getByTestId('rank-cell-y').textContent).toBe('1'));
    expect(screen.getByTestId('board-ac-y').textContent).toBe('2');
    await new Promise((r) => setTimeout(r, 600));
    expect(calls.filter((c) => path(c.url) === '/api/get-contest-rank')).toHaveLength(1);
  });
});

const sb = (uid: string, submitId: number, displayId: string, submitTime: string) => ({
  uid,
  username: uid,
  nickname: null,
  realname: null,
  school: null,
  submitId,
  status: 0,
  submitTime,
  displayId,
});

describe('contest area notices', () => {
  it('shows unread announcements as persistent notices, read when closed; notes a sealed board', async () => {
    useSession.setState({ token: 't', user: ALICE });
    const now = Date.now();
    const calls = stubFetch((url) => {
      if (path(url) === '/api/get-contest-info')
        return ok(contest({ sealRank: true, sealRankTime: iso(now - 60_000) }));
      if (path(url) === '/api/get-contest-access') return ok({ access: true });
      if (path(url) === '/api/get-contest-problem') return ok([]);
      if (path(url) === '/api/get-contest-rank') return ok({ records: [], total: 0 });
      if (path(url) === '/api/get-contest-not-read-announcement')
        return ok([{ id: 5, title: 'Clarification on B' }]);
      return undefined;
    });
    renderApp('/contest/7/rank');
    expect(await screen.findByTestId('board-sealed')).toBeTruthy();
    expect(await screen.findByText('Announcements: Clarification on B')).toBeTruthy();
    expect(calls.find((c) => path(c.url) === '/api/get-contest-not-read-announcement')!.body).toEqual({
      cid: 7,
      readAnnouncementList: [],
    });
    // Issue #16: the notice stays until closed; closing marks it read on the server and here.
    expect(localStorage.getItem('contest_7_readAnnouncements')).toBeNull();
    const shownNotice = screen.getByText('Announcements: Clarification on B').closest('.bp6-toast')!;
    fireEvent.click(shownNotice.querySelector('button')!);
    await waitFor(() => expect(localStorage.getItem('contest_7_readAnnouncements')).toBe('[5]'));
    await waitFor(() =>
      expect(calls.find((c) => path(c.url) === '/api/contest-announcement-read')?.body).toEqual({
        cid: 7,
        aids: [5],
      }),
    );
  });
});

describe('contest Q&A and print (issue #26 item 13)', () => {
  const answer = (fromUid: string) => ({
    cid: 7,
    commentId: 3,
    replyId: 4,
    fromUid,
    fromName: fromUid === 'u1' ? 'alice' : 'bob',
    at: Date.now(),
  });

  it('badges the Q&A tab when an answer is pushed on another tab; opening Q&A reloads and clears it', async () => {
    useSession.setState({ token: 't', user: ALICE });
    let commentReads = 0;
    stubFetch((url) => {
      if (path(url) === '/api/get-contest-info') return ok(contest());
      if (path(url) === '/api/get-contest-access') return ok({ access: true });
      if (path(url) === '/api/get-contest-problem') return ok([]);
      if (path(url) === '/api/comments') {
        commentReads++;
        return ok({ commentList: { records: [], total: 0 }, commentLikeMap: {} });
      }
      return undefined;
    });
    renderApp('/contest/7/problems');
    await screen.findByTestId('contest-tab-comment', {}, { timeout: 10_000 });
    await waitFor(() => expect(sock.handlers.get('contest:comment')?.size ?? 0).toBeGreaterThan(0));
    // the viewer's own comment and another contest's answer make no badge
    sock.push('contest:comment', answer('u1'));
    sock.push('contest:comment', { ...answer('bob'), cid: 8 });
    expect(screen.queryByTestId('qa-unread-badge')).toBeNull();
    sock.push('contest:comment', answer('bob'));
    expect((await screen.findByTestId('qa-unread-badge')).textContent).toBe('1');
    fireEvent.click(screen.getByTestId('contest-tab-comment'));
    await waitFor(() => expect(screen.queryByTestId('qa-unread-badge')).toBeNull());
    await waitFor(() => expect(commentReads).toBeGreaterThan(0));
    const before = commentReads;
    // on the Q&A tab an answer reloads the list (a contestant, not only admins) and badges nothing
    sock.push('contest:comment', answer('bob'));
    await waitFor(() => expect(commentReads).toBeGreaterThan(before));
    expect(screen.queryByTestId('qa-unread-badge')).toBeNull();
  });
});

describe('contest print (issue #26 item 13)', () => {
  it('says beside the button why a print was not sent, then that it was', async () => {
    useSession.setState({ token: 't', user: ALICE });
    const calls = stubFetch((url) => {
      if (path(url) === '/api/get-contest-info') return ok(contest({ openPrint: true }));
      if (path(url) === '/api/get-contest-access') return ok({ access: true });
      if (url === '/api/submit-print-text') return ok(null);
      return undefined;
    });
    renderApp('/contest/7/print');
    const box = await screen.findByTestId('print-content', {}, { timeout: 10_000 });
    fireEvent.change(box, { target: { value: 'short' } });
    fireEvent.click(screen.getByTestId('print-submit'));
    const result = await screen.findByTestId('print-result');
    expect(result.getAttribute('data-ok')).toBe('false');
    expect(result.textContent).toMatch(/^Not sent: /);
    expect(calls.some((c) => c.url === '/api/submit-print-text')).toBe(false);
    const text = 'y'.repeat(60);
    fireEvent.change(box, { target: { value: text } });
    expect(screen.getByTestId('print-count').textContent).toContain('60');
    fireEvent.click(screen.getByTestId('print-submit'));
    await waitFor(() => expect(screen.getByTestId('print-result').getAttribute('data-ok')).toBe('true'));
    expect(calls.find((c) => c.url === '/api/submit-print-text')!.body).toEqual({ cid: 7, content: text });
  });
});

describe('contest submission detail', () => {
  it('opens the judge detail inside the submissions tab', async () => {
    useSession.setState({ token: 't', user: ALICE });
    const calls = stubFetch((url) => {
      if (path(url) === '/api/get-contest-info') return ok(contest());
      if (path(url) === '/api/get-contest-access') return ok({ access: true });
      return undefined;
    });
    renderApp('/contest/7/problem/A/submission-detail/55');
    await waitFor(() =>
      expect(
        calls.some((c) => path(c.url) === '/api/get-submission-detail' && query(c.url).submitId === '55'),
      ).toBe(true),
    );
    expect(screen.getByTestId('contest-tab-submissions').getAttribute('aria-selected')).toBe('true');
  });
});

describe('contest submissions', () => {
  it('lists with onlyMine from the query string and links to the in-contest detail', async () => {
    useSession.setState({ token: 't', user: ALICE });
    const calls = stubFetch((url) => {
      if (path(url) === '/api/get-contest-info') return ok(contest());
      if (path(url) === '/api/get-contest-access') return ok({ access: true });
      if (path(url) === '/api/contest-submissions')
        return ok({
          records: [
            {
              submitId: 31,
              uid: 'u1',
              username: 'alice',
              displayId: 'B',
              title: 'Sum',
              submitTime: iso(Date.now()),
              status: 0,
              time: 5,
              memory: 800,
              score: null,
              length: 99,
              language: 'C++',
            },
          ],
          total: 1,
        });
      return undefined;
    });
    renderApp('/contest/7/submissions?onlyMine=true');
    const row = await screen.findByTestId('contest-submission-31');
    expect(row.querySelector('a')!.getAttribute('href')).toBe('/contest/7/problem/B/submission-detail/31');
    const call = calls.find((c) => path(c.url) === '/api/contest-submissions')!;
    expect(query(call.url)).toMatchObject({
      contestID: '7',
      onlyMine: 'true',
      beforeContestSubmit: 'false',
      limit: '30',
    });
  });
});

describe('contest problem detail', () => {
  it('opens the problem area detail with the contest id inside the problems tab', async () => {
    useSession.setState({ token: 't', user: ALICE });
    const calls = stubFetch((url) => {
      if (path(url) === '/api/get-contest-info') return ok(contest());
      if (path(url) === '/api/get-contest-access') return ok({ access: true });
      return undefined;
    });
    renderApp('/contest/7/problem/A');
    await waitFor(() =>
      expect(calls.find((c) => path(c.url) === '/api/get-contest-problem-details')?.url).toBeTruthy(),
    );
    const call = calls.find((c) => path(c.url) === '/api/get-contest-problem-details')!;
    expect(query(call.url)).toMatchObject({ cid: '7', displayId: 'A' });
    expect(screen.getByTestId('contest-tab-problems').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('contest-countdown')).toBeTruthy();
    expect(await screen.findByTestId('error-notification')).toBeTruthy();
  });
});

describe('scroll board page', () => {
  it('starts sealed and reveals the hidden cell on Space', async () => {
    stubFetch((url) => {
      if (path(url) === '/api/get-contest-scroll-board-info')
        return ok({
          id: 7,
          rankShowName: 'username',
          problemCount: 2,
          balloonColor: { A: null, B: '#00f' },
          startTime: '2026/01/01 08:00:00',
          sealRankTime: '2026/01/01 12:00:00',
          starUserList: [],
        });
      if (path(url) === '/api/get-contest-scroll-board-submission')
        return ok([
          sb('a', 3, 'B', '2026/01/01 12:30:00'),
          sb('a', 2, 'A', '2026/01/01 11:30:00'),
          sb('b', 1, 'A', '2026/01/01 11:00:00'),
        ]);
      return undefined;
    });
    renderApp('/scrollBoard?cid=7&medals[]=1&medals[]=0&medals[]=0');
    expect(await screen.findByTestId('scroll-board')).toBeTruthy();
    expect(screen.getByTestId('scroll-rank-b').textContent).toBe('1');
    expect(screen.getByTestId('scroll-rank-a').textContent).toBe('2');
    fireEvent.keyDown(window, { key: ' ' });
    await waitFor(() => expect(screen.getByTestId('scroll-rank-a').textContent).toBe('1'));
    expect(screen.getByTestId('scroll-row-a').className).toContain('oj-medal-gold');
    expect(screen.getByTestId('scroll-next').hasAttribute('disabled')).toBe(true);
  });
});

describe('outside scoreboard', () => {
  it('loads anonymously, posts to the outside board and falls back to uncounted headers', async () => {
    const calls = stubFetch((url) => {
      if (path(url) === '/api/get-contest-outsize-info')
        return ok({
          contest: contest({ type: 1 }),
          problemList: [{ id: 1, displayId: 'A', cid: 7, pid: 11, displayTitle: 'A+B', color: null }],
        });
      if (path(url) === '/api/get-contest-outside-scoreboard')
        return ok({
          records: [
            {
              rank: 1,
              uid: 'u2',
              username: 'carol',
              realname: null,
              nickname: null,
              school: null,
              gender: null,
              avatar: null,
              isWinAward: false,
              awardName: null,
              awardBackground: null,
              awardColor: null,
              totalScore: 60,
              totalTime: 120,
              submissionInfo: { A: 60 },
              timeInfo: { A: 120 },
            },
          ],
          total: 1,
        });
      return undefined;
    });
    renderApp('/contest/oi-scoreboard/7');
    expect(await screen.findByTestId('board-row-u2')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('board-problem-A').textContent).toBe('A'));
    expect(screen.getByTestId('cell-u2-A').getAttribute('data-tone')).toBe('partial');
    expect(screen.getByTestId('board-total-u2').textContent).toContain('60');
    expect(calls.filter((c) => path(c.url) === '/api/get-contest-rank')).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 1200));
    // The clock re-renders every second; the problem list is not fetched again.
    expect(calls.filter((c) => path(c.url) === '/api/get-contest-problem')).toHaveLength(1);
  });
});

// @vitest-environment jsdom
// Spec part1 §4: in an OI contest without real-time permission a second submission asks before
// overwriting, and the live status says "received" without a verdict (pushed or polled).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useContestStore } from '../contest/store';
import { useSession } from '../store/session';
import { ok, renderApp, resetStores, stubFetch, type Call } from '../test/harness';
import { fakeSocket as sock } from '../test/fake-socket';

vi.mock('../api/socket', async () => (await import('../test/fake-socket')).socketModuleMock());

const ALICE = { uid: 'u1', username: 'alice', nickname: null, avatar: null, roleList: ['default_user'] };
const HOUR = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+0000');
const path = (url: string) => url.split('?')[0];
const CODE = '#include <cstdio>\nint main(){int a,b;scanf("%d%d",&a,&b);printf("%d",a+b);}';

/** An OI contest, running; sealed = the board has been sealed for an hour. */
function contest(over: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    id: 7,
    author: 'bob',
    title: 'OI Cup',
    type: 1,
    description: null,
    status: 0,
    source: 0,
    auth: 0,
    startTime: iso(now - 2 * HOUR),
    endTime: iso(now + 2 * HOUR),
    duration: 4 * 3600,
    openRank: false,
    oiRankScoreType: 'Recent',
    gid: null,
    allowEndSubmit: false,
    count: 2,
    now: iso(now),
    sealRank: true,
    openPrint: false,
    sealRankTime: iso(now - HOUR),
    rankShowName: 'username',
    isContestAdmin: false,
    ...over,
  };
}

const DETAIL = {
  problem: {
    id: 11,
    problemId: '1000',
    title: 'A+B',
    author: 'bob',
    type: 1,
    timeLimit: 1000,
    memoryLimit: 256,
    description: 'Add',
    input: null,
    output: null,
    examples: null,
    hint: null,
    source: null,
    difficulty: 0,
    isRemote: false,
    isFileIO: false,
    ioReadFileName: null,
    ioWriteFileName: null,
    userExtraFile: null,
    gid: null,
  },
  tags: [],
  languages: ['C++'],
  problemCount: { total: 0, ac: 0, wa: 0, tle: 0, mle: 0, re: 0, pe: 0, ce: 0, se: 0, pa: 0 },
  codeTemplate: {},
};

/** The contest problem page; `myStatus` is what get-user-problem-status says of problem 11. */
function contestFetch(info: ReturnType<typeof contest>, myStatus: number) {
  return stubFetch((url, init) => {
    const p = path(url);
    if (p === '/api/get-contest-info') return ok(info);
    if (p === '/api/get-contest-access') return ok({ access: true });
    if (p === '/api/get-contest-problem-details') return ok(DETAIL);
    if (p === '/api/get-user-problem-status') return ok({ 11: { status: myStatus, score: null } });
    if (p === '/api/submit-problem-judge' && init.method === 'POST') return ok({ submitId: 77, status: 5 });
    // a verdict the page must not show in the hidden case
    if (p === '/api/get-submission-detail') return ok({ submission: { submitId: 77, status: 0 } });
    if (p === '/api/get-full-screen-problem-list') return ok([]);
    if (p === '/api/get-submission-list') return ok({ records: [], total: 0 });
    return undefined;
  });
}

const submits = (calls: Call[]) => calls.filter((c) => c.url === '/api/submit-problem-judge');

async function openProblem() {
  useSession.setState({ token: 't', user: ALICE });
  localStorage.setItem('code:c7:A', JSON.stringify({ code: CODE, language: 'C++' }));
  renderApp('/contest/7/problem/A');
  await waitFor(
    () => expect(document.querySelector('.cm-content')?.textContent ?? '').toContain('#include'),
    { timeout: 10_000 },
  );
}

const dialog = () => document.querySelector<HTMLElement>('.bp6-alert');

beforeEach(() => {
  resetStores();
  useContestStore.getState().reset();
  sock.emitted = [];
  sock.handlers.clear();
});
afterEach(() => cleanup());

describe('OI contest without real-time permission', () => {
  it('sends a first submission straight away and shows it received without a verdict', async () => {
    const calls = contestFetch(contest(), -10);
    await openProblem();
    fireEvent.click(screen.getByTestId('submit-button'));
    await waitFor(() => expect(submits(calls)).toHaveLength(1), { timeout: 10_000 });
    expect(submits(calls)[0]!.body).toMatchObject({ pid: 'A', cid: 7 });
    expect(dialog()).toBeNull();
    const banner = await screen.findByTestId('submission-status-banner');
    expect(banner.getAttribute('data-state')).toBe('hidden');
    expect(within(banner).getByTestId('verdict-hidden').textContent).toContain('hidden');
    expect(screen.getByTestId('verdict-text').getAttribute('data-status')).toBe('-5');
    // a pushed verdict changes nothing: the page neither subscribes nor polls
    sock.push('submission:update', { submitId: 77, uid: 'u1', pid: 11, cid: 7, status: 0, reason: 'result' });
    await new Promise((r) => setTimeout(r, 300));
    expect(sock.emitted.some(([ev]) => ev === 'subscribe:submission')).toBe(false);
    expect(calls.some((c) => path(c.url) === '/api/get-submission-detail')).toBe(false);
    expect(screen.getByTestId('verdict-text').getAttribute('data-status')).toBe('-5');
    expect(screen.queryByText('Accepted')).toBeNull();
  });

  it('asks before a second submission: cancel sends nothing, confirm sends with the verdict hidden', async () => {
    const calls = contestFetch(contest(), -5);
    await openProblem();
    fireEvent.click(screen.getByTestId('submit-button'));
    await waitFor(() => expect(dialog()).not.toBeNull(), { timeout: 10_000 });
    expect(screen.getByTestId('overwrite-confirm').textContent).toContain('overwritten');
    fireEvent.click(within(dialog()!).getByText('Cancel'));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(submits(calls)).toHaveLength(0);
    expect(screen.queryByTestId('submission-status-banner')).toBeNull();

    fireEvent.click(screen.getByTestId('submit-button'));
    await waitFor(() => expect(dialog()).not.toBeNull(), { timeout: 10_000 });
    fireEvent.click(within(dialog()!).getByText('Submit and overwrite'));
    await waitFor(() => expect(submits(calls)).toHaveLength(1), { timeout: 10_000 });
    expect((await screen.findByTestId('submission-status-banner')).getAttribute('data-state')).toBe('hidden');
    expect(sock.emitted.some(([ev]) => ev === 'subscribe:submission')).toBe(false);

    // the page remembers its own submission: the next one asks again
    fireEvent.click(screen.getByTestId('submit-button'));
    await waitFor(() => expect(dialog()).not.toBeNull(), { timeout: 10_000 });
    expect(submits(calls)).toHaveLength(1);
  });
});

describe('contests where the verdict shows', () => {
  it('a contest admin of a sealed OI contest submits again without a question and follows the verdict', async () => {
    const calls = contestFetch(contest({ isContestAdmin: true }), 0);
    await openProblem();
    fireEvent.click(screen.getByTestId('submit-button'));
    await waitFor(() => expect(submits(calls)).toHaveLength(1), { timeout: 10_000 });
    expect(dialog()).toBeNull();
    await waitFor(() => expect(sock.emitted).toContainEqual(['subscribe:submission', { submitId: 77 }]), {
      timeout: 10_000,
    });
    expect(screen.getByTestId('submission-status-banner').getAttribute('data-state')).not.toBe('hidden');
  });

  it('an unsealed OI contest does not ask either', async () => {
    const calls = contestFetch(contest({ sealRank: false, sealRankTime: null }), 0);
    await openProblem();
    fireEvent.click(screen.getByTestId('submit-button'));
    await waitFor(() => expect(submits(calls)).toHaveLength(1), { timeout: 10_000 });
    expect(dialog()).toBeNull();
    expect(calls.some((c) => path(c.url) === '/api/get-user-problem-status')).toBe(false);
  });
});

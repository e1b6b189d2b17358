// @vitest-environment jsdom
// Issue #27: the virtual participation page starts a participation in an ended contest, shows the
// ghost board and follows its pushed deltas without reading the board again.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Scoreboard, type BoardConfig, type BoardSubmission } from '@oj/protocol/contest/scoreboard';
import { ServerEvents } from '@oj/protocol/realtime/names';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../store/session';
import { ok, renderApp, resetStores, stubFetch } from '../../test/harness';
import { fakeSocket as sock } from '../../test/fake-socket';
import { initI18n } from '../../i18n';
import { VirtualResults } from './VirtualResults';

vi.mock('../../api/socket', async () => (await import('../../test/fake-socket')).socketModuleMock());

const ALICE = { uid: 'u1', username: 'alice', nickname: null, avatar: null, roleList: ['default_user'] };
const path = (url: string) => url.split('?')[0];
const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+0000');
const HOUR = 3600_000;
const now = Date.now();
const start = now - 3 * HOUR;

const contest = {
  id: 7,
  author: 'root',
  title: 'Autumn Cup',
  type: 0,
  description: 'd',
  status: 1,
  source: 0,
  auth: 0,
  startTime: iso(start),
  endTime: iso(start + HOUR),
  duration: 3600,
  openRank: true,
  oiRankScoreType: 'Recent',
  gid: null,
  allowEndSubmit: false,
  count: 1,
  now: iso(now),
  sealRank: false,
  openPrint: false,
  sealRankTime: null,
  rankShowName: 'username',
};

const config: BoardConfig = {
  type: 0,
  startTime: start,
  endTime: start + HOUR,
  sealRankTime: null,
  oiRankScoreType: 'Recent',
  excludedUids: [],
  starUsernames: [],
  awardType: 0,
  awards: [],
  rankShowName: 'username',
};

const sub = (submitId: number, uid: string, username: string, minutes: number): BoardSubmission => ({
  submitId,
  uid,
  username,
  displayId: 'A',
  submitTime: start + minutes * 60_000,
  status: 1,
  score: null,
  useTime: 1,
});

const participation = {
  vid: 3,
  cid: 7,
  title: 'Autumn Cup',
  uid: 'u1',
  username: 'alice',
  type: 0,
  startedAt: now - 10 * 60_000,
  endsAt: now + 50 * 60_000,
  now,
  contest: {
    startTime: start,
    endTime: start + HOUR,
    sealRank: false,
    sealRankTime: null,
    autoRealRank: true,
  },
  running: true,
  result: null,
};

beforeEach(() => {
  resetStores();
  sock.emitted = [];
  sock.handlers.clear();
  useSession.setState({ token: 't', user: ALICE as never });
});
afterEach(() => cleanup());

describe('virtual participation page (issue #27)', () => {
  it('starts, shows the ghost board and applies a pushed delta without a read', async () => {
    const board = new Scoreboard(config);
    board.applySubmission(sub(1, 'u2', 'bob', 5));
    const version = () => `real/${board.boardVersion('real')}`;
    let started = false;
    let boardReads = 0;
    const calls = stubFetch((url) => {
      const p = path(url);
      if (p === '/api/get-contest-info') return ok(contest);
      if (p === '/api/contest/virtual/of-contest') return ok(started ? participation : null);
      if (p === '/api/contest/virtual/start') {
        started = true;
        return ok(participation);
      }
      if (p === '/api/contest/virtual/board') {
        boardReads++;
        const page = board.rows({ sealed: false, page: 1, size: 500 });
        return ok({ ...page, version: version(), elapsed: 10 * 60_000, sealed: false });
      }
      if (p === '/api/contest/virtual/announcements') return ok([]);
      if (p === '/api/contest/virtual/clarifications')
        return ok([
          {
            id: 1,
            content: 'n fits in int',
            fromUid: 'u0',
            fromName: 'root',
            gmtCreate: iso(start + 60_000),
            replies: [
              {
                id: 2,
                content: 'also m',
                fromName: 'root',
                toName: 'alice',
                gmtCreate: iso(start + 120_000),
              },
            ],
          },
        ]);
      return undefined;
    });
    renderApp('/contest/7/virtual');
    fireEvent.click(await screen.findByTestId('virtual-start', {}, { timeout: 10_000 }));
    await waitFor(() => expect(screen.getAllByTestId('ghost-row')).toHaveLength(1), { timeout: 10_000 });
    expect(calls.some((c) => path(c.url) === '/api/contest/virtual/start')).toBe(true);
    expect(screen.getByTestId('virtual-phase').textContent).toBe('Running');
    // The Q&A as of the elapsed time, as the server answers it.
    await waitFor(() => expect(screen.getAllByTestId('virtual-clarification')).toHaveLength(1));
    expect(screen.getByTestId('virtual-clarifications').textContent).toContain(
      'Q&A (as of this moment of the contest)',
    );
    expect(screen.getByTestId('virtual-clarification').textContent).toContain('root → alice: also m');
    expect(screen.getByTestId('virtual-remaining').textContent).toMatch(/^00:(50|49):\d\d left$/);

    // Alice's accepted submission at minute 3 of her clock: a delta from the shown version.
    const mark = board.deltaMark('u1');
    board.applySubmission(sub(2, 'u1', 'alice', 3));
    const delta = board.deltaSince(mark, 'real')!;
    await waitFor(() => expect(sock.handlers.get(ServerEvents.contestVirtualBoard)?.size).toBe(1));
    sock.push(ServerEvents.contestVirtualBoard, {
      vid: 3,
      uid: 'u1',
      elapsed: 10 * 60_000,
      version: version(),
      deltas: [delta],
    });
    await waitFor(() =>
      expect(screen.getAllByTestId('ghost-row').map((r) => r.dataset.uid)).toEqual(['u1', 'u2']),
    );
    const mine = screen.getAllByTestId('ghost-row')[0]!;
    expect(mine.className).toContain('oj-virtual-me');
    expect(mine.textContent).toContain('You');
    expect(boardReads).toBe(1);
    // A push of another participation is ignored.
    sock.push(ServerEvents.contestVirtualBoard, {
      vid: 99,
      uid: 'u1',
      elapsed: 0,
      version: 'x',
      reload: true,
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(boardReads).toBe(1);
  });

  it('says the contest has not ended instead of a start button', async () => {
    stubFetch((url) => {
      const p = path(url);
      if (p === '/api/get-contest-info') return ok({ ...contest, status: 0 });
      if (p === '/api/contest/virtual/of-contest') return ok(null);
      return undefined;
    });
    renderApp('/contest/7/virtual');
    expect((await screen.findByTestId('virtual-not-ended', {}, { timeout: 10_000 })).textContent).toContain(
      'once the contest has ended',
    );
    expect(screen.queryByTestId('virtual-start')).toBeNull();
  });

  it("lists the user's virtual participations with their results on the user page, in both languages", async () => {
    stubFetch((url) => {
      if (path(url) === '/api/contest/virtual/of-user')
        return ok([
          { ...participation, running: false, result: { rank: 4, primary: 2, time: 300 } },
          { ...participation, vid: 4, cid: 8, title: 'Winter Cup' },
        ]);
      return undefined;
    });
    initI18n('en-US');
    const first = render(<VirtualResults username="alice" />);
    const box = await screen.findByTestId('user-virtual-results');
    expect(box.textContent).toContain('Result: rank 4');
    expect(box.textContent).toContain('Winter Cup');
    expect(box.textContent).toContain('Running');
    first.unmount();
    initI18n('zh-CN');
    render(<VirtualResults username="alice" />);
    expect((await screen.findByTestId('user-virtual-results')).textContent).toContain('结果：第 4 名');
  });
});

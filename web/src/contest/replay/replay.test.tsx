// @vitest-environment jsdom
// Issue #27 item 4: the replay page follows one server clock (one read, then the room's pushed
// deltas), shows the controls only to whom the server allows them, and sends each control; both
// languages.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReplayState } from '@oj/protocol/contest/replay';
import { Scoreboard, type BoardConfig, type BoardSubmission } from '@oj/protocol/contest/scoreboard';
import { ClientEvents, ServerEvents } from '@oj/protocol/realtime/names';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../store/session';
import { ok, renderApp, resetStores, stubFetch } from '../../test/harness';
import { fakeSocket as sock } from '../../test/fake-socket';
import { initI18n } from '../../i18n';
import { ReplayControls } from './ReplayPage';

vi.mock('../../api/socket', async () => (await import('../../test/fake-socket')).socketModuleMock());

const ROOT = { uid: 'u0', username: 'root', nickname: null, avatar: null, roleList: ['root'] };
const path = (url: string) => url.split('?')[0];
const HOUR = 3600_000;
const start = Date.now() - 3 * HOUR;

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

const state = (over: Partial<ReplayState> = {}): ReplayState => ({
  rid: 5,
  cid: 7,
  duration: HOUR,
  speed: 10,
  paused: true,
  anchorElapsed: 10 * 60_000,
  anchorAt: Date.now(),
  unsealed: false,
  revision: 1,
  closed: false,
  ...over,
});

beforeEach(() => {
  resetStores();
  sock.emitted = [];
  sock.ackOk = true;
  sock.handlers.clear();
});
afterEach(() => cleanup());

function stubReplay(board: Scoreboard, canControl: boolean) {
  let reads = 0;
  const controls: Record<string, unknown>[] = [];
  const calls = stubFetch((url, init) => {
    const p = path(url);
    if (p === '/api/contest/replay/of-contest') return ok({ canStart: canControl, replays: [state()] });
    if (p === '/api/contest/replay/board') {
      reads++;
      const page = board.rows({ sealed: false, page: 1, size: 500 });
      return ok({
        ...page,
        version: `real/${board.boardVersion('real')}`,
        elapsed: 10 * 60_000,
        sealed: false,
        state: state(),
        canControl,
      });
    }
    if (p === '/api/contest/replay/control') {
      const body = JSON.parse(String(init.body ?? '{}'));
      controls.push(body);
      return ok(state({ ...body, revision: 2 }));
    }
    return undefined;
  });
  return { calls, controls, reads: () => reads };
}

describe('contest replay page (issue #27 item 4)', () => {
  it('joins the replay room, follows pushed deltas without a read, and sends the controls', async () => {
    useSession.setState({ token: 't', user: ROOT as never });
    const board = new Scoreboard(config);
    board.applySubmission(sub(1, 'u2', 'bob', 5));
    const r = stubReplay(board, true);
    renderApp('/contest/7/replay');
    await waitFor(() => expect(screen.getAllByTestId('ghost-row')).toHaveLength(1), { timeout: 10_000 });
    expect(sock.emitted).toContainEqual([ClientEvents.subscribeReplay, { cid: 7, rid: 5 }]);
    expect(screen.getByTestId('replay-phase').textContent).toBe('Paused');
    expect(screen.getByTestId('replay-elapsed').textContent).toBe('00:10:00 into the contest');

    // alice's AC 12 minutes in (ranked after bob's earlier one) arrives as a delta from the shown version: applied, no read.
    const mark = board.deltaMark('u1');
    board.applySubmission(sub(2, 'u1', 'alice', 12));
    const delta = board.deltaSince(mark, 'real')!;
    sock.push(ServerEvents.contestReplay, {
      cid: 7,
      rid: 5,
      state: state({ paused: false, anchorElapsed: 12 * 60_000 }),
      elapsed: 12 * 60_000,
      version: `real/${board.boardVersion('real')}`,
      sealed: false,
      deltas: [delta],
    });
    await waitFor(() =>
      expect(screen.getAllByTestId('ghost-row').map((x) => x.dataset.uid)).toEqual(['u2', 'u1']),
    );
    expect(r.reads()).toBe(1);
    expect(screen.getByTestId('replay-phase').textContent).toBe('Replaying');
    // A push of another replay is ignored; a reload reads the page again.
    sock.push(ServerEvents.contestReplay, {
      cid: 7,
      rid: 99,
      state: state({ rid: 99 }),
      elapsed: 0,
      version: 'x',
      sealed: false,
      reload: true,
    });
    await new Promise((res) => setTimeout(res, 30));
    expect(r.reads()).toBe(1);
    sock.push(ServerEvents.contestReplay, {
      cid: 7,
      rid: 5,
      state: state(),
      elapsed: 0,
      version: 'x',
      sealed: false,
      reload: true,
    });
    await waitFor(() => expect(r.reads()).toBe(2));

    fireEvent.click(screen.getByTestId('replay-play'));
    await waitFor(() => expect(r.controls).toContainEqual({ rid: 5, paused: false }));
    fireEvent.change(screen.getByTestId('replay-speed'), { target: { value: '60' } });
    await waitFor(() => expect(r.controls).toContainEqual({ rid: 5, speed: 60 }));
    fireEvent.change(screen.getByTestId('replay-seek'), { target: { value: '45' } });
    fireEvent.click(screen.getByTestId('replay-go'));
    await waitFor(() => expect(r.controls).toContainEqual({ rid: 5, seek: 45 * 60_000 }));
  });

  it('shows a viewer the board without controls', async () => {
    useSession.setState({ token: null, user: null });
    const board = new Scoreboard(config);
    board.applySubmission(sub(1, 'u2', 'bob', 5));
    stubReplay(board, false);
    renderApp('/contest/7/replay');
    await waitFor(() => expect(screen.getAllByTestId('ghost-row')).toHaveLength(1), { timeout: 10_000 });
    expect(screen.queryByTestId('replay-controls')).toBeNull();
    expect(screen.getByTestId('replay-page').textContent).toContain('every viewer sees the same moment');
  });

  it('the outside board of an ended contest links to its replays', async () => {
    const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+0000');
    stubFetch((url) => {
      if (path(url) === '/api/get-contest-outsize-info')
        return ok({
          contest: {
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
            now: iso(Date.now()),
            sealRank: false,
            openPrint: false,
            sealRankTime: null,
            rankShowName: 'username',
          },
          problemList: [],
        });
      if (path(url) === '/api/get-contest-outside-scoreboard') return ok({ records: [], total: 0 });
      return undefined;
    });
    renderApp('/contest/acm-scoreboard/7');
    const link = await screen.findByTestId('scoreboard-replay', {}, { timeout: 10_000 });
    expect(link.getAttribute('href')).toBe('/contest/7/replay');
    expect(link.textContent).toBe('Replay');
  });

  it('labels the controls in both languages', () => {
    const moment = { state: state(), elapsed: 0, sealed: false, at: Date.now() };
    initI18n('en-US');
    const first = render(<ReplayControls moment={moment} onState={() => undefined} />);
    expect(screen.getByTestId('replay-controls').textContent).toContain('Play');
    expect(screen.getByTestId('replay-controls').textContent).toContain('End replay');
    first.unmount();
    initI18n('zh-CN');
    render(<ReplayControls moment={moment} onState={() => undefined} />);
    expect(screen.getByTestId('replay-controls').textContent).toContain('播放');
    expect(screen.getByTestId('replay-controls').textContent).toContain('结束回放');
  });
});

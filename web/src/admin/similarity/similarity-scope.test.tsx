// @vitest-environment jsdom
// The way in for a contest's own admin who is not a site admin (issue #28): the contest header's
// "Similarity" entry opens the start screen pre-filled and fixed to that contest, outside the back
// office; the scope's analyses, the start and the report go to the server, whose answer decides.
// A plain participant gets no entry, and the server's refusal shows as such on both screens.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../store/session';
import { useContestStore } from '../../contest/store';
import { ok, renderApp, resetStores, stubFetch, urlPath, urlQuery } from '../../test/harness';
import { fakeSocket } from '../../test/fake-socket';
// Loaded up front: the routes import them lazily, which on a loaded machine outlasts a find's wait.
import './pages';
import '../../contest/pages';

vi.mock('../../api/socket', async () => (await import('../../test/fake-socket')).socketModuleMock());

const SLOW = { timeout: 20_000 };
const CAROL = { uid: 'u3', username: 'carol', nickname: null, avatar: null, roleList: ['default_user'] };
const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+0000');
const HOUR = 3600_000;

function contest(isContestAdmin: boolean) {
  const now = Date.now();
  return {
    id: 7,
    author: 'bob',
    title: 'Spring Cup',
    type: 0,
    description: 'Welcome',
    status: 1,
    source: 0,
    auth: 0,
    startTime: iso(now - 6 * HOUR),
    endTime: iso(now - HOUR),
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
    isContestAdmin,
  };
}

const analysis = (id: number, state: string) => ({
  id,
  scope: 'contest',
  scopeId: 7,
  allAccepted: false,
  state,
  done: 0,
  total: 0,
  submissions: 0,
  pairs: 0,
  error: null,
  createdBy: 'u3',
  createdAt: '2026-12-01T10:00:00.000Z',
  finishedAt: null,
});
const PAIR = {
  id: 1,
  pid: 1001,
  displayPid: 'A',
  language: 'C++',
  leftSubmitId: 10,
  rightSubmitId: 11,
  leftUid: 'u-alice',
  rightUid: 'u-bob',
  leftUsername: 'alice',
  rightUsername: 'bob',
  similarity: 0.9,
  longest: 30,
  reviewed: false,
};
const REFUSED = { body: { status: 403, msg: 'no permission', data: null } };

beforeEach(() => {
  resetStores();
  useContestStore.getState().reset();
  fakeSocket.handlers.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('similarity for a contest admin who is not a site admin', () => {
  it(
    'opens the start screen fixed to the contest from its header, starts, and reads the report',
    { timeout: 60_000 },
    async () => {
      const calls = stubFetch((url) => {
        const p = urlPath(url);
        if (p === '/api/get-contest-info') return ok(contest(true));
        if (p === '/api/get-contest-access') return ok({ access: true });
        if (p === '/api/get-contest-not-read-announcement') return ok([]);
        if (p === '/api/admin/similarity/list') return ok([]);
        if (p === '/api/admin/similarity/start') return ok(analysis(6, 'queued'));
        if (p === '/api/admin/similarity/report') return ok({ analysis: analysis(6, 'done'), pairs: [PAIR] });
        return undefined;
      });
      useSession.setState({ token: 't', user: CAROL });
      const { location } = renderApp('/contest/7');
      fireEvent.click(await screen.findByTestId('contest-similarity', {}, SLOW));

      // Outside the back office: no admin shell, the scope fixed to contest 7.
      const form = await screen.findByTestId('similarity-start', {}, SLOW);
      expect(location.history!.at(-1)).toBe('/similarity?scope=contest&scopeId=7');
      expect(screen.queryByTestId('admin-shell')).toBeNull();
      const id = within(form).getByLabelText('ID') as HTMLInputElement;
      expect(id.value).toBe('7');
      expect(id.readOnly).toBe(true);
      expect((within(form).getByLabelText('Scope') as HTMLSelectElement).disabled).toBe(true);
      // The list asked is the contest's (the server refuses a non-site-admin an unscoped list).
      const list = calls.find((c) => urlPath(c.url) === '/api/admin/similarity/list')!;
      expect(urlQuery(list.url)).toEqual({ scope: 'contest', scopeId: '7' });

      fireEvent.click(within(form).getByText('Start analysis'));
      expect(await screen.findByText('Queued')).toBeTruthy();
      expect(calls.find((c) => urlPath(c.url) === '/api/admin/similarity/start')!.body).toEqual({
        scope: 'contest',
        scopeId: 7,
        allAccepted: false,
      });
      const open = screen.getByText('Open report');
      expect(open.getAttribute('href')).toBe('/similarity/6');

      fireEvent.click(open);
      const table = await screen.findByTestId('similarity-pairs', {}, SLOW);
      expect(table.textContent).toContain('90.0%');
      expect(screen.queryByTestId('admin-shell')).toBeNull();
      expect(screen.getByTestId('similarity-back').getAttribute('href')).toBe(
        '/similarity?scope=contest&scopeId=7',
      );
    },
  );

  it('offers no entry to a participant, and shows the server refusal on both screens', async () => {
    const calls = stubFetch((url) => {
      const p = urlPath(url);
      if (p === '/api/get-contest-info') return ok(contest(false));
      if (p === '/api/get-contest-access') return ok({ access: true });
      if (p === '/api/get-contest-not-read-announcement') return ok([]);
      if (p.startsWith('/api/admin/similarity/')) return REFUSED;
      return undefined;
    });
    useSession.setState({ token: 't', user: CAROL });
    renderApp('/contest/7');
    expect(await screen.findByTestId('contest-header', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('contest-similarity')).toBeNull();
    cleanup();

    renderApp('/similarity?scope=contest&scopeId=7');
    expect(await screen.findByTestId('similarity-refused', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('similarity-start')).toBeNull();
    cleanup();

    renderApp('/similarity/6');
    expect(await screen.findByTestId('similarity-refused', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('similarity-pairs')).toBeNull();
    await waitFor(() =>
      expect(calls.some((c) => urlPath(c.url) === '/api/admin/similarity/report')).toBe(true),
    );
  }, 60_000);
});

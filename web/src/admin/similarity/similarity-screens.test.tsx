// @vitest-environment jsdom
// The similarity report screens over a stubbed API and the fake socket: pairs ranked with the
// longest fragment, clusters, filters (problem, threshold), the side-by-side view with matched
// lines marked, the reviewed mark, cancel-as-cheating after a confirmation, CSV export, and the
// list following a progress push.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../store/session';
import { ok, renderApp, resetStores, stubFetch, urlPath } from '../../test/harness';
import { fakeSocket } from '../../test/fake-socket';
// Loaded up front: the routes import it lazily, which on a loaded machine outlasts a find's wait.
import './pages';
import '../AdminShell';

vi.mock('../../api/socket', async () => (await import('../../test/fake-socket')).socketModuleMock());

/** The first screen of a test waits for the admin shell's chunks. */
const SLOW = { timeout: 20_000 };
const ROOT = { uid: 'r1', username: 'root', nickname: null, avatar: null, roleList: ['root'] };

const analysis = {
  id: 5,
  scope: 'contest',
  scopeId: 7,
  allAccepted: false,
  state: 'done',
  done: 2,
  total: 2,
  submissions: 5,
  pairs: 3,
  error: null,
  createdBy: 'r1',
  createdAt: '2026-12-01T10:00:00.000Z',
  finishedAt: '2026-12-01T10:00:05.000Z',
};
const pair = (id: number, pid: string, a: string, b: string, similarity: number, reviewed = false) => ({
  id,
  pid: pid.charCodeAt(0),
  displayPid: pid,
  language: 'C++',
  leftSubmitId: id * 10,
  rightSubmitId: id * 10 + 1,
  leftUid: `u-${a}`,
  rightUid: `u-${b}`,
  leftUsername: a,
  rightUsername: b,
  similarity,
  longest: 40 + id,
  reviewed,
});
const PAIRS = [
  pair(1, 'A', 'alice', 'bob', 0.92),
  pair(2, 'A', 'bob', 'carol', 0.71),
  pair(3, 'B', 'dave', 'erin', 0.3),
];

beforeEach(() => {
  resetStores();
  fakeSocket.handlers.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('similarity report', () => {
  it(
    'ranks pairs, clusters users, filters, compares side by side, reviews and cancels as cheating',
    { timeout: 60_000 },
    async () => {
      const calls = stubFetch((url) => {
        const path = urlPath(url);
        if (path === '/api/admin/similarity/report') return ok({ analysis, pairs: PAIRS });
        if (path === '/api/admin/similarity/pair')
          return ok({
            pair: PAIRS[0],
            leftCode: 'int main() {\n  return 0;\n}\n// alice',
            rightCode: 'int main() {\n  return 0;\n}',
            fragments: [{ left: [0, 0, 1, 11], right: [0, 0, 1, 11], kgrams: 3 }],
          });
        if (path === '/api/admin/similarity/review') return ok(null);
        if (path === '/api/admin/similarity/cancel-user') return ok({ cancelled: [10, 11], skipped: [] });
        return undefined;
      });
      useSession.setState({ token: 't', user: ROOT });
      renderApp('/admin/similarity/5');
      const table = await screen.findByTestId('similarity-pairs', {}, SLOW);
      // Default threshold 50 %: the 30 % pair is hidden; most similar first, longest fragment shown.
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(2);
      expect(rows[0]!.textContent).toContain('92.0%');
      expect(rows[0]!.textContent).toContain('41 fingerprints');
      expect(rows[1]!.textContent).toContain('71.0%');
      expect(within(rows[0]!).getByText('alice').getAttribute('href')).toBe('/user-home?uid=u-alice');
      expect(within(rows[0]!).getByText('#10').getAttribute('href')).toBe('/submission-detail/10');
      // alice–bob–carol are one cluster.
      expect(screen.getByTestId('similarity-clusters').textContent).toContain('alice, bob, carol');
      // Threshold down to 25 %: the third pair shows; problem B only: just it.
      fireEvent.change(screen.getByLabelText('Threshold'), { target: { value: '25' } });
      await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
      fireEvent.change(screen.getByLabelText('Problem'), { target: { value: 'B' } });
      await waitFor(() =>
        expect(within(screen.getByTestId('similarity-pairs')).getAllByRole('row')).toHaveLength(2),
      );
      expect(screen.getByTestId('similarity-pairs').textContent).toContain('dave');
      fireEvent.change(screen.getByLabelText('Problem'), { target: { value: '' } });

      // Side by side: the matched lines of both sides are marked, the rest not.
      fireEvent.click((await screen.findAllByText('Compare'))[0]!);
      const view = await screen.findByTestId('similarity-side-by-side');
      const [left, right] = within(view).getAllByTestId('similarity-code');
      const marked = (el: HTMLElement) =>
        [...el.querySelectorAll('.oj-sim-line')].map((l) => l.classList.contains('oj-sim-hit'));
      expect(marked(left!)).toEqual([true, true, false, false]);
      expect(marked(right!)).toEqual([true, true, false]);

      // Reviewed mark goes to the server.
      fireEvent.click(screen.getAllByLabelText('Mark reviewed')[0]!);
      await waitFor(() =>
        expect(calls.some((c) => urlPath(c.url) === '/api/admin/similarity/review')).toBe(true),
      );
      expect(calls.find((c) => urlPath(c.url) === '/api/admin/similarity/review')!.body).toEqual({
        pairId: 1,
        reviewed: true,
      });

      // Cancel bob as cheating, after the confirmation.
      fireEvent.click(screen.getAllByLabelText('Cancel as cheating bob')[0]!);
      fireEvent.click(await screen.findByText('Confirm'));
      await waitFor(() =>
        expect(calls.some((c) => urlPath(c.url) === '/api/admin/similarity/cancel-user')).toBe(true),
      );
      expect(calls.find((c) => urlPath(c.url) === '/api/admin/similarity/cancel-user')!.body).toEqual({
        analysisId: 5,
        uid: 'u-bob',
      });
      expect(await screen.findByText('2 submissions cancelled')).toBeTruthy();
    },
  );

  it('exports the shown pairs as CSV', { timeout: 60_000 }, async () => {
    stubFetch((url) =>
      urlPath(url) === '/api/admin/similarity/report' ? ok({ analysis, pairs: PAIRS }) : undefined,
    );
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    useSession.setState({ token: 't', user: ROOT });
    renderApp('/admin/similarity/5');
    fireEvent.click(await screen.findByText('Export CSV', {}, SLOW));
    const text = await blobs[0]!.text();
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'problem,language,similarity,longest,user_a,submission_a,user_b,submission_b,reviewed',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe('A,C++,0.9200,41,alice,10,bob,11,false');
  });

  it('lists analyses, starts one and follows its progress push', { timeout: 60_000 }, async () => {
    let started: unknown = null;
    stubFetch((url, init) => {
      const path = urlPath(url);
      if (path === '/api/admin/similarity/list') return ok([]);
      if (path === '/api/admin/similarity/start') {
        started = JSON.parse(String(init?.body));
        return ok({ ...analysis, id: 6, state: 'queued', done: 0, total: 0 });
      }
      return undefined;
    });
    useSession.setState({ token: 't', user: ROOT });
    renderApp('/admin/similarity');
    expect(await screen.findByText('No analyses yet', {}, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('ID'), { target: { value: '7' } });
    fireEvent.click(screen.getByText('Start analysis'));
    expect(await screen.findByText('Queued')).toBeTruthy();
    expect(started).toEqual({ scope: 'contest', scopeId: 7, allAccepted: false });
    await waitFor(() => expect(fakeSocket.handlers.get('similarity:progress')?.size).toBe(1));
    act(() => fakeSocket.push('similarity:progress', { id: 6, state: 'running', done: 1, total: 3 }));
    expect(await screen.findByText('Running · 1 / 3 groups')).toBeTruthy();
  });
});

// @vitest-environment jsdom
// Issue #26 item 8: contest descriptions render math; the participant count follows a registration
// without a reload; an announcement notice is shown once, not again on every contest screen.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../store/session';
import { useContestStore } from './store';
import { ok, renderApp, resetStores, stubFetch } from '../test/harness';
import { fakeSocket as sock } from '../test/fake-socket';

vi.mock('../api/socket', async () => (await import('../test/fake-socket')).socketModuleMock());

const ALICE = { uid: 'u1', username: 'alice', nickname: null, avatar: null, roleList: ['default_user'] };
const path = (url: string) => url.split('?')[0];
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
  sock.handlers.clear();
  useSession.setState({ token: 't', user: ALICE as never });
});
afterEach(() => cleanup());

describe('contest overview (issue #26 item 8)', () => {
  it('renders math in the description', async () => {
    stubFetch((url) => {
      if (path(url) === '/api/get-contest-info') return ok(contest({ description: 'Score $x^2$ points' }));
      if (path(url) === '/api/get-contest-access') return ok({ access: true });
      if (path(url) === '/api/get-contest-not-read-announcement') return ok([]);
      return undefined;
    });
    renderApp('/contest/7');
    const overview = await screen.findByTestId('contest-overview', {}, { timeout: 10_000 });
    await waitFor(() => expect(overview.querySelector('.katex')).not.toBeNull(), { timeout: 10_000 });
    expect(overview.textContent).not.toContain('$x^2$');
  });

  it('shows the new participant count right after registering', async () => {
    let registered = false;
    stubFetch((url) => {
      if (path(url) === '/api/get-contest-info') return ok(contest({ auth: 1, count: registered ? 1 : 0 }));
      if (path(url) === '/api/get-contest-access') return ok({ access: registered });
      if (path(url) === '/api/register-contest') {
        registered = true;
        return ok(null);
      }
      if (path(url) === '/api/get-contest-not-read-announcement') return ok([]);
      return undefined;
    });
    renderApp('/contest/7');
    expect((await screen.findByTestId('contest-count')).textContent).toBe('0');
    fireEvent.change(screen.getByTestId('contest-overview').querySelector('input')!, {
      target: { value: 'pw' },
    });
    fireEvent.click(screen.getByTestId('contest-register'));
    await waitFor(() => expect(screen.getByTestId('contest-count').textContent).toBe('1'));
  });

  it('shows an unread announcement once, not again when another contest screen mounts', async () => {
    stubFetch((url) => {
      if (path(url) === '/api/get-contest-info') return ok(contest());
      if (path(url) === '/api/get-contest-access') return ok({ access: true });
      if (path(url) === '/api/get-contest-problem') return ok([]);
      if (path(url) === '/api/get-contest-rank') return ok({ records: [], total: 0 });
      if (path(url) === '/api/get-contest-not-read-announcement')
        return ok([{ id: 5, title: 'Clarification on B' }]);
      return undefined;
    });
    const first = renderApp('/contest/7');
    expect(await screen.findByText('Announcements: Clarification on B')).toBeTruthy();
    first.unmount();
    renderApp('/contest/7/problems');
    await screen.findByTestId('contest-panel-problems');
    // the second screen asked the server again, and still one notice is shown
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getAllByText('Announcements: Clarification on B')).toHaveLength(1);
  });
});

describe('contest tabs on a phone (issue #26 item 8)', () => {
  it('hint that more tabs exist while some are hidden to the right, and drop the hint at the end', async () => {
    const proto = HTMLElement.prototype;
    const sw = Object.getOwnPropertyDescriptor(proto, 'scrollWidth');
    const cw = Object.getOwnPropertyDescriptor(proto, 'clientWidth');
    // jsdom has no layout: the tab strip is 800 px of tabs in a 375 px box
    Object.defineProperty(proto, 'scrollWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return this.getAttribute('role') === 'tablist' ? 800 : 0;
      },
    });
    Object.defineProperty(proto, 'clientWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return this.getAttribute('role') === 'tablist' ? 375 : 0;
      },
    });
    try {
      stubFetch((url) => {
        if (path(url) === '/api/get-contest-info') return ok(contest());
        if (path(url) === '/api/get-contest-access') return ok({ access: true });
        if (path(url) === '/api/get-contest-not-read-announcement') return ok([]);
        return undefined;
      });
      renderApp('/contest/7');
      expect(await screen.findByTestId('contest-tabs-more', {}, { timeout: 10_000 })).toBeTruthy();
      const strip = document.querySelector<HTMLElement>('.oj-contest-tabs [role="tablist"]')!;
      strip.scrollLeft = 425;
      fireEvent.scroll(strip);
      await waitFor(() => expect(screen.queryByTestId('contest-tabs-more')).toBeNull());
    } finally {
      if (sw) Object.defineProperty(proto, 'scrollWidth', sw);
      if (cw) Object.defineProperty(proto, 'clientWidth', cw);
    }
  });
});

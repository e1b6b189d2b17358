// @vitest-environment jsdom
// Issue #25 item 3: the import verification table shows the stored rows, fills a pending row in
// place when its push arrives over the admin room, and says whether every verdict matched.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VERIFY_HELD_PREFIX, type ProblemVerification, type ProblemVerifyRow } from '@oj/protocol/problem';
import { i18n } from '../../i18n';
import { ClientEvents, ServerEvents } from '@oj/protocol/realtime/names';
import { useSession } from '../../store/session';
import { ok, renderApp, resetStores, stubFetch } from '../../test/harness';
import { fakeSocket } from '../../test/fake-socket';

vi.mock('../../api/socket', async () => (await import('../../test/fake-socket')).socketModuleMock());

const ROOT = { uid: 'r1', username: 'root', nickname: null, avatar: null, roleList: ['root'] };
const path = (url: string) => url.split('?')[0];

const row = (id: number, p: string, expected: string[], got: string | null = null): ProblemVerifyRow => ({
  id,
  pid: 7,
  path: p,
  language: 'C++ 17 With O2',
  expected,
  status: got === null ? null : got === 'AC' ? 0 : -1,
  got,
  matches: got === null ? null : expected.includes(got),
  time: got === null ? null : 12,
  memory: got === null ? null : 2048,
  message: null,
});

beforeEach(() => {
  resetStores();
  fakeSocket.emitted.length = 0;
});
afterEach(async () => {
  cleanup();
  if (i18n.isInitialized) await i18n.changeLanguage('en-US');
});

describe('import verification screen', () => {
  it('shows the stored rows, fills a pending one from its push, and reports a mismatch', async () => {
    useSession.setState({ token: 't', user: ROOT });
    const stored: ProblemVerification = {
      pid: 7,
      problemId: 'P7',
      title: 'Verified Sum',
      auth: 2,
      rows: [row(1, 'solutions/ok.cpp', ['AC'], 'AC'), row(2, 'solutions/wa.cpp', ['WA'])],
    };
    const calls = stubFetch((url) => {
      if (path(url) === '/api/admin/problem/verification') return ok(stored);
      if (path(url) === '/api/admin/problem/change-problem-auth') return ok(null);
      return undefined;
    });
    renderApp('/admin/problem/verify/7');
    const table = await screen.findByTestId('verify-table', {}, { timeout: 30_000 });
    const rows = () => within(table).getAllByTestId('verify-row');
    expect(rows().map((r) => r.dataset.state)).toEqual(['match', 'pending']);
    expect(screen.getByTestId('verify-summary').textContent).toBe('1 of 2 solutions judged');
    // the screen joined the admin room
    expect(fakeSocket.emitted.some(([ev]) => ev === ClientEvents.subscribeAdmin)).toBe(true);
    // a push for another problem changes nothing; this problem's row fills in place
    fakeSocket.push(ServerEvents.adminProblemVerify, { ...row(2, 'x', ['WA'], 'AC'), pid: 8 });
    expect(rows()[1]!.dataset.state).toBe('pending');
    fakeSocket.push(ServerEvents.adminProblemVerify, row(2, 'solutions/wa.cpp', ['WA'], 'AC'));
    await waitFor(() => expect(rows()[1]!.dataset.state).toBe('mismatch'));
    expect(within(rows()[1]!).getByTestId('verify-got').textContent).toContain('AC');
    expect(screen.getByTestId('verify-summary').textContent).toBe(
      '1 solution(s) did not get the expected verdict',
    );
    // publishing makes the problem public
    fireEvent.click(screen.getByTestId('verify-publish'));
    await screen.findByTestId('verify-public');
    expect(calls.some((c) => path(c.url) === '/api/admin/problem/change-problem-auth')).toBe(true);
  }, 60_000);

  it('words a row held back for the time limit in the screen language, not the server text', async () => {
    useSession.setState({ token: 't', user: ROOT });
    const held = {
      ...row(2, 'submissions/wrong_answer/diff.cpp', ['WA']),
      message: `${VERIFY_HELD_PREFIX}{"multiplier":4,"resolution":null}`,
    };
    stubFetch((url) =>
      path(url) === '/api/admin/problem/verification'
        ? ok({
            pid: 7,
            problemId: 'P7',
            title: 'Kattis',
            auth: 2,
            rows: [row(1, 'submissions/accepted/a.cpp', ['AC']), held],
          })
        : undefined,
    );
    renderApp('/admin/problem/verify/7');
    await act(() => i18n.changeLanguage('en-US'));
    const table = await screen.findByTestId('verify-table', {}, { timeout: 30_000 });
    const got = () => within(table).getAllByTestId('verify-got');
    expect(got()[0]!.textContent).toBe('Judging');
    expect(got()[1]!.textContent).toBe('Waiting for the time limit');
    expect(got()[1]!.title).toBe(
      'Judged once the accepted solutions give the time limit (their slowest time × 4)',
    );
    await act(() => i18n.changeLanguage('zh-CN'));
    await waitFor(() => expect(got()[1]!.textContent).toBe('等待时限'));
    expect(got()[0]!.textContent).toBe('评测中');
    expect(got()[1]!.title).toContain('× 4');
    expect(got()[1]!.title).not.toMatch(/waiting for/);
  }, 60_000);
});

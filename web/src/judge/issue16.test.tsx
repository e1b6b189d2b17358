// @vitest-environment jsdom
// Issue #16 in the judge screens: submission detail code and ACM cases, /status for visitors.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../store/session';
import { ok, renderApp, resetStores, stubFetch } from '../test/harness';

vi.mock('../api/socket', async () => (await import('../test/fake-socket')).socketModuleMock());

const ALICE = { uid: 'u1', username: 'alice', nickname: null, avatar: null, roleList: ['default_user'] };
const path = (url: string) => url.split('?')[0];
const CODE = '#include <cstdio>\nint main() {\n  // sum\n  return 0;\n}';

function submission(score: number | null) {
  return {
    submitId: 5,
    uid: 'u1',
    username: 'alice',
    pid: 11,
    displayPid: '1000',
    title: 'A+B',
    submitTime: '2024-05-01T08:30:00.000+0000',
    status: -1,
    time: 3,
    memory: 100,
    score,
    length: CODE.length,
    language: 'C++',
    judger: null,
    share: false,
    code: CODE,
    errorMessage: null,
    cid: 0,
    gid: null,
  };
}

beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('submission detail (issue #16)', () => {
  it('shows the code highlighted with one numbered line per source line; ACM cases carry no score', async () => {
    stubFetch((url) => {
      if (path(url) === '/api/get-submission-detail')
        return ok({ submission: submission(null), codeShare: true });
      if (path(url) === '/api/get-all-case-result')
        return ok({
          judgeCaseMode: 'default',
          judgeCaseList: [
            { status: 0, time: 3, memory: 100, score: 0, userOutput: null },
            { status: -1, time: 2, memory: 90, score: 0, userOutput: null },
          ],
          subTaskJudgeCaseVoList: null,
        });
      return undefined;
    });
    useSession.getState().signIn('tok', ALICE);
    renderApp('/submission-detail/5');
    const code = await screen.findByTestId('submission-code');
    expect(code.textContent).toBe(CODE);
    expect(code.querySelectorAll('.oj-code-line')).toHaveLength(5);
    await waitFor(() => expect(code.getAttribute('data-highlighted')).toBe('true'));
    expect(code.querySelector('.tok-comment')?.textContent).toBe('// sum');
    expect(code.querySelector('.tok-keyword')).toBeTruthy();
    const cases = await screen.findAllByTestId('case-result');
    expect(cases).toHaveLength(2);
    for (const c of cases) expect(c.textContent).not.toMatch(/\/ 0$/);
  });

  it('OI cases keep their score', async () => {
    stubFetch((url) => {
      if (path(url) === '/api/get-submission-detail')
        return ok({ submission: submission(40), codeShare: true });
      if (path(url) === '/api/get-all-case-result')
        return ok({
          judgeCaseMode: 'default',
          judgeCaseList: [{ status: 0, time: 3, memory: 100, score: 40, userOutput: null }],
          subTaskJudgeCaseVoList: null,
        });
      return undefined;
    });
    useSession.getState().signIn('tok', ALICE);
    renderApp('/submission-detail/5');
    const [c] = await screen.findAllByTestId('case-result');
    expect(c!.textContent).toMatch(/\/ 40$/);
  });
});

describe('/status?onlyMine=true for a visitor (issue #16)', () => {
  it('asks to log in instead of saying there are no submissions, and sends no list call', async () => {
    const calls = stubFetch(() => undefined);
    renderApp('/status?onlyMine=true');
    expect(await screen.findByTestId('submission-list-login')).toBeTruthy();
    expect(screen.getByText('Log in to see your own submissions')).toBeTruthy();
    expect(screen.queryByTestId('submission-list-empty')).toBeNull();
    expect(calls.some((c) => path(c.url) === '/api/get-submission-list')).toBe(false);
  });
});

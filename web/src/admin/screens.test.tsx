// @vitest-environment jsdom
// The back-office shell and pages over a stubbed API: menu by role, super-admin pages refused to
// admins, the problem form's compile error dialog and its ProblemDTO.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../store/session';
import { ok, renderApp, resetStores, stubFetch, type Call } from '../test/harness';

vi.mock('../api/socket', async () => (await import('../test/fake-socket')).idleSocketModuleMock());

const ROOT = { uid: 'r1', username: 'root', nickname: null, avatar: null, roleList: ['root'] };
const ADMIN = { uid: 'a1', username: 'adm', nickname: null, avatar: null, roleList: ['admin'] };
const path = (url: string) => url.split('?')[0];
const dashboard = (url: string) => {
  if (path(url) === '/api/admin/dashboard/get-dashboard-info')
    return ok({ userNum: 12, todayJudgeNum: 3, recentContestNum: 1, runningContestNum: 1 });
  if (path(url) === '/api/admin/dashboard/recent-sessions') return ok([]);
  if (path(url) === '/api/admin/dashboard/judge-servers')
    return ok({
      servers: [
        {
          name: 'r1',
          version: '1',
          languages: ['C'],
          concurrency: 2,
          inFlight: 0,
          load: 0.1,
          lastSeen: Date.now(),
          state: 'down',
        },
      ],
      staleAfterMs: 12500,
      at: Date.now(),
    });
  if (path(url) === '/api/admin/dashboard/submission-rate')
    return ok({ points: [{ minute: 0, count: 4 }], at: 0 });
  return undefined;
};

beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('admin shell', () => {
  it('shows root every page and an admin only the non-super pages; the dashboard shows a down runner', async () => {
    stubFetch(dashboard);
    useSession.setState({ token: 't', user: ROOT });
    renderApp('/admin/dashboard');
    await screen.findByTestId('admin-menu');
    expect(screen.queryByTestId('admin-menu-user')).toBeTruthy();
    expect(await screen.findByTestId('judge-server-r1')).toBeTruthy();
    expect(screen.getByTestId('judge-server-r1').getAttribute('data-state')).toBe('down');
    expect(screen.getByTestId('dashboard-users').textContent).toContain('12');
    cleanup();

    useSession.setState({ token: 't', user: ADMIN });
    renderApp('/admin/user');
    await screen.findByTestId('admin-menu');
    expect(screen.queryByTestId('admin-menu-user')).toBeNull();
    expect(screen.queryByTestId('admin-menu-switch')).toBeNull();
    expect(screen.getByTestId('admin-menu-problems')).toBeTruthy();
    expect(await screen.findByTestId('admin-super-only')).toBeTruthy();
  });
});

describe('problem form', () => {
  it('shows the compiler output in a Compile Error dialog and saves the DTO once compiled', async () => {
    useSession.setState({ token: 't', user: ROOT });
    let compileOk = false;
    const calls = stubFetch((url, init) => {
      if (path(url) === '/api/languages') return ok([{ id: 1, name: 'C++' }]);
      if (path(url) === '/api/get-all-problem-tags') return ok([{ name: 'dp' }]);
      if (path(url) === '/api/admin/problem/compile-spj')
        return compileOk
          ? { body: { status: 200, msg: '编译成功！', data: null } }
          : { body: { status: 500, msg: "spj.cpp:1: error: expected ';'", data: null } };
      if (path(url) === '/api/admin/problem' && init.method === 'POST') return ok(null);
      if (path(url) === '/api/admin/problem/get-problem-list') return ok({ records: [], total: 0 });
      return undefined;
    });
    renderApp('/admin/problem/create');
    await screen.findByTestId('problem-form');
    fireEvent.change(screen.getByTestId('pf-problem-id'), { target: { value: 'P9' } });
    fireEvent.change(screen.getByTestId('pf-title'), { target: { value: 'T' } });
    fireEvent.change(screen.getByTestId('pf-input-input'), { target: { value: 'in' } });
    fireEvent.change(screen.getByTestId('pf-output-input'), { target: { value: 'out' } });
    fireEvent.click(screen.getByLabelText(/Special judge|特殊评测/));
    fireEvent.change(screen.getByTestId('pf-spj-code'), { target: { value: 'int main() { return 0 }' } });
    fireEvent.click(screen.getByTestId('pf-compile'));
    expect((await screen.findByTestId('pf-compile-error')).textContent).toContain("expected ';'");
    compileOk = true;
    fireEvent.click(screen.getByTestId('pf-compile'));
    await waitFor(() =>
      expect(calls.filter((c) => path(c.url) === '/api/admin/problem/compile-spj')).toHaveLength(2),
    );
    // hand-typed cases instead of a zip
    fireEvent.click(screen.getByTestId('pf-mode-manual'));
    // an empty typed case is refused before any call
    fireEvent.click(screen.getByTestId('pf-save'));
    const [caseIn, caseOut] = Array.from(screen.getByTestId('pf-cases').querySelectorAll('textarea'));
    fireEvent.change(caseIn!, { target: { value: '1 2' } });
    fireEvent.change(caseOut!, { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('pf-save'));
    const isPost = (c: Call) => path(c.url) === '/api/admin/problem' && c.method === 'POST';
    await waitFor(() => expect(calls.some(isPost)).toBe(true));
    const posts = calls.filter(isPost);
    expect(posts).toHaveLength(1);
    const dto = posts[0]!.body as { judgeMode: string; problem: object };
    expect(dto).toMatchObject({
      judgeMode: 'spj',
      isUploadTestCase: false,
      samples: [{ input: '1 2', output: '3' }],
    });
    expect(dto.problem).toMatchObject({
      problemId: 'P9',
      spjCode: 'int main() { return 0 }',
      spjLanguage: 'C',
      author: 'root',
    });
  });
});

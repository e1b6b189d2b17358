// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../store/session';
import { ok, renderApp, resetStores, stubFetch } from '../test/harness';
import { fakeSocket as sock } from '../test/fake-socket';

vi.mock('../api/socket', async () => (await import('../test/fake-socket')).socketModuleMock());

const ALICE = { uid: 'u1', username: 'alice', nickname: null, avatar: null, roleList: ['default_user'] };
const ROOT = { uid: 'u9', username: 'root', nickname: null, avatar: null, roleList: ['root'] };
const row = (submitId: number, uid: string, username: string, status: number) => ({
  submitId,
  uid,
  username,
  pid: 11,
  displayPid: '1000',
  title: 'A+B',
  submitTime: '2024-05-01T08:30:00.000+0000',
  status,
  time: status === 0 ? 12 : null,
  memory: status === 0 ? 1024 : null,
  score: null,
  length: 120,
  language: 'C++',
  judger: null,
  share: false,
});
const path = (url: string) => url.split('?')[0];
const query = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));

beforeEach(() => {
  resetStores();
  sock.connected = true;
  sock.emitted = [];
  sock.handlers.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('submission list', () => {
  it('reads filters from the query string, highlights own rows and updates running rows live', async () => {
    const calls = stubFetch((url) =>
      path(url) === '/api/get-submission-list'
        ? ok({ records: [row(2, 'u1', 'alice', 5), row(1, 'u2', 'bob', 0)], total: 2 })
        : undefined,
    );
    useSession.getState().signIn('tok', ALICE);
    const { location } = renderApp('/status?username=alice&status=0');
    const rows = await screen.findAllByTestId('submission-row');
    expect(query(calls.find((c) => path(c.url) === '/api/get-submission-list')!.url)).toEqual({
      onlyMine: 'false',
      currentPage: '1',
      limit: '15',
      status: '0',
      username: 'alice',
    });
    expect(rows[0]!.getAttribute('data-own')).toBe('true');
    expect(rows[1]!.getAttribute('data-own')).toBe('false');
    expect(screen.queryByTestId('row-rejudge')).toBeNull();

    await waitFor(() => expect(sock.emitted).toContainEqual(['subscribe:submission', { submitId: 2 }]));
    expect(sock.emitted).not.toContainEqual(['subscribe:submission', { submitId: 1 }]);
    act(() =>
      sock.push('submission:updated', {
        submitId: 2,
        uid: 'u1',
        pid: 11,
        cid: 0,
        gid: null,
        status: -1,
        version: 0,
        reason: 'result',
        time: 30,
        memory: 2048,
        score: null,
        judger: 'j1',
        at: 1,
      }),
    );
    expect(screen.getAllByTestId('row-status')[0]!.textContent).toBe('Wrong Answer');
    expect(rows[0]!.textContent).toContain('30ms');

    fireEvent.change(screen.getByTestId('status-filter'), { target: { value: '' } });
    expect(location.history.at(-1)).toBe('/status?username=alice');
  });

  // Issue #26: a running row whose result push is lost is read again after a quiet time.
  it('reads a running row again when its result push never comes', async () => {
    const calls = stubFetch((url) => {
      if (path(url) === '/api/get-submission-list')
        return ok({ records: [row(2, 'u1', 'alice', 7)], total: 1 });
      if (url === '/api/check-submissions-status')
        return ok({ '2': { submitId: 2, status: 0, time: 12, memory: 1024, score: null, judger: 'j1' } });
      return undefined;
    });
    useSession.getState().signIn('tok', ALICE);
    renderApp('/status');
    await screen.findAllByTestId('submission-row');
    await waitFor(() => expect(sock.emitted).toContainEqual(['subscribe:submission', { submitId: 2 }]));
    expect(screen.getAllByTestId('row-status')[0]!.textContent).toBe('Judging');
    await waitFor(() => expect(screen.getAllByTestId('row-status')[0]!.textContent).toBe('Accepted'), {
      timeout: 5000,
    });
    expect(calls.filter((c) => c.url === '/api/check-submissions-status').length).toBe(1);
  }, 15_000);

  it('shows the rejudge column to the super admin and rejudges a row', async () => {
    const calls = stubFetch((url) => {
      if (path(url) === '/api/get-submission-list')
        return ok({ records: [row(1, 'u2', 'bob', 0)], total: 1 });
      if (path(url) === '/api/admin/judge/rejudge') return ok(row(1, 'u2', 'bob', 5));
      return undefined;
    });
    useSession.getState().signIn('tok', ROOT);
    renderApp('/status');
    fireEvent.click(await screen.findByTestId('row-rejudge'));
    await waitFor(() => expect(screen.getByTestId('row-status').textContent).toBe('Pending'));
    expect(query(calls.find((c) => path(c.url) === '/api/admin/judge/rejudge')!.url)).toEqual({
      submitId: '1',
    });
  });
});

describe('manual judge', () => {
  it('lets the super admin set a verdict with a score, and cancel', async () => {
    const scored = { ...row(3, 'u2', 'bob', -1), score: 10 };
    const calls = stubFetch((url) => {
      if (path(url) === '/api/get-submission-list') return ok({ records: [scored], total: 1 });
      if (path(url) === '/api/admin/judge/manual-judge')
        return ok({ submitId: 3, status: 0, score: 100, judger: 'root', oiRankScore: 10 });
      if (path(url) === '/api/admin/judge/cancel-judge')
        return ok({ submitId: 3, status: -4, judger: 'root' });
      return undefined;
    });
    useSession.getState().signIn('tok', ROOT);
    renderApp('/status');
    fireEvent.click(await screen.findByTestId('row-manual'));
    const select = (await screen.findByTestId('manual-status')) as HTMLSelectElement;
    const cancelled = [...select.options].find((o) => o.value === '-4')!;
    expect(cancelled.disabled).toBe(true);
    expect([...select.options].some((o) => o.value === '5' || o.value === '-2')).toBe(false);
    fireEvent.change(select, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('manual-modify'));
    await waitFor(() => expect(screen.getByTestId('row-status').textContent).toBe('Accepted'));
    expect(query(calls.find((c) => path(c.url) === '/api/admin/judge/manual-judge')!.url)).toEqual({
      submitId: '3',
      status: '0',
      score: '10',
    });
    fireEvent.click(screen.getByTestId('row-manual'));
    fireEvent.click(await screen.findByTestId('manual-cancel'));
    await waitFor(() => expect(screen.getByTestId('row-status').textContent).toBe('Cancelled'));
  });

  it('disables manual judging while a row is judging', async () => {
    stubFetch((url) =>
      path(url) === '/api/get-submission-list'
        ? ok({ records: [row(4, 'u2', 'bob', 7)], total: 1 })
        : undefined,
    );
    useSession.getState().signIn('tok', ROOT);
    renderApp('/status');
    expect(((await screen.findByTestId('row-manual')) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('submission detail', () => {
  it('shows banner, row, subtask groups and the code with copy and share for the owner', async () => {
    const calls = stubFetch((url, init) => {
      if (path(url) === '/api/get-submission-detail')
        return ok({
          submission: {
            ...row(5, 'u1', 'alice', 8),
            code: 'int main(){}',
            errorMessage: null,
            cid: 0,
            gid: null,
            score: 50,
          },
          codeShare: true,
        });
      if (path(url) === '/api/get-all-case-result')
        return ok({
          judgeCaseMode: 'subtask_lowest',
          judgeCaseList: null,
          subTaskJudgeCaseVoList: [
            {
              groupNum: 1,
              status: 0,
              score: 50,
              ac: 2,
              total: 2,
              time: 3,
              memory: 100,
              subtaskDetailList: [
                { status: 0, time: 3, memory: 100, score: 25, userOutput: null },
                { status: 0, time: 2, memory: 90, score: 25, userOutput: null },
              ],
            },
            {
              groupNum: 2,
              status: -1,
              score: 0,
              ac: 0,
              total: 1,
              time: 1,
              memory: 80,
              subtaskDetailList: [{ status: -1, time: 1, memory: 80, score: 0, userOutput: null }],
            },
          ],
        });
      if (url === '/api/submission' && init.method === 'PUT') return ok(null);
      return undefined;
    });
    useSession.getState().signIn('tok', ALICE);
    renderApp('/submission-detail/5');
    expect((await screen.findByTestId('verdict-text')).textContent).toBe('Partial Accepted');
    expect(screen.getByTestId('submission-detail-row').textContent).toContain('alice');
    expect(await screen.findAllByTestId('subtask-group')).toHaveLength(2);
    expect(screen.getAllByTestId('case-result')).toHaveLength(3);
    expect(screen.getByTestId('submission-code').textContent).toBe('int main(){}');
    expect(screen.getByTestId('code-copy')).toBeTruthy();
    fireEvent.click(screen.getByTestId('code-share'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/submission')?.body).toEqual({
        submitId: 5,
        share: true,
        uid: 'u1',
      }),
    );
  });

  it('says so when the submission does not exist', async () => {
    stubFetch((url) =>
      path(url) === '/api/get-submission-detail'
        ? { body: { status: 404, msg: 'missing', data: null } }
        : undefined,
    );
    renderApp('/submission-detail/999');
    expect(await screen.findByTestId('submission-not-found')).toBeTruthy();
  });
});

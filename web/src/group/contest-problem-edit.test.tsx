// @vitest-environment jsdom
// The contest problem form in both scopes: in a group's Contest tab a contest-only problem is
// created through POST /api/group/contest-problem and read/edited as a group problem (display id
// without the group's prefix), then linked with PUT /api/group/contest-problem; the site back
// office keeps its /api/admin calls. Each case also checks that no call of the other scope is made.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../store/session';
import { ok, renderApp, resetStores, stubFetch, urlPath as path, urlQuery as query } from '../test/harness';
import { ALICE, stubGroupPage } from './test-fixtures';

vi.mock('../api/socket', async () => (await import('../test/fake-socket')).idleSocketModuleMock());

const ROOT = { uid: 'r1', username: 'root', nickname: null, avatar: null, roleList: ['root'] };

const contest = (id: number, gid: number | null) => ({
  id,
  title: 'Group Round',
  description: '',
  startTime: '2026-01-01T00:00:00.000+0000',
  endTime: '2026-01-01T02:00:00.000+0000',
  duration: 7200,
  type: 0,
  auth: 0,
  status: 0,
  visible: true,
  uid: 'u1',
  author: 'alice',
  gid,
  awardType: 0,
  awardConfigList: [],
  starAccount: [],
});

/** The contest's problem list: one problem (pid 5) linked as A. */
const problemList = (cid: number, problemId: string) =>
  ok({
    problemList: {
      records: [{ id: 5, problemId, title: 'Sum', type: 0, author: 'alice', auth: 3 }],
      total: 1,
    },
    contestProblemMap: { '5': { id: 1, cid, pid: 5, displayId: 'A', displayTitle: 'Sum', color: null } },
  });

/** A stored contest problem as GET /api/group/problem or /api/admin/contest/problem answers it. */
const stored = (problemId: string, gid: number | null) => ({
  id: 5,
  problemId,
  title: 'Sum',
  author: 'alice',
  type: 0,
  auth: 3,
  timeLimit: 1000,
  memoryLimit: 256,
  description: 'add',
  input: 'two numbers',
  output: 'their sum',
  examples: '<input>1 2</input><output>3</output>',
  isUploadCase: false,
  judgeCaseMode: 'default',
  judgeMode: 'default',
  isRemote: false,
  isGroup: gid !== null,
  gid,
});

const CASES = [{ id: 77, input: '1 2', output: '3', score: null, groupNum: null }];

async function fillNew() {
  fireEvent.change(await screen.findByTestId('problem-form-problem-id', {}, { timeout: 8000 }), {
    target: { value: 'Z1' },
  });
  fireEvent.change(screen.getByTestId('problem-form-title'), { target: { value: 'Zed' } });
  fireEvent.change(screen.getByTestId('problem-form-display-title'), { target: { value: 'Zed' } });
  fireEvent.change(screen.getByTestId('problem-form-input'), { target: { value: 'a number' } });
  fireEvent.change(screen.getByTestId('problem-form-output'), { target: { value: 'its square' } });
  fireEvent.change(screen.getByTestId('problem-case-input-0'), { target: { value: '2' } });
  fireEvent.change(screen.getByTestId('problem-case-output-0'), { target: { value: '4' } });
}

beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('group contest problem form', () => {
  beforeEach(() => useSession.setState({ token: 't', user: ALICE as never }));

  /** A group admin (auth 4) of the GRAPH group managing contest 41. */
  const stubGroup = () =>
    stubGroupPage(4, (p, _url, init) => {
      const method = init.method ?? 'GET';
      if (p === '/api/group/contest' && method === 'GET') return ok(contest(41, 1000));
      if (p === '/api/group/get-contest-problem-list') return problemList(41, 'GRAPH1');
      if (p === '/api/languages') return ok([{ id: 1, name: 'C++' }]);
      if (p === '/api/get-problem-languages') return ok([{ id: 1, name: 'C++' }]);
      if (p === '/api/group/contest-problem' && method === 'POST') return ok({ pid: 50 });
      if (p === '/api/group/contest-problem' && method === 'GET')
        return ok({ id: 1, cid: 41, pid: 5, displayId: 'A', displayTitle: 'Sum', color: null });
      if (p === '/api/group/contest-problem' && method === 'PUT') return ok(null);
      if (p === '/api/group/problem' && method === 'GET') return ok(stored('GRAPH1', 1000));
      if (p === '/api/group/problem' && method === 'PUT') return ok(null);
      if (p === '/api/group/get-problem-cases') return ok(CASES);
      return undefined;
    });

  it('creates a contest-only problem from the contest problems screen, then links it', async () => {
    const calls = stubGroup();
    const { location } = renderApp('/group/1000/contest-problems/41');
    // The first render of the file loads the app's modules: allow for a loaded machine.
    fireEvent.click(await screen.findByTestId('admin-cp-create', {}, { timeout: 8000 }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/group/1000/contest-problem-create/41'));
    await fillNew();
    // the next free display id after A, and the group's prefix announced
    expect((screen.getByTestId('problem-form-display-id') as HTMLInputElement).value).toBe('B');
    expect(screen.getByTestId('problem-form-id-prefix').textContent).toContain('GRAPH');
    fireEvent.click(screen.getByTestId('problem-form-save'));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/group/1000/contest-problems/41'));

    const create = calls.findIndex(
      (c) => c.method === 'POST' && path(c.url) === '/api/group/contest-problem',
    );
    const link = calls.findIndex((c) => c.method === 'PUT' && path(c.url) === '/api/group/contest-problem');
    expect(create).toBeGreaterThanOrEqual(0);
    expect(link).toBeGreaterThan(create);
    expect(calls[create]!.body).toMatchObject({
      problem: { problemId: 'Z1', title: 'Zed', gid: 1000, auth: 3, type: 0 },
      isUploadTestCase: false,
      samples: [{ input: '2', output: '4' }],
      languages: [{ id: 1 }],
    });
    expect(calls[link]!.body).toEqual({ cid: 41, pid: 50, displayId: 'B', displayTitle: 'Zed', color: null });
    expect(calls.some((c) => path(c.url).startsWith('/api/admin/'))).toBe(false);
  });

  it('edits a contest problem through the group problem calls, without the prefix in the form', async () => {
    const calls = stubGroup();
    const { location } = renderApp('/group/1000/contest-problems/41');
    fireEvent.click(await screen.findByTestId('admin-cp-edit-A', {}, { timeout: 8000 }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/group/1000/contest-problem-edit/41/5'));
    const id = (await screen.findByTestId('problem-form-problem-id')) as HTMLInputElement;
    expect(id.value).toBe('1');
    expect((screen.getByTestId('problem-case-input-0') as HTMLTextAreaElement).value).toBe('1 2');
    expect((screen.getByTestId('problem-form-display-id') as HTMLInputElement).value).toBe('A');
    const read = calls.find((c) => c.method === 'GET' && path(c.url) === '/api/group/problem')!;
    expect(query(read.url)).toEqual({ pid: '5' });
    const cases = calls.find((c) => path(c.url) === '/api/group/get-problem-cases')!;
    expect(query(cases.url)).toEqual({ pid: '5' });

    fireEvent.change(id, { target: { value: '1b' } });
    fireEvent.change(screen.getByTestId('problem-form-display-title'), { target: { value: 'Sum II' } });
    fireEvent.click(screen.getByTestId('problem-form-save'));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/group/1000/contest-problems/41'));
    const update = calls.find((c) => c.method === 'PUT' && path(c.url) === '/api/group/problem')!;
    expect(update.body).toMatchObject({
      problem: { id: 5, problemId: '1b', gid: 1000, auth: 3, description: 'add' },
      samples: [{ id: 77, input: '1 2', output: '3' }],
    });
    const link = calls.find((c) => c.method === 'PUT' && path(c.url) === '/api/group/contest-problem')!;
    expect(link.body).toEqual({
      id: 1,
      cid: 41,
      pid: 5,
      displayId: 'A',
      displayTitle: 'Sum II',
      color: null,
    });
    expect(calls.some((c) => c.method === 'POST' && path(c.url) === '/api/group/contest-problem')).toBe(
      false,
    );
    expect(calls.some((c) => path(c.url).startsWith('/api/admin/'))).toBe(false);
  });
});

describe('site contest problem form', () => {
  beforeEach(() => useSession.setState({ token: 't', user: ROOT }));

  const stubSite = () =>
    stubFetch((url, init) => {
      const p = path(url);
      const method = init.method ?? 'GET';
      if (p === '/api/admin/contest' && method === 'GET') return ok(contest(7, null));
      if (p === '/api/admin/contest/get-problem-list') return problemList(7, 'P1');
      if (p === '/api/languages') return ok([{ id: 1, name: 'C++' }]);
      if (p === '/api/get-problem-languages') return ok([{ id: 1, name: 'C++' }]);
      if (p === '/api/admin/contest/problem' && method === 'POST') return ok({ pid: 60 });
      if (p === '/api/admin/contest/problem' && method === 'GET') return ok(stored('P1', null));
      if (p === '/api/admin/contest/problem' && method === 'PUT') return ok(null);
      if (p === '/api/admin/problem/get-problem-cases') return ok(CASES);
      if (p === '/api/admin/contest/contest-problem' && method === 'GET')
        return ok({ id: 1, cid: 7, pid: 5, displayId: 'A', displayTitle: 'Sum', color: null });
      if (p === '/api/admin/contest/contest-problem' && method === 'PUT') return ok(null);
      if (p === '/api/admin/contest/get-contest-list') return ok({ records: [], total: 0 });
      return undefined;
    });

  it('creates and edits through the admin endpoints, with no group prefix', async () => {
    const calls = stubSite();
    const { location } = renderApp('/admin/contest/7/problem/create');
    await fillNew();
    expect(screen.queryByTestId('problem-form-id-prefix')).toBeNull();
    fireEvent.click(screen.getByTestId('problem-form-save'));
    await waitFor(() => expect(location.history).toContain('/admin/contest/7/problems'));
    const create = calls.find((c) => c.method === 'POST' && path(c.url) === '/api/admin/contest/problem')!;
    expect(create.body).toMatchObject({ problem: { problemId: 'Z1', auth: 3 } });
    expect((create.body as { problem: object }).problem).not.toHaveProperty('gid');
    const link = calls.find(
      (c) => c.method === 'PUT' && path(c.url) === '/api/admin/contest/contest-problem',
    )!;
    expect(link.body).toMatchObject({ cid: 7, pid: 60, displayId: 'B' });
    cleanup();

    const { location: edit } = renderApp('/admin/contest/7/problem/5/edit');
    const id = (await screen.findByTestId('problem-form-problem-id')) as HTMLInputElement;
    expect(id.value).toBe('P1');
    expect(calls.some((c) => c.method === 'GET' && path(c.url) === '/api/admin/contest/problem')).toBe(true);
    expect(calls.some((c) => path(c.url) === '/api/admin/problem/get-problem-cases')).toBe(true);
    fireEvent.click(screen.getByTestId('problem-form-save'));
    await waitFor(() => expect(edit.history).toContain('/admin/contest/7/problems'));
    const update = calls.find((c) => c.method === 'PUT' && path(c.url) === '/api/admin/contest/problem')!;
    expect(update.body).toMatchObject({ problem: { id: 5, problemId: 'P1' } });
    expect(calls.some((c) => path(c.url).startsWith('/api/group/'))).toBe(false);
  });
});

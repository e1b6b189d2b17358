// @vitest-environment jsdom
// The contest problem form's upload mode: zip → case list with default scores → upload-mode save.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../store/session';
import { ok, renderApp, resetStores, stubFetch } from '../../test/harness';

vi.mock('../../api/socket', async () => (await import('../../test/fake-socket')).idleSocketModuleMock());

const ROOT = { uid: 'r1', username: 'root', nickname: null, avatar: null, roleList: ['root'] };
const path = (url: string) => url.split('?')[0];
const query = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));
const DIR = 'a'.repeat(64);

const contest = (type: number, gid: number | null = null) => ({
  id: 7,
  title: 'Spring Cup',
  description: 'Welcome',
  startTime: '2026-11-21T08:00:00.000+0000',
  endTime: '2026-11-21T13:00:00.000+0000',
  duration: 18000,
  type,
  auth: 0,
  status: 0,
  visible: true,
  uid: 'r1',
  author: 'root',
  gid,
});

interface Sent {
  url: string;
  file: unknown;
  contentType: string | null;
}

/** A new-problem form of an OI (type 1) or ACM contest; `upload` answers the zip POST. */
function script(type: number, upload: () => { status?: number; body?: unknown }, gid: number | null = null) {
  const sent: Sent[] = [];
  const calls = stubFetch((url, init) => {
    const p = path(url);
    const method = init.method ?? 'GET';
    if (p === '/api/admin/contest' && method === 'GET') return ok(contest(type, gid));
    if (p === '/api/languages') return ok([{ id: 1, name: 'C++' }]);
    if (p === '/api/admin/contest/get-problem-list')
      return ok({ problemList: { records: [], total: 0 }, contestProblemMap: {} });
    if (p === '/api/file/upload-testcase-zip' && method === 'POST') {
      const form = init.body as FormData;
      sent.push({
        url,
        file: form instanceof FormData ? form.get('file') : null,
        contentType: new Headers(init.headers).get('content-type'),
      });
      return upload();
    }
    if (p === '/api/admin/contest/problem' && method === 'POST') return ok({ pid: 50 });
    if (p === '/api/admin/contest/contest-problem' && method === 'PUT') return ok(null);
    if (p === '/api/admin/contest/get-contest-list') return ok({ records: [], total: 0 });
    return undefined;
  });
  return { calls, sent };
}

async function fillRequired() {
  fireEvent.change(await screen.findByTestId('problem-form-problem-id'), { target: { value: 'Z1' } });
  fireEvent.change(screen.getByTestId('problem-form-title'), { target: { value: 'Zipped' } });
  fireEvent.change(screen.getByTestId('problem-form-display-title'), { target: { value: 'Zipped' } });
  fireEvent.change(screen.getByTestId('problem-form-input'), { target: { value: 'a number' } });
  fireEvent.change(screen.getByTestId('problem-form-output'), { target: { value: 'its square' } });
}

const zipFile = () => new File([new Uint8Array([80, 75, 3, 4])], 'cases.zip', { type: 'application/zip' });
const THREE = [
  { input: '1.in', output: '1.out' },
  { input: '2.in', output: '2.out' },
  { input: '10.in', output: '10.ans' },
];

beforeEach(() => {
  resetStores();
  useSession.setState({ token: 't', user: ROOT });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('contest problem form: test data by zip upload', () => {
  it('refuses to save upload mode without a zip, then uploads, shows 33/33/34 and saves the upload', async () => {
    const { calls, sent } = script(1, () => ok({ fileList: THREE, fileListDir: DIR }));
    const { location } = renderApp('/admin/contest/7/problem/create');
    await fillRequired();
    fireEvent.click(screen.getByTestId('problem-case-upload-mode'));
    fireEvent.click(screen.getByTestId('problem-form-save'));
    await waitFor(() =>
      expect(document.body.textContent).toContain('Upload mode needs an uploaded test-case zip'),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const file = zipFile();
    fireEvent.change(screen.getByTestId('problem-case-zip'), { target: { files: [file] } });
    await screen.findByTestId('problem-upload-case-2');
    expect(sent).toHaveLength(1);
    expect(path(sent[0]!.url)).toBe('/api/file/upload-testcase-zip');
    expect(query(sent[0]!.url)).toEqual({ mode: 'default' });
    // multipart: the zip itself under `file`, no JSON content type (fetch adds the boundary)
    expect(sent[0]!.file).toBe(file);
    expect(sent[0]!.contentType).toBeNull();
    expect(screen.getByTestId('problem-upload-case-2').textContent).toContain('10.in');
    expect(screen.getByTestId('problem-upload-case-2').textContent).toContain('10.ans');
    const scores = [0, 1, 2].map(
      (i) => (screen.getByTestId(`problem-upload-score-${i}`) as HTMLInputElement).value,
    );
    expect(scores).toEqual(['33', '33', '34']);
    expect(screen.getByTestId('problem-case-upload-count').textContent).toContain('3 cases');
    // no group column outside subtask modes
    expect(screen.queryByTestId('problem-upload-group-0')).toBeNull();

    fireEvent.change(screen.getByTestId('problem-upload-score-0'), { target: { value: '40' } });
    fireEvent.click(screen.getByTestId('problem-form-save'));
    await waitFor(() => expect(location.history).toContain('/admin/contest/7/problems'));
    const save = calls.find((c) => c.method === 'POST' && path(c.url) === '/api/admin/contest/problem')!;
    expect(save.body).toMatchObject({
      isUploadTestCase: true,
      uploadTestcaseDir: DIR,
      problem: { isUploadCase: true, judgeCaseMode: 'default', type: 1, auth: 3 },
      samples: [
        { input: '1.in', output: '1.out', score: 40 },
        { input: '2.in', output: '2.out', score: 33 },
        { input: '10.in', output: '10.ans', score: 34 },
      ],
    });
    const link = calls.find(
      (c) => c.method === 'PUT' && path(c.url) === '/api/admin/contest/contest-problem',
    );
    expect(link?.body).toMatchObject({ cid: 7, pid: 50 });
  });

  it('uploads with a subtask mode (group contest: with its gid), needs a group number per case', async () => {
    const { calls, sent } = script(
      1,
      () => ok({ fileList: THREE.map((f) => ({ ...f, groupNum: 1 })), fileListDir: DIR }),
      4,
    );
    renderApp('/admin/contest/7/problem/create');
    await fillRequired();
    fireEvent.change(screen.getByTestId('problem-form-case-mode'), { target: { value: 'subtask_average' } });
    fireEvent.click(screen.getByTestId('problem-case-upload-mode'));
    fireEvent.change(screen.getByTestId('problem-case-zip'), { target: { files: [zipFile()] } });
    await screen.findByTestId('problem-upload-group-2');
    expect(query(sent[0]!.url)).toEqual({ mode: 'subtask_average', gid: '4' });
    fireEvent.change(screen.getByTestId('problem-upload-group-2'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('problem-form-save'));
    await waitFor(() => expect(document.body.textContent).toContain('Subtask modes need a group number'));
    expect(calls.some((c) => path(c.url) === '/api/admin/contest/problem')).toBe(false);
    fireEvent.change(screen.getByTestId('problem-upload-group-2'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('problem-form-save'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && path(c.url) === '/api/admin/contest/problem')).toBe(
        true,
      ),
    );
    const save = calls.find((c) => c.method === 'POST' && path(c.url) === '/api/admin/contest/problem')!;
    expect((save.body as { samples: unknown }).samples).toEqual([
      { input: '1.in', output: '1.out', score: 33, groupNum: 1 },
      { input: '2.in', output: '2.out', score: 33, groupNum: 1 },
      { input: '10.in', output: '10.ans', score: 34, groupNum: 2 },
    ]);
  });

  it("shows the server's msg of a refused zip and keeps the form without cases", async () => {
    const { calls } = script(1, () => ({
      status: 200,
      body: { status: 400, msg: '请上传zip格式的测试数据压缩包！', data: null },
    }));
    renderApp('/admin/contest/7/problem/create');
    await fillRequired();
    fireEvent.click(screen.getByTestId('problem-case-upload-mode'));
    fireEvent.change(screen.getByTestId('problem-case-zip'), { target: { files: [zipFile()] } });
    const error = await screen.findByTestId('problem-case-upload-error');
    expect(error.textContent).toBe('请上传zip格式的测试数据压缩包！');
    expect(screen.queryByTestId('problem-upload-case-0')).toBeNull();
    fireEvent.click(screen.getByTestId('problem-form-save'));
    await waitFor(() =>
      expect(document.body.textContent).toContain('Upload mode needs an uploaded test-case zip'),
    );
    expect(calls.some((c) => path(c.url) === '/api/admin/contest/problem')).toBe(false);
  });

  it('shows a busy state while the zip uploads', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    script(1, () => ok({ fileList: THREE, fileListDir: DIR }));
    const stubbed = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (path(url) === '/api/file/upload-testcase-zip') await gate;
        return stubbed(url, init);
      }),
    );
    renderApp('/admin/contest/7/problem/create');
    await fillRequired();
    fireEvent.click(screen.getByTestId('problem-case-upload-mode'));
    fireEvent.change(screen.getByTestId('problem-case-zip'), { target: { files: [zipFile()] } });
    expect((await screen.findByTestId('problem-case-uploading')).textContent).toContain('Uploading');
    expect((screen.getByTestId('problem-case-zip') as HTMLInputElement).disabled).toBe(true);
    release();
    await screen.findByTestId('problem-upload-case-2');
    expect(screen.queryByTestId('problem-case-uploading')).toBeNull();
  });

  it('edits a stored upload-mode problem: shows its files and scores, saves them without a new dir', async () => {
    const calls = stubFetch((url, init) => {
      const p = path(url);
      const method = init.method ?? 'GET';
      if (p === '/api/admin/contest' && method === 'GET') return ok(contest(1));
      if (p === '/api/languages') return ok([{ id: 1, name: 'C++' }]);
      if (p === '/api/get-problem-languages') return ok([{ id: 1, name: 'C++' }]);
      if (p === '/api/admin/contest/problem' && method === 'GET')
        return ok({
          id: 9,
          problemId: 'Z9',
          title: 'Stored',
          timeLimit: 1000,
          memoryLimit: 256,
          description: '',
          input: 'in',
          output: 'out',
          examples: null,
          isUploadCase: true,
          judgeCaseMode: 'default',
          judgeMode: 'default',
        });
      if (p === '/api/admin/problem/get-problem-cases')
        return ok([
          { id: 91, input: '1.in', output: '1.out', score: 60, groupNum: 1 },
          { id: 92, input: '2.in', output: '2.out', score: 40, groupNum: 1 },
        ]);
      if (p === '/api/admin/contest/contest-problem' && method === 'GET')
        return ok({ id: 3, cid: 7, pid: 9, displayId: 'A', displayTitle: 'Stored', color: null });
      if (p === '/api/admin/contest/problem' && method === 'PUT') return ok(null);
      if (p === '/api/admin/contest/contest-problem' && method === 'PUT') return ok(null);
      if (p === '/api/admin/contest/get-problem-list')
        return ok({ problemList: { records: [], total: 0 }, contestProblemMap: {} });
      return undefined;
    });
    const { location } = renderApp('/admin/contest/7/problem/9/edit');
    await screen.findByTestId('problem-upload-case-1');
    expect((screen.getByTestId('problem-upload-score-0') as HTMLInputElement).value).toBe('60');
    expect(screen.getByTestId('problem-case-upload-count').textContent).toContain('stored test data is kept');
    fireEvent.change(screen.getByTestId('problem-upload-score-1'), { target: { value: '45' } });
    fireEvent.click(screen.getByTestId('problem-form-save'));
    await waitFor(() => expect(location.history).toContain('/admin/contest/7/problems'));
    const save = calls.find((c) => c.method === 'PUT' && path(c.url) === '/api/admin/contest/problem')!;
    expect(save.body).not.toHaveProperty('uploadTestcaseDir');
    expect(save.body).toMatchObject({
      isUploadTestCase: true,
      problem: { id: 9, isUploadCase: true },
      samples: [
        { id: 91, input: '1.in', output: '1.out', score: 60 },
        { id: 92, input: '2.in', output: '2.out', score: 45 },
      ],
    });
  });
});

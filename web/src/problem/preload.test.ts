// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

const katex = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./katex-load', () => ({ loadKatex: async () => void (katex.loads += 1) }));
// the chunks the entry fetches are not this test's subject
vi.mock('./detail-pages', () => ({}));
vi.mock('./CodeEditor', () => ({}));
vi.mock('@codemirror/lang-cpp', () => ({}));
vi.mock('./editor-prefs', () => ({ loadPrefs: () => ({ theme: 'idea' }) }));
vi.mock('./editor-loaders', () => ({ loadEditorTheme: async () => undefined }));

const {
  detailHasMath,
  detailRequest,
  isProblemPage,
  loadEditor,
  loadProblemDetail,
  problemRouteOf,
  startProblemPage,
} = await import('./preload');
const { configureClient } = await import('../api/client');
const { initialLanguage } = await import('../i18n/language');

afterEach(() => {
  vi.unstubAllGlobals();
  katex.loads = 0;
});

describe('problem pages the entry preloads for', () => {
  it('knows the problem routes and nothing else', () => {
    for (const p of [
      '/problem/1000',
      '/contest/3/problem/A',
      '/contest/3/problem/A/full-screen',
      '/training/2/problem/1000',
      '/group/5/problem/G1',
      '/group/5/training/7/problem/1000/full-screen',
    ])
      expect(isProblemPage(p), p).toBe(true);
    for (const p of ['/problem', '/problem/', '/home', '/contest/3', '/status', '/training/2'])
      expect(isProblemPage(p), p).toBe(false);
  });

  it('reads the problem and scope the detail page reads from its route', () => {
    expect(problemRouteOf('/problem/P%201')).toEqual({
      problemID: 'P 1',
      scope: { cid: undefined, gid: undefined, tid: undefined },
    });
    expect(problemRouteOf('/contest/3/problem/A/full-screen')?.scope).toEqual({
      cid: '3',
      gid: undefined,
      tid: undefined,
    });
    expect(problemRouteOf('/group/5/training/7/problem/1000/full-screen')).toEqual({
      problemID: '1000',
      scope: { cid: undefined, gid: '5', tid: '7' },
    });
    expect(problemRouteOf('/training/2/problem/1000')?.scope.tid).toBe('2');
    expect(problemRouteOf('/problem/1000/full-screen')).toBeNull();
    expect(problemRouteOf('/problem/%E0%A4%A')).toBeNull();
  });

  it('asks for the contest detail by display id and the bank detail by problem id', () => {
    expect(detailRequest('A', { cid: '3' })).toEqual({
      url: '/api/get-contest-problem-details',
      params: { cid: 3, displayId: 'A', containsEnd: true },
    });
    expect(detailRequest('1000', { gid: '5', tid: '7' })).toEqual({
      url: '/api/get-problem-detail',
      params: { problemId: '1000', gid: 5 },
    });
  });

  it('sees math in any statement section of a detail answer', () => {
    const body = (problem: Record<string, unknown>) => ({ status: 200, msg: '', data: { problem } });
    expect(detailHasMath(body({ description: 'Print $a+b$.' }))).toBe(true);
    expect(detailHasMath(body({ description: 'Print a+b.', hint: '$$x^2$$' }))).toBe(true);
    expect(detailHasMath(body({ description: 'It costs 5$.', input: 'Two numbers.' }))).toBe(false);
    expect(detailHasMath({ status: 403, msg: 'no', data: null })).toBe(false);
  });
});

describe('the problem page started by the entry (issue #16)', () => {
  const detail = (description: string) =>
    new Response(JSON.stringify({ status: 200, msg: 'success', data: { problem: { description } } }), {
      status: 200,
    });

  it('sends the detail request once and hands its answer to the page', async () => {
    const fetchMock = vi.fn(async () => detail('Print a+b.'));
    vi.stubGlobal('fetch', fetchMock);
    // what the app's hooks answer: the stored token (none) and the language in force
    configureClient({ getToken: () => null, language: () => initialLanguage() });
    void startProblemPage('/problem/1000');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(loadProblemDetail('1000', {})).resolves.toEqual({ problem: { description: 'Print a+b.' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fetches KaTeX only when the statement has math', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => detail('Print a+b; it costs 5$.')),
    );
    await expect(startProblemPage('/problem/1001')).resolves.toEqual({ katex: false });
    // KaTeX would follow the editor's chunk: that has arrived, and once every promise step after
    // it has run (a macrotask turn), KaTeX was not asked for
    await loadEditor();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(katex.loads).toBe(0);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => detail('Print $a+b$.')),
    );
    await expect(startProblemPage('/problem/1002')).resolves.toEqual({ katex: true });
    await vi.waitFor(() => expect(katex.loads).toBe(1));
  });
});

// @vitest-environment jsdom
// The "Remote" badge with the source judge: on remote rows of the problem list (ids `OJ-id`) and
// on a remote problem's statement, in both languages; never on local problems.
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { useSession } from '../store/session';
import { ok, renderApp, resetStores, stubFetch } from '../test/harness';
import { remoteJudgeOf } from './RemoteBadge';

vi.mock('../api/socket', async () => (await import('../test/fake-socket')).socketModuleMock());

const COUNTS = { total: 0, ac: 0, wa: 0, tle: 0, mle: 0, re: 0, pe: 0, ce: 0, se: 0, pa: 0 };
const row = (pid: number, problemId: string, title: string) => ({
  pid,
  problemId,
  title,
  difficulty: 0,
  type: 0,
  tags: [],
  ...COUNTS,
});
const detail = (problemId: string, isRemote: boolean) => ({
  problem: {
    id: 7,
    problemId,
    title: 'Theatre Square',
    author: 'root',
    type: 0,
    timeLimit: 1000,
    memoryLimit: 256,
    description: 'Pave it',
    input: null,
    output: null,
    examples: null,
    hint: null,
    source: null,
    difficulty: 0,
    isRemote,
    isFileIO: false,
    ioReadFileName: null,
    ioWriteFileName: null,
    userExtraFile: null,
    gid: null,
  },
  tags: [],
  languages: ['GNU G++17 7.3.0'],
  problemCount: COUNTS,
  codeTemplate: {},
});
const path = (url: string) => url.split('?')[0];

const USER = { uid: 'u1', username: 'alice', nickname: null, avatar: null, roleList: ['default_user'] };

beforeEach(() => {
  resetStores();
  useSession.getState().signIn('tok', USER);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  if (i18n.isInitialized) await i18n.changeLanguage('en-US');
});

describe('remote badge', () => {
  it('names the source judge of remote ids only', () => {
    expect(remoteJudgeOf('CF-1A')).toBe('Codeforces');
    expect(remoteJudgeOf('AC-abc123_a')).toBe('AtCoder');
    expect(remoteJudgeOf('LIBRE-6764(41180)')).toBe('LibreOJ');
    expect(remoteJudgeOf('1000')).toBeNull();
    expect(remoteJudgeOf('MY-1')).toBeNull();
  });

  it('marks remote rows of the problem list, in English and Chinese', async () => {
    stubFetch((url) => {
      if (path(url) === '/api/get-problem-list')
        return ok({ records: [row(1, '1000', 'A+B'), row(2, 'HDU-1005', '求和问题')], total: 2 });
      if (path(url) === '/api/get-problem-tags-and-classification') return ok([]);
      if (url === '/api/get-user-problem-status') return ok({});
      return undefined;
    });
    renderApp('/problem?oj=All');
    const rows = await screen.findAllByTestId('problem-row', {}, { timeout: 10_000 });
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).queryByTestId('remote-badge')).toBeNull();
    expect(within(rows[1]!).getByTestId('remote-badge').textContent).toBe('Remote · HDU');
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(within(rows[1]!).getByTestId('remote-badge').textContent).toBe('远程 · HDU');
  });

  it('marks a remote problem’s statement and not a local one', async () => {
    stubFetch((url) => {
      if (path(url) === '/api/get-problem-detail')
        return ok(url.includes('CF-1A') ? detail('CF-1A', true) : detail('1001', false));
      if (path(url) === '/api/get-submission-list') return ok({ records: [], total: 0 });
      return undefined;
    });
    renderApp('/problem/CF-1A');
    const title = await screen.findByTestId('problem-title', {}, { timeout: 10_000 });
    expect(within(title).getByTestId('remote-badge').textContent).toBe('Remote · Codeforces');
    cleanup();
    renderApp('/problem/1001');
    const local = await screen.findByTestId('problem-title', {}, { timeout: 10_000 });
    expect(local.textContent).toContain('Theatre Square');
    expect(within(local).queryByTestId('remote-badge')).toBeNull();
  });
});

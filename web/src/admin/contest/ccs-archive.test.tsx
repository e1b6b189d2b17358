// @vitest-environment jsdom
// The contest archive panel on the Contest API import screen (issue #24 item 6): export downloads
// the zip of the contest named, import uploads a zip and shows what the new contest holds.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../store/session';
import { ok, renderApp, resetStores, stubFetch, urlPath, urlQuery } from '../../test/harness';
import { i18n } from '../../i18n';

vi.mock('../../api/socket', async () => (await import('../../test/fake-socket')).idleSocketModuleMock());
const saved = vi.hoisted(() => [] as { name: string; size: number }[]);
vi.mock('../../shell/save-blob', () => ({
  saveBlob: (blob: Blob, name: string) => saved.push({ name, size: blob.size }),
}));

const ROOT = { uid: 'r1', username: 'root', nickname: null, avatar: null, roleList: ['root'] };
const IMPORT = '/api/admin/contest/ccs/archive/import';

beforeEach(() => {
  resetStores();
  saved.length = 0;
  useSession.setState({ token: 't', user: ROOT });
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  if (i18n.isInitialized) await i18n.changeLanguage('en-US');
});
vi.setConfig({ testTimeout: 60_000 });

async function open(path: string) {
  renderApp(path);
  await act(() => i18n.changeLanguage('en-US'));
  return screen.findByTestId('ccs-archive', {}, { timeout: 30_000 });
}

describe('contest archive panel', () => {
  it('exports the named contest as a zip download', async () => {
    const calls = stubFetch((url) =>
      urlPath(url) === '/api/admin/contest/ccs/archive'
        ? {
            body: 'PK-zip-bytes',
            headers: {
              'content-type': 'application/zip',
              'content-disposition': 'attachment; filename="contest-7-archive.zip"',
            },
          }
        : undefined,
    );
    await open('/admin/contest/ccs-import?cid=7');
    fireEvent.click(screen.getByTestId('ccs-archive-export'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('contest-7-archive.zip');
    const sent = calls.find((c) => urlPath(c.url) === '/api/admin/contest/ccs/archive')!;
    expect(urlQuery(sent.url)).toEqual({ cid: '7' });
  });

  it('asks for a zip, uploads it, and shows the new contest in both languages', async () => {
    const calls = stubFetch((url) =>
      urlPath(url) === IMPORT
        ? ok({ cid: 12, problems: 2, teams: 3, accountsCreated: 1, submissions: 6, skipped: 0 })
        : undefined,
    );
    await open('/admin/contest/ccs-import');
    fireEvent.click(screen.getByTestId('ccs-archive-import'));
    expect((await screen.findByTestId('ccs-archive-problem')).textContent).toBe('Choose a zip file');
    const input = screen.getByTestId('ccs-archive-file').querySelector('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['PK'], 'archive.zip')] } });
    fireEvent.click(screen.getByTestId('ccs-archive-import'));
    const result = await screen.findByTestId('ccs-archive-result');
    expect(result.textContent).toContain(
      'Created contest 12: 2 problems, 3 teams (1 new accounts), 6 submissions, 0 skipped',
    );
    expect(result.querySelector('a')!.getAttribute('href')).toBe('/admin/contest/12/edit');
    const sent = calls.filter((c) => urlPath(c.url) === IMPORT);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByTestId('ccs-archive-result').textContent).toContain('已新建比赛 12');
  });

  it('shows the refusal naming the missing problems', async () => {
    stubFetch((url) =>
      urlPath(url) === IMPORT
        ? { body: { status: 400, msg: 'These problems do not exist here; import them first: X', data: null } }
        : undefined,
    );
    await open('/admin/contest/ccs-import');
    const input = screen.getByTestId('ccs-archive-file').querySelector('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['PK'], 'archive.zip')] } });
    fireEvent.click(screen.getByTestId('ccs-archive-import'));
    await waitFor(() =>
      expect(screen.getByTestId('ccs-archive-problem').textContent).toBe(
        'These problems do not exist here; import them first: X',
      ),
    );
    expect(screen.queryByTestId('ccs-archive-result')).toBeNull();
  });
});

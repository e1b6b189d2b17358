// @vitest-environment jsdom
// Issue #16 on the problem screens: empty remote banks, a problem that fails to load.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../store/session';
import { ok, renderApp, resetStores, stubFetch } from '../test/harness';
import { forgetRemoteBanks } from './query';

vi.mock('../api/socket', async () => (await import('../test/fake-socket')).socketModuleMock());

const USER = { uid: 'u1', username: 'alice', nickname: null, avatar: null, roleList: ['default_user'] };
const path = (url: string) => url.split('?')[0];
const oj = (url: string) => new URLSearchParams(url.split('?')[1] ?? '').get('oj');

beforeEach(() => {
  resetStores();
  forgetRemoteBanks();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('problem list bank filter (issue #16)', () => {
  it('offers only the remote banks that hold problems', async () => {
    stubFetch((url) => {
      if (path(url) === '/api/get-problem-list') return ok({ records: [], total: oj(url) === 'CF' ? 3 : 0 });
      if (path(url) === '/api/get-problem-tags-and-classification') return ok([]);
      return undefined;
    });
    useSession.getState().signIn('tok', USER);
    renderApp('/problem');
    const select = (await screen.findByTestId('problem-bank')) as HTMLSelectElement;
    await vi.waitFor(() => expect([...select.options].map((o) => o.value)).toEqual(['', 'Mine', 'CF']));
  });
});

describe('problem that fails to load (issue #16)', () => {
  it('keeps the editor, the online test and submit disabled', async () => {
    stubFetch(() => ({
      body: { status: 403, msg: 'This problem is not public and cannot be opened!', data: null },
    }));
    useSession.getState().signIn('tok', USER);
    renderApp('/problem/1000');
    expect(await screen.findByTestId('problem-load-failed')).toBeTruthy();
    // the editor's panel comes after the statement's place is decided (issue #29)
    expect(((await screen.findByTestId('online-test-open')) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('submit-button') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('language-select') as HTMLSelectElement).disabled).toBe(true);
    const editor = await screen.findByTestId('code-editor');
    expect(editor.getAttribute('data-readonly')).toBe('true');
  });
});

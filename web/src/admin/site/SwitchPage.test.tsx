// @vitest-environment jsdom
// Switches: stored remote-judge passwords arrive masked (compat X31); saving sends the mask back
// unchanged (the server keeps the stored password) and a typed password as typed.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_MASK, REMOTE_ACCOUNT_LISTS, type SwitchConfig } from '@oj/protocol/site/schemas';
import { useSession } from '../../store/session';
import { ok, renderApp, resetStores, stubFetch, urlPath } from '../../test/harness';

vi.mock('../../api/socket', async () => (await import('../../test/fake-socket')).idleSocketModuleMock());

const ROOT = { uid: 'r1', username: 'root', nickname: null, avatar: null, roleList: ['root'] };
const lists = Object.fromEntries(REMOTE_ACCOUNT_LISTS.map((k) => [k, [] as string[]]));

beforeEach(() => {
  resetStores();
  useSession.setState({ token: 't', user: ROOT });
});
afterEach(() => cleanup());

describe('switch page', () => {
  it('keeps masked passwords as the mask and sends typed ones', async () => {
    const calls = stubFetch((url, init) => {
      if (urlPath(url) === '/api/admin/switch/info')
        return ok({
          ...lists,
          hduUsernameList: ['bot1'],
          hduPasswordList: [PASSWORD_MASK],
          openPublicJudge: true,
          defaultSubmitInterval: 8,
        });
      if (urlPath(url) === '/api/admin/switch/update' && init?.method === 'PUT') return ok(null);
      return undefined;
    });
    renderApp('/admin/switch');
    expect(
      (await screen.findByTestId('switch-password-hint', undefined, { timeout: 15_000 })).textContent,
    ).toContain('********');
    const cf = screen.getByText('cfPasswordList').closest('.bp6-form-group')!.querySelector('textarea')!;
    fireEvent.change(cf, { target: { value: 'typed-pass' } });
    fireEvent.click(screen.getByTestId('switch-save'));
    await waitFor(() => expect(calls.some((c) => urlPath(c.url) === '/api/admin/switch/update')).toBe(true));
    const sent = calls.find((c) => urlPath(c.url) === '/api/admin/switch/update')!.body as SwitchConfig;
    expect(sent.hduPasswordList).toEqual([PASSWORD_MASK]);
    expect(sent.cfPasswordList).toEqual(['typed-pass']);
  });
});

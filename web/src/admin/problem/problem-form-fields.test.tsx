// @vitest-environment jsdom
// Issue #26 item 6: an empty "Create problem" save marks each missing field beside it, and a field
// loses its message as soon as it is filled (no stale "Title is required").
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { useSession } from '../../store/session';
import { ok, renderApp, resetStores, stubFetch } from '../../test/harness';
import { draftFieldErrors } from './form-rules';

vi.mock('../../api/socket', async () => (await import('../../test/fake-socket')).idleSocketModuleMock());

const ROOT = { uid: 'r1', username: 'root', nickname: null, avatar: null, roleList: ['root'] };
const path = (url: string) => url.split('?')[0];

beforeEach(() => resetStores());
afterEach(() => cleanup());

describe('create problem: field-level hints', () => {
  it('an empty save marks display id, title, input and output; typing a field clears its own hint', async () => {
    useSession.setState({ token: 't', user: ROOT });
    stubFetch((url) => {
      if (path(url) === '/api/languages') return ok([{ id: 1, name: 'C++' }]);
      if (path(url) === '/api/get-all-problem-tags') return ok([]);
      if (path(url) === '/api/admin/problem/get-problem-list') return ok({ records: [], total: 0 });
      return undefined;
    });
    renderApp('/admin/problem/create');
    await screen.findByTestId('problem-form', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('pf-title-error')).toBeNull();
    fireEvent.click(screen.getByTestId('pf-save'));
    expect((await screen.findByTestId('pf-problem-id-error')).textContent).toBeTruthy();
    expect(screen.getByTestId('pf-title-error').textContent).toBe(i18n.t('admin.problem.err.titleRequired'));
    expect(screen.getByTestId('pf-input-error')).toBeTruthy();
    expect(screen.getByTestId('pf-output-error')).toBeTruthy();
    fireEvent.change(screen.getByTestId('pf-title'), { target: { value: 'A + B' } });
    await waitFor(() => expect(screen.queryByTestId('pf-title-error')).toBeNull());
    expect(screen.getByTestId('pf-problem-id-error')).toBeTruthy();
  });

  it('draftFieldErrors names each bad plain field', () => {
    const ok = {
      problemId: 'P',
      title: 'T',
      timeLimit: '1000',
      memoryLimit: '256',
      stackLimit: '128',
      input: 'i',
      output: 'o',
    };
    expect(draftFieldErrors(ok)).toEqual({});
    expect(draftFieldErrors({ ...ok, title: ' ', timeLimit: '0', output: '' })).toEqual({
      title: 'titleRequired',
      timeLimit: 'limits',
      output: 'ioRequired',
    });
  });
});

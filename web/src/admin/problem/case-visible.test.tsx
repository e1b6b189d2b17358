// @vitest-environment jsdom
// Issue #26.3: the setter marks a test case visible in the problem form's case list; a new zip keeps
// the marks by case name and the saved DTO carries them.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { useSession } from '../../store/session';
import { ok, renderApp, resetStores, stubFetch } from '../../test/harness';
import { dtoOf, emptyDraft, uploadedCases } from './form-rules';

vi.mock('../../api/socket', async () => (await import('../../test/fake-socket')).idleSocketModuleMock());

const ROOT = { uid: 'r1', username: 'root', nickname: null, avatar: null, roleList: ['root'] };
const path = (url: string) => url.split('?')[0];

beforeEach(() => resetStores());
afterEach(() => cleanup());

describe('visible test cases in the problem form (issue #26.3)', () => {
  it('a new zip keeps the visible mark of the case of the same name; the DTO carries the marks', () => {
    const before = uploadedCases([
      { input: '1.in', output: '1.out' },
      { input: '2.in', output: '2.out' },
    ]).map((c) => (c.input === '2.in' ? { ...c, visible: true } : { ...c, visible: false }));
    const after = uploadedCases(
      [
        { input: '2.in', output: '2.out' },
        { input: '3.in', output: '3.out' },
      ],
      before,
    );
    expect(after.map((c) => c.visible)).toEqual([true, undefined]);
    const dto = dtoOf({ ...emptyDraft('root', [1]), uploadMode: true, uploadCases: after });
    expect(dto.samples.map((s) => ('visible' in s ? s.visible : 'unset'))).toEqual([true, 'unset']);
  });

  it('each case row has a Visible checkbox, labelled in both languages', async () => {
    useSession.setState({ token: 't', user: ROOT });
    stubFetch((url) => {
      if (path(url) === '/api/languages') return ok([{ id: 1, name: 'C++' }]);
      if (path(url) === '/api/get-all-problem-tags') return ok([]);
      if (path(url) === '/api/admin/problem/get-problem-list') return ok({ records: [], total: 0 });
      return undefined;
    });
    renderApp('/admin/problem/create');
    await screen.findByTestId('problem-form', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('pf-mode-manual'));
    const box = screen.getByTestId('pf-visible-0') as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect((screen.getByTestId('pf-visible-0') as HTMLInputElement).checked).toBe(true));
    expect(screen.getByTestId('pf-cases').textContent).toContain('Visible');
    await i18n.changeLanguage('zh-CN');
    await waitFor(() => expect(screen.getByTestId('pf-cases').textContent).toContain('公开'));
    await i18n.changeLanguage('en-US');
  });
});

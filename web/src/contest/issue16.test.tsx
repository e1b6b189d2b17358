// @vitest-environment jsdom
// Issue #16 in the contest screens: the scroll board on an unsealed contest.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetStores, stubFetch } from '../test/harness';
import { scrollBoardBlocker } from './rules';
import { useContestStore } from './store';
import { toast } from '../shell/toaster';

vi.mock('../api/socket', async () => (await import('../test/fake-socket')).socketModuleMock());

const path = (url: string) => url.split('?')[0];
const NOT_SEALED = 'The scoreboard of this contest was never sealed, so there is nothing to roll';

beforeEach(() => {
  resetStores();
  useContestStore.getState().reset();
});
afterEach(() => cleanup());

describe('scroll board on an unsealed contest', () => {
  it('says once what it needs, without error toasts', async () => {
    stubFetch((url) =>
      path(url)!.startsWith('/api/get-contest-scroll-board')
        ? { body: { status: 400, msg: NOT_SEALED, data: null } }
        : undefined,
    );
    const errors = vi.spyOn(toast, 'error');
    renderApp('/scrollBoard?cid=7');
    expect(await screen.findByTestId('scroll-unavailable')).toBeTruthy();
    expect(screen.getAllByTestId('scroll-reason')).toHaveLength(1);
    expect(screen.getByTestId('scroll-reason').textContent).toBe(NOT_SEALED);
    expect(screen.getByText(/needs an ACM or OI contest with a sealed board/)).toBeTruthy();
    // no toast repeats it (both calls fail alike)
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('the settings explain the blocker before opening anything', () => {
    const base = { type: 0, sealRank: true, sealRankTime: '2026-01-01T12:00:00+0000' };
    const past = '2026-01-01T13:00:00+0000';
    const now = Date.parse('2026-06-01T00:00:00Z');
    expect(scrollBoardBlocker({ ...base, endTime: past }, now)).toBeNull();
    expect(scrollBoardBlocker({ ...base, sealRank: false, endTime: past }, now)).toBe('notSealed');
    expect(scrollBoardBlocker({ ...base, type: 1, endTime: past }, now)).toBeNull(); // OI rolls too (issue #26 item 9)
    expect(scrollBoardBlocker({ ...base, type: 2, endTime: past }, now)).toBe('notAcm');
    expect(scrollBoardBlocker({ ...base, endTime: '2026-12-01T00:00:00+0000' }, now)).toBe('notEnded');
  });
});

describe('balloon colour swatch (issue #16)', () => {
  it('turns any stored colour into the #rrggbb a colour input shows (else it shows black)', async () => {
    const { hexColor } = await import('./rules');
    expect(hexColor('#FFF')).toBe('#ffffff');
    expect(hexColor('white')).toBe('#ffffff');
    expect(hexColor('rgb(255, 255, 255)')).toBe('#ffffff');
    expect(hexColor('#1A2b3C')).toBe('#1a2b3c');
    expect(hexColor(null)).toBeNull();
    expect(hexColor('no colour')).toBeNull();
  });
});

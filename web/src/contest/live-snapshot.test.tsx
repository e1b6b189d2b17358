// @vitest-environment jsdom
// Issue #22: the contest room subscribe names the board page shown and hands the snapshot its ack
// carries to the board, so a (re)subscribing viewer need not fetch the page.
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../test/fake-socket';
import { useContestLive } from './live';

vi.mock('../api/socket', async () => (await import('../test/fake-socket')).socketModuleMock());

const emit = fakeSocket.emit;
afterEach(() => {
  fakeSocket.emit = emit;
  fakeSocket.emitted.length = 0;
  cleanup();
});

describe('useContestLive snapshots', () => {
  it('asks for the shown page and passes the snapshot of the ack on', async () => {
    const snapshot = { json: '{"status":200,"msg":"success","data":{"records":[]}}', version: 'real/e.4' };
    fakeSocket.emit = function (ev: string, body: unknown, ack?: (a: unknown) => void) {
      this.emitted.push([ev, body]);
      ack?.({ ok: true, admin: false, snapshot });
    };
    const got = vi.fn();
    const view = { page: 2, size: 50, removeStar: true, containsEnd: false, outside: true };
    renderHook(() => useContestLive(9, { view: () => view, snapshot: got }));
    await waitFor(() => expect(got).toHaveBeenCalledWith(snapshot));
    expect(fakeSocket.emitted).toContainEqual(['subscribe:contest', { cid: 9, view }]);
  });

  it('subscribes without a view when the watcher shows no board page', async () => {
    const { result } = renderHook(() => useContestLive(10, {}));
    await waitFor(() => expect(result.current).toBe(true));
    expect(fakeSocket.emitted).toContainEqual(['subscribe:contest', { cid: 10 }]);
  });
});

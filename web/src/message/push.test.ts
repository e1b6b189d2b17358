// The unread counts follow the gateway's pushes (issue 13): counts replace the shown ones, the
// pushed kind's open list is told to refetch, a site-wide notice re-reads the counts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageServerEvents } from '@oj/protocol/realtime/message';
import { ServerEvents } from '@oj/protocol/realtime/names';
import { http } from '../api/client';
import { fakeSocket } from '../test/fake-socket';
import { startUnreadPush, useMessages } from './store';

vi.mock('../api/socket', async () => (await import('../test/fake-socket')).socketModuleMock());
vi.mock('../api/client', () => ({
  http: { get: vi.fn(async () => ({ comment: 0, reply: 0, like: 0, sys: 7, mine: 0 })) },
}));

describe('pushed unread counts', () => {
  afterEach(() => useMessages.getState().reset());

  it('applies pushed counts, bumps the kind, refetches on a notice, and stops listening', async () => {
    const stop = startUnreadPush('tok');
    await vi.waitFor(() => expect(fakeSocket.handlers.get(MessageServerEvents.unread)?.size).toBe(1));
    const v0 = useMessages.getState().versions.comment;
    fakeSocket.push(MessageServerEvents.unread, {
      uid: 'u',
      counts: { comment: 3, reply: 1, like: 0, sys: 0, mine: 2 },
      kind: 'comment',
      at: 1,
    });
    expect(useMessages.getState().unread).toEqual({ comment: 3, reply: 1, like: 0, sys: 0, mine: 2 });
    expect(useMessages.getState().versions.comment).toBe(v0 + 1);
    const s0 = useMessages.getState().versions.sys;
    fakeSocket.push(MessageServerEvents.notice, { id: 1, at: 2 });
    await vi.waitFor(() => expect(useMessages.getState().unread.sys).toBe(7));
    expect(useMessages.getState().versions.sys).toBe(s0 + 1);
    stop();
    expect(fakeSocket.handlers.get(MessageServerEvents.unread)?.size).toBe(0);
  });

  it('catches up when it attaches, on every connect and on a resync: counts read again, open lists refetch', async () => {
    const get = vi.mocked(http.get);
    get.mockClear();
    const { sys: sys0, reply: reply0 } = useMessages.getState().versions;
    const stop = startUnreadPush('tok');
    // attached to a connected socket: what was pushed before the listeners were on is read back
    await vi.waitFor(() => expect(useMessages.getState().unread.sys).toBe(7));
    expect(get).toHaveBeenCalledTimes(1);
    expect(useMessages.getState().versions.sys).toBe(sys0 + 1);
    // a (re)connect: pushes sent while the socket was down were lost
    fakeSocket.push('connect', undefined);
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    expect(useMessages.getState().versions.reply).toBe(reply0 + 2);
    // the gateway missed events itself
    fakeSocket.push(ServerEvents.resync, undefined);
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(3));
    expect(useMessages.getState().versions.sys).toBe(sys0 + 3);
    stop();
    fakeSocket.push('connect', undefined);
    expect(get).toHaveBeenCalledTimes(3);
  });
});

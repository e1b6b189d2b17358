// The push socket comes back after any disconnect and tells the features to catch up (issue #11).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (...args: unknown[]) => void;

const made: FakeSocket[] = [];
class FakeSocket {
  connected = false;
  connects = 0;
  readonly handlers = new Map<string, Handler[]>();
  constructor(readonly opts: Record<string, unknown>) {}
  on(event: string, fn: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    this.connected = event === 'connect' ? true : event === 'disconnect' ? false : this.connected;
    for (const fn of this.handlers.get(event) ?? []) fn(...args);
  }
  connect() {
    this.connects++;
    return this;
  }
  disconnect() {
    this.fire('disconnect', 'io client disconnect');
    return this;
  }
}

vi.mock('socket.io-client', () => ({
  io: (opts: Record<string, unknown>) => {
    const s = new FakeSocket(opts);
    made.push(s);
    return s;
  },
}));

const mod = await import('./socket');

beforeEach(() => {
  vi.useFakeTimers();
  made.length = 0;
});
afterEach(() => {
  mod.disconnectSocket();
  vi.useRealTimers();
});

describe('push socket', () => {
  it('reconnects after a lost transport with jittered exponential backoff (socket.io pacing)', async () => {
    await mod.connectSocket('t1');
    expect(made[0]!.opts).toMatchObject({
      auth: { token: 't1' },
      reconnection: true,
      reconnectionDelay: mod.RECONNECT_DELAY_MS,
      reconnectionDelayMax: mod.RECONNECT_DELAY_MAX_MS,
      randomizationFactor: mod.RECONNECT_RANDOMIZATION,
    });
    // Issue #22: retries back off to several seconds, each randomised, so a dead gateway's
    // thousands of sockets do not all come back within the same second.
    expect(mod.RECONNECT_DELAY_MAX_MS).toBeGreaterThanOrEqual(10 * mod.RECONNECT_DELAY_MS);
    expect(mod.RECONNECT_RANDOMIZATION).toBeGreaterThanOrEqual(0.5);
  });

  it('reconnects after a server-side disconnect, which socket.io alone would not', async () => {
    const s = (await mod.connectSocket('t2')) as unknown as FakeSocket;
    s.fire('connect');
    s.fire('disconnect', 'io server disconnect');
    expect(s.connects).toBe(0);
    await vi.advanceTimersByTimeAsync(2 * mod.RECONNECT_DELAY_MS);
    expect(s.connects).toBe(1);
  });

  it('leaves a socket it closed itself alone', async () => {
    const s = (await mod.connectSocket('t3')) as unknown as FakeSocket;
    s.fire('connect');
    await mod.connectSocket('t4'); // token changed: the old socket is closed by us
    s.fire('disconnect', 'io server disconnect');
    await vi.advanceTimersByTimeAsync(5 * mod.RECONNECT_DELAY_MS);
    expect(s.connects).toBe(0);
  });

  it('asks the features to catch up after every reconnect, not after the first connect', async () => {
    const s = (await mod.connectSocket('t5')) as unknown as FakeSocket;
    const resync = vi.fn();
    const stop = mod.onSocketResync(resync);
    s.fire('connect');
    expect(resync).not.toHaveBeenCalled();
    s.fire('disconnect', 'transport close');
    s.fire('connect');
    expect(resync).toHaveBeenCalledTimes(1);
    // The gateway itself missed events (its bus reconnected): the same catch-up.
    s.fire('resync', {});
    expect(resync).toHaveBeenCalledTimes(2);
    stop();
    s.fire('disconnect', 'transport close');
    s.fire('connect');
    expect(resync).toHaveBeenCalledTimes(2);
  });
});

// One in-memory stand-in for the socket.io client, shared by the screen tests. A test file mocks
// '../api/socket' with `socketModuleMock` (vi.mock's factory imports this module, so the test and
// the screens see the same object) and drives pushes with `fakeSocket.push`.
type Handler = (...a: unknown[]) => void;

const handlers = new Map<string, Set<Handler>>();

export const fakeSocket = {
  connected: true,
  /** Acks of emitted requests say ok unless a test turns this off (a refused room join). */
  ackOk: true,
  emitted: [] as [string, unknown][],
  handlers,
  on(ev: string, fn: Handler) {
    if (!handlers.has(ev)) handlers.set(ev, new Set());
    handlers.get(ev)!.add(fn);
  },
  off(ev: string, fn: Handler) {
    handlers.get(ev)?.delete(fn);
  },
  emit(ev: string, body: unknown, ack?: (a: unknown) => void) {
    this.emitted.push([ev, body]);
    ack?.(this.ackOk ? { ok: true } : { ok: false, error: 'denied' });
  },
  /** Delivers a server push to every handler of the event. */
  push(ev: string, payload: unknown) {
    for (const fn of handlers.get(ev) ?? []) fn(payload);
  },
};

/** The module shape of '../api/socket' backed by the fake. */
export function socketModuleMock() {
  return {
    connectSocket: async () => fakeSocket,
    syncSocketToken: () => undefined,
    disconnectSocket: () => undefined,
    currentSocket: () => fakeSocket,
    onSocketResync: () => () => undefined,
  };
}

/** The module shape of '../api/socket' for screens that need no pushes: a socket that never connects. */
export function idleSocketModuleMock() {
  const sock = { connected: false, on: () => undefined, off: () => undefined, emit: () => undefined };
  return {
    connectSocket: async () => sock,
    syncSocketToken: () => undefined,
    disconnectSocket: () => undefined,
    currentSocket: () => sock,
    onSocketResync: () => () => undefined,
  };
}

// Push channel to the services (socket.io), authenticated with the session token.
// socket.io-client loads on first use, so pages that never need push do not pay for it.
//
// The connection comes back after any disconnect (issue #11): socket.io reconnects by itself after
// a lost transport (a gateway restarting or draining), and this module also reconnects after a
// server-side disconnect, which socket.io would leave closed. After each reconnect the features
// join their rooms again (they subscribe on every 'connect') and catch up on what they missed
// while disconnected through `onSocketResync` (re-read their submissions, boards, unread counts);
// so do they when the gateway says it missed events itself (`resync`).
import type { Socket } from 'socket.io-client';
import { ServerEvents } from '@oj/protocol/realtime/names';

let socket: Socket | null = null;
let socketToken: string | null = null;
const resyncListeners = new Set<() => void>();

/**
 * Reconnection pacing (issue #22): socket.io's exponential backoff, doubling from 0.5 s up to 10 s,
 * each delay randomised ±50 %. When a gateway with thousands of sockets dies, their reconnects
 * spread over seconds instead of all landing within one (retrying every ≤ 1 s filled the accept
 * queue and none came back); a client still finds a restarted gateway within about a second of
 * a short outage.
 */
export const RECONNECT_DELAY_MS = 500;
export const RECONNECT_DELAY_MAX_MS = 10_000;
export const RECONNECT_RANDOMIZATION = 0.5;

/** The socket.io-client reconnection options of the push socket. */
export const RECONNECT_OPTIONS = {
  reconnection: true,
  reconnectionDelay: RECONNECT_DELAY_MS,
  reconnectionDelayMax: RECONNECT_DELAY_MAX_MS,
  randomizationFactor: RECONNECT_RANDOMIZATION,
} as const;

/**
 * Calls `listener` after every reconnect of the push socket (not the first connect): pushes sent
 * while it was down are lost, so the caller reads again what it shows. Returns the unregistration.
 */
export function onSocketResync(listener: () => void): () => void {
  resyncListeners.add(listener);
  return () => {
    resyncListeners.delete(listener);
  };
}

const resync = () => {
  for (const listener of [...resyncListeners]) listener();
};

function watchConnection(s: Socket): void {
  let connectedBefore = false;
  s.on('connect', () => {
    if (connectedBefore) resync();
    connectedBefore = true;
  });
  // The gateway missed events while its own bus connection was down.
  s.on(ServerEvents.resync, resync);
  s.on('disconnect', (reason) => {
    // "io server disconnect": the server ended the session; socket.io would stay disconnected.
    // "io client disconnect" is ours (token change, sign-out): that socket is finished.
    if (reason !== 'io server disconnect' || socket !== s) return;
    setTimeout(
      () => {
        if (socket === s && !s.connected) s.connect();
      },
      RECONNECT_DELAY_MS + Math.random() * RECONNECT_DELAY_MS,
    );
  });
}

/** Connects (or reconnects when the token changed); anonymous when token is null. */
export async function connectSocket(token: string | null): Promise<Socket> {
  if (socket && socketToken === token) return socket;
  const { io } = await import('socket.io-client');
  if (socket && socketToken === token) return socket;
  socket?.disconnect();
  socketToken = token;
  socket = io({
    path: '/socket.io',
    auth: token ? { token } : {},
    transports: ['websocket', 'polling'],
    ...RECONNECT_OPTIONS,
  });
  watchConnection(socket);
  return socket;
}

/** Keeps an open socket on the current token; does nothing until some feature connected. */
export function syncSocketToken(token: string | null): void {
  if (socket && socketToken !== token) void connectSocket(token);
}

export function disconnectSocket(): void {
  socket?.disconnect();
  socket = null;
  socketToken = null;
}

export const currentSocket = (): Socket | null => socket;

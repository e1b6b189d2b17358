// Push channel to the services (socket.io), authenticated with the session token.
// socket.io-client loads on first use, so pages that never need push do not pay for it.
import type { Socket } from 'socket.io-client';

let socket: Socket | null = null;
let socketToken: string | null = null;

/** Connects (or reconnects when the token changed); anonymous when token is null. */
export async function connectSocket(token: string | null): Promise<Socket> {
  if (socket && socketToken === token) return socket;
  const { io } = await import('socket.io-client');
  if (socket && socketToken === token) return socket;
  socket?.disconnect();
  socketToken = token;
  socket = io({ path: '/socket.io', auth: token ? { token } : {}, transports: ['websocket', 'polling'] });
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

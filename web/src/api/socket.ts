// Push channel to the services (socket.io); authenticates with the session token.
import { io, type Socket } from 'socket.io-client';

let socket: Socket | null = null;
let socketToken: string | null = null;

/** Connects (or reconnects when the token changed); anonymous when token is null. */
export function connectSocket(token: string | null): Socket {
  if (socket && socketToken === token) return socket;
  socket?.disconnect();
  socketToken = token;
  socket = io({ path: '/socket.io', auth: token ? { token } : {}, transports: ['websocket', 'polling'] });
  return socket;
}

export function disconnectSocket(): void {
  socket?.disconnect();
  socket = null;
  socketToken = null;
}

export const currentSocket = (): Socket | null => socket;

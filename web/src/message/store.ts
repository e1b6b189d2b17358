// Unread message counts: read at sign-in and whenever the push socket (re)connects, then pushed by
// the gateway (issue 13: the original polled every 120 s; our client does not poll).
import { create } from 'zustand';
import type { NoticeBroadcast, UnreadPushed } from '@oj/protocol/realtime/message';
import { MessageServerEvents, ServerEvents } from '@oj/protocol/realtime/names';
import { http } from '../api/client';
import { connectSocket } from '../api/socket';

/** The original client's poll interval; kept for reference, no longer used by this client. */
export const UNREAD_POLL_MS = 120_000;
export const MESSAGE_CATEGORIES = [
  { key: 'comment', path: '/message/discuss', label: 'message.discuss' },
  { key: 'reply', path: '/message/reply', label: 'message.reply' },
  { key: 'like', path: '/message/like', label: 'message.like' },
  { key: 'sys', path: '/message/sys', label: 'message.sys' },
  { key: 'mine', path: '/message/mine', label: 'message.mine' },
] as const;

export type UnreadKey = (typeof MESSAGE_CATEGORIES)[number]['key'];
export type UnreadCounts = Record<UnreadKey, number>;

const ZERO: UnreadCounts = { comment: 0, reply: 0, like: 0, sys: 0, mine: 0 };

/** Badge text: counts above 99 show as 99. */
export function badgeCount(n: number): string {
  return String(Math.min(99, Math.max(0, Math.floor(n))));
}

export const totalUnread = (c: UnreadCounts): number =>
  Object.values(c).reduce((sum, n) => sum + (Number.isFinite(n) ? n : 0), 0);

interface MessageState {
  unread: UnreadCounts;
  /** Bumped when a list of that kind gained or lost items: an open list refetches. */
  versions: UnreadCounts;
  bump(key: UnreadKey): void;
  /** Every open list refetches (after a gap in the pushes). */
  bumpAll(): void;
  fetchUnread(): Promise<void>;
  setUnread(counts: Partial<UnreadCounts>): void;
  reset(): void;
}

export const useMessages = create<MessageState>((set, get) => ({
  unread: ZERO,
  versions: ZERO,
  bump: (key) => set((s) => ({ versions: { ...s.versions, [key]: s.versions[key] + 1 } })),
  bumpAll: () =>
    set((s) => {
      const next = { ...s.versions };
      for (const key of Object.keys(ZERO) as UnreadKey[]) next[key] += 1;
      return { versions: next };
    }),
  async fetchUnread() {
    try {
      const counts = await http.get('/api/msg/unread', undefined, { quiet: true });
      if (counts) get().setUnread(counts);
    } catch {
      // keep the last known counts
    }
  },
  setUnread: (counts) =>
    set((s) => {
      const next = { ...s.unread };
      for (const key of Object.keys(ZERO) as UnreadKey[]) {
        const v = counts[key];
        if (typeof v === 'number') next[key] = v;
      }
      return { unread: next };
    }),
  reset: () => set({ unread: ZERO }),
}));

const KIND_KEYS: Record<string, UnreadKey> = {
  comment: 'comment',
  discuss: 'comment',
  reply: 'reply',
  like: 'like',
  sys: 'sys',
  mine: 'mine',
};

/**
 * Reads the counts again and has the open list refetch: what was pushed before our listeners were
 * on the socket, or while it was down, never reached us. Runs when the listeners attach to a
 * connected socket and on every connect after that (the first one included: a notice sent between
 * the page's first read and the socket joining the user's room would otherwise be missed until a
 * reload), and when the gateway says it missed events itself.
 */
function catchUp(): void {
  const s = useMessages.getState();
  void s.fetchUnread();
  s.bumpAll();
}

/**
 * Listens on the push socket for the signed-in user's unread counts and site-wide notices.
 * Returns the stop function.
 */
export function startUnreadPush(token: string): () => void {
  let live = true;
  let off = () => undefined as void;
  void connectSocket(token).then((socket) => {
    if (!live) return;
    const onUnread = (e: UnreadPushed) => {
      const s = useMessages.getState();
      s.setUnread(e.counts);
      const key = e.kind ? KIND_KEYS[e.kind] : undefined;
      if (key) s.bump(key);
    };
    const onNotice = (_e: NoticeBroadcast) => {
      const s = useMessages.getState();
      void s.fetchUnread();
      s.bump('sys');
    };
    socket.on(MessageServerEvents.unread, onUnread);
    socket.on(MessageServerEvents.notice, onNotice);
    socket.on('connect', catchUp);
    socket.on(ServerEvents.resync, catchUp);
    if (socket.connected) catchUp();
    off = () => {
      socket.off(MessageServerEvents.unread, onUnread);
      socket.off(MessageServerEvents.notice, onNotice);
      socket.off('connect', catchUp);
      socket.off(ServerEvents.resync, catchUp);
    };
  });
  return () => {
    live = false;
    off();
  };
}

// Unread message counts, polled while signed in.
import { create } from 'zustand';
import { api } from '../api/client';

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
  fetchUnread(): Promise<void>;
  setUnread(counts: Partial<UnreadCounts>): void;
  reset(): void;
}

export const useMessages = create<MessageState>((set, get) => ({
  unread: ZERO,
  async fetchUnread() {
    try {
      const counts = await api.get<Partial<UnreadCounts>>('/api/msg/unread', undefined, { quiet: true });
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

// Q&A pushes for the contest shell (issue #26 item 13): an answer to a contestant's question (their
// user room) or a new question or reply (contest admins' room) arrives while the page is open.
// The open Q&A tab reloads itself; on any other tab the Q&A tab shows a badge until it is opened.
import type { ContestCommentPushed } from '@oj/protocol/realtime/events';
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { useSession } from '../store/session';
import { useContestLive } from './live';

interface QaUnreadState {
  /** Per contest id: Q&A pushes from others not yet seen on the Q&A tab. */
  unread: Record<number, number>;
  bump(cid: number): void;
  clear(cid: number): void;
}

export const useQaUnread = create<QaUnreadState>((set) => ({
  unread: {},
  bump: (cid) => set((s) => ({ unread: { ...s.unread, [cid]: (s.unread[cid] ?? 0) + 1 } })),
  clear: (cid) => set((s) => (s.unread[cid] ? { unread: { ...s.unread, [cid]: 0 } } : s)),
}));

/** Does this push tell the viewer something new (written by someone else)? */
export function isNewToViewer(push: Pick<ContestCommentPushed, 'fromUid'>, uid: string | null): boolean {
  return push.fromUid !== uid;
}

/**
 * Counts Q&A pushes while the Q&A tab is not shown; opening the tab clears the count. Returns the
 * count for the badge. `enabled`: the contest has a Q&A tab for this viewer.
 */
export function useQaBadge(cid: number, onQaTab: boolean, enabled: boolean): number {
  const uid = useSession((s) => s.user?.uid ?? null);
  const onTab = useRef(onQaTab);
  onTab.current = onQaTab;
  const bump = useQaUnread((s) => s.bump);
  const clear = useQaUnread((s) => s.clear);
  useContestLive(enabled && uid ? cid : null, {
    comment: (push) => {
      if (!onTab.current && isNewToViewer(push, uid)) bump(cid);
    },
  });
  useEffect(() => {
    if (onQaTab) clear(cid);
  }, [onQaTab, cid, clear]);
  return useQaUnread((s) => s.unread[cid] ?? 0);
}

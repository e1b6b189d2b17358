// Unread contest announcements (spec §2.5, §7): polled every 60 s (and on an announcement push),
// each shown as a persistent notice until closed; closed ones are read (server, per user, and this browser).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../api/client';
import { notice } from '../shell/toaster';
import { useContestLive } from './live';

export const ANNOUNCEMENT_POLL_MS = 60_000;
export const readKey = (cid: string) => `contest_${cid}_readAnnouncements`;

export function readIds(cid: string): number[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(readKey(cid)) ?? '[]');
    return Array.isArray(raw) ? raw.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

function remember(cid: string, ids: number[]): void {
  try {
    localStorage.setItem(readKey(cid), JSON.stringify(ids));
  } catch {
    // storage disabled: they may show again on the next visit
  }
}

/**
 * Announcements already shown as a notice in this page's life, by contest (issue #26 item 8): a
 * notice stays open across the contest's tabs and screens, so a screen mounted later must not show
 * it again. Closing it marks it read; a reload shows the ones never closed once more.
 */
const shownNotices = new Map<string, Set<number>>();
export const resetShownNotices = () => shownNotices.clear();

export function useUnreadAnnouncements(cid: string, enabled: boolean): void {
  const { t } = useTranslation();
  const tRef = useRef(t);
  tRef.current = t;
  const pollRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const shown = shownNotices.get(cid) ?? new Set<number>();
    shownNotices.set(cid, shown);
    const poll = async () => {
      const read = readIds(cid);
      try {
        const rows = await http.post(
          '/api/get-contest-not-read-announcement',
          { cid: Number(cid), readAnnouncementList: read },
          { quiet: true },
        );
        if (stopped || !Array.isArray(rows) || rows.length === 0) return;
        // Each shown once per page; closing one marks it read for the user on the server (issue #16),
        // so it does not come back in another browser. This browser also remembers it (the wire list).
        for (const a of rows) {
          if (shown.has(a.id)) continue;
          shown.add(a.id);
          notice(`${tRef.current('contestUi.tab.announcements')}: ${a.title}`, () => {
            remember(cid, [...new Set([...readIds(cid), a.id])]);
            void http
              .post('/api/contest-announcement-read', { cid: Number(cid), aids: [a.id] }, { quiet: true })
              .catch(() => undefined);
          });
        }
      } catch {
        // silent (spec §8); the next poll tries again
      }
    };
    pollRef.current = () => void poll();
    void poll();
    const timer = setInterval(() => void poll(), ANNOUNCEMENT_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
      pollRef.current = () => undefined;
    };
  }, [cid, enabled]);

  useContestLive(enabled ? Number(cid) : null, { announcement: () => pollRef.current() });
}

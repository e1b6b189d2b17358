// Home page calls (reference/api/core.md §4). Decoration: failures stay quiet and show empty states.
import type { Page } from '@oj/protocol';
import { api } from '../api/client';

export interface Announcement {
  id: number;
  title: string;
  content: string;
  username: string | null;
  gmtCreate: string;
}
export interface CarouselImage {
  id: number;
  url: string;
}
export interface RecentContest {
  id: number;
  title: string;
  type: 0 | 1;
  auth: 0 | 1 | 2;
  status: -1 | 0 | 1;
  startTime: string;
  endTime: string;
  duration: number;
  count: number | null;
}
export interface RecentProblem {
  id: number;
  problemId: string;
  title: string;
  gmtModified: string;
}
export interface AcRankRow {
  uid: string;
  username: string;
  nickname: string | null;
  avatar: string | null;
  ac: number;
}
export interface WeekStatistics {
  dateStrList: string[];
  acCountList: number[];
  totalCountList: number[];
}

const quiet = { quiet: true };

export const siteApi = {
  carousel: () => api.get<CarouselImage[]>('/api/home-carousel', undefined, quiet),
  recentContests: () => api.get<RecentContest[]>('/api/get-recent-contest', undefined, quiet),
  announcements: (currentPage: number, limit: number) =>
    api.get<Page<Announcement>>('/api/get-common-announcement', { currentPage, limit }, quiet),
  contestAnnouncements: (cid: string, currentPage: number, limit: number) =>
    api.get<Page<Announcement>>('/api/get-contest-announcement', { cid, currentPage, limit }, quiet),
  /** Users with at least one AC in the last 7 days (the wire may list users with 0: issue #16). */
  sevenDayAcRank: () =>
    api
      .get<AcRankRow[]>('/api/get-recent-seven-ac-rank', undefined, quiet)
      .then((rows) => (rows ?? []).filter((u) => Number(u.ac) > 0)),
  weekStatistics: (forceRefresh = false) =>
    api.get<WeekStatistics>('/api/get-last-week-submission-statistics', { forceRefresh }, quiet),
  recentProblems: () => api.get<RecentProblem[]>('/api/get-recent-updated-problem', undefined, quiet),
};

/** Dates arrive as 2023-05-01T08:30:00.000+0000; show them in the viewer's local time. */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(locale, { hour12: false });
}

// Home page calls (reference/api/core.md §4), typed by protocol's route table (issue #30).
// Decoration: failures stay quiet and show empty states.
import type { Static } from '@sinclair/typebox';
import type {
  AnnouncementVO as ContestAnnouncementVO,
  RecentContestVO,
} from '@oj/protocol/contest/responses';
import type { RecentUpdatedProblem } from '@oj/protocol/judge/responses';
import type { AnnouncementVO, CarouselImage as CarouselImageSchema } from '@oj/protocol/site/schemas';
import type { RankRowSchema, SubmissionStatisticsSchema } from '@oj/protocol/submission/schemas';
import { http } from '../api/client';

/** A site announcement, or a contest's (whose author and dates may be null). */
export type Announcement = Static<typeof AnnouncementVO> | Static<typeof ContestAnnouncementVO>;
export type CarouselImage = Static<typeof CarouselImageSchema>;
export type RecentContest = Static<typeof RecentContestVO>;
export type RecentProblem = Static<typeof RecentUpdatedProblem>;
export type AcRankRow = Static<typeof RankRowSchema>;
export type WeekStatistics = Static<typeof SubmissionStatisticsSchema>;

const quiet = { quiet: true };

export const siteApi = {
  carousel: () => http.get('/api/home-carousel', undefined, quiet),
  recentContests: () => http.get('/api/get-recent-contest', undefined, quiet),
  announcements: (currentPage: number, limit: number) =>
    http.get('/api/get-common-announcement', { currentPage, limit }, quiet),
  contestAnnouncements: (cid: number, currentPage: number, limit: number) =>
    http.get('/api/get-contest-announcement', { cid, currentPage, limit }, quiet),
  /** Users with at least one AC in the last 7 days (the wire may list users with 0: issue #16). */
  sevenDayAcRank: () =>
    http
      .get('/api/get-recent-seven-ac-rank', undefined, quiet)
      .then((rows) => (rows ?? []).filter((u) => u.ac > 0)),
  weekStatistics: (forceRefresh = false) =>
    http.get('/api/get-last-week-submission-statistics', { forceRefresh }, quiet),
  recentProblems: () => http.get('/api/get-recent-updated-problem', undefined, quiet),
};

/** Dates arrive as 2023-05-01T08:30:00.000+0000; show them in the viewer's local time. */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(locale, { hour12: false });
}

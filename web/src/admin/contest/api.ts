// Calls of the admin contest screens (groups-admin-files.md §4.10; services/src/contest/routes.ts).
// Types from protocol's contest route table (issue #30).
import type { AdminContestProblemList, ContestProblem } from '@oj/protocol/contest/responses';
import type { AwardConfigSchema, ContestProblemBody } from '@oj/protocol/contest/schemas';
import type { Problem } from '@oj/protocol/problem/schemas';
import type { Static } from '@sinclair/typebox';
import { api, download, http } from '../../api/client';

/** AdminContestVO as GET /api/admin/contest returns it. */
export interface AdminContest {
  id: number;
  title: string;
  description: string | null;
  startTime: string;
  endTime: string;
  duration: number;
  type: number;
  auth: number;
  pwd?: string | null;
  sealRank: boolean;
  sealRankTime: string | null;
  autoRealRank: boolean;
  openPrint: boolean;
  openRank: boolean;
  allowEndSubmit: boolean;
  rankShowName: string | null;
  openAccountLimit: boolean;
  accountLimitRule: string | null;
  starAccount: string[] | null;
  oiRankScoreType: string | null;
  awardType: number;
  awardConfigList: AwardRow[] | null;
  status: number;
  visible: boolean;
  uid: string;
  author: string;
  gid: number | null;
  source?: number | null;
}

export type AwardRow = Static<typeof AwardConfigSchema>;

/** The body of POST/PUT /api/admin/contest. */
export type AdminContestBody = Partial<Omit<AdminContest, 'status' | 'duration'>> & {
  title: string;
  startTime: string;
  endTime: string;
  duration: number;
};

/** A problem row of get-problem-list (the problem table in camelCase). */
export type AdminProblemRow = Problem;

/** A contest_problem row. */
export type ContestProblemLink = ContestProblem;

/** What a contest-problem save sends (a stored row, or a new link without its id). */
export type ContestProblemLinkBody = Static<typeof ContestProblemBody>;

export type ProblemListAnswer = AdminContestProblemList;

export interface AnnouncementInput {
  id?: number;
  title: string;
  content: string;
  status: number;
}

export const adminContestApi = {
  list: (currentPage: number, limit: number, keyword: string) =>
    http.get('/api/admin/contest/get-contest-list', {
      currentPage,
      limit,
      ...(keyword ? { keyword } : {}),
    }),
  get: (cid: number) => http.get('/api/admin/contest', { cid }),
  create: (body: AdminContestBody) => http.post('/api/admin/contest', body),
  update: (body: AdminContestBody) => http.put('/api/admin/contest', body),
  remove: (cid: number) => http.delete('/api/admin/contest', { cid }),
  clone: (cid: number) => http.get('/api/admin/contest/clone', { cid }),
  // the uid is encoded by encodeURIComponent (the query builder's form encoding differs for a few characters)
  changeVisible: (cid: number, uid: string, visible: boolean) =>
    api.put<null>(
      `/api/admin/contest/change-contest-visible?cid=${cid}&uid=${encodeURIComponent(uid)}&visible=${visible}`,
    ),
  problems: (cid: number, currentPage: number, limit: number) =>
    http.get('/api/admin/contest/get-problem-list', { cid, currentPage, limit }),
  candidates: (cid: number, problemType: number, keyword: string, currentPage: number, limit: number) =>
    http.get('/api/admin/contest/get-problem-list', {
      cid,
      problemType,
      currentPage,
      limit,
      ...(keyword ? { keyword } : {}),
    }),
  /** `copied`: the contest got its own copy `problemId` and the bank problem stays public (compat E5). */
  addFromPublic: (cid: number, pid: number, displayId: string) =>
    http.post('/api/admin/contest/add-problem-from-public', { cid, pid, displayId }),
  saveLink: (link: ContestProblemLinkBody) => http.put('/api/admin/contest/contest-problem', link),
  link: (cid: number, pid: number) => http.get('/api/admin/contest/contest-problem', { cid, pid }),
  removeProblem: (cid: number, pid: number) => http.delete('/api/admin/contest/problem', { cid, pid }),
  announcements: (cid: number, currentPage: number, limit: number) =>
    http.get('/api/admin/contest/announcement', { cid, currentPage, limit }),
  addAnnouncement: (cid: number, a: AnnouncementInput) =>
    http.post('/api/admin/contest/announcement', { cid, announcement: a }),
  updateAnnouncement: (cid: number, a: AnnouncementInput) =>
    http.put('/api/admin/contest/announcement', { cid, announcement: a }),
  removeAnnouncement: (aid: number) => http.delete('/api/admin/contest/announcement', { aid }),
  downloadAc: (cid: number, excludeAdmin: boolean, splitType: 'user' | 'problem') =>
    download('/api/file/download-contest-ac-submission', { cid, excludeAdmin, splitType }),
};

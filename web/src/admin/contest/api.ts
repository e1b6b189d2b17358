// Calls of the admin contest screens (groups-admin-files.md §4.10; services/src/contest/routes.ts).
import { api, download } from '../../api/client';
import type { AnnouncementVO, Page } from '../../contest/types';

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

export interface AwardRow {
  priority: number;
  name: string;
  background: string;
  color: string;
  num: number;
}

/** The body of POST/PUT /api/admin/contest. */
export type AdminContestBody = Partial<Omit<AdminContest, 'status' | 'duration'>> & {
  title: string;
  startTime: string;
  endTime: string;
  duration: number;
};

/** A problem row of get-problem-list (the problem table in camelCase). */
export interface AdminProblemRow {
  id: number;
  problemId: string;
  title: string;
  type: number;
  author: string | null;
  auth: number;
}

export interface ContestProblemLink {
  id?: number;
  cid: number;
  pid: number;
  displayId: string;
  displayTitle: string;
  color: string | null;
}

export interface ProblemListAnswer {
  problemList: Page<AdminProblemRow>;
  contestProblemMap: Record<string, ContestProblemLink>;
}

export interface AnnouncementInput {
  id?: number;
  title: string;
  content: string;
  status: number;
}

export const adminContestApi = {
  list: (currentPage: number, limit: number, keyword: string) =>
    api.get<Page<AdminContest>>('/api/admin/contest/get-contest-list', {
      currentPage,
      limit,
      ...(keyword ? { keyword } : {}),
    }),
  get: (cid: number) => api.get<AdminContest>('/api/admin/contest', { cid }),
  create: (body: AdminContestBody) => api.post<null>('/api/admin/contest', body),
  update: (body: AdminContestBody) => api.put<null>('/api/admin/contest', body),
  remove: (cid: number) => api.delete<null>('/api/admin/contest', { cid }),
  clone: (cid: number) => api.get<null>('/api/admin/contest/clone', { cid }),
  changeVisible: (cid: number, uid: string, visible: boolean) =>
    api.put<null>(
      `/api/admin/contest/change-contest-visible?cid=${cid}&uid=${encodeURIComponent(uid)}&visible=${visible}`,
    ),
  problems: (cid: number, currentPage: number, limit: number) =>
    api.get<ProblemListAnswer>('/api/admin/contest/get-problem-list', { cid, currentPage, limit }),
  candidates: (cid: number, problemType: number, keyword: string, currentPage: number, limit: number) =>
    api.get<ProblemListAnswer>('/api/admin/contest/get-problem-list', {
      cid,
      problemType,
      currentPage,
      limit,
      ...(keyword ? { keyword } : {}),
    }),
  /** `copied`: the contest got its own copy `problemId` and the bank problem stays public (compat E5). */
  addFromPublic: (cid: number, pid: number, displayId: string) =>
    api.post<{ pid: number; problemId: string; copied: boolean } | null>(
      '/api/admin/contest/add-problem-from-public',
      { cid, pid, displayId },
    ),
  saveLink: (link: ContestProblemLink) =>
    api.put<ContestProblemLink>('/api/admin/contest/contest-problem', link),
  link: (cid: number, pid: number) =>
    api.get<ContestProblemLink>('/api/admin/contest/contest-problem', { cid, pid }),
  removeProblem: (cid: number, pid: number) => api.delete<null>('/api/admin/contest/problem', { cid, pid }),
  announcements: (cid: number, currentPage: number, limit: number) =>
    api.get<Page<AnnouncementVO & { status?: number }>>('/api/admin/contest/announcement', {
      cid,
      currentPage,
      limit,
    }),
  addAnnouncement: (cid: number, a: AnnouncementInput) =>
    api.post<null>('/api/admin/contest/announcement', { cid, announcement: a }),
  updateAnnouncement: (cid: number, a: AnnouncementInput) =>
    api.put<null>('/api/admin/contest/announcement', { cid, announcement: a }),
  removeAnnouncement: (aid: number) => api.delete<null>('/api/admin/contest/announcement', { aid }),
  downloadAc: (cid: number, excludeAdmin: boolean, splitType: 'user' | 'problem') =>
    download('/api/file/download-contest-ac-submission', { cid, excludeAdmin, splitType }),
};

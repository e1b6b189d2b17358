// Calls of the group screens (paths and shapes: services/src/group/routes.ts).
import type { GroupCreateRule } from '@oj/protocol/write-rules';
import type { Page } from '@oj/protocol';
import type {
  GroupAnnouncementRecord,
  GroupBody,
  GroupCard,
  GroupDetail,
  GroupMemberRecord,
  GroupRankRow,
} from '@oj/protocol/group';
import { api } from '../api/client';

export const groupApi = {
  list: (q: { currentPage: number; limit: number; keyword?: string; auth?: number; onlyMine: boolean }) =>
    api.get<Page<GroupCard>>('/api/get-group-list', q),
  detail: (gid: number) => api.get<GroupDetail>('/api/get-group-detail', { gid }, { quiet: true }),
  access: (gid: number) => api.get<{ access: boolean }>('/api/get-group-access', { gid }, { quiet: true }),
  auth: (gid: number) => api.get<number>('/api/get-group-auth', { gid }, { quiet: true }),
  create: (body: GroupBody) => api.post<null>('/api/group', body),
  /** The creation rule and the caller's standing (issue #26 item 5). */
  createRule: () => api.get<GroupCreateRule>('/api/group-create-rule', {}, { quiet: true }),
  update: (body: GroupBody) => api.put<null>('/api/group', body),
  disband: (gid: number) => api.delete<null>('/api/group', { gid }),
  apply: (gid: number, code: string, reason: string) =>
    api.post<null>(
      `/api/group/member?${new URLSearchParams({ gid: String(gid), ...(code ? { code } : {}), ...(reason ? { reason } : {}) })}`,
    ),
  exit: (gid: number) => api.delete<null>('/api/group/member/exit', { gid }),
  members: (gid: number, currentPage: number, limit = 10) =>
    api.get<Page<GroupMemberRecord>>('/api/group/get-member-list', { gid, currentPage, limit }),
  applications: (gid: number, currentPage: number, limit = 10) =>
    api.get<Page<GroupMemberRecord>>('/api/group/get-apply-list', { gid, currentPage, limit }),
  setAuth: (gid: number, uid: string, auth: number) => api.put<null>('/api/group/member', { gid, uid, auth }),
  remove: (gid: number, uid: string) => api.delete<null>('/api/group/member', { gid, uid }),
  announcements: (gid: number, currentPage: number, limit: number) =>
    api.get<Page<GroupAnnouncementRecord>>('/api/group/get-announcement-list', { gid, currentPage, limit }),
  adminAnnouncements: (gid: number, currentPage: number) =>
    api.get<Page<GroupAnnouncementRecord>>('/api/group/get-admin-announcement-list', {
      gid,
      currentPage,
      limit: 10,
    }),
  addAnnouncement: (a: { gid: number; title: string; content: string; status: number }) =>
    api.post<null>('/api/group/announcement', a),
  updateAnnouncement: (a: { id: number; gid: number; title: string; content: string; status: number }) =>
    api.put<null>('/api/group/announcement', a),
  deleteAnnouncement: (aid: number) => api.delete<null>('/api/group/announcement', { aid }),
  rank: (q: { gid: number; type: number; currentPage: number; limit: number; searchUser?: string }) =>
    api.get<Page<GroupRankRow>>('/api/get-group-rank-list', q),
};

export interface GroupProblemRow {
  pid: number;
  problemId: string;
  title: string;
  difficulty: number;
  type: number;
  total: number;
  ac: number;
  tags?: { id: number; name: string; color: string | null }[];
}
export interface GroupAdminProblemRow {
  id: number;
  problemId: string;
  title: string;
  author: string | null;
  gmtCreate: string;
  modifiedUser: string | null;
  auth: number;
  applyPublicProgress: number | null;
  gid: number;
}

export const groupProblemApi = {
  list: (gid: number, currentPage: number) =>
    api.get<Page<GroupProblemRow>>('/api/group/get-problem-list', { gid, currentPage, limit: 10 }),
  adminList: (gid: number, currentPage: number) =>
    api.get<Page<GroupAdminProblemRow>>('/api/group/get-admin-problem-list', { gid, currentPage, limit: 10 }),
  changeAuth: (pid: number, auth: number) =>
    api.put<null>(`/api/group/change-problem-auth?pid=${pid}&auth=${auth}`),
  applyPublic: (pid: number) => api.put<null>(`/api/group/apply-public?pid=${pid}&isApplied=true`),
  /** Withdraws a pending publication request (docs/compat.md G15). */
  cancelApply: (pid: number) => api.put<null>(`/api/group/apply-public?pid=${pid}&isApplied=false`),
  /** The viewer's status per problem in this group's submissions (core.md get-user-problem-status). */
  statuses: (gid: number, pidList: number[]) =>
    api.post<Record<string, { status: number }>>(
      '/api/get-user-problem-status',
      { pidList, isContestProblemList: false, gid },
      { quiet: true },
    ),
  remove: (pid: number) => api.delete<null>('/api/group/problem', { pid }),
};

// Calls of the group screens, typed by protocol's route table (issue #30; paths:
// services/src/group/routes.ts and problem-routes.ts).
import type { Static } from '@sinclair/typebox';
import type {
  GroupAdminProblemRow as GroupAdminProblemRowSchema,
  GroupBody,
  GroupProblemRow as GroupProblemRowSchema,
} from '@oj/protocol/group';
import { http } from '../api/client';

export const groupApi = {
  list: (q: { currentPage: number; limit: number; keyword?: string; auth?: number; onlyMine: boolean }) =>
    http.get('/api/get-group-list', q),
  detail: (gid: number) => http.get('/api/get-group-detail', { gid }, { quiet: true }),
  access: (gid: number) => http.get('/api/get-group-access', { gid }, { quiet: true }),
  auth: (gid: number) => http.get('/api/get-group-auth', { gid }, { quiet: true }),
  create: (body: GroupBody) => http.post('/api/group', body),
  /** The creation rule and the caller's standing (issue #26 item 5). */
  createRule: () => http.get('/api/group-create-rule', {}, { quiet: true }),
  update: (body: GroupBody) => http.put('/api/group', body),
  disband: (gid: number) => http.delete('/api/group', { gid }),
  // POST/PUT calls whose route reads a query send it as params (empty code or reason left out).
  apply: (gid: number, code: string, reason: string) =>
    http.post('/api/group/member', undefined, {
      params: { gid, ...(code ? { code } : {}), ...(reason ? { reason } : {}) },
    }),
  exit: (gid: number) => http.delete('/api/group/member/exit', { gid }),
  members: (gid: number, currentPage: number, limit = 10) =>
    http.get('/api/group/get-member-list', { gid, currentPage, limit }),
  applications: (gid: number, currentPage: number, limit = 10) =>
    http.get('/api/group/get-apply-list', { gid, currentPage, limit }),
  setAuth: (gid: number, uid: string, auth: number) => http.put('/api/group/member', { gid, uid, auth }),
  remove: (gid: number, uid: string) => http.delete('/api/group/member', { gid, uid }),
  announcements: (gid: number, currentPage: number, limit: number) =>
    http.get('/api/group/get-announcement-list', { gid, currentPage, limit }),
  adminAnnouncements: (gid: number, currentPage: number) =>
    http.get('/api/group/get-admin-announcement-list', {
      gid,
      currentPage,
      limit: 10,
    }),
  addAnnouncement: (a: { gid: number; title: string; content: string; status: number }) =>
    http.post('/api/group/announcement', a),
  updateAnnouncement: (a: { id: number; gid: number; title: string; content: string; status: number }) =>
    http.put('/api/group/announcement', a),
  deleteAnnouncement: (aid: number) => http.delete('/api/group/announcement', { aid }),
  rank: (q: { gid: number; type: number; currentPage: number; limit: number; searchUser?: string }) =>
    http.get('/api/get-group-rank-list', q),
};

export type GroupProblemRow = Static<typeof GroupProblemRowSchema>;
export type GroupAdminProblemRow = Static<typeof GroupAdminProblemRowSchema>;

export const groupProblemApi = {
  list: (gid: number, currentPage: number) =>
    http.get('/api/group/get-problem-list', { gid, currentPage, limit: 10 }),
  adminList: (gid: number, currentPage: number) =>
    http.get('/api/group/get-admin-problem-list', { gid, currentPage, limit: 10 }),
  changeAuth: (pid: number, auth: number) =>
    http.put('/api/group/change-problem-auth', undefined, { params: { pid, auth } }),
  applyPublic: (pid: number) =>
    http.put('/api/group/apply-public', undefined, { params: { pid, isApplied: true } }),
  /** Withdraws a pending publication request (docs/compat.md G15). */
  cancelApply: (pid: number) =>
    http.put('/api/group/apply-public', undefined, { params: { pid, isApplied: false } }),
  /** The viewer's status per problem in this group's submissions (core.md get-user-problem-status). */
  statuses: (gid: number, pidList: number[]) =>
    http.post('/api/get-user-problem-status', { pidList, isContestProblemList: false, gid }, { quiet: true }),
  remove: (pid: number) => http.delete('/api/group/problem', { pid }),
};

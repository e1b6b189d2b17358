// Calls of the group Contest tab (groups-admin-files.md §3; services/src/contest/group-routes.ts):
// the members' list, and the back-office scope the shared admin contest screens run with.
import { api, download, http } from '../api/client';
import type { ContestAdminScope } from '../admin/contest/admin-scope';
import type { ContestVO, Page } from '../contest/types';
import { bareDisplayId } from './rules';

export const GROUP_CONTEST_PAGE_SIZE = 10;

export const groupContestApi = {
  list: (gid: number, currentPage: number) =>
    // untyped: the table's rows have gid, allowEndSubmit and count null, the shared ContestRow reads a ContestVO
    api.get<Page<ContestVO>>('/api/group/get-contest-list', {
      gid,
      currentPage,
      limit: GROUP_CONTEST_PAGE_SIZE,
    }),
};

/**
 * The contest back office of one group: every call goes to /api/group/* (contest-only problems are
 * created by POST /api/group/contest-problem, read and edited as group problems, and their display
 * id is edited without the group's `shortName` prefix, which the server adds).
 */
export function groupContestAdmin(gid: number, shortName: string): ContestAdminScope {
  const base = `/group/${gid}`;
  return {
    api: {
      list: (currentPage, limit) =>
        http.get('/api/group/get-admin-contest-list', { gid, currentPage, limit }),
      get: (cid) => http.get('/api/group/contest', { cid }),
      create: (body) => http.post('/api/group/contest', { ...body, gid }),
      update: (body) => http.put('/api/group/contest', { ...body, gid }),
      remove: (cid) => http.delete('/api/group/contest', { cid }),
      changeVisible: (cid, _uid, visible) =>
        http.put('/api/group/change-contest-visible', undefined, { params: { cid, visible } }),
      problems: (cid, currentPage, limit) =>
        http.get('/api/group/get-contest-problem-list', { cid, currentPage, limit }),
      candidates: (cid, problemType, keyword, currentPage, limit) =>
        http.get('/api/group/get-contest-problem-list', {
          cid,
          problemType,
          currentPage,
          limit,
          ...(keyword ? { keyword } : {}),
        }),
      addFromPublic: (cid, pid, displayId) =>
        http.post('/api/group/add-contest-problem-from-public', { cid, pid, displayId }),
      saveLink: (link) => http.put('/api/group/contest-problem', link),
      link: (cid, pid) => http.get('/api/group/contest-problem', { cid, pid }),
      removeProblem: (cid, pid) => http.delete('/api/group/contest-problem', { cid, pid }),
      problem: async (pid) => {
        const p = await http.get('/api/group/problem', { pid });
        return { ...p, problemId: bareDisplayId(String(p.problemId ?? ''), shortName) };
      },
      problemCases: (pid) => http.get('/api/group/get-problem-cases', { pid }),
      // untyped: the form's DTO types judgeMode as a string, the table as its three values
      createProblem: (dto) =>
        api.post<{ pid: number }>('/api/group/contest-problem', { ...dto, problem: { ...dto.problem, gid } }),
      updateProblem: (dto) =>
        api.put<null>('/api/group/problem', { ...dto, problem: { ...dto.problem, gid } }),
      announcements: (cid, currentPage, limit) =>
        http.get('/api/group/get-contest-announcement-list', { cid, currentPage, limit }),
      addAnnouncement: (cid, a) => http.post('/api/group/contest-announcement', { cid, announcement: a }),
      updateAnnouncement: (cid, a) => http.put('/api/group/contest-announcement', { cid, announcement: a }),
      removeAnnouncement: (aid, cid) => http.delete('/api/group/contest-announcement', { aid, cid }),
      downloadAc: (cid, excludeAdmin, splitType) =>
        download('/api/file/download-contest-ac-submission', { cid, excludeAdmin, splitType }),
    },
    paths: {
      list: `${base}/contest`,
      create: `${base}/contest-create`,
      edit: (cid) => `${base}/contest-edit/${cid}`,
      problems: (cid) => `${base}/contest-problems/${cid}`,
      announcements: (cid) => `${base}/contest-announcement/${cid}`,
      problemCreate: (cid) => `${base}/contest-problem-create/${cid}`,
      problemEdit: (cid, pid) => `${base}/contest-problem-edit/${cid}/${pid}`,
    },
    searchable: false,
    deleteFor: 'all',
    problemIdPrefix: shortName,
  };
}

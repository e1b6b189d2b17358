// Which contests the admin contest screens manage: the site's back office (/api/admin/contest*,
// /admin/contest/*) by default, or a group's (/api/group/*contest*, /group/:gid/contest-*) when the
// group's Contest tab wraps the same screens in a ContestAdminProvider (as the group training
// screens run on a TrainingAdminAdapter).
import type { Problem, ProblemCase } from '@oj/protocol/problem/schemas';
import { createContext, useContext } from 'react';
import { api, http } from '../../api/client';
import { adminContestApi, type ContestProblemLinkBody } from './api';
import type { problemDtoOf } from './problem-rules';

/**
 * A stored contest problem as the problem form reads it (the problem table in camelCase). Group
 * scope: its `problemId` is without the group's short-name prefix (the form edits the bare id).
 */
export type StoredContestProblem = Problem;

export type StoredProblemCase = ProblemCase;

/** The ProblemDTO the contest problem form saves. */
export type ContestProblemDto = ReturnType<typeof problemDtoOf>;

export type ContestAdminApi = Omit<typeof adminContestApi, 'clone' | 'removeAnnouncement' | 'saveLink'> & {
  /** Absent: no clone action (group contests). */
  clone?: (cid: number) => Promise<null>;
  removeAnnouncement(aid: number, cid: number): Promise<null>;
  /** Answers the saved row on the site, null in a group: callers only await it. */
  saveLink(link: ContestProblemLinkBody): Promise<unknown>;
  /** The contest problem form's problem-level calls (the link goes through `link`/`saveLink`). */
  problem(pid: number): Promise<StoredContestProblem>;
  problemCases(pid: number): Promise<StoredProblemCase[]>;
  /** Creates a contest-only problem (auth 3), not yet linked; answers its pid. */
  createProblem(dto: ContestProblemDto): Promise<{ pid: number }>;
  updateProblem(dto: ContestProblemDto): Promise<unknown>;
};

export interface ContestAdminPaths {
  list: string;
  create: string;
  edit(cid: number): string;
  problems(cid: number): string;
  announcements(cid: number): string;
  /** Null: contest-owned problems are not written from this back office. */
  problemCreate: ((cid: number) => string) | null;
  problemEdit: ((cid: number, pid: number) => string) | null;
}

export interface ContestAdminScope {
  api: ContestAdminApi;
  paths: ContestAdminPaths;
  /** Keyword search over the list. */
  searchable: boolean;
  /** Who sees the delete action: site roots only, or every manager (the server decides). */
  deleteFor: 'root' | 'all';
  /** Put by the server in front of a written problem's display id ('' on the site; a group's short name). */
  problemIdPrefix: string;
}

export const siteContestAdmin: ContestAdminScope = {
  api: {
    ...adminContestApi,
    removeAnnouncement: (aid) => adminContestApi.removeAnnouncement(aid),
    problem: (pid) => http.get('/api/admin/contest/problem', { pid }),
    problemCases: (pid) => http.get('/api/admin/problem/get-problem-cases', { pid }),
    // contest-owned problems: the contest capability forces auth 3 and answers the new pid
    // (untyped: the form's DTO types judgeMode as a string, the table as its three values)
    createProblem: (dto) => api.post<{ pid: number }>('/api/admin/contest/problem', dto),
    updateProblem: (dto) => api.put<unknown>('/api/admin/contest/problem', dto),
  },
  paths: {
    list: '/admin/contest',
    create: '/admin/contest/create',
    edit: (cid) => `/admin/contest/${cid}/edit`,
    problems: (cid) => `/admin/contest/${cid}/problems`,
    announcements: (cid) => `/admin/contest/${cid}/announcement`,
    problemCreate: (cid) => `/admin/contest/${cid}/problem/create`,
    problemEdit: (cid, pid) => `/admin/contest/${cid}/problem/${pid}/edit`,
  },
  searchable: true,
  deleteFor: 'root',
  problemIdPrefix: '',
};

const Scope = createContext<ContestAdminScope>(siteContestAdmin);
export const ContestAdminProvider = Scope.Provider;
export const useContestAdmin = (): ContestAdminScope => useContext(Scope);

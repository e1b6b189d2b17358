// Which contests the admin contest screens manage: the site's back office (/api/admin/contest*,
// /admin/contest/*) by default, or a group's (/api/group/*contest*, /group/:gid/contest-*) when the
// group's Contest tab wraps the same screens in a ContestAdminProvider (as the group training
// screens run on a TrainingAdminAdapter).
import { createContext, useContext } from 'react';
import { adminContestApi } from './api';

export type ContestAdminApi = Omit<typeof adminContestApi, 'clone' | 'removeAnnouncement'> & {
  /** Absent: no clone action (group contests). */
  clone?: (cid: number) => Promise<null>;
  removeAnnouncement(aid: number, cid: number): Promise<null>;
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
}

export const siteContestAdmin: ContestAdminScope = {
  api: { ...adminContestApi, removeAnnouncement: (aid) => adminContestApi.removeAnnouncement(aid) },
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
};

const Scope = createContext<ContestAdminScope>(siteContestAdmin);
export const ContestAdminProvider = Scope.Provider;
export const useContestAdmin = (): ContestAdminScope => useContext(Scope);

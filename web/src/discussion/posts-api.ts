// Calls of discussion posts (reference contests-trainings-discussions.md §3) and their back office.
import type { DiscussionBody } from '@oj/protocol/discussion/posts';
import { http } from '../api/client';

export interface ListParams {
  currentPage: number;
  limit: number;
  keyword?: string;
  cid?: number;
  pid?: string;
  onlyMine?: boolean;
  admin?: boolean;
}

export const postApi = {
  categories: () => http.get('/api/discussion-category'),
  saveCategories: (list: { id?: number; name: string }[]) => http.post('/api/discussion-category', list),
  list: (p: ListParams) =>
    http.get('/api/get-discussion-list', { ...p } as Record<string, unknown>, {
      quiet: true,
    }),
  detail: (did: number) => http.get('/api/get-discussion-detail', { did }),
  create: (body: DiscussionBody) => http.post('/api/discussion', body),
  update: (body: DiscussionBody) => http.put('/api/discussion', body),
  remove: (did: number) => http.delete('/api/discussion', { did }),
  like: (did: number, toLike: boolean) => http.get('/api/discussion-like', { did, toLike }),
  report: (did: number, reporter: string, content: string) =>
    http.post('/api/discussion-report', { did, reporter, content }),
};

export const adminPostApi = {
  update: (body: { id: number; topPriority?: boolean; status?: number }) =>
    http.put('/api/admin/discussion', body),
  remove: (ids: number[]) => http.delete('/api/admin/discussion', undefined, { body: ids }),
  reports: (currentPage: number, limit: number) =>
    http.get('/api/admin/discussion-report', { currentPage, limit }),
  handle: (id: number, status: boolean) => http.put('/api/admin/discussion-report', { id, status }),
};

/** Group posts (groups-admin-files.md §3): the same rows, under the group's rules. */
export const groupPostApi = {
  list: (gid: number, currentPage: number, limit: number, pid?: string) =>
    http.get('/api/group/get-discussion-list', {
      gid,
      currentPage,
      limit,
      ...(pid ? { pid } : {}),
    }),
  adminList: (gid: number, currentPage: number, limit: number) =>
    http.get('/api/group/get-admin-discussion-list', { gid, currentPage, limit }),
  create: (body: DiscussionBody) => http.post('/api/group/discussion', body),
  update: (body: DiscussionBody) => http.put('/api/group/discussion', body),
  remove: (did: number) => http.delete('/api/group/discussion', { did }),
};

// Calls of discussion posts (reference contests-trainings-discussions.md §3) and their back office.
import type { Page } from '@oj/protocol';
import type {
  Discussion,
  DiscussionBody,
  DiscussionCategory,
  DiscussionReportVO,
  DiscussionVO,
} from '@oj/protocol/discussion/posts';
import { api } from '../api/client';

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
  categories: () => api.get<DiscussionCategory[]>('/api/discussion-category'),
  saveCategories: (list: { id?: number; name: string }[]) =>
    api.post<DiscussionCategory[]>('/api/discussion-category', list),
  list: (p: ListParams) =>
    api.get<Page<Discussion>>('/api/get-discussion-list', { ...p } as Record<string, unknown>, {
      quiet: true,
    }),
  detail: (did: number) => api.get<DiscussionVO>('/api/get-discussion-detail', { did }),
  create: (body: DiscussionBody) => api.post<null>('/api/discussion', body),
  update: (body: DiscussionBody) => api.put<null>('/api/discussion', body),
  remove: (did: number) => api.delete<null>('/api/discussion', { did }),
  like: (did: number, toLike: boolean) => api.get<null>('/api/discussion-like', { did, toLike }),
  report: (did: number, reporter: string, content: string) =>
    api.post<null>('/api/discussion-report', { did, reporter, content }),
};

export const adminPostApi = {
  update: (body: { id: number; topPriority?: boolean; status?: number }) =>
    api.put<null>('/api/admin/discussion', body),
  remove: (ids: number[]) => api.delete<null>('/api/admin/discussion', undefined, { body: ids }),
  reports: (currentPage: number, limit: number) =>
    api.get<Page<DiscussionReportVO>>('/api/admin/discussion-report', { currentPage, limit }),
  handle: (id: number, status: boolean) => api.put<null>('/api/admin/discussion-report', { id, status }),
};

/** Group posts (groups-admin-files.md §3): the same rows, under the group's rules. */
export const groupPostApi = {
  list: (gid: number, currentPage: number, limit: number, pid?: string) =>
    api.get<Page<Discussion>>('/api/group/get-discussion-list', {
      gid,
      currentPage,
      limit,
      ...(pid ? { pid } : {}),
    }),
  adminList: (gid: number, currentPage: number, limit: number) =>
    api.get<Page<Discussion>>('/api/group/get-admin-discussion-list', { gid, currentPage, limit }),
  create: (body: DiscussionBody) => api.post<null>('/api/group/discussion', body),
  update: (body: DiscussionBody) => api.put<null>('/api/group/discussion', body),
  remove: (did: number) => api.delete<null>('/api/group/discussion', { did }),
};

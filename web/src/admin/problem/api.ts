// Calls of the admin problem pages (reference §4.6 and the public problem reads the form needs).
import type { Page } from '@oj/protocol';
import { api, download } from '../../api/client';
import type { Template } from './form-rules';

export interface AdminProblemRow {
  id: number;
  problemId: string;
  title: string;
  author: string;
  auth: number;
  type: number;
  gmtCreate: string | null;
  [k: string]: unknown;
}
interface CaseRow {
  id: number;
  input: string;
  output: string;
  score: number | null;
  groupNum: number | null;
}

export const problemApi = {
  list: (q: { currentPage: number; limit: number; keyword?: string; auth?: number; oj?: string }) =>
    api.get<Page<AdminProblemRow>>('/api/admin/problem/get-problem-list', q),
  get: (pid: number) => api.get<Record<string, unknown>>('/api/admin/problem', { pid }),
  cases: (pid: number, isUpload: boolean) =>
    api.get<CaseRow[]>('/api/admin/problem/get-problem-cases', { pid, isUpload }),
  tags: (pid: number) => api.get<{ name: string }[]>('/api/get-problem-tags', { pid }),
  allTags: () => api.get<{ name: string }[]>('/api/get-all-problem-tags', { oj: 'ME' }),
  languages: () => api.get<{ id: number; name: string }[]>('/api/languages', { all: false }),
  problemLanguages: (pid: number) =>
    api.get<{ id: number; name: string }[]>('/api/get-problem-languages', { pid }),
  templates: async (pid: number): Promise<Template[]> =>
    (
      await api.get<{ lid: number; code: string; status: boolean }[]>('/api/get-problem-code-template', {
        pid,
      })
    ).map((t) => ({ lid: t.lid, code: t.code, enabled: t.status })),
  create: (dto: unknown) => api.post<unknown>('/api/admin/problem', dto),
  update: (dto: unknown) => api.put<unknown>('/api/admin/problem', dto),
  remove: (pid: number) => api.delete<null>('/api/admin/problem', { pid }),
  changeAuth: (id: number, auth: number) =>
    api.put<null>('/api/admin/problem/change-problem-auth', { id, auth }),
  downloadCases: (pid: number) => download('/api/file/download-testcase', { pid }),
};

// Calls of the admin problem pages (reference §4.6 and the public problem reads the form needs).
import type { ProblemDTO } from '@oj/protocol/problem/schemas';
import type { Static } from '@sinclair/typebox';
import { download, http } from '../../api/client';
import type { Template } from './form-rules';

/** The problem body the create and update routes take (the form's dtoOf answer fits it). */
export type ProblemSave = Static<typeof ProblemDTO>;

export const problemApi = {
  list: (q: { currentPage: number; limit: number; keyword?: string; auth?: number; oj?: string }) =>
    http.get('/api/admin/problem/get-problem-list', q),
  get: (pid: number) => http.get('/api/admin/problem', { pid }),
  cases: (pid: number, isUpload: boolean) =>
    http.get('/api/admin/problem/get-problem-cases', { pid, isUpload }),
  tags: (pid: number) => http.get('/api/get-problem-tags', { pid }),
  allTags: () => http.get('/api/get-all-problem-tags', { oj: 'ME' }),
  languages: () => http.get('/api/languages', { all: false }),
  problemLanguages: (pid: number) => http.get('/api/get-problem-languages', { pid }),
  templates: async (pid: number): Promise<Template[]> =>
    (await http.get('/api/get-problem-code-template', { pid })).map((t) => ({
      lid: t.lid,
      code: t.code,
      enabled: t.status,
    })),
  create: (dto: ProblemSave) => http.post('/api/admin/problem', dto),
  update: (dto: ProblemSave) => http.put('/api/admin/problem', dto),
  remove: (pid: number) => http.delete('/api/admin/problem', { pid }),
  changeAuth: (id: number, auth: number) => http.put('/api/admin/problem/change-problem-auth', { id, auth }),
  downloadCases: (pid: number) => download('/api/file/download-testcase', { pid }),
};

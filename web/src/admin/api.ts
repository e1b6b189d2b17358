// Calls of the back office's own endpoints (dashboard, users, service info), typed by protocol's
// route table (issue #30).
import type { BatchRowResult, EditUserBody, GenerateUserBody } from '@oj/protocol/admin/schemas';
import { download, http } from '../api/client';

export const adminApi = {
  login: (username: string, password: string) =>
    http.envelope('POST', '/api/admin/login', { body: { username, password } }),
  logout: () => http.get('/api/admin/logout', undefined, { quiet: true }),
  dashboardInfo: () => http.get('/api/admin/dashboard/get-dashboard-info'),
  sessions: () => http.get('/api/admin/dashboard/recent-sessions'),
  judgeServers: () => http.get('/api/admin/dashboard/judge-servers'),
  submissionRate: () => http.get('/api/admin/dashboard/submission-rate'),
  serviceInfo: () => http.get('/api/admin/config/get-service-info'),
  users: (q: { currentPage: number; limit: number; keyword?: string; onlyAdmin?: boolean }) =>
    http.get('/api/admin/user/get-user-list', q),
  editUser: (body: EditUserBody) => http.put('/api/admin/user/edit-user', body),
  deleteUsers: (ids: string[]) => http.envelope('DELETE', '/api/admin/user/delete-user', { body: { ids } }),
  /** One chunk of a batch; a chunk with failed rows answers status 400 with the rows in `data`. */
  insertBatch: async (users: string[][]): Promise<BatchRowResult[]> => {
    try {
      return (
        (
          await http.envelope('POST', '/api/admin/user/insert-batch-user', {
            body: { users },
            quiet: true,
            timeoutMs: 300_000,
          })
        ).data ?? []
      );
    } catch (err) {
      const data = (err as { envelope?: { data?: unknown } }).envelope?.data;
      if (Array.isArray(data)) return data as BatchRowResult[];
      throw err;
    }
  },
  generate: (b: Required<GenerateUserBody>) =>
    http.post('/api/admin/user/generate-user', b, { timeoutMs: 300_000 }),
  generatedSheet: (key: string) => download('/api/file/generate-user-excel', { key }),
};

// Calls of the back office's own endpoints (dashboard, users, service info).
import type {
  BatchRowResult,
  DashboardInfo,
  EditUserBody,
  JudgeServerList,
  ServiceInfo,
  SessionVO,
  SubmissionRate,
  UserRolesVO,
} from '@oj/protocol/admin/schemas';
import type { Page } from '@oj/protocol';
import { api, download, requestEnvelope } from '../api/client';
import type { UserInfo } from '../store/session';

export const adminApi = {
  login: (username: string, password: string) =>
    requestEnvelope<UserInfo>('POST', '/api/admin/login', { body: { username, password } }),
  logout: () => api.get<null>('/api/admin/logout', undefined, { quiet: true }),
  dashboardInfo: () => api.get<DashboardInfo>('/api/admin/dashboard/get-dashboard-info'),
  sessions: () => api.get<SessionVO[]>('/api/admin/dashboard/recent-sessions'),
  judgeServers: () => api.get<JudgeServerList>('/api/admin/dashboard/judge-servers'),
  submissionRate: () => api.get<SubmissionRate>('/api/admin/dashboard/submission-rate'),
  serviceInfo: () => api.get<ServiceInfo>('/api/admin/config/get-service-info'),
  users: (q: { currentPage: number; limit: number; keyword?: string; onlyAdmin?: boolean }) =>
    api.get<Page<UserRolesVO>>('/api/admin/user/get-user-list', q),
  editUser: (body: EditUserBody) => api.put<null>('/api/admin/user/edit-user', body),
  deleteUsers: (ids: string[]) =>
    requestEnvelope<null>('DELETE', '/api/admin/user/delete-user', { body: { ids } }),
  /** One chunk of a batch; a chunk with failed rows answers status 400 with the rows in `data`. */
  insertBatch: async (users: string[][]): Promise<BatchRowResult[]> => {
    try {
      return (
        (
          await requestEnvelope<BatchRowResult[]>('POST', '/api/admin/user/insert-batch-user', {
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
  generate: (b: {
    prefix: string;
    suffix: string;
    number_from: number;
    number_to: number;
    password_length: number;
  }) => api.post<{ key: string }>('/api/admin/user/generate-user', b, { timeoutMs: 300_000 }),
  generatedSheet: (key: string) => download('/api/file/generate-user-excel', { key }),
};

// Calls of the message center (reference core.md §9) and admin notices (groups-admin-files.md §4.3).
import type { AdminNoticeBody } from '@oj/protocol/message/schemas';
import { http } from '../api/client';

export type RemindList = 'comment' | 'reply' | 'like';

export const messageApi = {
  reminds: (list: RemindList, currentPage: number, limit: number) =>
    http.get(`/api/msg/${list}`, { currentPage, limit }),
  notices: (kind: 'sys' | 'mine', currentPage: number, limit: number) =>
    http.get(`/api/msg/${kind}`, { currentPage, limit }),
  clean: (type: 'Discuss' | 'Reply' | 'Like' | 'Sys' | 'Mine', id?: number) =>
    http.delete('/api/msg/clean', id === undefined ? { type } : { type, id }),
};

export const noticeAdminApi = {
  list: (currentPage: number, limit: number, type?: string) =>
    http.get('/api/admin/msg/notice', {
      currentPage,
      limit,
      ...(type ? { type } : {}),
    }),
  create: (body: AdminNoticeBody) => http.post('/api/admin/msg/notice', body),
  update: (body: AdminNoticeBody) => http.put('/api/admin/msg/notice', body),
  remove: (id: number) => http.delete('/api/admin/msg/notice', { id }),
};

// Calls of the message center (reference core.md §9) and admin notices (groups-admin-files.md §4.3).
import type { Page } from '@oj/protocol';
import type { AdminNoticeBody, AdminSysNoticeVO, SysMsgVO, UserMsgVO } from '@oj/protocol/message/schemas';
import { api } from '../api/client';

export type RemindList = 'comment' | 'reply' | 'like';

export const messageApi = {
  reminds: (list: RemindList, currentPage: number, limit: number) =>
    api.get<Page<UserMsgVO>>(`/api/msg/${list}`, { currentPage, limit }),
  notices: (kind: 'sys' | 'mine', currentPage: number, limit: number) =>
    api.get<Page<SysMsgVO>>(`/api/msg/${kind}`, { currentPage, limit }),
  clean: (type: 'Discuss' | 'Reply' | 'Like' | 'Sys' | 'Mine', id?: number) =>
    api.delete<null>('/api/msg/clean', id === undefined ? { type } : { type, id }),
};

export const noticeAdminApi = {
  list: (currentPage: number, limit: number, type?: string) =>
    api.get<Page<AdminSysNoticeVO>>('/api/admin/msg/notice', {
      currentPage,
      limit,
      ...(type ? { type } : {}),
    }),
  create: (body: AdminNoticeBody) => api.post<null>('/api/admin/msg/notice', body),
  update: (body: AdminNoticeBody) => api.put<null>('/api/admin/msg/notice', body),
  remove: (id: number) => api.delete<null>('/api/admin/msg/notice', { id }),
};

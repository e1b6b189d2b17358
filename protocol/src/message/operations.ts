// The message capability's operations (issue #30): request schemas and success envelope per route.
import { EmptyEnvelope } from '../envelope';
import type { OperationTable } from '../operations';
import {
  AdminNoticeBody,
  AdminSysNoticePageEnvelope,
  CleanQuery,
  MsgListQuery,
  NoticeDeleteQuery,
  NoticeListQuery,
  SysMsgPageEnvelope,
  UnreadCountsEnvelope,
  UserMsgPageEnvelope,
} from './schemas';

export const messageOperations = {
  'GET /api/msg/unread': { response: UnreadCountsEnvelope },
  'GET /api/msg/comment': { querystring: MsgListQuery, response: UserMsgPageEnvelope },
  'GET /api/msg/reply': { querystring: MsgListQuery, response: UserMsgPageEnvelope },
  'GET /api/msg/like': { querystring: MsgListQuery, response: UserMsgPageEnvelope },
  'GET /api/msg/sys': { querystring: MsgListQuery, response: SysMsgPageEnvelope },
  'GET /api/msg/mine': { querystring: MsgListQuery, response: SysMsgPageEnvelope },
  'DELETE /api/msg/clean': { querystring: CleanQuery, response: EmptyEnvelope },
  'GET /api/admin/msg/notice': { querystring: NoticeListQuery, response: AdminSysNoticePageEnvelope },
  'POST /api/admin/msg/notice': { body: AdminNoticeBody, response: EmptyEnvelope },
  'PUT /api/admin/msg/notice': { body: AdminNoticeBody, response: EmptyEnvelope },
  'DELETE /api/admin/msg/notice': { querystring: NoticeDeleteQuery, response: EmptyEnvelope },
} as const satisfies Partial<OperationTable>;

// Wire texts of the message center and admin notices (reference core.md §9, groups-admin-files.md
// §4.3), verbatim, with their English twins; plus the texts of our own checks.
import { registerEnglish } from '../platform/http/message-catalog';

export const M = {
  CLEAN_FAILED: '清空失败',
  CLEAN_TYPE: '请求参数错误：type 必须为 Discuss、Reply、Like、Sys 或 Mine！',
  PUBLISH_FAILED: '发布失败',
  UPDATE_FAILED: '更新失败',
  DELETE_FAILED: '删除失败',
  NOTICE_TITLE_EMPTY: '通知的标题不能为空！',
  NOTICE_TITLE_LONG: '通知的标题长度超过限制，请重新编辑！',
  NOTICE_CONTENT_EMPTY: '通知的内容不能为空！',
  NOTICE_CONTENT_LONG: '通知的内容长度超过限制，请重新编辑！',
  NOTICE_TYPE: '通知的类型必须为 All、Single 或 Admin！',
  NOTICE_RECIPIENT: '对不起，该通知的接收用户不存在！',
  NOTICE_MISSING: '对不起，该通知不存在！',
  DISCUSSION_DELETED: '原讨论帖已被删除!【The original discussion post has been deleted!】',
  CONTEST_DELETED: '原比赛已被删除!【The original contest has been deleted!】',
  COMMENT_DELETED: '您的原评论信息已被删除！【Your original comments have been deleted!】',
  REPLY_DELETED: '您的原回复信息已被删除！【Your original reply has been deleted!】',
} as const;

registerEnglish({
  [M.CLEAN_FAILED]: 'Clean failed',
  [M.CLEAN_TYPE]: 'Bad request: type must be Discuss, Reply, Like, Sys or Mine',
  [M.PUBLISH_FAILED]: 'Publish failed',
  [M.UPDATE_FAILED]: 'Update failed',
  [M.DELETE_FAILED]: 'Delete failed',
  [M.NOTICE_TITLE_EMPTY]: 'The notice title cannot be empty',
  [M.NOTICE_TITLE_LONG]: 'The notice title is too long',
  [M.NOTICE_CONTENT_EMPTY]: 'The notice content cannot be empty',
  [M.NOTICE_CONTENT_LONG]: 'The notice content is too long',
  [M.NOTICE_TYPE]: 'The notice type must be All, Single or Admin',
  [M.NOTICE_RECIPIENT]: 'The recipient of the notice does not exist',
  [M.NOTICE_MISSING]: 'The notice does not exist',
});

// Pure rules of the message center: page arguments, content cuts, which reminder actions a
// list or a clean type covers, notice validation.
import { MAX_PAGE_SIZE } from '@oj/protocol';
import {
  DEFAULT_MSG_PAGE_SIZE,
  MAX_NOTICE_CONTENT,
  MAX_NOTICE_TITLE,
  QUOTE_CONTENT_CUT,
  SOURCE_CONTENT_CUT,
  type AdminNoticeBody,
  type NoticeType,
  type RemindAction,
  type UnreadCounts,
} from '@oj/protocol/message/schemas';
import { M } from './messages';

export function pageArgs(
  current: number | undefined,
  limit: number | undefined,
  fallback = DEFAULT_MSG_PAGE_SIZE,
) {
  const c = current && current >= 1 ? Math.floor(current) : 1;
  const l = limit && limit >= 1 ? Math.min(Math.floor(limit), MAX_PAGE_SIZE) : fallback;
  return { current: c, limit: l };
}

/** `text` cut to `n` characters (code points) plus "..." when longer. */
export function cut(text: string | null | undefined, n: number): string | null {
  if (text == null) return null;
  const chars = [...text];
  return chars.length > n ? chars.slice(0, n).join('') + '...' : text;
}

export const sourceContent = (text: string | null | undefined) => cut(text, SOURCE_CONTENT_CUT);

/** quoteContent of a reply reminder (core.md §9). */
export function quoteContent(
  q: { fromName: string; toName?: string | null; content: string; type: 'Comment' | 'Reply' } | null,
  type: 'Comment' | 'Reply',
): string {
  if (!q) return type === 'Comment' ? M.COMMENT_DELETED : M.REPLY_DELETED;
  const text = cut(q.content, QUOTE_CONTENT_CUT)!;
  return q.type === 'Comment' ? `${q.fromName} : ${text}` : `${q.fromName} : @${q.toName ?? ''}：${text}`;
}

/** Reminder lists and their actions. */
export const LIST_ACTIONS = {
  comment: ['Discuss'],
  reply: ['Reply'],
  like: ['Like_Post', 'Like_Discuss'],
} as const satisfies Record<string, readonly RemindAction[]>;

/** The unread-count key of a reminder action. */
export function unreadKeyOf(action: string): keyof UnreadCounts | null {
  if (action === 'Discuss') return 'comment';
  if (action === 'Reply') return 'reply';
  if (action.startsWith('Like')) return 'like';
  return null;
}

export type CleanTarget =
  { table: 'remind'; actions: readonly string[] } | { table: 'notice'; kind: 'Sys' | 'Mine' };

/** What DELETE /api/msg/clean?type= removes (one category; see docs/compat.md M2). */
export function cleanTarget(type: string): CleanTarget | null {
  switch (type) {
    case 'Discuss':
      return { table: 'remind', actions: LIST_ACTIONS.comment };
    case 'Reply':
      return { table: 'remind', actions: LIST_ACTIONS.reply };
    case 'Like':
      return { table: 'remind', actions: LIST_ACTIONS.like };
    case 'Sys':
    case 'Mine':
      return { table: 'notice', kind: type };
    default:
      return null;
  }
}

/** First problem of an admin notice body, or null. */
export function noticeError(body: AdminNoticeBody): string | null {
  const title = body.title?.trim() ?? '';
  const content = body.content?.trim() ?? '';
  if (!title) return M.NOTICE_TITLE_EMPTY;
  if (body.title!.length > MAX_NOTICE_TITLE) return M.NOTICE_TITLE_LONG;
  if (!content) return M.NOTICE_CONTENT_EMPTY;
  if (body.content!.length > MAX_NOTICE_CONTENT) return M.NOTICE_CONTENT_LONG;
  if (!isNoticeType(body.type)) return M.NOTICE_TYPE;
  return null;
}

export const isNoticeType = (t: unknown): t is NoticeType => t === 'All' || t === 'Single' || t === 'Admin';

/** Where a notice of an admin type goes. */
export function audienceOf(type: NoticeType): { audience: 'all' | 'user' | 'none'; kind: 'Sys' | 'Mine' } {
  if (type === 'All') return { audience: 'all', kind: 'Sys' };
  if (type === 'Single') return { audience: 'user', kind: 'Mine' };
  return { audience: 'none', kind: 'Sys' };
}

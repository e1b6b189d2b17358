// Pure rules of the comment area (spec part2 §2.9, §5, §6): content checks, who may delete or
// reply, the inline reply window, relative times, and the toolbar's markdown snippets.
import type { CommentVO, ReplyVO } from '@oj/protocol/discussion/schemas';
import { INLINE_REPLIES, MAX_COMMENT_LENGTH } from '@oj/protocol/discussion/schemas';

export const COMMENT_PAGE_SIZE = 10;

/** The i18n key of the content warning, or null. */
export function contentError(content: string): string | null {
  if (!content.trim()) return 'commentArea.contentEmpty';
  if (content.length > MAX_COMMENT_LENGTH) return 'commentArea.tooLong';
  return null;
}

export interface Viewer {
  uid: string;
  roles: readonly string[];
}

const isRoot = (v: Viewer) => v.roles.includes('root');
const isAdminRole = (v: Viewer) =>
  v.roles.some((r) => r === 'root' || r === 'admin' || r === 'problem_admin');

/**
 * Delete (spec §6): the author; on contest comments a contest admin (root included); on
 * discussion comments any admin role.
 */
export function canDelete(
  viewer: Viewer | null,
  authorUid: string,
  contest: { isAdmin: boolean } | null,
): boolean {
  if (!viewer) return false;
  if (viewer.uid === authorUid) return true;
  return contest ? contest.isAdmin || isRoot(viewer) : isAdminRole(viewer);
}

/** Reply: any logged-in user on discussions; in a contest the comment's author or a contest admin. */
export function canReply(
  viewer: Viewer | null,
  comment: Pick<CommentVO, 'fromUid'>,
  contest: { isAdmin: boolean } | null,
): boolean {
  if (!viewer) return false;
  if (!contest) return true;
  return viewer.uid === comment.fromUid || contest.isAdmin || isRoot(viewer);
}

/** The replies drawn under a comment: the inline ones, or all of them once loaded and expanded. */
export function shownReplies(
  inline: readonly ReplyVO[],
  all: readonly ReplyVO[] | null,
  expanded: boolean,
): ReplyVO[] {
  if (expanded && all) return [...all];
  return inline.slice(0, INLINE_REPLIES);
}

/** Whether the show-all toggle is offered: more live replies than the inline ones. */
export function hasMoreReplies(c: Pick<CommentVO, 'totalReplyNum' | 'replyList'>): boolean {
  return (c.totalReplyNum ?? c.replyList.length) > Math.min(c.replyList.length, INLINE_REPLIES);
}

/** Relative time of a past instant: [i18n key, count]. */
export function relativeTime(thenMs: number, nowMs: number): [string, number] {
  const s = Math.max(0, Math.floor((nowMs - thenMs) / 1000));
  if (s < 60) return ['commentArea.justNow', 0];
  if (s < 3600) return ['commentArea.minutesAgo', Math.floor(s / 60)];
  if (s < 86400) return ['commentArea.hoursAgo', Math.floor(s / 3600)];
  return ['commentArea.daysAgo', Math.floor(s / 86400)];
}

export type Snippet = 'inlineCode' | 'codeBlock' | 'link' | 'ul' | 'ol';

/** Inserts a markdown snippet at the selection (wrapping the selected text); returns text and caret. */
export function applySnippet(
  text: string,
  start: number,
  end: number,
  snippet: Snippet,
): { text: string; caret: number } {
  const selected = text.slice(start, end);
  const lineStart = start === 0 || text[start - 1] === '\n' ? '' : '\n';
  const insert = {
    inlineCode: `\`${selected || 'code'}\``,
    codeBlock: `${lineStart}\`\`\`\n${selected || 'code'}\n\`\`\`\n`,
    link: `[${selected || 'text'}](https://)`,
    ul: `${lineStart}- ${selected || 'item'}\n`,
    ol: `${lineStart}1. ${selected || 'item'}\n`,
  }[snippet];
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}

/** The emoji of the picker. */
export const EMOJI = [
  '😀',
  '😂',
  '🙂',
  '😉',
  '😍',
  '🤔',
  '😅',
  '😭',
  '😡',
  '👍',
  '👎',
  '👏',
  '🙏',
  '🎉',
  '❤️',
  '🔥',
];

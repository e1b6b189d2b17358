import type { ReplyVO } from '@oj/protocol/discussion/schemas';
import { describe, expect, it } from 'vitest';
import {
  applySnippet,
  canDelete,
  canReply,
  contentError,
  hasMoreReplies,
  relativeTime,
  shownReplies,
} from './comment-rules';

const user = { uid: 'u1', roles: ['default_role'] };
const other = { uid: 'u2', roles: ['default_role'] };
const admin = { uid: 'a', roles: ['admin'] };
const root = { uid: 'r', roles: ['root'] };

const reply = (id: number): ReplyVO => ({
  id,
  commentId: 1,
  fromUid: 'u',
  fromName: 'u',
  fromAvatar: null,
  fromRole: 'user',
  fromTitleName: null,
  fromTitleColor: null,
  toUid: 'v',
  toName: 'v',
  toAvatar: null,
  content: `r${id}`,
  status: 0,
  gmtCreate: '2026-11-21T08:00:00.000+0000',
  gmtModified: null,
});

describe('comment area rules', () => {
  it('checks the content', () => {
    expect(contentError('  ')).toBe('commentArea.contentEmpty');
    expect(contentError('x'.repeat(10001))).toBe('commentArea.tooLong');
    expect(contentError('x'.repeat(10000))).toBeNull();
  });

  it('lets authors and contest admins delete contest comments, admin roles discussion ones', () => {
    expect(canDelete(null, 'u1', null)).toBe(false);
    expect(canDelete(user, 'u1', { isAdmin: false })).toBe(true);
    expect(canDelete(other, 'u1', { isAdmin: false })).toBe(false);
    expect(canDelete(admin, 'u1', { isAdmin: false })).toBe(false);
    expect(canDelete(other, 'u1', { isAdmin: true })).toBe(true);
    expect(canDelete(root, 'u1', { isAdmin: false })).toBe(true);
    expect(canDelete(admin, 'u1', null)).toBe(true);
    expect(canDelete(other, 'u1', null)).toBe(false);
  });

  it('lets only the author and contest admins answer a contest question', () => {
    const c = { fromUid: 'u1' };
    expect(canReply(user, c, { isAdmin: false })).toBe(true);
    expect(canReply(other, c, { isAdmin: false })).toBe(false);
    expect(canReply(other, c, { isAdmin: true })).toBe(true);
    expect(canReply(root, c, { isAdmin: false })).toBe(true);
    expect(canReply(other, c, null)).toBe(true);
    expect(canReply(null, c, null)).toBe(false);
  });

  it('shows three replies inline and all once expanded', () => {
    const inline = [reply(5), reply(4), reply(3)];
    const all = [reply(5), reply(4), reply(3), reply(2), reply(1)];
    expect(shownReplies(inline, null, true).map((r) => r.id)).toEqual([5, 4, 3]);
    expect(shownReplies(inline, all, true)).toHaveLength(5);
    expect(shownReplies(inline, all, false)).toHaveLength(3);
    expect(hasMoreReplies({ totalReplyNum: 5, replyList: inline })).toBe(true);
    expect(hasMoreReplies({ totalReplyNum: 3, replyList: inline })).toBe(false);
    expect(hasMoreReplies({ totalReplyNum: null, replyList: [] })).toBe(false);
  });

  it('words relative times', () => {
    const now = 1_000_000_000;
    expect(relativeTime(now - 5_000, now)).toEqual(['commentArea.justNow', 0]);
    expect(relativeTime(now - 5 * 60_000, now)).toEqual(['commentArea.minutesAgo', 5]);
    expect(relativeTime(now - 3 * 3600_000, now)).toEqual(['commentArea.hoursAgo', 3]);
    expect(relativeTime(now - 2 * 86400_000, now)).toEqual(['commentArea.daysAgo', 2]);
  });

  it('wraps the selection in markdown snippets', () => {
    expect(applySnippet('say x now', 4, 5, 'inlineCode')).toEqual({ text: 'say `x` now', caret: 7 });
    expect(applySnippet('a', 1, 1, 'codeBlock').text).toBe('a\n```\ncode\n```\n');
    expect(applySnippet('', 0, 0, 'ul').text).toBe('- item\n');
    expect(applySnippet('see', 0, 3, 'link').text).toBe('[see](https://)');
  });
});

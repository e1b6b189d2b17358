/**
 * What a signed-in user may write before they start (issue #26 items 4, 5): the accepted-problem
 * threshold in force, their progress, and the daily/total limits, for discussion posts and
 * comments (`GET /api/discussion-write-rule`) and for creating a group (`GET /api/group-create-rule`).
 * Not in the reference (docs/compat.md). Browser-safe.
 */
import { Type, type Static } from '@sinclair/typebox';

export const DiscussionWriteRule = Type.Object({
  /** Site admins are not held to the thresholds. */
  exempt: Type.Boolean(),
  /** Distinct problems the user has solved. */
  accepted: Type.Integer(),
  /** Accepted problems needed to post (already held to the site's public problems). */
  postNeed: Type.Integer(),
  /** Accepted problems needed to comment on or reply in a discussion. */
  commentNeed: Type.Integer(),
  /** Posts allowed per 24 hours, and posts made in the last 24 hours. */
  dailyLimit: Type.Integer(),
  postedToday: Type.Integer(),
});
export type DiscussionWriteRule = Static<typeof DiscussionWriteRule>;

export const GroupCreateRule = Type.Object({
  exempt: Type.Boolean(),
  accepted: Type.Integer(),
  need: Type.Integer(),
  dailyLimit: Type.Integer(),
  createdToday: Type.Integer(),
  totalLimit: Type.Integer(),
  created: Type.Integer(),
});
export type GroupCreateRule = Static<typeof GroupCreateRule>;

/** Which rule blocks the user now, or null when they may write (the same order as the server checks). */
export function discussionBlock(r: DiscussionWriteRule, kind: 'post' | 'comment'): 'ac' | 'daily' | null {
  if (r.exempt) return null;
  if (r.accepted < (kind === 'post' ? r.postNeed : r.commentNeed)) return 'ac';
  if (kind === 'post' && r.postedToday >= r.dailyLimit) return 'daily';
  return null;
}

export function groupCreateBlock(r: GroupCreateRule): 'ac' | 'daily' | 'total' | null {
  if (r.exempt) return null;
  if (r.accepted < r.need) return 'ac';
  if (r.createdToday >= r.dailyLimit) return 'daily';
  if (r.created >= r.totalLimit) return 'total';
  return null;
}

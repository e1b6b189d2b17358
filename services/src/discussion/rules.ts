// Pure rules of the comment area (reference/api/contests-trainings-discussions.md §4):
// content checks and transformation, the author role, and who may see, reply, delete.
import { MAX_COMMENT_LENGTH, type CommentRole } from '@oj/protocol/discussion/schemas';
import { isRoot, isSiteAdmin, type AuthUser } from '../platform/http/access';

/** Content check: the message of the first failure, or null. */
export function contentError(
  content: string | null | undefined,
  texts: { empty: string; long: string },
): string | null {
  if (!content || content.trim() === '') return texts.empty;
  if (content.length > MAX_COMMENT_LENGTH) return texts.long;
  return null;
}

const TAG = /<[^<>]*>/g;
// One emoji: a pictographic code point (or a regional indicator / keycap base) and the
// joiners, variation selectors and skin-tone modifiers glued to it.
const EMOJI =
  /(?:\p{Extended_Pictographic}|\p{Regional_Indicator})(?:\uFE0F|\u20E3|\p{Emoji_Modifier}|\u200D(?:\p{Extended_Pictographic}|\p{Regional_Indicator}))*/gu;

/**
 * What the original stores (§4): inside any HTML tag `autoplay` (any case) becomes
 * `controls` (no media plays by itself), then every emoji becomes decimal HTML entities,
 * one per code point (`😀` → `&#128512;`). No other sanitising: the client filters markdown.
 */
export function transformContent(content: string): string {
  const noAutoplay = content.replace(TAG, (tag) => tag.replace(/autoplay/gi, 'controls'));
  return noAutoplay.replace(EMOJI, (emoji) => [...emoji].map((ch) => `&#${ch.codePointAt(0)!};`).join(''));
}

/** The author badge stored with a comment or reply: root, admin (admin or problem_admin), user. */
export function roleOf(user: AuthUser): CommentRole {
  if (user.roles.includes('root')) return 'root';
  if (user.roles.includes('admin') || user.roles.includes('problem_admin')) return 'admin';
  return 'user';
}

/** What the Q&A rules need to know about a contest, for one viewer. */
export interface ContestFacts {
  cid: number;
  visible: boolean;
  /** -1 scheduled, 0 running, 1 ended. */
  status: -1 | 0 | 1;
  /** The contest creator. */
  creatorUid: string;
  /** Owners (auth 5) of the contest's group; empty for non-group contests. */
  groupOwnerUids: readonly string[];
  /** Root, creator or group owner (§0.3). */
  isContestAdmin: boolean;
}

/**
 * Contest Q&A visibility (§4): while the contest runs, a viewer who is neither root nor
 * the creator sees only what the viewer, super admins, the creator and (for comments)
 * the group owners wrote. Returns the allowed author uids, or null when everything shows.
 */
export function visibleAuthors(
  viewer: AuthUser | null,
  contest: ContestFacts,
  superAdminUids: readonly string[],
  kind: 'comment' | 'reply',
): string[] | null {
  if (contest.status !== 0) return null;
  if (isRoot(viewer) || viewer?.uid === contest.creatorUid) return null;
  const uids = new Set<string>([...superAdminUids, contest.creatorUid]);
  if (viewer) uids.add(viewer.uid);
  if (kind === 'comment') for (const uid of contest.groupOwnerUids) uids.add(uid);
  return [...uids];
}

/**
 * Who may reply to, or delete, a contest comment or reply: its author, root, the contest
 * creator, or a group owner (§4 POST /api/reply, DELETE /api/comment, DELETE /api/reply).
 * Participants cannot answer each other.
 */
export function mayActOnContestItem(user: AuthUser, authorUid: string, contest: ContestFacts): boolean {
  return (
    user.uid === authorUid ||
    isRoot(user) ||
    user.uid === contest.creatorUid ||
    contest.groupOwnerUids.includes(user.uid)
  );
}

/** What the rules need to know about a discussion (the discussion capability's port). */
export interface DiscussionFacts {
  id: number;
  uid: string;
  gid: number | null;
}

/**
 * Who may delete a discussion comment or reply: its author, root, and on public
 * discussions admin/problem_admin, on group discussions a group admin (§4).
 */
export function mayDeleteDiscussionItem(
  user: AuthUser,
  authorUid: string,
  discussion: DiscussionFacts,
  groupAdmin: boolean,
): boolean {
  if (user.uid === authorUid || isRoot(user)) return true;
  return discussion.gid === null ? isSiteAdmin(user) : groupAdmin;
}

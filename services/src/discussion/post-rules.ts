// Pure rules of discussion posts (reference contests-trainings-discussions.md §3; spec part2 §5, §6).
import {
  MAX_DISCUSSION_CONTENT,
  MAX_DISCUSSION_DESCRIPTION,
  MAX_DISCUSSION_TITLE,
  MAX_REPORT_CONTENT,
  problemTitle,
  type DiscussionBody,
} from '@oj/protocol/discussion/posts';
import { isRoot, isSiteAdmin, type AuthUser } from '../platform/http/access';
import { P } from './post-messages';

/**
 * The stored fields an edit writes (the body already passed `postError`): the title with its
 * problem prefix, the texts and the category; the pin only when a site admin sends it.
 */
export function postEdit(user: AuthUser, post: { pid: string | null }, body: DiscussionBody) {
  return {
    title: problemTitle(post.pid, body.title!.trim()).slice(0, 255),
    description: body.description!,
    content: body.content!,
    categoryId: body.categoryId!,
    ...(isSiteAdmin(user) && typeof body.topPriority === 'boolean' ? { topPriority: body.topPriority } : {}),
  };
}

/** The first validation failure of a create/update body, or null. */
export function postError(b: DiscussionBody): string | null {
  if (!b.title || !b.title.trim()) return P.TITLE_EMPTY;
  if (b.title.length > MAX_DISCUSSION_TITLE) return P.TITLE_LONG;
  if (!b.description || !b.description.trim()) return P.DESCRIPTION_EMPTY;
  if (b.description.length > MAX_DISCUSSION_DESCRIPTION) return P.DESCRIPTION_LONG;
  if (!b.content || !b.content.trim()) return P.CONTENT_EMPTY;
  if (b.content.length > MAX_DISCUSSION_CONTENT) return P.CONTENT_LONG;
  if (b.categoryId === undefined || b.categoryId === null) return P.CATEGORY_EMPTY;
  return null;
}

/** A report's text: labels and/or a reason, bounded (docs/compat.md M4). */
export function reportError(content: string | null | undefined): string | null {
  if (!content || !content.trim()) return P.REPORT_EMPTY;
  if (content.length > MAX_REPORT_CONTENT) return P.REPORT_LONG;
  return null;
}

/** The author badge stored with a post. */
export function postRole(user: AuthUser): 'root' | 'admin' | 'user' {
  if (isRoot(user)) return 'root';
  return isSiteAdmin(user) ? 'admin' : 'user';
}

/** Edit: root, the author, or a group admin of the post's group (site admins cannot edit others' posts). */
export const mayEditPost = (user: AuthUser, post: { uid: string }, groupAdmin: boolean): boolean =>
  isRoot(user) || user.uid === post.uid || groupAdmin;

/** Delete: the author, root/admin/problem_admin, or a group admin of the post's group (spec part2 §6). */
export const mayDeletePost = (
  user: AuthUser,
  post: { uid: string; gid: number | null },
  groupAdmin: boolean,
) => user.uid === post.uid || (post.gid === null ? isSiteAdmin(user) : isRoot(user) || groupAdmin);

/** Where a discussion's reminders link to. */
export const discussionUrl = (did: number, gid: number | null): string =>
  gid === null ? `/discussion-detail/${did}` : `/group/${gid}/discussion-detail/${did}`;

/** A keyword that is a whole number also matches the post id. */
export function keywordId(keyword: string): number | null {
  return /^\d{1,15}$/.test(keyword) ? Number(keyword) : null;
}

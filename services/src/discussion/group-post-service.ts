// Group discussions (groups-admin-files.md §3, the five /api/group/discussion routes): the same
// posts as the public ones with a `gid`, under the group's standing rules (GroupRolePort) and the
// openGroupDiscussion switch.
import { makePage, MAX_PAGE_SIZE, toDateStr } from '@oj/protocol';
import {
  DISCUSSION_PAGE_SIZE,
  problemTitle,
  type Discussion,
  type DiscussionBody,
} from '@oj/protocol/discussion/posts';
import {
  isGroupAdmin,
  isGroupMember,
  type GroupRolePort,
  type GroupStanding,
} from '../platform/shared-ports';
import { isRoot, isSiteAdmin, type AuthUser } from '../platform/http/access';
import { ApiError, denied, fail, notFound } from '../platform/http/errors';
import { G, P } from './post-messages';
import * as repo from './post-repository';
import { postEdit, postError } from './post-rules';
import type { AcceptedCountPort } from './ports';
import type { PostSwitches } from './post-service';

export interface GroupPostDeps {
  db: repo.PostDb;
  groups: GroupRolePort;
  accepted: AcceptedCountPort;
  switches: () => Promise<PostSwitches>;
  now: () => number;
}

export interface GroupListQuery {
  gid: number;
  pid?: string;
  currentPage?: number;
  limit?: number;
}

export function createGroupPostService(deps: GroupPostDeps) {
  const { db } = deps;

  async function groupSwitch() {
    if (!(await deps.switches()).openGroupDiscussion) throw new ApiError(403, P.GROUP_SWITCH_OFF, 403);
  }

  /** The caller's standing; a missing or banned group is 404 unless the caller is site root. */
  async function standingIn(user: AuthUser, gid: number, prefix: string): Promise<GroupStanding> {
    const s = await deps.groups.standing(user.uid, gid);
    if (s === 'missing' || (s === 'banned' && !isRoot(user))) throw notFound(G.BAN(prefix));
    return s;
  }

  const wire = (r: NonNullable<Awaited<ReturnType<typeof repo.findPost>>>): Discussion => ({
    ...r,
    gmtCreate: toDateStr(r.gmtCreate)!,
    gmtModified: toDateStr(r.gmtModified)!,
  });

  async function listOf(q: GroupListQuery, all: boolean) {
    const c = q.currentPage && q.currentPage >= 1 ? q.currentPage : 1;
    const l = q.limit && q.limit >= 1 ? Math.min(q.limit, MAX_PAGE_SIZE) : DISCUSSION_PAGE_SIZE;
    const { total, rows } = await repo.listPosts(
      db,
      { all, gid: q.gid, pid: q.pid?.trim() || undefined },
      c,
      l,
    );
    return makePage(rows.map(wire), total, l, c);
  }

  /** GET /api/group/get-discussion-list: members (full rows, live only). */
  async function list(user: AuthUser, q: GroupListQuery) {
    await groupSwitch();
    const s = await standingIn(user, q.gid, '获取讨论列表失败，');
    if (!isRoot(user) && !isGroupMember(s)) throw denied(P.NO_PERMISSION);
    return listOf(q, false);
  }

  /** GET /api/group/get-admin-discussion-list: group admins (every status). */
  async function adminList(user: AuthUser, q: GroupListQuery) {
    await groupSwitch();
    const s = await standingIn(user, q.gid, '获取讨论列表失败，');
    if (!isRoot(user) && !isGroupAdmin(s)) throw denied(P.NO_PERMISSION);
    return listOf(q, true);
  }

  /** POST /api/group/discussion. */
  async function create(user: AuthUser, body: DiscussionBody) {
    await groupSwitch();
    const bad = postError(body);
    if (bad) throw fail(bad);
    if (!body.gid) throw fail(G.GID_EMPTY);
    const s = await standingIn(user, body.gid, '添加失败，');
    if (!isRoot(user) && !isGroupMember(s)) throw denied(P.NO_PERMISSION);
    if ((await repo.categoryName(db, body.categoryId!)) === null) throw fail(P.CATEGORY_MISSING);
    const pid = body.pid?.trim() || null;
    if (pid && !(await repo.problemExists(db, pid))) throw notFound(G.PROBLEM_MISSING);
    if (!isSiteAdmin(user)) {
      if ((await deps.accepted.acceptedProblems(user.uid)) < G.AC_MIN) throw denied(P.AC_LIMIT(G.AC_MIN));
      if ((await repo.postsSince(db, user.uid, new Date(deps.now() - 86_400_000))) >= G.DAILY_MAX)
        throw denied(P.DAILY_LIMIT(G.DAILY_MAX));
    }
    const role = s === 'root' ? 'root' : s === 'admin' ? 'admin' : 'user';
    const me = await repo.profile(db, user.uid);
    try {
      await repo.insertPost(db, {
        categoryId: body.categoryId!,
        title: problemTitle(pid, body.title!.trim()).slice(0, 255),
        description: body.description!,
        content: body.content!,
        pid,
        uid: user.uid,
        author: user.username,
        avatar: me?.avatar ?? null,
        role,
        topPriority: role !== 'user' || isSiteAdmin(user) ? !!body.topPriority : false,
        gid: body.gid,
      });
    } catch {
      throw fail(G.ADD_FAILED);
    }
    return null;
  }

  /** PUT /api/group/discussion: group admins, the author, site root. */
  async function update(user: AuthUser, body: DiscussionBody) {
    await groupSwitch();
    if (!body.id) throw fail(P.ID_EMPTY);
    const bad = postError(body);
    if (bad) throw fail(bad);
    const post = await repo.findPost(db, body.id);
    if (!post) throw notFound(P.UPDATE_MISSING);
    if (post.gid === null) throw notFound(G.NOT_GROUP_UPDATE);
    const s = await standingIn(user, post.gid, '更新失败，');
    if (!isRoot(user) && user.uid !== post.uid && !isGroupAdmin(s)) throw denied(P.NO_PERMISSION);
    const ok = await repo.updatePost(db, post.id, postEdit(user, post, body));
    if (!ok) throw fail(P.UPDATE_FAILED);
    return null;
  }

  /** DELETE /api/group/discussion. */
  async function remove(user: AuthUser, did: number) {
    await groupSwitch();
    const post = await repo.findPost(db, did);
    if (!post) throw notFound(G.DELETE_MISSING);
    if (post.gid === null) throw notFound(G.NOT_GROUP_DELETE);
    const s = await standingIn(user, post.gid, '删除失败，');
    if (!isRoot(user) && user.uid !== post.uid && !isGroupAdmin(s)) throw denied(P.NO_PERMISSION);
    if ((await repo.deletePosts(db, [did])) === 0) throw fail(P.DELETE_FAILED);
    return null;
  }

  return { list, adminList, create, update, remove };
}

export type GroupPostService = ReturnType<typeof createGroupPostService>;

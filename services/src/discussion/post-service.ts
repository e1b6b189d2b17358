// Discussion posts (reference contests-trainings-discussions.md §3) and their back office
// (groups-admin-files.md §4.12). Reminders (likes of a post) go to the message capability
// through the ReminderPort; this module publishes nothing itself.
import { makePage, MAX_PAGE_SIZE, toDateStr } from '@oj/protocol';
import {
  DISCUSSION_PAGE_SIZE,
  problemTitle,
  type CategoryBody,
  type Discussion,
  type DiscussionBody,
  type DiscussionListQuery,
  type DiscussionReportVO,
  type DiscussionVO,
  type ReportBody,
  type ReportListQuery,
} from '@oj/protocol/discussion/posts';
import { isGroupAdmin, isGroupMember, type GroupRolePort } from '../platform/shared-ports';
import { isRoot, isSiteAdmin, type AuthUser } from '../platform/http/access';
import { ApiError, denied, fail, notFound } from '../platform/http/errors';
import type { DiscussionWriteRule } from '@oj/protocol/write-rules';
import { P } from './post-messages';
import * as repo from './post-repository';
import {
  discussionUrl,
  keywordId,
  mayDeletePost,
  mayEditPost,
  postEdit,
  postError,
  postRole,
  reportError,
} from './post-rules';
import type { AcceptedCountPort, DiscussionPort, ReminderPort } from './ports';

export interface PostSwitches {
  openPublicDiscussion: boolean;
  defaultCreateCommentACInitValue: number;
  openGroupDiscussion: boolean;
  defaultCreateDiscussionACInitValue: number;
  defaultCreateDiscussionDailyLimit: number;
}

export interface PostServiceDeps {
  db: repo.PostDb;
  groups: GroupRolePort;
  accepted: AcceptedCountPort;
  reminders: ReminderPort;
  switches: () => Promise<PostSwitches>;
  now: () => number;
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.findPost>>>;

function pageArgs(current: number | undefined, limit: number | undefined) {
  const c = current && current >= 1 ? Math.floor(current) : 1;
  const l = limit && limit >= 1 ? Math.min(Math.floor(limit), MAX_PAGE_SIZE) : DISCUSSION_PAGE_SIZE;
  return { current: c, limit: l };
}

/** A switch checked by the interceptor: HTTP 403 (reference §0.5). */
const switchOff = (msg: string) => new ApiError(403, msg, 403);

export function createPostService(deps: PostServiceDeps) {
  const { db } = deps;

  async function publicSwitch(httpLevel: boolean) {
    if (!(await deps.switches()).openPublicDiscussion)
      throw httpLevel ? switchOff(P.PUBLIC_SWITCH_OFF) : denied(P.PUBLIC_SWITCH_OFF);
  }

  const standing = async (user: AuthUser | null, gid: number) => deps.groups.standing(user?.uid ?? null, gid);
  /** A group's post is for root, its author and the group's members (detail, like, report). */
  const mayReadGroupPost = async (user: AuthUser | null, post: { uid: string; gid: number }) =>
    isRoot(user) || user?.uid === post.uid || isGroupMember(await standing(user, post.gid));
  const groupAdminOf = async (user: AuthUser, post: { gid: number | null }) =>
    post.gid !== null && isGroupAdmin(await standing(user, post.gid));

  function wire(r: Row, viewer: AuthUser | null, withContent: boolean): Discussion {
    return {
      id: r.id,
      categoryId: r.categoryId,
      title: r.title,
      description: r.description,
      content: withContent || viewer?.uid === r.uid ? r.content : null,
      pid: r.pid,
      uid: r.uid,
      author: r.author,
      avatar: r.avatar,
      role: r.role,
      viewNum: r.viewNum,
      likeNum: r.likeNum,
      commentNum: r.commentNum,
      topPriority: r.topPriority,
      status: r.status,
      gid: r.gid,
      gmtCreate: toDateStr(r.gmtCreate)!,
      gmtModified: toDateStr(r.gmtModified)!,
    };
  }

  // ---------- categories ----------

  async function categories() {
    return (await repo.categories(db)).map((c) => ({
      id: c.id,
      name: c.name,
      gmtCreate: toDateStr(c.gmtCreate),
      gmtModified: toDateStr(c.gmtModified),
    }));
  }

  async function saveCategories(list: CategoryBody) {
    const kept = list
      .filter((c) => c.name && c.name.trim())
      .map((c) => ({ id: c.id ?? null, name: c.name!.trim().slice(0, 255) }));
    try {
      await repo.saveCategories(db, kept);
    } catch {
      throw fail(P.UPDATE_FAILED);
    }
    return categories();
  }

  // ---------- reading ----------

  /** GET /api/get-discussion-list. */
  async function list(viewer: AuthUser | null, q: DiscussionListQuery) {
    await publicSwitch(true);
    const p = pageArgs(q.currentPage, q.limit);
    const keyword = q.keyword?.trim() || undefined;
    const { total, rows } = await repo.listPosts(
      db,
      {
        all: !!q.admin && isSiteAdmin(viewer),
        categoryId: q.cid || undefined,
        pid: q.pid?.trim() || undefined,
        uid: q.onlyMine && viewer ? viewer.uid : undefined,
        keyword,
        keywordId: keyword ? keywordId(keyword) : null,
      },
      p.current,
      p.limit,
    );
    return makePage(
      rows.map((r) => wire(r, viewer, false)),
      total,
      p.limit,
      p.current,
    );
  }

  /** GET /api/get-discussion-detail: counts a view. */
  async function detail(viewer: AuthUser | null, did: number): Promise<DiscussionVO> {
    const found = await repo.findPost(db, did);
    const categoryName = found ? await repo.categoryName(db, found.categoryId) : null;
    if (!found || categoryName === null) throw notFound(P.MISSING);
    if (found.gid !== null && !viewer) throw notFound(P.GROUP_LOGIN);
    if (found.status === 1) throw denied(P.BANNED);
    if (found.gid !== null) {
      if (!(await deps.switches()).openGroupDiscussion) throw denied(P.GROUP_SWITCH_OFF);
      if (!(await mayReadGroupPost(viewer, { uid: found.uid, gid: found.gid })))
        throw denied(P.NO_PERMISSION);
    } else await publicSwitch(false);
    const r = (await repo.viewPost(db, did)) ?? found;
    const [author, liked] = await Promise.all([
      repo.profile(db, r.uid),
      viewer ? repo.hasLike(db, viewer.uid, did) : Promise.resolve(false),
    ]);
    const { commentNum: _c, ...base } = wire(r, viewer, true);
    return {
      ...base,
      content: r.content,
      categoryName,
      avatar: author?.avatar ?? r.avatar,
      titleName: author?.titleName ?? null,
      titleColor: author?.titleColor ?? null,
      hasLike: liked ? true : null,
    };
  }

  // ---------- writing ----------

  async function checkGroupWrite(user: AuthUser, gid: number | null | undefined) {
    if (!gid) return;
    if (!isRoot(user) && !isGroupMember(await standing(user, gid))) throw denied(P.NO_PERMISSION);
  }

  /**
   * GET /api/discussion-write-rule (issue #26 item 4): the thresholds in force and the caller's
   * progress, so the client shows them before the editor opens. Same numbers `create` checks.
   */
  async function writeRule(user: AuthUser): Promise<DiscussionWriteRule> {
    const s = await deps.switches();
    const [accepted, postedToday] = await Promise.all([
      deps.accepted.acceptedProblems(user.uid),
      repo.postsSince(db, user.uid, new Date(deps.now() - 86_400_000)),
    ]);
    return {
      exempt: isSiteAdmin(user),
      accepted,
      postNeed: s.defaultCreateDiscussionACInitValue,
      commentNeed: s.defaultCreateCommentACInitValue,
      dailyLimit: s.defaultCreateDiscussionDailyLimit,
      postedToday,
    };
  }

  /** POST /api/discussion. */
  async function create(user: AuthUser, body: DiscussionBody) {
    await publicSwitch(true);
    const bad = postError(body);
    if (bad) throw fail(bad);
    if ((await repo.categoryName(db, body.categoryId!)) === null) throw fail(P.CATEGORY_MISSING);
    const pid = body.pid?.trim() || null;
    if (pid && !(await repo.problemExists(db, pid))) throw notFound(P.PROBLEM_MISSING);
    await checkGroupWrite(user, body.gid);
    if (!isSiteAdmin(user)) {
      const s = await deps.switches();
      if ((await deps.accepted.acceptedProblems(user.uid)) < s.defaultCreateDiscussionACInitValue)
        throw denied(P.AC_LIMIT(s.defaultCreateDiscussionACInitValue));
      const since = new Date(deps.now() - 86_400_000);
      if ((await repo.postsSince(db, user.uid, since)) >= s.defaultCreateDiscussionDailyLimit)
        throw denied(P.DAILY_LIMIT(s.defaultCreateDiscussionDailyLimit));
    }
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
        role: postRole(user),
        topPriority: isSiteAdmin(user) ? !!body.topPriority : false,
        gid: body.gid || null,
      });
    } catch {
      throw fail(P.PUBLISH_FAILED);
    }
    return null;
  }

  /** PUT /api/discussion. */
  async function update(user: AuthUser, body: DiscussionBody) {
    await publicSwitch(true);
    if (!body.id) throw fail(P.ID_EMPTY);
    const bad = postError(body);
    if (bad) throw fail(bad);
    const post = await repo.findPost(db, body.id);
    if (!post) throw notFound(P.UPDATE_MISSING);
    if (!mayEditPost(user, post, await groupAdminOf(user, post))) throw denied(P.NO_PERMISSION);
    if ((await repo.categoryName(db, body.categoryId!)) === null) throw fail(P.CATEGORY_MISSING);
    const ok = await repo.updatePost(db, post.id, postEdit(user, post, body));
    if (!ok) throw fail(P.UPDATE_FAILED);
    return null;
  }

  /** DELETE /api/discussion. */
  async function remove(user: AuthUser, did: number) {
    await publicSwitch(true);
    const post = await repo.findPost(db, did);
    if (!post) throw notFound(P.DELETE_MISSING);
    if (!mayDeletePost(user, post, await groupAdminOf(user, post))) throw denied(P.NO_PERMISSION);
    if ((await repo.deletePosts(db, [did])) === 0) throw fail(P.DELETE_MISSING);
    return null;
  }

  /** GET /api/discussion-like: idempotent per user; the author hears of a new like. */
  async function like(user: AuthUser, did: number, toLike: boolean) {
    const post = await repo.findPost(db, did);
    if (!post) throw notFound(P.MISSING);
    if (post.gid !== null && !(await mayReadGroupPost(user, { uid: post.uid, gid: post.gid })))
      throw denied(P.NO_PERMISSION);
    let moved: boolean;
    try {
      moved = await repo.setLike(db, user.uid, did, toLike);
    } catch {
      throw fail(toLike ? P.LIKE_FAILED : P.UNLIKE_FAILED);
    }
    if (moved && toLike && user.username !== post.author)
      await deps.reminders.remind({
        action: 'Like_Post',
        recipientId: post.uid,
        senderId: user.uid,
        sourceId: did,
        sourceType: 'Discussion',
        url: discussionUrl(did, post.gid),
      });
    return null;
  }

  /** POST /api/discussion-report: the reporter is the caller. */
  async function report(user: AuthUser, body: ReportBody) {
    const post = body.did ? await repo.findPost(db, body.did) : null;
    if (!body.did || !post) throw notFound(P.MISSING);
    // A group's post is reported by those who may read it, as it is liked (issue #23 item 10).
    if (post.gid !== null && !(await mayReadGroupPost(user, { uid: post.uid, gid: post.gid })))
      throw denied(P.NO_PERMISSION);
    const bad = reportError(body.content);
    if (bad) throw fail(bad);
    try {
      await repo.insertReport(db, {
        did: body.did,
        reporter: user.username,
        reporterUid: user.uid,
        content: body.content!.trim(),
      });
    } catch {
      throw fail(P.REPORT_FAILED);
    }
    return null;
  }

  // ---------- back office ----------

  async function adminUpdate(body: { id: number; topPriority?: boolean | null; status?: number | null }) {
    const patch = {
      ...(typeof body.topPriority === 'boolean' ? { topPriority: body.topPriority } : {}),
      ...(body.status === 0 || body.status === 1 ? { status: body.status } : {}),
    };
    if (!(await repo.updatePost(db, body.id, patch))) throw fail(P.UPDATE_FAILED);
    return null;
  }

  async function adminDelete(ids: readonly number[]) {
    if ((await repo.deletePosts(db, ids)) === 0) throw fail(P.DELETE_FAILED);
    return null;
  }

  /** A disbanded group's posts go with it (with their comment areas). */
  async function removeGroupPosts(gid: number): Promise<void> {
    await repo.deletePosts(db, await repo.groupPostIds(db, gid));
  }

  async function reports(q: ReportListQuery) {
    const c = q.currentPage && q.currentPage >= 1 ? q.currentPage : 1;
    const l = q.limit && q.limit >= 1 ? Math.min(q.limit, MAX_PAGE_SIZE) : 10;
    const { total, rows } = await repo.listReports(db, c, l);
    const records: DiscussionReportVO[] = rows.map((r) => ({
      ...r,
      gid: r.gid ?? null,
      discussionTitle: r.discussionTitle ?? null,
      discussionAuthor: r.discussionAuthor ?? null,
      gmtCreate: toDateStr(r.gmtCreate)!,
      gmtModified: toDateStr(r.gmtModified)!,
    }));
    return makePage(records, total, l, c);
  }

  async function handleReport(id: number, status: boolean) {
    if (!(await repo.setReportStatus(db, id, status))) throw fail(P.UPDATE_FAILED);
    return null;
  }

  /** The comment area's view of posts. */
  const port: DiscussionPort = {
    async find(did) {
      const p = await repo.findPost(db, did);
      return p && p.status === 0 ? { id: p.id, uid: p.uid, gid: p.gid } : null;
    },
    isGroupMember: async (gid, uid) => isGroupMember(await deps.groups.standing(uid, gid)),
    isGroupAdmin: async (gid, uid) => isGroupAdmin(await deps.groups.standing(uid, gid)),
    addCommentCount: (did, delta) => repo.addCommentCount(db, did, delta),
  };

  /** Titles and quotes for the message center. */
  const sources = {
    discussionTitles: (ids: readonly number[]) => repo.titles(db, ids),
    async quotes(items: readonly { id: number; type: 'Comment' | 'Reply' }[]) {
      const { comments, replies } = await repo.quoted(
        db,
        items.filter((i) => i.type === 'Comment').map((i) => i.id),
        items.filter((i) => i.type === 'Reply').map((i) => i.id),
      );
      const out = new Map<
        string,
        { fromName: string; toName: string | null; content: string; type: 'Comment' | 'Reply' }
      >();
      for (const c of comments)
        out.set(`Comment:${c.id}`, {
          fromName: c.fromName,
          toName: null,
          content: c.content,
          type: 'Comment',
        });
      for (const r of replies)
        out.set(`Reply:${r.id}`, {
          fromName: r.fromName,
          toName: r.toName,
          content: r.content,
          type: 'Reply',
        });
      return out;
    },
  };

  return {
    removeGroupPosts,
    categories,
    saveCategories,
    list,
    detail,
    writeRule,
    create,
    update,
    remove,
    like,
    report,
    adminUpdate,
    adminDelete,
    reports,
    handleReport,
    port,
    sources,
  };
}

export type PostService = ReturnType<typeof createPostService>;

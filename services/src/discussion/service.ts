// The comment area rules (reference/api/contests-trainings-discussions.md §4): contest
// Q&A and discussion comments, replies, likes. The only module of the capability that
// publishes events (a new contest comment or reply → the contest-admin push room).
import { makePage, MAX_PAGE_SIZE, Subjects, toDateStr } from '@oj/protocol';
import type { Bus } from '@oj/protocol/bus';
import {
  DEFAULT_COMMENT_PAGE_SIZE,
  INLINE_REPLIES,
  type CommentBody,
  type CommentListVO,
  type CommentLikeQuery,
  type CommentRole,
  type CommentVO,
  type DeleteCommentBody,
  type DeleteReplyBody,
  type ReplyBody,
  type ReplyVO,
} from '@oj/protocol/discussion/schemas';
import type { ContestCommentPushed } from '@oj/protocol/realtime/events';
import { MessageSubjects, type DiscussionCommentPushed } from '@oj/protocol/realtime/message';
import { isRoot, isSiteAdmin, type AuthUser } from '../platform/http/access';
import { ApiError, denied, fail, notFound, unauthorized } from '../platform/http/errors';
import { M } from './messages';
import type {
  AcceptedCountPort,
  CommentAuthor,
  CommentSwitches,
  CommentUserPort,
  ContestCommentPort,
  DiscussionPort,
  ReminderPort,
} from './ports';
import { discussionUrl } from './post-rules';
import * as repo from './repository';
import {
  contentError,
  mayActOnContestItem,
  mayDeleteDiscussionItem,
  roleOf,
  transformContent,
  visibleAuthors,
  type ContestFacts,
  type DiscussionFacts,
} from './rules';

export interface DiscussionServiceDeps {
  db: repo.Db;
  bus: Bus;
  contests: ContestCommentPort;
  discussions: DiscussionPort;
  /** Reminders for the message center (a comment on my post, a reply to me, a like of my comment). */
  reminders: ReminderPort;
  users: CommentUserPort;
  accepted: AcceptedCountPort;
  switches: () => Promise<CommentSwitches>;
  now: () => number;
  log?: { warn(obj: object, msg?: string): void };
}

function pageArgs(current: number | undefined, limit: number | undefined) {
  const c = current && current >= 1 ? Math.floor(current) : 1;
  const l = limit && limit >= 1 ? Math.min(Math.floor(limit), MAX_PAGE_SIZE) : DEFAULT_COMMENT_PAGE_SIZE;
  return { current: c, limit: l };
}

const asRole = (r: string): CommentRole => (r === 'root' || r === 'admin' ? r : 'user');

export function createDiscussionService(deps: DiscussionServiceDeps) {
  const { db } = deps;

  // ---------- where a comment lives, and its switch ----------

  async function contestSwitch() {
    if (!(await deps.switches()).openContestComment) throw denied(M.CONTEST_SWITCH_OFF);
  }

  async function discussionSwitch(d: DiscussionFacts) {
    const s = await deps.switches();
    if (d.gid === null ? !s.openPublicDiscussion : !s.openGroupDiscussion)
      throw denied(d.gid === null ? M.PUBLIC_SWITCH_OFF : M.GROUP_SWITCH_OFF);
  }

  /** A contest whose comment area exists for this viewer (invisible contests only for their admins). */
  async function contestOf(viewer: AuthUser | null, cid: number, missing: string): Promise<ContestFacts> {
    const c = await deps.contests.facts(viewer, cid);
    if (!c || (!c.visible && !c.isContestAdmin)) throw fail(missing);
    return c;
  }

  /** Group discussions: root or a member (§4 GET /api/comments). */
  async function discussionReadable(user: AuthUser | null, d: DiscussionFacts) {
    if (d.gid === null) return;
    if (isRoot(user)) return;
    if (!user || !(await deps.discussions.isGroupMember(d.gid, user.uid))) throw denied(M.NO_PERMISSION);
  }

  /**
   * Who may read a discussion: the one decision its comments, replies and likes and its push
   * room apply (issue #23 item 9). Returns the discussion or throws the refusal.
   */
  async function readableDiscussion(viewer: AuthUser | null, did: number): Promise<DiscussionFacts> {
    const d = await deps.discussions.find(did);
    if (!d) throw notFound(M.DISCUSSION_MISSING);
    await discussionSwitch(d);
    await discussionReadable(viewer, d);
    return d;
  }

  /** The gateway's question for a discussion's room: the same decision as the comment reads. */
  async function canWatchDiscussion(
    viewer: AuthUser | null,
    did: number,
  ): Promise<'ok' | 'not-found' | 'denied'> {
    try {
      await readableDiscussion(viewer, did);
      return 'ok';
    } catch (err) {
      if (err instanceof ApiError) return err.status === 404 ? 'not-found' : 'denied';
      throw err;
    }
  }

  /**
   * Who may act on a comment (like it): the readers of its source, the contest's Q&A under the
   * contest access check, a discussion's under readableDiscussion (issue #23 item 10).
   */
  async function commentReadable(viewer: AuthUser, comment: repo.CommentRow) {
    if (comment.cid !== null) {
      await contestSwitch();
      const c = await contestOf(viewer, comment.cid, M.CONTEST_MISSING);
      await deps.contests.checkAccess(viewer, c.cid);
    } else if (comment.did !== null) await readableDiscussion(viewer, comment.did);
  }

  /** Non-admins need `defaultCreateCommentACInitValue` accepted problems for discussion comments/replies. */
  async function acThreshold(user: AuthUser, message: (n: number) => string) {
    if (isSiteAdmin(user)) return;
    const need = (await deps.switches()).defaultCreateCommentACInitValue;
    if ((await deps.accepted.acceptedProblems(user.uid)) < need) throw denied(message(need));
  }

  // ---------- wire shapes ----------

  /** The author fields of a comment or reply: the live profile wins over the copy kept on the row. */
  function authorOf(
    r: { from_uid: string; from_name: string; from_avatar: string | null; from_role: string },
    authors: Map<string, CommentAuthor>,
  ) {
    const a = authors.get(r.from_uid);
    return {
      fromUid: r.from_uid,
      fromName: r.from_name,
      fromAvatar: a?.avatar ?? r.from_avatar,
      fromRole: asRole(r.from_role),
      fromTitleName: a?.titleName ?? null,
      fromTitleColor: a?.titleColor ?? null,
    };
  }

  function replyVO(r: repo.ReplyRow, authors: Map<string, CommentAuthor>): ReplyVO {
    return {
      id: r.id,
      commentId: r.comment_id,
      ...authorOf(r, authors),
      toUid: r.to_uid,
      toName: r.to_name,
      toAvatar: r.to_avatar,
      content: r.content,
      status: r.status,
      gmtCreate: toDateStr(r.gmt_create)!,
      gmtModified: toDateStr(r.gmt_modified),
    };
  }

  async function publish(cid: number, payload: Omit<ContestCommentPushed, 'cid' | 'at'>) {
    const event: ContestCommentPushed = { cid, ...payload, at: deps.now() };
    try {
      await deps.bus.publish(Subjects.contestEvent(cid, 'comment'), event);
    } catch (err) {
      deps.log?.warn({ err, cid }, 'publishing a contest comment event failed');
    }
  }

  /** Readers of a discussion refetch its comments (issue 13: no reload). */
  async function publishDiscussion(did: number, commentId: number, replyId: number | null) {
    const event: DiscussionCommentPushed = { did, commentId, replyId, at: deps.now() };
    try {
      await deps.bus.publish(MessageSubjects.discussionComment(did), event);
    } catch (err) {
      deps.log?.warn({ err, did }, 'publishing a discussion comment event failed');
    }
  }

  /** A reminder must never fail the write it follows. */
  async function remind(r: Parameters<ReminderPort['remind']>[0]) {
    try {
      await deps.reminders.remind(r);
    } catch (err) {
      deps.log?.warn({ err, action: r.action }, 'creating a reminder failed');
    }
  }

  // ---------- comments ----------

  /** GET /api/comments. */
  async function comments(
    viewer: AuthUser | null,
    q: { cid?: number; did?: number; currentPage?: number; limit?: number },
  ): Promise<CommentListVO> {
    let source: repo.Source;
    let authors: string[] | null = null;
    if (q.cid !== undefined) {
      await contestSwitch();
      const c = await contestOf(viewer, q.cid, M.CONTEST_MISSING);
      // A contest's Q&A is read under the contest access check, as its replies and problems are
      // (compat X9: the original lets anyone, anonymous too, read every contest's comments).
      if (!viewer) throw unauthorized();
      await deps.contests.checkAccess(viewer, c.cid);
      authors = visibleAuthors(viewer, c, await deps.users.superAdminUids(), 'comment');
      source = { cid: c.cid };
    } else if (q.did !== undefined) {
      const d = await readableDiscussion(viewer, q.did);
      source = { did: d.id };
    } else throw fail(M.SOURCE_MISSING);

    const p = pageArgs(q.currentPage, q.limit);
    const { total, rows } = await repo.listComments(db, source, authors, p.current, p.limit);
    const ids = rows.map((r) => r.id);
    const [counts, replies, liked] = await Promise.all([
      repo.liveReplyCounts(db, ids),
      repo.latestReplies(db, ids, INLINE_REPLIES),
      viewer ? repo.likedBy(db, viewer.uid, ids) : Promise.resolve(new Set<number>()),
    ]);
    const authorsById = await deps.users.profiles([
      ...rows.map((r) => r.from_uid),
      ...replies.map((r) => r.from_uid),
    ]);
    const records: CommentVO[] = rows.map((r) => ({
      id: r.id,
      content: r.content,
      ...authorOf(r, authorsById),
      likeNum: r.like_num,
      totalReplyNum: counts.get(r.id) ?? 0,
      gmtCreate: toDateStr(r.gmt_create)!,
      replyList: replies.filter((x) => x.comment_id === r.id).map((x) => replyVO(x, authorsById)),
    }));
    return {
      commentList: makePage(records, total, p.limit, p.current),
      commentLikeMap: Object.fromEntries([...liked].map((id) => [String(id), true])),
    };
  }

  /** POST /api/comment. */
  // Ids start at 1; the request schema may coerce a null id to 0, so falsy means "absent".
  async function addComment(user: AuthUser, body: CommentBody): Promise<CommentVO> {
    const bad = contentError(body.content, { empty: M.COMMENT_EMPTY, long: M.COMMENT_LONG });
    if (bad) throw fail(bad);
    let cid: number | null = null;
    let did: number | null = null;
    let post: DiscussionFacts | null = null;
    if (body.cid) {
      await contestSwitch();
      const c = await contestOf(user, body.cid, M.COMMENT_CONTEST_GONE);
      await deps.contests.checkAccess(user, c.cid);
      cid = c.cid;
    } else if (body.did) {
      const d = await deps.discussions.find(body.did);
      if (!d) throw fail(M.COMMENT_DISCUSSION_GONE);
      await discussionSwitch(d);
      await discussionReadable(user, d);
      await acThreshold(user, M.COMMENT_AC_LIMIT);
      did = d.id;
      post = d;
    } else throw fail(M.SOURCE_MISSING);

    const author = (await deps.users.profiles([user.uid])).get(user.uid);
    const row = await repo.insertComment(db, {
      cid,
      did,
      content: transformContent(body.content!),
      from_uid: user.uid,
      from_name: user.username,
      from_avatar: author?.avatar ?? null,
      from_role: roleOf(user),
    });
    if (did !== null && post) {
      await deps.discussions.addCommentCount(did, 1);
      // The post's author hears of every comment, their own included (reference §4).
      await remind({
        action: 'Discuss',
        recipientId: post.uid,
        senderId: user.uid,
        sourceId: did,
        sourceType: 'Discussion',
        sourceContent: row.content,
        url: discussionUrl(did, post.gid),
      });
      await publishDiscussion(did, row.id, null);
    }
    if (cid !== null)
      await publish(cid, { commentId: row.id, replyId: null, fromUid: user.uid, fromName: user.username });
    return {
      id: row.id,
      content: row.content,
      fromUid: row.from_uid,
      fromName: row.from_name,
      fromAvatar: row.from_avatar,
      fromRole: null,
      fromTitleName: author?.titleName ?? null,
      fromTitleColor: author?.titleColor ?? null,
      likeNum: 0,
      totalReplyNum: null,
      gmtCreate: toDateStr(row.gmt_create)!,
      replyList: [],
    };
  }

  /** May `user` delete (or, for contests, reply to) this comment area item? */
  async function mayDelete(user: AuthUser, comment: repo.CommentRow, authorUid: string): Promise<boolean> {
    if (comment.cid !== null) {
      const c = await deps.contests.facts(user, comment.cid);
      // A contest that is gone leaves its comments to their authors and root.
      if (!c) return user.uid === authorUid || isRoot(user);
      return mayActOnContestItem(user, authorUid, c);
    }
    const d = comment.did !== null ? await deps.discussions.find(comment.did) : null;
    if (!d) return user.uid === authorUid || isSiteAdmin(user);
    const groupAdmin = d.gid !== null && (await deps.discussions.isGroupAdmin(d.gid, user.uid));
    return mayDeleteDiscussionItem(user, authorUid, d, groupAdmin);
  }

  /** DELETE /api/comment: soft-deletes the comment and its replies. */
  async function deleteComment(user: AuthUser, body: DeleteCommentBody) {
    if (!body.id) throw fail(M.DELETE_COMMENT_ID);
    const comment = await repo.findComment(db, body.id);
    if (!comment) throw fail(M.DELETE_COMMENT_GONE);
    if (!(await mayDelete(user, comment, comment.from_uid))) throw denied(M.DELETE_COMMENT_DENIED);
    const gone = await repo.deleteComment(db, comment.id);
    if (gone === 0) throw fail(M.DELETE_COMMENT_GONE);
    if (comment.did !== null) await deps.discussions.addCommentCount(comment.did, -gone);
    return null;
  }

  /**
   * GET /api/comment-like: idempotent per user (the counter moves only with the like row). A new
   * like tells the comment's author, unless they liked it themselves; the source is the comment's
   * own contest or discussion, whatever the query names.
   */
  async function likeComment(user: AuthUser, q: CommentLikeQuery) {
    const target = await repo.findComment(db, q.cid);
    if (!target) throw fail(q.toLike ? M.LIKE_FAILED : M.UNLIKE_FAILED);
    await commentReadable(user, target);
    const before = q.toLike ? await repo.likedBy(db, user.uid, [q.cid]) : null;
    const ok = await repo.setLike(db, user.uid, q.cid, q.toLike);
    if (!ok) throw fail(q.toLike ? M.LIKE_FAILED : M.UNLIKE_FAILED);
    if (q.toLike && before && !before.has(q.cid)) {
      const comment = await repo.findComment(db, q.cid);
      if (comment && comment.status === 0 && comment.from_name !== user.username) {
        const post = comment.did !== null ? await deps.discussions.find(comment.did) : null;
        if (comment.cid !== null || post)
          await remind({
            action: 'Like_Discuss',
            recipientId: comment.from_uid,
            senderId: user.uid,
            sourceId: comment.cid ?? comment.did!,
            sourceType: comment.cid !== null ? 'Contest' : 'Discussion',
            sourceContent: comment.content,
            url:
              comment.cid !== null ? `/contest/${comment.cid}/comment` : discussionUrl(post!.id, post!.gid),
          });
      }
    }
    return null;
  }

  // ---------- replies ----------

  /**
   * GET /api/reply. The comment's own contest decides the Q&A filter and the access check,
   * whatever `cid` the caller sends (or leaves out).
   */
  async function replies(viewer: AuthUser | null, commentId: number): Promise<ReplyVO[]> {
    const comment = await repo.findComment(db, commentId);
    if (!comment) return [];
    let authors: string[] | null = null;
    if (comment.cid !== null) {
      await contestSwitch();
      if (!viewer) throw unauthorized();
      const c = await contestOf(viewer, comment.cid, M.CONTEST_MISSING);
      await deps.contests.checkAccess(viewer, c.cid);
      authors = visibleAuthors(viewer, c, await deps.users.superAdminUids(), 'reply');
    } else if (comment.did !== null) await readableDiscussion(viewer, comment.did);
    const rows = await repo.listReplies(db, comment.id, authors);
    const authorsById = await deps.users.profiles(rows.map((r) => r.from_uid));
    return rows.map((r) => replyVO(r, authorsById));
  }

  /** POST /api/reply. */
  async function addReply(user: AuthUser, body: ReplyBody): Promise<ReplyVO> {
    const input = body.reply;
    let post: DiscussionFacts | null = null;
    const bad = contentError(input?.content, { empty: M.REPLY_EMPTY, long: M.REPLY_LONG });
    if (bad) throw fail(bad);
    if (!input?.commentId) throw fail(M.REPLY_PARAMS);
    const comment = await repo.findComment(db, input.commentId);
    if (!comment) throw fail(M.REPLY_COMMENT_GONE);
    if (comment.cid !== null) {
      await contestSwitch();
      const c = await deps.contests.facts(user, comment.cid);
      if (!c || !mayActOnContestItem(user, comment.from_uid, c)) throw denied(M.REPLY_DENIED);
    } else if (comment.did !== null) {
      const d = await deps.discussions.find(comment.did);
      if (!d) throw fail(M.REPLY_COMMENT_GONE);
      post = d;
      await discussionSwitch(d);
      if (d.gid !== null && !isRoot(user) && !(await deps.discussions.isGroupMember(d.gid, user.uid)))
        throw denied(M.REPLY_DENIED);
      await acThreshold(user, M.REPLY_AC_LIMIT);
    }
    // The addressee is the comment's author or someone who replied under it (issue #23): a
    // toUid naming anyone else is ignored, the comment's author is addressed instead.
    const inThread =
      !!input.toUid &&
      (input.toUid === comment.from_uid ||
        (await repo.listReplies(db, comment.id, null)).some((r) => r.from_uid === input.toUid));
    const named = inThread ? (await deps.users.profiles([input.toUid!])).get(input.toUid!) : undefined;
    const me = (await deps.users.profiles([user.uid])).get(user.uid);
    const to = named ?? {
      uid: comment.from_uid,
      username: comment.from_name,
      avatar: comment.from_avatar,
    };
    const row = await repo.insertReply(db, {
      comment_id: comment.id,
      from_uid: user.uid,
      from_name: user.username,
      from_avatar: me?.avatar ?? null,
      from_role: roleOf(user),
      to_uid: to.uid,
      to_name: to.username,
      to_avatar: to.avatar,
      content: transformContent(input.content!),
    });
    if (comment.did !== null && post) {
      await deps.discussions.addCommentCount(comment.did, 1);
      // The addressee hears of it; the quote is the comment or reply answered (stored ids only).
      const quoteType = body.quoteType === 'Reply' && body.quoteId ? 'Reply' : 'Comment';
      await remind({
        action: 'Reply',
        recipientId: to.uid,
        senderId: user.uid,
        sourceId: comment.did,
        sourceType: 'Discussion',
        sourceContent: row.content,
        quoteId: quoteType === 'Reply' ? body.quoteId! : comment.id,
        quoteType,
        url: discussionUrl(comment.did, post.gid),
      });
      await publishDiscussion(comment.did, comment.id, row.id);
    }
    if (comment.cid !== null) {
      // The question's author and the addressee see the answer arrive on their open page.
      const toUids = [...new Set([comment.from_uid, to.uid])].filter((u) => u !== user.uid);
      await publish(comment.cid, {
        commentId: comment.id,
        replyId: row.id,
        fromUid: user.uid,
        fromName: user.username,
        ...(toUids.length ? { toUids } : {}),
      });
    }
    return replyVO(row, new Map(me ? [[user.uid, me]] : []));
  }

  /** DELETE /api/reply. */
  async function deleteReply(user: AuthUser, body: DeleteReplyBody) {
    const id = body.reply?.id;
    if (!id) throw fail(M.DELETE_REPLY_EMPTY);
    const reply = await repo.findReply(db, id);
    if (!reply) throw fail(M.DELETE_REPLY_GONE);
    const comment = await repo.findComment(db, reply.comment_id);
    if (!comment) throw fail(M.DELETE_REPLY_COMMENT_GONE);
    if (!(await mayDelete(user, comment, reply.from_uid))) throw denied(M.DELETE_REPLY_DENIED);
    if (!(await repo.deleteReply(db, reply.id))) throw fail(M.DELETE_REPLY_GONE);
    if (comment.did !== null) await deps.discussions.addCommentCount(comment.did, -1);
    return null;
  }

  return {
    comments,
    addComment,
    deleteComment,
    likeComment,
    replies,
    addReply,
    deleteReply,
    readableDiscussion,
    canWatchDiscussion,
  };
}

export type DiscussionService = ReturnType<typeof createDiscussionService>;

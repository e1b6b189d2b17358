/**
 * The comment area (reference/api/contests-trainings-discussions.md §4): comments and
 * replies on contests (Q&A) and discussions, comment likes. Request shapes plus the
 * response records the web client draws. Browser-safe.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable } from '../nullable';
import { EnvelopeOf, PageOf } from '../envelope';

const Opt = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));

/** Longest comment or reply, in characters (reference §4; spec part2 §5). */
export const MAX_COMMENT_LENGTH = 10000;
/** Replies embedded in each listed comment (newest first). */
export const INLINE_REPLIES = 3;
/** Default page size of GET /api/comments (the web client asks for 10). */
export const DEFAULT_COMMENT_PAGE_SIZE = 20;

/** root | admin (admin or problem_admin) | user, as stored when the comment was written. */
export const CommentRole = Type.Union([Type.Literal('root'), Type.Literal('admin'), Type.Literal('user')]);
export type CommentRole = Static<typeof CommentRole>;

// ---------- requests ----------

/** GET /api/comments: `cid` (contest) or `did` (discussion). */
export const CommentsQuery = Type.Object({
  cid: Type.Optional(Type.Integer()),
  did: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
  currentPage: Type.Optional(Type.Integer()),
});
export type CommentsQuery = Static<typeof CommentsQuery>;

/** POST /api/comment. `id` is accepted and ignored (no edit through this call). */
export const CommentBody = Type.Object({
  content: Opt(Type.String()),
  cid: Opt(Type.Integer()),
  did: Opt(Type.Integer()),
  id: Opt(Type.Integer()),
});
export type CommentBody = Static<typeof CommentBody>;

/** DELETE /api/comment (JSON body). Only `id` is used; the client also sends the rest. */
export const DeleteCommentBody = Type.Object({
  id: Opt(Type.Integer()),
  fromUid: Opt(Type.String()),
  did: Opt(Type.Integer()),
  cid: Opt(Type.Integer()),
});
export type DeleteCommentBody = Static<typeof DeleteCommentBody>;

export const CommentSourceType = Type.Union([Type.Literal('Discussion'), Type.Literal('Contest')]);
export type CommentSourceType = Static<typeof CommentSourceType>;

/** GET /api/comment-like. `cid` is the **comment** id; `sourceId` the discussion or contest id. */
export const CommentLikeQuery = Type.Object({
  cid: Type.Integer(),
  toLike: Type.Boolean(),
  sourceId: Type.Integer(),
  sourceType: CommentSourceType,
});
export type CommentLikeQuery = Static<typeof CommentLikeQuery>;

/** GET /api/reply: every live reply of a comment, newest first. */
export const ReplyQuery = Type.Object({
  commentId: Type.Integer(),
  cid: Type.Optional(Type.Integer()),
});
export type ReplyQuery = Static<typeof ReplyQuery>;

export const ReplyInput = Type.Object({
  id: Opt(Type.Integer()),
  commentId: Opt(Type.Integer()),
  toUid: Opt(Type.String()),
  toName: Opt(Type.String()),
  toAvatar: Opt(Type.String()),
  content: Opt(Type.String()),
});
export type ReplyInput = Static<typeof ReplyInput>;

/** POST /api/reply (ReplyDTO). */
export const ReplyBody = Type.Object({
  reply: Opt(ReplyInput),
  did: Opt(Type.Integer()),
  quoteId: Opt(Type.Integer()),
  quoteType: Opt(Type.Union([Type.Literal('Comment'), Type.Literal('Reply')])),
});
export type ReplyBody = Static<typeof ReplyBody>;

/** DELETE /api/reply (JSON body). */
export const DeleteReplyBody = Type.Object({
  reply: Opt(ReplyInput),
  did: Opt(Type.Integer()),
});
export type DeleteReplyBody = Static<typeof DeleteReplyBody>;

// ---------- responses ----------

const DateStr = Type.String({ description: 'ISO-8601 UTC, e.g. 2023-05-01T08:30:00.000+0000' });

export const ReplyVO = Type.Object({
  id: Type.Integer(),
  commentId: Type.Integer(),
  fromUid: Type.String(),
  fromName: Type.String(),
  fromAvatar: Nullable(Type.String()),
  fromRole: Nullable(CommentRole),
  fromTitleName: Nullable(Type.String()),
  fromTitleColor: Nullable(Type.String()),
  toUid: Type.String(),
  toName: Type.String(),
  toAvatar: Nullable(Type.String()),
  /** Markdown as stored (autoplay → controls inside tags, emoji as &#N; entities). */
  content: Type.String(),
  /** 0 live (deleted replies are never returned). */
  status: Nullable(Type.Integer()),
  gmtCreate: DateStr,
  gmtModified: Nullable(DateStr),
});
export type ReplyVO = Static<typeof ReplyVO>;

export const CommentVO = Type.Object({
  id: Type.Integer(),
  content: Type.String(),
  fromUid: Type.String(),
  fromName: Type.String(),
  fromAvatar: Nullable(Type.String()),
  /** null in the POST /api/comment answer. */
  fromRole: Nullable(CommentRole),
  fromTitleName: Nullable(Type.String()),
  fromTitleColor: Nullable(Type.String()),
  likeNum: Type.Integer(),
  /** Live replies; null in the POST /api/comment answer. */
  totalReplyNum: Nullable(Type.Integer()),
  gmtCreate: DateStr,
  /** The latest INLINE_REPLIES live replies, newest first (not filtered by the Q&A rule). */
  replyList: Type.Array(ReplyVO),
});
export type CommentVO = Static<typeof CommentVO>;

/** GET /api/comments answer. `commentLikeMap` marks the comments the caller liked. */
export const CommentListVO = Type.Object({
  commentList: PageOf(CommentVO),
  commentLikeMap: Type.Record(Type.String(), Type.Boolean()),
});
export type CommentListVO = Static<typeof CommentListVO>;

// ---------- success envelopes (issue #30) ----------

export const CommentListEnvelope = EnvelopeOf(CommentListVO);
export const CommentEnvelope = EnvelopeOf(CommentVO);
export const ReplyListEnvelope = EnvelopeOf(Type.Array(ReplyVO));
export const ReplyEnvelope = EnvelopeOf(ReplyVO);

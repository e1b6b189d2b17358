/**
 * The message center (reference/api/core.md §9) and admin notices (groups-admin-files.md §4.3):
 * unread counts, reminder and notice pages, clean, notice back office. Browser-safe.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { EnvelopeOf, PageOf } from '../envelope';
import { Nullable } from '../nullable';

const Opt = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));
const DateStr = Type.String({ description: 'ISO-8601 UTC, e.g. 2023-05-01T08:30:00.000+0000' });

/** Default page size of the /api/msg lists (core.md §9). */
export const DEFAULT_MSG_PAGE_SIZE = 5;
/** Page sizes the web client asks for (spec part2 §9). */
export const MSG_PAGE_SIZES = { comment: 6, reply: 6, like: 6, sys: 8, mine: 8 } as const;
/** Default page size of GET /api/admin/msg/notice. */
export const DEFAULT_NOTICE_PAGE_SIZE = 5;
/** sourceContent of a reminder: cut to this many characters plus "...". */
export const SOURCE_CONTENT_CUT = 200;
/** quoteContent: the quoted text cut to this many characters plus "...". */
export const QUOTE_CONTENT_CUT = 100;
export const MAX_NOTICE_TITLE = 255;
export const MAX_NOTICE_CONTENT = 65535;

export const UnreadCounts = Type.Object({
  comment: Type.Integer(),
  reply: Type.Integer(),
  like: Type.Integer(),
  sys: Type.Integer(),
  mine: Type.Integer(),
});
export type UnreadCounts = Static<typeof UnreadCounts>;
export type UnreadKind = keyof UnreadCounts;

export const RemindAction = Type.Union([
  Type.Literal('Discuss'),
  Type.Literal('Reply'),
  Type.Literal('Like_Post'),
  Type.Literal('Like_Discuss'),
]);
export type RemindAction = Static<typeof RemindAction>;
export const SourceType = Type.Union([Type.Literal('Discussion'), Type.Literal('Contest')]);
export type SourceType = Static<typeof SourceType>;
export const QuoteType = Type.Union([Type.Literal('Comment'), Type.Literal('Reply')]);
export type QuoteType = Static<typeof QuoteType>;

export const MsgListQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
});
export type MsgListQuery = Static<typeof MsgListQuery>;

export const UserMsgVO = Type.Object({
  id: Type.Integer(),
  action: RemindAction,
  sourceId: Type.Integer(),
  sourceType: SourceType,
  sourceTitle: Nullable(Type.String()),
  sourceContent: Nullable(Type.String()),
  quoteId: Nullable(Type.Integer()),
  quoteType: Nullable(QuoteType),
  quoteContent: Nullable(Type.String()),
  url: Nullable(Type.String()),
  /** read */
  state: Type.Boolean(),
  senderId: Type.String(),
  senderUsername: Type.String(),
  senderAvatar: Nullable(Type.String()),
  gmtCreate: DateStr,
});
export type UserMsgVO = Static<typeof UserMsgVO>;

export const SysMsgVO = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  adminId: Nullable(Type.String()),
  type: Type.Union([Type.Literal('Sys'), Type.Literal('Mine')]),
  state: Type.Boolean(),
  gmtCreate: DateStr,
});
export type SysMsgVO = Static<typeof SysMsgVO>;

export const CleanType = Type.Union([
  Type.Literal('Discuss'),
  Type.Literal('Reply'),
  Type.Literal('Like'),
  Type.Literal('Sys'),
  Type.Literal('Mine'),
]);
export type CleanType = Static<typeof CleanType>;
export const CleanQuery = Type.Object({ type: Type.String(), id: Type.Optional(Type.Integer()) });
export type CleanQuery = Static<typeof CleanQuery>;

// ---------- admin notices ----------

export const NoticeType = Type.Union([Type.Literal('All'), Type.Literal('Single'), Type.Literal('Admin')]);
export type NoticeType = Static<typeof NoticeType>;

export const NoticeListQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
  type: Type.Optional(Type.String()),
});
export type NoticeListQuery = Static<typeof NoticeListQuery>;

export const AdminSysNoticeVO = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  type: NoticeType,
  /** Delivered (always true here: delivery is immediate). */
  state: Type.Boolean(),
  recipientId: Nullable(Type.String()),
  recipientUsername: Nullable(Type.String()),
  adminUsername: Nullable(Type.String()),
  gmtCreate: DateStr,
  gmtModified: DateStr,
});
export type AdminSysNoticeVO = Static<typeof AdminSysNoticeVO>;

/** POST / PUT /api/admin/msg/notice. `adminId` is the session user, whatever the body says. */
export const AdminNoticeBody = Type.Object({
  id: Opt(Type.Integer()),
  title: Opt(Type.String()),
  content: Opt(Type.String()),
  type: Opt(Type.String()),
  state: Opt(Type.Boolean()),
  recipientId: Opt(Type.String()),
  /** Ours: a Single notice may name its recipient by username. */
  recipientUsername: Opt(Type.String()),
  adminId: Opt(Type.String()),
});
export type AdminNoticeBody = Static<typeof AdminNoticeBody>;

export const NoticeDeleteQuery = Type.Object({ id: Type.Integer() });

// ---------- success envelopes (issue #30) ----------

export const UnreadCountsEnvelope = EnvelopeOf(UnreadCounts);
export const UserMsgPageEnvelope = EnvelopeOf(PageOf(UserMsgVO));
export const SysMsgPageEnvelope = EnvelopeOf(PageOf(SysMsgVO));
export const AdminSysNoticePageEnvelope = EnvelopeOf(PageOf(AdminSysNoticeVO));

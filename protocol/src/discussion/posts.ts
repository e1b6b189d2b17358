/**
 * Discussion posts (reference/api/contests-trainings-discussions.md §3) and their back office
 * (groups-admin-files.md §4.12): categories, list, detail, create/edit/delete, like, report.
 * Request shapes and the records the web client draws. Browser-safe.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { EnvelopeOf, PageOf } from '../envelope';
import { Nullable } from '../nullable';
import { DiscussionWriteRule } from '../write-rules';

const Opt = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));
const DateStr = Type.String({ description: 'ISO-8601 UTC, e.g. 2023-05-01T08:30:00.000+0000' });

/** Discussions per page (spec part2 §9). */
export const DISCUSSION_PAGE_SIZE = 10;
export const MAX_DISCUSSION_TITLE = 255;
export const MAX_DISCUSSION_DESCRIPTION = 255;
export const MAX_DISCUSSION_CONTENT = 65535;
/** Longest report reason (spec part2 §5); a report's stored text is its labels plus the reason. */
export const MAX_REPORT_REASON = 200;
/** The stored report text: labels (each `#label `) and the reason. */
export const MAX_REPORT_CONTENT = 400;
/** The six fixed report labels (spec part2 §5), in the order the dialog shows them. */
export const REPORT_TAGS = ['spam', 'illegal', 'porn', 'fraud', 'abuse', 'plagiarism'] as const;
export type ReportTag = (typeof REPORT_TAGS)[number];

/** The stored report text: `#label` words first, then the reason. */
export function reportContent(labels: readonly string[], reason: string): string {
  return [...labels.map((l) => `#${l}`), reason.trim()].filter(Boolean).join(' ');
}

/** The title a problem-scoped post is stored with: `[pid] title` (not doubled on edit). */
export function problemTitle(pid: string | null | undefined, title: string): string {
  if (!pid) return title;
  const prefix = `[${pid}]`;
  return title.startsWith(prefix) ? title : `${prefix} ${title}`;
}

export const DiscussionCategory = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  gmtCreate: Nullable(DateStr),
  gmtModified: Nullable(DateStr),
});
export type DiscussionCategory = Static<typeof DiscussionCategory>;

/** POST /api/discussion-category: blank names are skipped, ids update, the rest insert. */
export const CategoryBody = Type.Array(Type.Object({ id: Opt(Type.Integer()), name: Opt(Type.String()) }));
export type CategoryBody = Static<typeof CategoryBody>;

export const DiscussionListQuery = Type.Object({
  limit: Type.Optional(Type.Integer()),
  currentPage: Type.Optional(Type.Integer()),
  /** Category id. */
  cid: Type.Optional(Type.Integer()),
  /** Problem display id, exact. */
  pid: Type.Optional(Type.String()),
  onlyMine: Type.Optional(Type.Boolean()),
  keyword: Type.Optional(Type.String()),
  /** With a site admin role: every post, banned and group ones included. */
  admin: Type.Optional(Type.Boolean()),
});
export type DiscussionListQuery = Static<typeof DiscussionListQuery>;

export const Discussion = Type.Object({
  id: Type.Integer(),
  categoryId: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  /** Null in lists except on the caller's own posts. */
  content: Nullable(Type.String()),
  pid: Nullable(Type.String()),
  uid: Type.String(),
  author: Type.String(),
  avatar: Nullable(Type.String()),
  role: Type.String(),
  viewNum: Type.Integer(),
  likeNum: Type.Integer(),
  commentNum: Type.Integer(),
  topPriority: Type.Boolean(),
  status: Type.Integer(),
  gid: Nullable(Type.Integer()),
  gmtCreate: DateStr,
  gmtModified: DateStr,
});
export type Discussion = Static<typeof Discussion>;

export const DiscussionDetailQuery = Type.Object({ did: Type.Integer() });

export const DiscussionVO = Type.Object({
  id: Type.Integer(),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  title: Type.String(),
  description: Type.String(),
  content: Type.String(),
  pid: Nullable(Type.String()),
  uid: Type.String(),
  author: Type.String(),
  avatar: Nullable(Type.String()),
  titleName: Nullable(Type.String()),
  titleColor: Nullable(Type.String()),
  role: Type.String(),
  viewNum: Type.Integer(),
  likeNum: Type.Integer(),
  /** true when the caller liked it, otherwise null (not false). */
  hasLike: Nullable(Type.Boolean()),
  topPriority: Type.Boolean(),
  gid: Nullable(Type.Integer()),
  status: Type.Integer(),
  gmtCreate: DateStr,
  gmtModified: DateStr,
});
export type DiscussionVO = Static<typeof DiscussionVO>;

/** POST / PUT /api/discussion. */
export const DiscussionBody = Type.Object({
  id: Opt(Type.Integer()),
  title: Opt(Type.String()),
  description: Opt(Type.String()),
  content: Opt(Type.String()),
  categoryId: Opt(Type.Integer()),
  pid: Opt(Type.String()),
  topPriority: Opt(Type.Boolean()),
  gid: Opt(Type.Integer()),
});
export type DiscussionBody = Static<typeof DiscussionBody>;

export const DiscussionDeleteQuery = Type.Object({ did: Type.Integer() });
export const DiscussionLikeQuery = Type.Object({ did: Type.Integer(), toLike: Type.Boolean() });
export type DiscussionLikeQuery = Static<typeof DiscussionLikeQuery>;

/** POST /api/discussion-report. `reporter` is taken from the session, whatever the body says. */
export const ReportBody = Type.Object({
  did: Opt(Type.Integer()),
  reporter: Opt(Type.String()),
  content: Opt(Type.String()),
});
export type ReportBody = Static<typeof ReportBody>;

// ---------- back office ----------

/** PUT /api/admin/discussion: partial update by id. */
export const AdminDiscussionBody = Type.Object({
  id: Type.Integer(),
  topPriority: Opt(Type.Boolean()),
  status: Opt(Type.Integer()),
});
export type AdminDiscussionBody = Static<typeof AdminDiscussionBody>;

/** DELETE /api/admin/discussion: a JSON array of ids. */
export const AdminDiscussionDeleteBody = Type.Array(Type.Integer());

export const ReportListQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
});
export type ReportListQuery = Static<typeof ReportListQuery>;

export const DiscussionReportVO = Type.Object({
  id: Type.Integer(),
  did: Type.Integer(),
  gid: Nullable(Type.Integer()),
  discussionTitle: Nullable(Type.String()),
  discussionAuthor: Nullable(Type.String()),
  reporter: Type.String(),
  content: Type.String(),
  /** handled */
  status: Type.Boolean(),
  gmtCreate: DateStr,
  gmtModified: DateStr,
});
export type DiscussionReportVO = Static<typeof DiscussionReportVO>;

/** PUT /api/admin/discussion-report: only the handled state changes. */
export const ReportUpdateBody = Type.Object({
  id: Type.Integer(),
  status: Type.Boolean(),
  did: Opt(Type.Integer()),
  reporter: Opt(Type.String()),
  content: Opt(Type.String()),
});
export type ReportUpdateBody = Static<typeof ReportUpdateBody>;

/** GET /api/group/get-discussion-list and get-admin-discussion-list. */
export const GroupDiscussionListQuery = Type.Object({
  gid: Type.Integer(),
  pid: Type.Optional(Type.String()),
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
});

// ---------- success envelopes (issue #30) ----------

export const DiscussionCategoryListEnvelope = EnvelopeOf(Type.Array(DiscussionCategory));
export const DiscussionPageEnvelope = EnvelopeOf(PageOf(Discussion));
export const DiscussionVOEnvelope = EnvelopeOf(DiscussionVO);
export const DiscussionWriteRuleEnvelope = EnvelopeOf(DiscussionWriteRule);
export const DiscussionReportPageEnvelope = EnvelopeOf(PageOf(DiscussionReportVO));

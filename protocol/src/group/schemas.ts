/**
 * Groups (reference groups-admin-files.md §2–§3; spec part3 §2.1–§2.12, §3, §5, §9.1): request
 * shapes, the records the web client draws, and the pushed membership event. Browser-safe.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { EnvelopeOf, PageOf } from '../envelope';
import { Nullable } from '../nullable';
import { Problem, ProblemCase, Tag } from '../problem/schemas';

const Opt = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));

/** Field limits of spec §5 / §9.1. */
export const GROUP_LIMITS = {
  name: [5, 25],
  shortName: [5, 10],
  brief: [5, 50],
  description: [5, 1000],
  reason: [5, 100],
  codeLength: 6,
} as const;

/** Page sizes of the group list (spec §2.1). */
export const GROUP_PAGE_SIZES = [9, 15, 30, 60, 120] as const;
export const GROUP_DEFAULT_PAGE_SIZE = 15;
/** Group rank page size (spec §2.12). */
export const GROUP_RANK_PAGE_SIZE = 30;

// ---------- requests ----------

export const GroupListQuery = Type.Object({
  currentPage: Opt(Type.Integer()),
  limit: Opt(Type.Integer()),
  keyword: Opt(Type.String()),
  auth: Opt(Type.Integer()),
  onlyMine: Opt(Type.Boolean()),
});
export type GroupListQuery = Static<typeof GroupListQuery>;

export const GidQuery = Type.Object({ gid: Type.Integer() });
export type GidQuery = Static<typeof GidQuery>;

/** POST/PUT /api/group. Server-owned fields (owner, uid, status) are accepted and ignored. */
export const GroupBody = Type.Object({
  id: Opt(Type.Integer()),
  name: Opt(Type.String()),
  shortName: Opt(Type.String()),
  brief: Opt(Type.String()),
  description: Opt(Type.String()),
  auth: Opt(Type.Integer()),
  visible: Opt(Type.Boolean()),
  code: Opt(Type.String()),
  avatar: Opt(Type.String()),
  owner: Opt(Type.String()),
});
export type GroupBody = Static<typeof GroupBody>;

/** POST /api/group/member (query). */
export const ApplyQuery = Type.Object({
  gid: Type.Integer(),
  code: Opt(Type.String()),
  reason: Opt(Type.String()),
});
export type ApplyQuery = Static<typeof ApplyQuery>;

export const MemberListQuery = Type.Object({
  gid: Type.Integer(),
  currentPage: Opt(Type.Integer()),
  limit: Opt(Type.Integer()),
  keyword: Opt(Type.String()),
  auth: Opt(Type.Integer()),
});
export type MemberListQuery = Static<typeof MemberListQuery>;

/** PUT /api/group/member: the target row by (gid, uid); `id` is accepted and not needed. */
export const MemberBody = Type.Object({
  id: Opt(Type.Integer()),
  gid: Type.Integer(),
  uid: Type.String(),
  auth: Opt(Type.Integer()),
});
export type MemberBody = Static<typeof MemberBody>;

export const MemberDeleteQuery = Type.Object({ gid: Type.Integer(), uid: Type.String() });
export type MemberDeleteQuery = Static<typeof MemberDeleteQuery>;

export const PagedGidQuery = Type.Object({
  gid: Type.Integer(),
  currentPage: Opt(Type.Integer()),
  limit: Opt(Type.Integer()),
});
export type PagedGidQuery = Static<typeof PagedGidQuery>;

export const GroupAnnouncementBody = Type.Object({
  id: Opt(Type.Integer()),
  title: Opt(Type.String()),
  content: Opt(Type.String()),
  gid: Opt(Type.Integer()),
  status: Opt(Type.Integer()),
  /** Sent by the original client; the server uses the caller (docs/compat.md G6). */
  uid: Opt(Type.String()),
});
export type GroupAnnouncementBody = Static<typeof GroupAnnouncementBody>;

export const AidQuery = Type.Object({ aid: Type.Integer() });
export type AidQuery = Static<typeof AidQuery>;

export const GroupRankQuery = Type.Object({
  gid: Type.Integer(),
  type: Type.Integer(),
  currentPage: Opt(Type.Integer()),
  limit: Opt(Type.Integer()),
  searchUser: Opt(Type.String()),
});
export type GroupRankQuery = Static<typeof GroupRankQuery>;

// ---------- records (issue #30: the wire shapes, each a schema the server serialises through) ----------

const DateStr = Type.String({ description: 'ISO-8601 UTC, e.g. 2023-05-01T08:30:00.000+0000' });

/** GET /api/get-group-detail: the full group (reference `Group`); `code` only for its roots and site root. */
export const GroupDetail = Type.Object({
  id: Type.Integer(),
  avatar: Nullable(Type.String()),
  name: Type.String(),
  shortName: Type.String(),
  brief: Type.String(),
  description: Type.String(),
  owner: Type.String(),
  uid: Type.String(),
  auth: Type.Integer(),
  visible: Type.Boolean(),
  status: Type.Integer(),
  code: Nullable(Type.String()),
  gmtCreate: DateStr,
  gmtModified: DateStr,
});
export type GroupDetail = Static<typeof GroupDetail>;

/** A card of the group list (reference `GroupVO`). */
export const GroupCard = Type.Object({
  id: Type.Integer(),
  avatar: Nullable(Type.String()),
  owner: Type.String(),
  name: Type.String(),
  shortName: Type.String(),
  brief: Type.String(),
  description: Type.String(),
  auth: Type.Integer(),
  visible: Type.Boolean(),
  memberCount: Type.Integer(),
  gmtCreate: DateStr,
});
export type GroupCard = Static<typeof GroupCard>;

/** A row of the member and application lists (reference `GroupMemberVO`). */
export const GroupMemberRecord = Type.Object({
  id: Type.Integer(),
  gid: Type.Integer(),
  uid: Type.String(),
  username: Type.String(),
  auth: Type.Integer(),
  reason: Nullable(Type.String()),
  gmtCreate: DateStr,
  /** sic: the original's field name. */
  gmtModify: DateStr,
});
export type GroupMemberRecord = Static<typeof GroupMemberRecord>;

/** A group announcement (reference `AnnouncementVO`, with its `gid`). */
export const GroupAnnouncementRecord = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  uid: Type.String(),
  username: Type.String(),
  status: Type.Integer(),
  gid: Type.Integer(),
  gmtCreate: DateStr,
  gmtModified: DateStr,
});
export type GroupAnnouncementRecord = Static<typeof GroupAnnouncementRecord>;

/** A row of the group rank (reference `OIRankVO`). */
export const GroupRankRow = Type.Object({
  uid: Type.String(),
  username: Type.String(),
  nickname: Nullable(Type.String()),
  signature: Type.Null(),
  avatar: Nullable(Type.String()),
  titleName: Nullable(Type.String()),
  titleColor: Nullable(Type.String()),
  score: Type.Integer(),
  total: Type.Integer(),
  ac: Type.Integer(),
});
export type GroupRankRow = Static<typeof GroupRankRow>;

export const GroupAccess = Type.Object({ access: Type.Boolean() });

export const GroupCardPageEnvelope = EnvelopeOf(PageOf(GroupCard));
export const GroupDetailEnvelope = EnvelopeOf(GroupDetail);
export const GroupAccessEnvelope = EnvelopeOf(GroupAccess);
/** The caller's member auth in the group (0: none). */
export const GroupAuthEnvelope = EnvelopeOf(Type.Integer());
export const GroupMemberPageEnvelope = EnvelopeOf(PageOf(GroupMemberRecord));
export const GroupAnnouncementPageEnvelope = EnvelopeOf(PageOf(GroupAnnouncementRecord));
export const GroupRankPageEnvelope = EnvelopeOf(PageOf(GroupRankRow));

// ---------- group problems (reference §3 group problem endpoints) ----------

/** GET/DELETE /api/group/problem, GET /api/group/get-problem-cases. */
export const GroupPidQuery = Type.Object({ pid: Type.Integer() });
export const GroupProblemAuthQuery = Type.Object({ pid: Type.Integer(), auth: Type.Integer() });
export const GroupApplyPublicQuery = Type.Object({ pid: Type.Integer(), isApplied: Type.Boolean() });
/** POST /api/file/upload-group-avatar: gid in the query or as a form field. */
export const GroupAvatarUploadQuery = Type.Object({ gid: Type.Optional(Type.Integer()) });
export const GroupAvatarParams = Type.Object({ name: Type.String() });

/** A row of the member's group problem list (reference `ProblemVO`, only the counters the group fills). */
export const GroupProblemRow = Type.Object({
  pid: Type.Integer(),
  problemId: Type.String(),
  title: Type.String(),
  difficulty: Type.Integer(),
  type: Type.Integer(),
  tags: Type.Array(Tag),
  total: Type.Integer(),
  ac: Type.Integer(),
});
export type GroupProblemRow = Static<typeof GroupProblemRow>;

/** A row of the group admin's problem list. */
export const GroupAdminProblemRow = Type.Object({
  id: Type.Integer(),
  problemId: Type.String(),
  title: Type.String(),
  author: Nullable(Type.String()),
  gmtCreate: DateStr,
  modifiedUser: Nullable(Type.String()),
  auth: Type.Integer(),
  applyPublicProgress: Nullable(Type.Integer()),
  gid: Nullable(Type.Integer()),
});
export type GroupAdminProblemRow = Static<typeof GroupAdminProblemRow>;

export const GroupProblemPageEnvelope = EnvelopeOf(PageOf(GroupProblemRow));
export const GroupAdminProblemPageEnvelope = EnvelopeOf(PageOf(GroupAdminProblemRow));
export const GroupTagsEnvelope = EnvelopeOf(Type.Array(Tag));
export const GroupProblemEnvelope = EnvelopeOf(Problem);
export const GroupProblemCasesEnvelope = EnvelopeOf(Type.Array(ProblemCase));
/** POST /api/group/contest-problem: the new problem's id, for the contest to link. */
export const GroupContestProblemEnvelope = EnvelopeOf(Type.Object({ pid: Type.Integer() }));

// ---------- push ----------

/**
 * socket event `group:membership`, sent to the user rooms of the row's user and of the group's
 * admins: the web reloads the viewer state (detail page) or the application list (admins).
 */
export interface GroupMembershipPushed {
  gid: number;
  uid: string;
  /** The row's auth after the change; 0 = no row. */
  auth: number;
  kind: 'applied' | 'joined' | 'decided' | 'removed' | 'exited' | 'disbanded';
}

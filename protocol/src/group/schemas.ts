/**
 * Groups (reference groups-admin-files.md §2–§3; spec part3 §2.1–§2.12, §3, §5, §9.1): request
 * shapes, the records the web client draws, and the pushed membership event. Browser-safe.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable } from '../nullable';

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

// ---------- records ----------

/** GET /api/get-group-detail: the full group; `code` only for its roots and site root. */
export interface GroupDetail {
  id: number;
  avatar: string | null;
  name: string;
  shortName: string;
  brief: string;
  description: string;
  owner: string;
  uid: string;
  auth: number;
  visible: boolean;
  status: number;
  code: string | null;
  gmtCreate: string;
  gmtModified: string;
}

/** A card of the group list. */
export interface GroupCard {
  id: number;
  avatar: string | null;
  owner: string;
  name: string;
  shortName: string;
  brief: string;
  description: string;
  auth: number;
  visible: boolean;
  memberCount: number;
  gmtCreate: string;
}

export interface GroupMemberRecord {
  id: number;
  gid: number;
  uid: string;
  username: string;
  auth: number;
  reason: string | null;
  gmtCreate: string;
  /** sic: the original's field name. */
  gmtModify: string;
}

export interface GroupAnnouncementRecord {
  id: number;
  title: string;
  content: string;
  uid: string;
  username: string;
  status: number;
  gid: number;
  gmtCreate: string;
  gmtModified: string;
}

export interface GroupRankRow {
  uid: string;
  username: string;
  nickname: string | null;
  signature: null;
  avatar: string | null;
  titleName: string | null;
  titleColor: string | null;
  score: number;
  total: number;
  ac: number;
}

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

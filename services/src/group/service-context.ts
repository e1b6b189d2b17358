// What the group service's use cases share: their dependencies, the group and level look-ups with
// the reference's refusals, the membership push and notices, and the list caches' invalidation.
import { MAX_PAGE_SIZE, Subjects, toDateStr } from '@oj/protocol';
import type { Bus } from '@oj/protocol/bus';
import {
  MemberAuth,
  type GroupDetail,
  type GroupMembershipPushed,
  type MembershipEvent,
  type MembershipRefusal,
} from '@oj/protocol/group';
import { isRoot, type AuthUser } from '../platform/http/access';
import { denied, fail, notFound, type ApiError } from '../platform/http/errors';
import type { GroupStanding, NoticePort } from '../platform/shared-ports';
import { createListCaches } from './list-caches';
import { BAN, M } from './messages';
import type { GroupLimits } from './ports';
import * as repo from './repository';

export interface GroupServiceDeps {
  db: repo.GDb;
  bus: Bus;
  /** Avatars (content-addressed); absent in tests that do not upload. */
  blobs?: { put(data: Buffer): Promise<string>; get(key: string): Promise<Buffer | null> };
  notices: NoticePort;
  limits: () => Promise<GroupLimits>;
  now: () => number;
  log?: { warn(obj: object, msg?: string): void };
  /**
   * Other capabilities' clean-up of a disbanded group's objects (problems, trainings, contests,
   * discussions: reference DELETE /api/group cascades; docs/compat.md G13), plugged in by compose.
   */
  onDisband?: readonly ((gid: number) => Promise<void>)[];
}

export function pageArgs(current: number | null | undefined, limit: number | null | undefined, def: number) {
  const c = current && current >= 1 ? Math.floor(current) : 1;
  const l = limit && limit >= 1 ? Math.min(Math.floor(limit), MAX_PAGE_SIZE) : def;
  return { current: c, limit: l };
}

export const len = (s: string | null | undefined) => [...(s ?? '')].length;
export const outside = (s: string | null | undefined, [min, max]: readonly [number, number]) =>
  len(s) < min || len(s) > max;

/** The caller's level in a group: own row's auth (0 none), the owner counts as 5. */
export function levelIn(group: repo.GroupRow, row: { auth: number } | undefined, uid: string | null): number {
  if (uid !== null && group.uid === uid) return MemberAuth.ROOT;
  return row?.auth ?? MemberAuth.NONE;
}

export function standingOf(level: number): GroupStanding {
  return (['none', 'applying', 'refused', 'member', 'admin', 'root'] as const)[level] ?? 'none';
}

/** Wire text of a machine refusal, per operation. */
export function refusalError(op: MembershipEvent['type'], r: MembershipRefusal): ApiError {
  switch (r) {
    case 'already-applied':
      return denied(M.APPLY_AGAIN);
    case 'already-member':
      return denied(M.APPLY_MEMBER);
    case 'already-refused':
      return denied(M.APPLY_REFUSED);
    case 'target-owner':
      return notFound(op === 'REMOVE' ? M.REMOVE_OWNER : M.MEMBER_OWNER);
    case 'not-in-group':
      return notFound(M.MEMBER_MISSING);
    case 'demote-to-pending':
      return denied(M.MEMBER_DEMOTE);
    case 'bad-auth':
      return fail(M.MEMBER_BAD_AUTH);
    case 'remove-self':
      return notFound(M.REMOVE_SELF);
    case 'owner-exit':
      return notFound(M.EXIT_OWNER);
    case 'not-member':
      return denied(M.EXIT_NOT_MEMBER);
    case 'no-permission':
      return denied(M.NO_PERMISSION);
  }
}

export const detailOf = (g: repo.GroupRow, showCode: boolean): GroupDetail => ({
  id: g.id,
  avatar: g.avatar,
  name: g.name,
  shortName: g.shortName,
  brief: g.brief,
  description: g.description,
  owner: g.owner,
  uid: g.uid,
  auth: g.auth,
  visible: g.visible,
  status: g.status,
  code: showCode ? g.code : null,
  gmtCreate: toDateStr(g.gmtCreate)!,
  gmtModified: toDateStr(g.gmtModified)!,
});

export type GroupContext = ReturnType<typeof createGroupContext>;

export function createGroupContext(deps: GroupServiceDeps) {
  const { db } = deps;
  const listCaches = createListCaches(deps.now);

  /** The group, or `BAN(prefix)` when it is missing, or banned and the caller is not site root. */
  async function load(user: AuthUser | null, gid: number, prefix: string): Promise<repo.GroupRow> {
    const g = await repo.findGroup(db, gid);
    if (!g || (g.status === 1 && !isRoot(user))) throw notFound(BAN(prefix));
    return g;
  }

  async function levelOf(user: AuthUser | null, g: repo.GroupRow): Promise<number> {
    if (!user) return MemberAuth.NONE;
    return levelIn(g, await repo.findMember(db, g.id, user.uid), user.uid);
  }

  /** The group (or BAN) and the caller's level in it, in one round trip. */
  async function loadWithLevel(user: AuthUser, gid: number, prefix: string) {
    const row = await repo.findGroupFor(db, gid, user.uid);
    if (!row || (row.status === 1 && !isRoot(user))) throw notFound(BAN(prefix));
    const { viewerAuth, ...g } = row;
    return { g, level: levelIn(g, viewerAuth == null ? undefined : { auth: viewerAuth }, user.uid) };
  }

  /** Member (3–5, owner) or site root, else NOPERM. */
  async function requireMember(user: AuthUser, gid: number, prefix: string) {
    const { g, level } = await loadWithLevel(user, gid, prefix);
    if (!isRoot(user) && level < MemberAuth.MEMBER) throw denied(M.NO_PERMISSION);
    return { g, level };
  }

  /** Group admin (4–5, owner) or site root, else NOPERM. */
  async function requireAdmin(user: AuthUser, gid: number, prefix: string) {
    const { g, level } = await loadWithLevel(user, gid, prefix);
    if (!isRoot(user) && level < MemberAuth.ADMIN) throw denied(M.NO_PERMISSION);
    return { g, level };
  }

  /** The pushed `group:membership` event; a failed publish is logged, the write stands. */
  async function push(
    gid: number,
    uid: string,
    auth: number,
    kind: GroupMembershipPushed['kind'],
    toUids: string[],
  ) {
    const event: GroupMembershipPushed & { toUids: string[] } = {
      gid,
      uid,
      auth,
      kind,
      toUids: [...new Set(toUids)],
    };
    await deps.bus.publish(Subjects.groupMembership(gid), event).catch((err: unknown) => {
      deps.log?.warn({ err }, 'group membership push failed');
    });
  }

  async function notify(toUids: string[], title: string, content: string) {
    if (toUids.length === 0) return;
    await deps.notices.notify({ toUids, title, content, kind: 'Mine' }).catch((err: unknown) => {
      deps.log?.warn({ err }, 'group notice failed');
    });
  }

  /** Who sees the group's applications: its admins (4–5) and owner. */
  async function adminUids(g: repo.GroupRow) {
    return [g.uid, ...(await repo.uidsWithAuth(db, g.id, [MemberAuth.ADMIN, MemberAuth.ROOT]))];
  }

  return {
    deps,
    db,
    listCaches,
    /** A group, its visibility or its member counts changed: the shared list data is stale. */
    listChanged: () => listCaches.clear(),
    load,
    levelOf,
    loadWithLevel,
    requireMember,
    requireAdmin,
    push,
    notify,
    adminUids,
  };
}

// Group rules (reference groups-admin-files.md §3; spec part3 §4–§6.2, §9.1): the group itself,
// membership (every transition decided by protocol/src/group/machine.ts), announcements and the
// rank. The only module of the capability that publishes events.
import { makePage, MAX_PAGE_SIZE, Subjects, toDateStr } from '@oj/protocol';
import type { Bus } from '@oj/protocol/bus';
import {
  decideMembership,
  GROUP_DEFAULT_PAGE_SIZE,
  GROUP_LIMITS,
  GROUP_RANK_PAGE_SIZE,
  GroupAuth,
  MemberAuth,
  type ApplyQuery,
  type GroupAnnouncementBody,
  type GroupAnnouncementRecord,
  type GroupBody,
  type GroupCard,
  type GroupDetail,
  type GroupListQuery,
  type GroupMemberRecord,
  type GroupMembershipPushed,
  type GroupRankQuery,
  type GroupRankRow,
  type MemberBody,
  type MemberDeleteQuery,
  type MemberListQuery,
  type MembershipEvent,
  type MembershipRefusal,
  type PagedGidQuery,
} from '@oj/protocol/group';
import { isRoot, isSiteAdmin, type AuthUser } from '../platform/http/access';
import { TtlCache } from '../platform/ttl-cache';
import { imageTypeOf } from '../platform/http/upload';
import { denied, fail, notFound, type ApiError } from '../platform/http/errors';
import type { GroupStanding, NoticePort } from '../platform/shared-ports';
import { BAN, M, NOTICE } from './messages';
import type { GroupLimits } from './ports';
import { memberPageLayout } from './member-list';
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

export type GroupService = ReturnType<typeof createGroupService>;

const DAY_MS = 24 * 3600_000;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

function pageArgs(current: number | null | undefined, limit: number | null | undefined, def: number) {
  const c = current && current >= 1 ? Math.floor(current) : 1;
  const l = limit && limit >= 1 ? Math.min(Math.floor(limit), MAX_PAGE_SIZE) : def;
  return { current: c, limit: l };
}

const len = (s: string | null | undefined) => [...(s ?? '')].length;
const outside = (s: string | null | undefined, [min, max]: readonly [number, number]) =>
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
function refusalError(op: MembershipEvent['type'], r: MembershipRefusal): ApiError {
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

const toCard = (r: repo.GroupCardRow): GroupCard => ({
  ...r,
  memberCount: Number(r.memberCount ?? 0),
  gmtCreate: toDateStr(r.gmtCreate)!,
});

/** Unsearched rank pages are kept 10 s, as the reference does (§3 get-group-rank-list). */
const RANK_TTL_MS = 10_000;
/** Totals of the group list everybody shares (visible groups per filter). */
const SHARED_COUNT_TTL_MS = 5_000;

export function createGroupService(deps: GroupServiceDeps) {
  const { db } = deps;
  const sharedCounts = new TtlCache<string, number>({
    ttlMs: SHARED_COUNT_TTL_MS,
    maxEntries: 1000,
    now: deps.now,
  });
  // The anonymous list pages (the same for every visitor) are kept as long as the shared totals;
  // so are the visible groups' ids and row ranges that members' pages are made of.
  const visitorPages = new TtlCache<string, repo.GroupCardRow[]>({
    ttlMs: SHARED_COUNT_TTL_MS,
    maxEntries: 1000,
    now: deps.now,
  });
  const visibleIds = new TtlCache<string, number[]>({
    ttlMs: SHARED_COUNT_TTL_MS,
    maxEntries: 200,
    weigh: (ids) => ids.length + 1,
    maxWeight: 2_000_000,
    now: deps.now,
  });
  const visibleRanges = new TtlCache<string, repo.GroupCardRow[]>({
    ttlMs: SHARED_COUNT_TTL_MS,
    maxEntries: 1000,
    now: deps.now,
  });
  /** A group, its visibility or its member counts changed: the shared list data is stale. */
  const listChanged = () => {
    sharedCounts.clear();
    visitorPages.clear();
    visibleIds.clear();
    visibleRanges.clear();
  };

  /**
   * A signed-in member's page (not site root, not onlyMine): the shared visible groups merged by id
   * with the viewer's hidden ones, so a request reads only the viewer's hidden groups.
   */
  async function memberListPage(
    f: repo.GroupListFilter & { viewer: string },
    current: number,
    limit: number,
  ) {
    const filterKey = `${f.auth ?? 0}:${f.keyword ?? ''}`;
    const [ids, hidden] = await Promise.all([
      visibleIds.get(filterKey, () => repo.visibleGroupIds(db, f)),
      repo.hiddenGroupsOf(db, f, f.viewer),
    ]);
    const layout = memberPageLayout(
      ids,
      hidden.map((g) => g.id),
      (current - 1) * limit,
      limit,
    );
    const count = layout.visibleTo - layout.visibleFrom;
    const visible =
      count === 0
        ? []
        : await visibleRanges.get(`${filterKey}:${layout.visibleFrom}:${count}`, () =>
            repo.listGroupRange(db, { ...f, viewer: null, onlyMine: false }, layout.visibleFrom, count),
          );
    const rows = layout.picks.map((p) =>
      p.kind === 'hidden' ? hidden[p.index] : visible[p.index - layout.visibleFrom],
    );
    // The ids and the range were read at different times (another process changed a group in
    // between, before this one heard): when they disagree, the page is read directly.
    const agree = layout.picks.every(
      (p, k) => p.kind === 'hidden' || (rows[k] !== undefined && rows[k].id === ids[p.index]),
    );
    if (!agree) {
      return {
        total: ids.length + hidden.length,
        rows: await repo.listGroupPage(db, f, current, limit),
      };
    }
    return { total: ids.length + hidden.length, rows: rows as repo.GroupCardRow[] };
  }
  const rankPages = new TtlCache<string, Awaited<ReturnType<typeof repo.groupRank>>>({
    ttlMs: RANK_TTL_MS,
    maxEntries: 2000,
    now: deps.now,
  });

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

  const detailOf = (g: repo.GroupRow, showCode: boolean): GroupDetail => ({
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

  /** Validation shared by create and update (reference §3 POST/PUT /api/group); null = fine. */
  function groupFieldError(b: GroupBody, creating: boolean): string | null {
    if (b.name && outside(b.name, GROUP_LIMITS.name)) return M.NAME_LENGTH;
    if (b.shortName && outside(b.shortName, GROUP_LIMITS.shortName)) return M.SHORT_NAME_LENGTH;
    if (b.brief && outside(b.brief, GROUP_LIMITS.brief)) return M.BRIEF_LENGTH;
    if (b.auth == null || ![1, 2, 3].includes(b.auth)) return M.AUTH_RANGE;
    if (creating) {
      if (b.auth !== GroupAuth.PUBLIC && len(b.code) !== GROUP_LIMITS.codeLength) return M.CODE_REQUIRED;
    } else if (b.code && len(b.code) !== GROUP_LIMITS.codeLength) return M.CODE_LENGTH;
    if (b.description && outside(b.description, GROUP_LIMITS.description)) return M.DESCRIPTION_LENGTH;
    return null;
  }

  return {
    /** The group (or BAN with `prefix`) and the caller's level in it (problem-service uses it). */
    groupAccess: loadWithLevel,

    // ---------- the port other capabilities consume ----------

    async standing(uid: string | null, gid: number): Promise<GroupStanding> {
      const g = await repo.findGroupFor(db, gid, uid);
      if (!g) return 'missing';
      if (g.status === 1) return 'banned';
      if (uid === null) return 'none';
      return standingOf(levelIn(g, g.viewerAuth == null ? undefined : { auth: g.viewerAuth }, uid));
    },

    // ---------- groups ----------

    async list(viewer: AuthUser | null, q: GroupListQuery) {
      const { current, limit } = pageArgs(q.currentPage, q.limit, GROUP_DEFAULT_PAGE_SIZE);
      const f = {
        keyword: q.keyword?.trim() || undefined,
        auth: q.auth && q.auth >= 1 ? q.auth : undefined,
        // Reference: absent onlyMine → 500; here false (docs/compat.md G4).
        onlyMine: q.onlyMine ?? false,
        viewer: viewer?.uid ?? null,
        seeAll: isRoot(viewer),
      };
      const uid = f.viewer;
      if (uid && !f.onlyMine && !f.seeAll) {
        const { total, rows } = await memberListPage({ ...f, viewer: uid }, current, limit);
        return makePage(rows.map(toCard), total, limit, current);
      }
      if (f.onlyMine) {
        const { total, rows } = uid
          ? await repo.listMinePage(db, f, uid, current, limit)
          : { total: 0, rows: [] };
        return makePage(rows.map(toCard), total, limit, current);
      }
      // The shared total (visible groups; all for site root) is kept a few seconds (docs/compat.md G22).
      const [total, rows] = await Promise.all([
        sharedCounts.get(`${f.seeAll}:${f.auth ?? 0}:${f.keyword ?? ''}`, () => repo.countShared(db, f)),
        f.viewer === null && !f.seeAll
          ? visitorPages.get(`${f.auth ?? 0}:${f.keyword ?? ''}:${current}:${limit}`, () =>
              repo.listGroupPage(db, f, current, limit),
            )
          : repo.listGroupPage(db, f, current, limit),
      ]);
      return makePage(rows.map(toCard), total, limit, current);
    },

    async detail(user: AuthUser, gid: number): Promise<GroupDetail> {
      const { g, level } = await loadWithLevel(user, gid, '访问团队失败，');
      if (!g.visible && level < MemberAuth.MEMBER && !isRoot(user)) throw denied(M.NOT_PUBLIC);
      return detailOf(g, level === MemberAuth.ROOT || isRoot(user));
    },

    async access(user: AuthUser, gid: number): Promise<{ access: boolean }> {
      if (isRoot(user)) {
        await load(user, gid, '获取权限失败，');
        return { access: true };
      }
      const g = await repo.findGroup(db, gid);
      if (!g) return { access: false };
      const level = await levelOf(user, g);
      if (level < MemberAuth.MEMBER) return { access: false };
      await load(user, gid, '获取权限失败，');
      return { access: true };
    },

    /** The caller's own row auth (0 none); the owner reads 5. */
    async auth(user: AuthUser, gid: number): Promise<number> {
      const g = await repo.findGroup(db, gid);
      if (!g) return MemberAuth.NONE;
      return levelOf(user, g);
    },

    async create(user: AuthUser, b: GroupBody): Promise<null> {
      if (!isSiteAdmin(user)) {
        const limits = await deps.limits();
        const ac = await repo.acceptedCount(db, user.uid);
        if (ac < limits.defaultCreateGroupACInitValue)
          throw denied(M.CREATE_AC_LIMIT(limits.defaultCreateGroupACInitValue));
        const owned = await repo.ownedCounts(db, user.uid, new Date(deps.now() - DAY_MS));
        // Reference: a counter bumped before validation (failed attempts count). Here: groups
        // actually created in the last 24 hours (docs/compat.md G7).
        if (owned.recent >= limits.defaultCreateGroupDailyLimit)
          throw denied(M.CREATE_DAILY_LIMIT(limits.defaultCreateGroupDailyLimit));
        if (owned.total >= limits.defaultCreateGroupLimit)
          throw denied(M.CREATE_TOTAL_LIMIT(limits.defaultCreateGroupLimit));
      }
      const err = groupFieldError(b, true);
      if (err) throw fail(err);
      // Required fields the reference leaves to NOT NULL columns (500): refused plainly (G8).
      if (!b.name) throw fail(M.NAME_LENGTH);
      if (!b.shortName) throw fail(M.SHORT_NAME_LENGTH);
      if (!b.brief) throw fail(M.BRIEF_LENGTH);
      if (!b.description) throw fail(M.DESCRIPTION_LENGTH);
      if (await repo.nameClash(db, 'name', b.name, null)) throw fail(M.NAME_TAKEN);
      if (await repo.nameClash(db, 'shortName', b.shortName, null)) throw fail(M.SHORT_NAME_TAKEN);
      try {
        await repo.insertGroup(
          db,
          {
            name: b.name,
            shortName: b.shortName,
            brief: b.brief,
            description: b.description,
            auth: b.auth!,
            visible: b.visible ?? true,
            code: b.auth === GroupAuth.PUBLIC ? (b.code ?? null) : b.code!,
            avatar: b.avatar ?? null,
            owner: user.username,
            uid: user.uid,
          },
          user.uid,
        );
      } catch (e) {
        if ((e as { code?: string }).code === '23505') throw fail(M.NAME_TAKEN);
        throw fail(M.CREATE_FAILED);
      }
      listChanged();
      return null;
    },

    async update(user: AuthUser, b: GroupBody): Promise<null> {
      if (b.id == null) throw fail(M.ID_REQUIRED);
      const g = await load(user, b.id, '更新失败，');
      if (!isRoot(user) && (await levelOf(user, g)) !== MemberAuth.ROOT) throw denied(M.NO_PERMISSION);
      const err = groupFieldError(b, false);
      if (err) throw fail(err);
      if (b.name && (await repo.nameClash(db, 'name', b.name, g.id))) throw fail(M.NAME_TAKEN);
      if (b.shortName && (await repo.nameClash(db, 'shortName', b.shortName, g.id)))
        throw fail(M.SHORT_NAME_TAKEN);
      const auth = b.auth!;
      if (auth !== GroupAuth.PUBLIC && len(b.code || g.code) !== GROUP_LIMITS.codeLength)
        throw fail(M.CODE_REQUIRED);
      // Only profile fields: status, owner and uid are never taken from the body (G5).
      const ok = await repo.updateGroup(db, g.id, {
        ...(b.name ? { name: b.name } : {}),
        ...(b.shortName ? { shortName: b.shortName } : {}),
        ...(b.brief ? { brief: b.brief } : {}),
        ...(b.description ? { description: b.description } : {}),
        ...(b.code ? { code: b.code } : {}),
        ...(b.avatar ? { avatar: b.avatar } : {}),
        ...(b.visible != null ? { visible: b.visible } : {}),
        auth,
      });
      if (!ok) throw fail(M.UPDATE_FAILED);
      listChanged();
      return null;
    },

    /** Sets the avatar (file capability's upload-group-avatar); group root or site root. */
    async setAvatar(user: AuthUser, gid: number, avatar: string): Promise<GroupDetail> {
      const g = await load(user, gid, '更新失败，');
      if (!isRoot(user) && (await levelOf(user, g)) !== MemberAuth.ROOT) throw denied(M.NO_PERMISSION);
      await repo.updateGroup(db, gid, { avatar });
      return detailOf({ ...g, avatar }, true);
    },

    /**
     * POST /api/file/upload-group-avatar (spec §5: ≤2 MB; the client crops to a 200×200 PNG):
     * group root or site root; the bytes must be an image (magic numbers), stored as a blob.
     */
    async uploadAvatar(
      user: AuthUser,
      gid: number | null,
      file: { filename: string; bytes: Uint8Array; truncated: boolean } | null,
    ): Promise<GroupDetail> {
      if (gid == null || !Number.isInteger(gid)) throw fail(M.ID_REQUIRED);
      const { g, level } = await loadWithLevel(user, gid, '更新失败，');
      if (!isRoot(user) && level !== MemberAuth.ROOT) throw denied(M.NO_PERMISSION);
      if (!file) throw fail(M.AVATAR_EMPTY);
      if (file.truncated || file.bytes.byteLength > AVATAR_MAX_BYTES) throw fail(M.AVATAR_TOO_BIG);
      const type = imageTypeOf(file.bytes);
      if (!type || !deps.blobs) throw fail(M.AVATAR_TYPE);
      const key = await deps.blobs.put(Buffer.from(file.bytes));
      const avatar = `/api/public/group-avatar/${key}.${type}`;
      await repo.updateGroup(db, gid, { avatar });
      return detailOf({ ...g, avatar }, true);
    },

    /** The bytes of a group avatar by its blob key, or null. */
    async avatarFile(name: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
      const m = /^([0-9a-f]{64})\.(png|jpg|gif|webp)$/.exec(name);
      if (!m || !deps.blobs) return null;
      const bytes = await deps.blobs.get(m[1]!);
      return bytes ? { bytes, contentType: m[2] === 'jpg' ? 'image/jpeg' : `image/${m[2]}` } : null;
    },

    async disband(user: AuthUser, gid: number): Promise<null> {
      const { g, level } = await loadWithLevel(user, gid, '删除失败，');
      const d = decideMembership(level, {
        type: 'DISBAND',
        isOwner: g.uid === user.uid,
        siteRoot: isRoot(user),
      });
      if (!d.ok) throw refusalError('DISBAND', d.refusal);
      const members = await repo.uidsWithAuth(db, gid, [
        MemberAuth.MEMBER,
        MemberAuth.ADMIN,
        MemberAuth.ROOT,
      ]);
      if (!(await repo.deleteGroup(db, gid))) throw fail(M.DELETE_FAILED);
      listChanged();
      // Each capability removes its own rows of the group; one failing does not stop the others
      // (the group row is gone, so every group check already answers BAN for what remains).
      for (const clean of deps.onDisband ?? []) {
        try {
          await clean(gid);
        } catch (err) {
          deps.log?.warn({ err, gid }, 'removing a disbanded group objects failed');
        }
      }
      await notify(
        members.filter((u) => u !== user.uid),
        NOTICE.DISBANDED,
        `团队【${g.name}】已被解散。(The group "${g.name}" has been disbanded.)`,
      );
      await push(gid, user.uid, 0, 'disbanded', members);
      return null;
    },

    // ---------- members ----------

    async members(user: AuthUser, q: MemberListQuery) {
      await requireMember(user, q.gid, '获取成员列表失败，');
      return memberPage(q, [MemberAuth.MEMBER, MemberAuth.ADMIN, MemberAuth.ROOT], false);
    },

    async applications(user: AuthUser, q: MemberListQuery) {
      await requireAdmin(user, q.gid, '获取失败，');
      return memberPage(q, [1, 2, 3, 4, 5], true);
    },

    async apply(user: AuthUser, q: ApplyQuery): Promise<null> {
      const g = await repo.findGroup(db, q.gid);
      if (!g) throw notFound(M.APPLY_GROUP_MISSING);
      if (!isRoot(user) && (g.status === 1 || !g.visible)) throw notFound(M.APPLY_GROUP_HIDDEN);
      // Reference: an absent code on a private group → 500 (docs/compat.md G3).
      if (g.auth === GroupAuth.PRIVATE && (q.code ?? '') !== (g.code ?? '')) throw fail(M.APPLY_BAD_CODE);
      const reason = q.reason?.trim() || null;
      if (g.auth !== GroupAuth.PUBLIC && reason && outside(reason, GROUP_LIMITS.reason))
        throw fail(M.APPLY_REASON_LENGTH);
      const row = await repo.findMember(db, g.id, user.uid);
      const d = decideMembership(levelIn(g, row, user.uid), { type: 'APPLY', groupAuth: g.auth });
      if (!d.ok) throw refusalError('APPLY', d.refusal);
      try {
        await repo.insertMember(db, g.id, user.uid, d.auth, g.auth === GroupAuth.PUBLIC ? null : reason);
        listChanged();
      } catch (e) {
        if ((e as { code?: string }).code === '23505') throw denied(M.APPLY_AGAIN);
        throw fail(M.APPLY_FAILED);
      }
      const admins = await adminUids(g);
      if (d.auth === MemberAuth.MEMBER) {
        await notify(
          [user.uid],
          NOTICE.WELCOME,
          `欢迎加入团队【${g.name}】！(Welcome to the group "${g.name}"!)`,
        );
        await push(g.id, user.uid, d.auth, 'joined', [user.uid, ...admins]);
      } else {
        const roots = [g.uid, ...(await repo.uidsWithAuth(db, g.id, [MemberAuth.ROOT]))];
        await notify(
          [...new Set(roots)].filter((u) => u !== user.uid),
          NOTICE.APPLICATION,
          `用户【${user.username}】申请加入团队【${g.name}】。(User "${user.username}" applied to join "${g.name}".)${reason ? `\n\n${reason}` : ''}`,
        );
        await push(g.id, user.uid, d.auth, 'applied', [user.uid, ...admins]);
      }
      return null;
    },

    async setAuth(user: AuthUser, b: MemberBody): Promise<null> {
      const { g, level: actorLevel } = await loadWithLevel(user, b.gid, '更新成员失败，');
      const row = await repo.findMember(db, g.id, b.uid);
      const from = row?.auth ?? MemberAuth.NONE;
      const d = decideMembership(from, {
        type: 'SET_AUTH',
        to: b.auth ?? 0,
        actor: { level: actorLevel, siteRoot: isRoot(user) },
        targetIsOwner: g.uid === b.uid,
      });
      if (!d.ok) throw refusalError('SET_AUTH', d.refusal);
      if (!(await repo.setMemberAuth(db, g.id, b.uid, from, d.auth))) throw fail(M.UPDATE_FAILED);
      listChanged();
      if (from <= MemberAuth.REFUSED && d.auth >= MemberAuth.MEMBER)
        await notify(
          [b.uid],
          NOTICE.WELCOME,
          `欢迎加入团队【${g.name}】！(Welcome to the group "${g.name}"!)`,
        );
      else if (from === MemberAuth.APPLYING && d.auth === MemberAuth.REFUSED)
        // Reference: the welcome notice goes out here too (docs/compat.md G2).
        await notify(
          [b.uid],
          NOTICE.REFUSED,
          `您加入团队【${g.name}】的申请已被拒绝。(Your application to "${g.name}" was refused.)`,
        );
      await push(g.id, b.uid, d.auth, 'decided', [b.uid, ...(await adminUids(g))]);
      return null;
    },

    async remove(user: AuthUser, q: MemberDeleteQuery): Promise<null> {
      const { g, level: actorLevel } = await loadWithLevel(user, q.gid, '删除成员失败，');
      const row = await repo.findMember(db, g.id, q.uid);
      const d = decideMembership(row?.auth ?? MemberAuth.NONE, {
        type: 'REMOVE',
        actor: { level: actorLevel, siteRoot: isRoot(user) },
        targetIsOwner: g.uid === q.uid,
        self: user.uid === q.uid,
      });
      if (!d.ok) throw refusalError('REMOVE', d.refusal);
      if (!(await repo.deleteMember(db, g.id, q.uid))) throw fail(M.DELETE_FAILED);
      listChanged();
      await notify(
        [q.uid],
        NOTICE.REMOVED,
        `您已被移出团队【${g.name}】。(You were removed from "${g.name}".)`,
      );
      await push(g.id, q.uid, 0, 'removed', [q.uid, ...(await adminUids(g))]);
      return null;
    },

    async exit(user: AuthUser, gid: number): Promise<null> {
      const g = await load(user, gid, '退出团队失败，');
      const row = await repo.findMember(db, g.id, user.uid);
      const d = decideMembership(row?.auth ?? MemberAuth.NONE, { type: 'EXIT', isOwner: g.uid === user.uid });
      if (!d.ok) throw refusalError('EXIT', d.refusal);
      if (!(await repo.deleteMember(db, g.id, user.uid))) throw fail(M.EXIT_FAILED);
      listChanged();
      await push(g.id, user.uid, 0, 'exited', [user.uid, ...(await adminUids(g))]);
      return null;
    },

    // ---------- announcements ----------

    async announcements(user: AuthUser, q: PagedGidQuery) {
      await requireMember(user, q.gid, '获取公告失败，');
      return announcementPage(q, true);
    },

    async adminAnnouncements(user: AuthUser, q: PagedGidQuery) {
      await requireAdmin(user, q.gid, '获取公告失败，');
      return announcementPage(q, false);
    },

    async addAnnouncement(user: AuthUser, b: GroupAnnouncementBody): Promise<null> {
      announcementError(b);
      if (b.gid == null) throw fail(M.ANNOUNCEMENT_GID);
      await requireAdmin(user, b.gid, '添加失败，');
      try {
        // The author is the caller, not a client-sent uid (docs/compat.md G6).
        await repo.insertAnnouncement(db, {
          gid: b.gid,
          uid: user.uid,
          title: b.title!,
          content: b.content ?? '',
          status: b.status === 1 ? 1 : 0,
        });
      } catch {
        throw fail(M.ADD_FAILED);
      }
      return null;
    },

    async updateAnnouncement(user: AuthUser, b: GroupAnnouncementBody): Promise<null> {
      if (b.id == null) throw fail(M.ANNOUNCEMENT_ID);
      announcementError(b);
      const a = await repo.findAnnouncement(db, b.id);
      if (!a) throw fail(M.ANNOUNCEMENT_GONE_UPDATE);
      // The group is the stored row's, not the body's (docs/compat.md G6).
      const { level } = await loadWithLevel(user, a.gid, '修改公告失败，');
      const author = a.uid === user.uid && level >= MemberAuth.ADMIN;
      if (!isRoot(user) && level !== MemberAuth.ROOT && !author) throw denied(M.NO_PERMISSION);
      const ok = await repo.updateAnnouncement(db, a.id, {
        title: b.title!,
        content: b.content ?? a.content,
        ...(b.status != null ? { status: b.status === 1 ? 1 : 0 } : {}),
      });
      if (!ok) throw fail(M.MODIFY_FAILED);
      return null;
    },

    async deleteAnnouncement(user: AuthUser, aid: number): Promise<null> {
      const a = await repo.findAnnouncement(db, aid);
      if (!a) throw notFound(M.ANNOUNCEMENT_GONE_DELETE);
      const { level } = await loadWithLevel(user, a.gid, '删除失败，');
      const author = a.uid === user.uid && level >= MemberAuth.ADMIN;
      if (!isRoot(user) && level !== MemberAuth.ROOT && !author) throw denied(M.NO_PERMISSION);
      if (!(await repo.deleteAnnouncement(db, aid))) throw fail(M.REMOVE_FAILED);
      return null;
    },

    // ---------- rank ----------

    async rank(user: AuthUser, q: GroupRankQuery) {
      if (q.type !== 0 && q.type !== 1) throw fail(M.RANK_TYPE);
      // Reference: any logged-in user reads any group's rank. Here: members and site root
      // (docs/compat.md G9), as every other group read.
      await requireMember(user, q.gid, '获取排行榜失败，');
      const { current, limit } = pageArgs(q.currentPage, q.limit, GROUP_RANK_PAGE_SIZE);
      const searchUser = q.searchUser?.trim() || undefined;
      const read = () =>
        repo.groupRank(db, { gid: q.gid, type: q.type as 0 | 1, searchUser }, current, limit);
      const { total, rows } = searchUser
        ? await read()
        : await rankPages.get(`${q.gid}:${q.type}:${current}:${limit}`, read);
      const records: GroupRankRow[] = rows.map((r) => ({
        uid: r.uid,
        username: r.username,
        nickname: r.nickname,
        signature: null,
        avatar: r.avatar,
        titleName: r.titleName,
        titleColor: r.titleColor,
        ac: Number(r.ac),
        total: Number(r.total),
        score: Number(r.score),
      }));
      return makePage(records, total, limit, current);
    },
  };

  async function memberPage(q: MemberListQuery, auths: number[], withReason: boolean) {
    const { current, limit } = pageArgs(q.currentPage, q.limit, 10);
    const { total, rows } = await repo.listMembers(
      db,
      { gid: q.gid, auths, keyword: q.keyword?.trim() || undefined, auth: q.auth ?? undefined },
      current,
      limit,
    );
    const records: GroupMemberRecord[] = rows.map((r) => ({
      id: Number(r.id),
      gid: r.gid,
      uid: r.uid,
      username: r.username,
      auth: r.auth,
      reason: withReason ? r.reason : null,
      gmtCreate: toDateStr(r.gmtCreate)!,
      gmtModify: toDateStr(r.gmtModified)!,
    }));
    return makePage(records, total, limit, current);
  }

  async function announcementPage(q: PagedGidQuery, visibleOnly: boolean) {
    const { current, limit } = pageArgs(q.currentPage, q.limit, 10);
    const { total, rows } = await repo.listAnnouncements(db, q.gid, visibleOnly, current, limit);
    const records: GroupAnnouncementRecord[] = rows.map((r) => ({
      ...r,
      id: Number(r.id),
      gmtCreate: toDateStr(r.gmtCreate)!,
      gmtModified: toDateStr(r.gmtModified)!,
    }));
    return makePage(records, total, limit, current);
  }

  function announcementError(b: GroupAnnouncementBody) {
    if (!b.title?.trim()) throw fail(M.ANNOUNCEMENT_TITLE_EMPTY);
    if (len(b.title) > 255) throw fail(M.ANNOUNCEMENT_TITLE_LONG);
    if (len(b.content) > 65535) throw fail(M.ANNOUNCEMENT_CONTENT_LONG);
  }
}

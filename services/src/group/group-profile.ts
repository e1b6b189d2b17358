// The group itself (reference §3): detail, access and auth reads, create (with the per-user
// limits of spec §9.1), update, avatar, and disband with its clean-up across capabilities.
import {
  decideMembership,
  GROUP_LIMITS,
  GroupAuth,
  MemberAuth,
  type GroupBody,
  type GroupDetail,
} from '@oj/protocol/group';
import type { GroupCreateRule } from '@oj/protocol/write-rules';
import { isRoot, isSiteAdmin, type AuthUser } from '../platform/http/access';
import { denied, fail } from '../platform/http/errors';
import { imageTypeOf } from '../platform/http/upload';
import { M, NOTICE } from './messages';
import * as repo from './repository';
import { detailOf, len, outside, refusalError, type GroupContext } from './service-context';

const DAY_MS = 24 * 3600_000;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export function createGroupProfile(ctx: GroupContext) {
  const { deps, db, load, levelOf, loadWithLevel, listChanged, notify, push } = ctx;

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

    /**
     * GET /api/group-create-rule (issue #26 item 5): the creation limits in force and the caller's
     * standing against them, shown before the form opens. Same numbers `create` checks.
     */
    async createRule(user: AuthUser): Promise<GroupCreateRule> {
      const limits = await deps.limits();
      const [accepted, owned] = await Promise.all([
        repo.acceptedCount(db, user.uid),
        repo.ownedCounts(db, user.uid, new Date(deps.now() - DAY_MS)),
      ]);
      return {
        exempt: isSiteAdmin(user),
        accepted,
        need: limits.defaultCreateGroupACInitValue,
        dailyLimit: limits.defaultCreateGroupDailyLimit,
        createdToday: owned.recent,
        totalLimit: limits.defaultCreateGroupLimit,
        created: owned.total,
      };
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
  };
}

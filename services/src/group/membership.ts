// Membership (reference §3 /api/group/member*): the member and application lists, apply, auth
// changes, removal and exit. Every transition is decided by the membership machine
// (protocol/src/group/machine.ts); decisions reach people as Mine notices and a pushed event.
import { makePage, toDateStr } from '@oj/protocol';
import {
  decideMembership,
  GROUP_LIMITS,
  GroupAuth,
  MemberAuth,
  type ApplyQuery,
  type GroupMemberRecord,
  type MemberBody,
  type MemberDeleteQuery,
  type MemberListQuery,
} from '@oj/protocol/group';
import { isRoot, type AuthUser } from '../platform/http/access';
import { denied, fail, notFound } from '../platform/http/errors';
import { M, NOTICE } from './messages';
import * as repo from './repository';
import { levelIn, outside, pageArgs, refusalError, type GroupContext } from './service-context';

export function createGroupMembership(ctx: GroupContext) {
  const { db, load, loadWithLevel, requireMember, requireAdmin, listChanged, notify, push, adminUids } = ctx;

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

  return {
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
  };
}

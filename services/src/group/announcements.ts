// Group announcements (reference §3 /api/group/announcement*): members read the visible ones,
// group admins all; the author is the caller and the group is the stored row's (compat G6).
import { makePage, toDateStr } from '@oj/protocol';
import {
  MemberAuth,
  type GroupAnnouncementBody,
  type GroupAnnouncementRecord,
  type PagedGidQuery,
} from '@oj/protocol/group';
import { isRoot, type AuthUser } from '../platform/http/access';
import { denied, fail, notFound } from '../platform/http/errors';
import { M } from './messages';
import * as repo from './repository';
import { len, pageArgs, type GroupContext } from './service-context';

export function createGroupAnnouncements(ctx: GroupContext) {
  const { db, loadWithLevel, requireMember, requireAdmin } = ctx;

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

  /** Who edits or deletes an announcement: the group root, site root, or its author while a group admin. */
  async function requireEditor(user: AuthUser, a: { gid: number; uid: string }, prefix: string) {
    const { level } = await loadWithLevel(user, a.gid, prefix);
    const author = a.uid === user.uid && level >= MemberAuth.ADMIN;
    if (!isRoot(user) && level !== MemberAuth.ROOT && !author) throw denied(M.NO_PERMISSION);
  }

  return {
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
      await requireEditor(user, a, '修改公告失败，');
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
      await requireEditor(user, a, '删除失败，');
      if (!(await repo.deleteAnnouncement(db, aid))) throw fail(M.REMOVE_FAILED);
      return null;
    },
  };
}

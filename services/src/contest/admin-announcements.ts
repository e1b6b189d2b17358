// The back office's contest announcements: the admin list, add, update (both pushed to
// the contest room), delete, and the contest admin check for a stored announcement.
import { makePage } from '@oj/protocol';
import type { AuthUser } from '../platform/http/access';
import { fail } from '../platform/http/errors';
import type { ContestContext } from './access';
import { M } from './messages';
import * as repo from './repository';
import { pageArgs, toAnnouncementVO } from './wire-shapes';

interface AnnouncementDTO {
  announcement?: {
    id?: number | null;
    title?: string | null;
    content?: string | null;
    status?: number | null;
  };
  cid?: number | null;
}

export function createAdminAnnouncements(ctx: ContestContext) {
  const { db, requireContestAdmin, publish } = ctx;

  async function adminAnnouncements(cid: number, currentPage?: number, limit?: number) {
    const p = pageArgs(currentPage, limit, 10);
    const { total, rows } = await repo.listAnnouncements(db, cid, false, p.current, p.limit);
    return makePage(rows.map(toAnnouncementVO), total, p.limit, p.current);
  }

  async function addAnnouncement(user: AuthUser, dto: AnnouncementDTO) {
    const a = dto.announcement;
    const c = dto.cid ? await repo.findContest(db, dto.cid) : null;
    if (!a || !c || !a.title?.trim()) throw fail(M.ADD_FAILED);
    const saved = await repo.insertAnnouncement(db, {
      cid: c.id,
      title: a.title,
      content: a.content ?? '',
      uid: user.uid,
      username: user.username,
      status: a.status ?? 0,
      gid: c.gid,
    });
    await publish(c.id, 'announcement', { cid: c.id, id: saved.id, title: saved.title });
    return null;
  }

  async function updateAnnouncement(dto: AnnouncementDTO) {
    const a = dto.announcement;
    if (!a?.id) throw fail(M.ANNOUNCEMENT_UPDATE_FAILED);
    const ok = await repo.updateAnnouncement(db, a.id, {
      title: a.title ?? undefined,
      content: a.content ?? undefined,
      status: a.status ?? undefined,
    });
    if (!ok) throw fail(M.ANNOUNCEMENT_UPDATE_FAILED);
    const saved = await repo.findAnnouncement(db, a.id);
    if (saved) await publish(saved.cid, 'announcement', { cid: saved.cid, id: saved.id, title: saved.title });
    return null;
  }

  /** The contest admin check for an announcement, from its stored contest. */
  async function requireAnnouncementAdmin(user: AuthUser, aid: number | null | undefined) {
    const a = aid ? await repo.findAnnouncement(db, aid) : null;
    if (!a) throw fail(M.ANNOUNCEMENT_UPDATE_FAILED);
    await requireContestAdmin(user, a.cid);
  }

  async function deleteAnnouncement(aid: number) {
    if (!(await repo.deleteAnnouncement(db, aid))) throw fail(M.ANNOUNCEMENT_DELETE_FAILED);
    return null;
  }

  return {
    adminAnnouncements,
    addAnnouncement,
    updateAnnouncement,
    deleteAnnouncement,
    requireAnnouncementAdmin,
  };
}

// Group contests (groups-admin-files.md §3 /api/group/*contest*): the contest rules and back office
// of this capability, with the group's checks first. A caller's standing in the group comes from
// the GroupRolePort; site root passes every group check. Members list the visible contests; group
// admins create; the creator (stored uid), the group root and site root manage a contest.
import { makePage, MAX_PAGE_SIZE } from '@oj/protocol';
import type { AdminProblemListQuery } from '@oj/protocol/contest/schemas';
import { isRoot, type AuthUser } from '../platform/http/access';
import { denied, fail, notFound } from '../platform/http/errors';
import {
  isGroupAdmin,
  isGroupMember,
  type GroupRolePort,
  type GroupStanding,
} from '../platform/shared-ports';
import { GCM } from './group-messages';
import { M } from './messages';
import type { ProblemCatalog } from './ports';
import * as repo from './repository';
import type { Db } from './repository';
import {
  contestColumns,
  toAdminContestVO,
  toContestVO,
  validateContestInput,
  type ContestInput,
  type ContestRecordRow,
} from './rules';
import type { ContestService } from './service';

export type GroupContestService = ReturnType<typeof createGroupContestService>;

export interface GroupContestDeps {
  db: Db;
  groups: GroupRolePort;
  problems: ProblemCatalog;
  now: () => number;
}

interface Texts {
  missing: string;
  foreign: string;
  ban: string;
}

function pageArgs(current?: number | null, limit?: number | null) {
  const c = current && current >= 1 ? Math.floor(current) : 1;
  const l = limit && limit >= 1 ? Math.min(Math.floor(limit), MAX_PAGE_SIZE) : 10;
  return { current: c, limit: l };
}

export function createGroupContestService(deps: GroupContestDeps, contests: ContestService) {
  const { db } = deps;

  /** BAN(prefix) when the group is missing, or banned and the caller is not site root. */
  async function gate(user: AuthUser, gid: number, prefix: string): Promise<GroupStanding> {
    const standing = await deps.groups.standing(user.uid, gid);
    if (standing === 'missing' || (standing === 'banned' && !isRoot(user))) throw notFound(GCM.BAN(prefix));
    return standing;
  }

  async function requireStanding(user: AuthUser, gid: number, prefix: string, admin: boolean) {
    const standing = await gate(user, gid, prefix);
    const ok = admin ? isGroupAdmin(standing) : isGroupMember(standing);
    if (!isRoot(user) && !ok) throw denied(GCM.NOPERM);
    return standing;
  }

  /** A stored group contest the caller manages: its creator, the group root or site root. */
  async function managed(
    user: AuthUser,
    cid: number | null | undefined,
    t: Texts,
  ): Promise<ContestRecordRow> {
    const c = cid ? await repo.findContest(db, cid) : null;
    if (!c) throw notFound(t.missing);
    if (!c.isGroup || c.gid === null) throw denied(t.foreign);
    const standing = await gate(user, c.gid, t.ban);
    if (!(isRoot(user) || c.uid === user.uid || standing === 'root')) throw denied(GCM.NOPERM);
    return c;
  }

  async function list(
    user: AuthUser,
    q: { gid: number; currentPage?: number | null; limit?: number | null },
  ) {
    await requireStanding(user, q.gid, '获取比赛列表失败，', false);
    const p = pageArgs(q.currentPage, q.limit);
    const { total, rows } = await repo.listGroup(db, q.gid, true, p.current, p.limit);
    const now = deps.now();
    return makePage(
      rows.map((r) => ({ ...toContestVO(r, 0, now, false), count: null, gid: null, allowEndSubmit: null })),
      total,
      p.limit,
      p.current,
    );
  }

  async function adminList(
    user: AuthUser,
    q: { gid: number; currentPage?: number | null; limit?: number | null },
  ) {
    await requireStanding(user, q.gid, '获取比赛列表失败，', true);
    const p = pageArgs(q.currentPage, q.limit);
    const { total, rows } = await repo.listGroup(db, q.gid, false, p.current, p.limit);
    const now = deps.now();
    return makePage(
      rows.map((r) => toAdminContestVO(r, now)),
      total,
      p.limit,
      p.current,
    );
  }

  async function get(user: AuthUser, cid: number) {
    const c = await managed(user, cid, {
      missing: GCM.GET_MISSING,
      foreign: GCM.GET_FOREIGN,
      ban: '获取比赛失败，',
    });
    return toAdminContestVO(c, deps.now());
  }

  async function create(user: AuthUser, input: ContestInput & { gid?: number | null }) {
    const error = validateContestInput(input);
    if (error) throw fail(error);
    if (input.gid == null) throw notFound(GCM.ADD_NO_GID);
    await requireStanding(user, input.gid, '添加失败，', true);
    const id = await repo.insertContest(db, {
      ...contestColumns(input),
      // The creator is the caller, never the body's uid/author (docs/compat.md).
      uid: user.uid,
      author: user.username,
      source: input.source ?? 0,
      is_group: true,
      gid: input.gid,
    });
    return { id };
  }

  async function update(user: AuthUser, input: ContestInput) {
    const error = validateContestInput(input);
    if (error) throw fail(error);
    if (!input.id) throw notFound(GCM.UPDATE_NO_ID);
    await managed(user, input.id, {
      missing: GCM.UPDATE_MISSING,
      foreign: GCM.UPDATE_FOREIGN,
      ban: '更新失败，',
    });
    return contests.adminUpdate(user, input);
  }

  async function remove(user: AuthUser, cid: number) {
    await managed(user, cid, { missing: GCM.DELETE_MISSING, foreign: GCM.DELETE_FOREIGN, ban: '删除失败，' });
    return contests.adminDelete(cid);
  }

  async function changeVisible(user: AuthUser, cid: number, visible: boolean) {
    await managed(user, cid, {
      missing: GCM.VISIBLE_MISSING,
      foreign: GCM.VISIBLE_FOREIGN,
      ban: '修改失败，',
    });
    return contests.changeVisible(user, cid, undefined, visible);
  }

  async function problemList(user: AuthUser, q: AdminProblemListQuery) {
    await managed(user, q.cid, {
      missing: GCM.GET_MISSING,
      foreign: GCM.PROBLEMS_FOREIGN,
      ban: '获取比赛题目列表失败，',
    });
    return contests.adminProblemList(q);
  }

  async function contestProblem(user: AuthUser, cid: number, pid: number) {
    await managed(user, cid, {
      missing: GCM.CP_GET_MISSING,
      foreign: GCM.CP_GET_FOREIGN,
      ban: '获取失败，',
    });
    const cp = await repo.contestProblemByPid(db, cid, pid);
    if (!cp) throw fail(GCM.CP_GONE);
    return contests.getContestProblem(cid, pid);
  }

  async function saveContestProblem(
    user: AuthUser,
    body: Parameters<ContestService['saveContestProblem']>[0],
  ) {
    const c = await managed(user, body.cid, {
      missing: GCM.CONTEST_MISSING,
      foreign: GCM.CP_UPDATE_FOREIGN,
      ban: '更新失败，',
    });
    // Only the group's own problems or public bank problems are linked.
    if (body.pid) {
      const p = (await deps.problems.summaries([body.pid])).get(body.pid);
      if (!p || (p.gid !== null && p.gid !== c.gid)) throw notFound(GCM.PROBLEM_HIDDEN);
    }
    await contests.saveContestProblem(body);
    return null;
  }

  async function removeProblem(user: AuthUser, cid: number, pid: number) {
    await managed(user, cid, {
      missing: GCM.DELETE_MISSING,
      foreign: GCM.CP_DELETE_FOREIGN,
      ban: '删除失败，',
    });
    return contests.removeProblem(cid, pid);
  }

  async function addFromPublic(
    user: AuthUser,
    body: { pid?: number | null; cid?: number | null; displayId?: string | null },
  ) {
    if (!body.pid || !body.cid || !body.displayId?.trim()) throw fail(M.ADD_FAILED);
    const p = (await deps.problems.summaries([body.pid])).get(body.pid);
    if (!p || p.auth !== 1 || p.gid !== null) throw notFound(GCM.PROBLEM_HIDDEN);
    await managed(user, body.cid, {
      missing: GCM.CONTEST_MISSING,
      foreign: GCM.ADD_FOREIGN,
      ban: '添加题目失败，',
    });
    // A group admin never withdraws a public problem from everyone: the contest gets a copy.
    return contests.addFromPublic(body, user);
  }

  async function addFromGroup(user: AuthUser, q: { problemId: string; cid: number; displayId: string }) {
    const c = await managed(user, q.cid, {
      missing: GCM.ADD_MISSING,
      foreign: GCM.ADD_FOREIGN,
      ban: '添加失败，',
    });
    const p = await deps.problems.groupProblem?.(q.problemId.trim().toUpperCase(), c.gid!);
    if (!p) throw notFound(GCM.PROBLEM_NOT_GROUP);
    const displayId = q.displayId.trim();
    if (!displayId) throw fail(M.ADD_FAILED);
    if (await repo.contestProblemClash(db, c.id, p.id, displayId)) throw fail(M.CP_DUPLICATE);
    await contests.saveContestProblem({ cid: c.id, pid: p.id, displayId, displayTitle: p.title });
    // The problem leaves the group problem list (reference: auth 3).
    await deps.problems.markContestOnly(p.id);
    return null;
  }

  async function announcements(
    user: AuthUser,
    q: { cid: number; currentPage?: number | null; limit?: number | null },
  ) {
    await managed(user, q.cid, { missing: GCM.GET_MISSING, foreign: GCM.ANN_FOREIGN_GET, ban: '获取失败，' });
    return contests.adminAnnouncements(q.cid, q.currentPage ?? undefined, q.limit ?? undefined);
  }

  type AnnouncementDTO = Parameters<ContestService['addAnnouncement']>[1];

  async function addAnnouncement(user: AuthUser, dto: AnnouncementDTO) {
    if (!dto.cid) throw fail(GCM.CID_REQUIRED);
    await managed(user, dto.cid, {
      missing: GCM.ADD_MISSING,
      foreign: GCM.ANN_FOREIGN_ADD,
      ban: '添加失败，',
    });
    return contests.addAnnouncement(user, dto);
  }

  async function updateAnnouncement(user: AuthUser, dto: AnnouncementDTO) {
    if (!dto.cid) throw fail(GCM.CID_REQUIRED);
    const c = await managed(user, dto.cid, {
      missing: GCM.UPDATE_MISSING,
      foreign: GCM.ANN_FOREIGN_UPDATE,
      ban: '更新失败，',
    });
    // The announcement must be one of this contest's (the body's cid is checked, not trusted).
    const a = dto.announcement?.id ? await repo.findAnnouncement(db, dto.announcement.id) : null;
    if (!a || a.cid !== c.id) throw fail(M.ANNOUNCEMENT_UPDATE_FAILED);
    return contests.updateAnnouncement(dto);
  }

  async function deleteAnnouncement(user: AuthUser, aid: number, cid: number) {
    const c = await managed(user, cid, {
      missing: GCM.DELETE_MISSING,
      foreign: GCM.ANN_FOREIGN_DELETE,
      ban: '删除失败，',
    });
    const a = await repo.findAnnouncement(db, aid);
    if (!a || a.cid !== c.id) throw notFound(GCM.ANN_DELETE_MISSING);
    return contests.deleteAnnouncement(aid);
  }

  /** A disbanded group's contests go with it (their problems links, registrations, announcements cascade). */
  async function removeGroup(gid: number): Promise<void> {
    for (const cid of await repo.groupContestIds(db, gid)) await contests.adminDelete(cid);
  }

  return {
    removeGroup,
    list,
    adminList,
    get,
    create,
    update,
    remove,
    changeVisible,
    problemList,
    contestProblem,
    saveContestProblem,
    removeProblem,
    addFromPublic,
    addFromGroup,
    announcements,
    addAnnouncement,
    updateAnnouncement,
    deleteAnnouncement,
  };
}

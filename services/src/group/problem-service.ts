// Group problems (reference groups-admin-files.md §3 /api/group/*problem*): who may list, read,
// create, edit, delete, change the auth of and ask publication for a group's problems. The group
// rules live here; the problem itself is written by the problem capability through the port.
import { makePage, MAX_PAGE_SIZE } from '@oj/protocol';
import { MemberAuth } from '@oj/protocol/group';
import type { CompileBody, ProblemDTO } from '@oj/protocol/problem/schemas';
import { isRoot, type AuthUser } from '../platform/http/access';
import { denied, fail, notFound } from '../platform/http/errors';
import { M } from './messages';
import type { GroupProblemFacts, GroupProblemPort } from './ports';
import { PM } from './problem-messages';
import type { GroupService } from './service';

export type GroupProblemService = ReturnType<typeof createGroupProblemService>;

const MAX_DISPLAY_ID = 50;

function pageArgs(current: number | null | undefined, limit: number | null | undefined) {
  const c = current && current >= 1 ? Math.floor(current) : 1;
  const l = limit && limit >= 1 ? Math.min(Math.floor(limit), MAX_PAGE_SIZE) : 10;
  return { current: c, limit: l };
}

export function createGroupProblemService(groups: GroupService, problems: () => GroupProblemPort) {
  /** The problem, which must belong to a group (else 403 `foreign`), and the caller's level there. */
  async function groupProblem(user: AuthUser, pid: number, foreign: string, banPrefix: string) {
    const p = await problems().find(pid);
    if (!p) throw notFound(PM.MISSING);
    if (!p.isGroup || p.gid == null) throw denied(foreign);
    const { g, level } = await groups.groupAccess(user, p.gid, banPrefix);
    return { p, g, level };
  }
  /** Author (by username), group root or site root. */
  const mayManage = (user: AuthUser, p: GroupProblemFacts, level: number) =>
    isRoot(user) || level === MemberAuth.ROOT || p.author === user.username;

  /** The DTO scoped to the group: prefixed display id, gid and isGroup forced, no foreign tags. */
  function scoped(
    dto: ProblemDTO,
    gid: number,
    shortName: string,
    user: AuthUser,
    creating: boolean,
  ): ProblemDTO {
    if (!dto.problem) throw fail(PM.CONFIG_REQUIRED);
    const bare = dto.problem.problemId?.trim() ?? '';
    if (!bare) throw fail(PM.DISPLAY_ID_REQUIRED);
    if (bare.length > MAX_DISPLAY_ID) throw fail(PM.DISPLAY_ID_LONG);
    for (const tag of dto.tags ?? []) {
      const tagGid = (tag as { gid?: number | null }).gid;
      if (tagGid != null && tagGid !== gid) throw denied(creating ? M.NO_PERMISSION : PM.FOREIGN_TAG);
    }
    return {
      ...dto,
      tags: (dto.tags ?? []).map((t) => ((t as { id?: number | null }).id == null ? { ...t, gid } : t)),
      problem: {
        ...dto.problem,
        problemId: `${shortName}${bare}`.toUpperCase(),
        isGroup: true,
        gid,
        ...(creating ? { author: user.username, applyPublicProgress: null } : {}),
      },
    } as ProblemDTO;
  }

  return {
    async list(user: AuthUser, q: { gid: number; currentPage?: number | null; limit?: number | null }) {
      await requireLevel(user, q.gid, MemberAuth.MEMBER, '获取题目列表失败，');
      const { current, limit } = pageArgs(q.currentPage, q.limit);
      const { total, rows } = await problems().page(q.gid, true, current, limit);
      const tags = await problems().tagsOf(rows.map((r) => r.id));
      const records = rows.map((r) => ({
        pid: r.id,
        problemId: r.problemId,
        title: r.title,
        difficulty: r.difficulty,
        type: r.type,
        tags: tags.get(r.id) ?? [],
        total: r.total,
        ac: r.ac,
      }));
      return makePage(records, total, limit, current);
    },

    async adminList(user: AuthUser, q: { gid: number; currentPage?: number | null; limit?: number | null }) {
      await requireLevel(user, q.gid, MemberAuth.ADMIN, '获取题目列表失败，');
      const { current, limit } = pageArgs(q.currentPage, q.limit);
      const { total, rows } = await problems().page(q.gid, false, current, limit);
      const records = rows.map((r) => ({
        id: r.id,
        problemId: r.problemId,
        title: r.title,
        author: r.author,
        gmtCreate: r.gmtCreate.toISOString(),
        modifiedUser: r.modifiedUser,
        auth: r.auth,
        applyPublicProgress: r.applyPublicProgress,
        gid: r.gid,
      }));
      return makePage(records, total, limit, current);
    },

    /** POST /api/group/compile-spj|interactive: the verdict, not the reference's blind success (G23). */
    async compile(user: AuthUser, gid: number, kind: 'spj' | 'interactive', body: CompileBody) {
      await requireLevel(user, gid, MemberAuth.ADMIN, '编译失败，');
      const code = body.code?.trim() ? body.code : '';
      const language = body.language?.trim() ?? '';
      if (!code || !language) throw fail(PM.COMPILE_EMPTY);
      const r = await problems().compileChecker({ kind, code, language, extraFiles: body.extraFiles ?? {} });
      if (!r.ok) throw fail(r.msg, r.status);
    },

    async tags(user: AuthUser, gid: number) {
      await requireLevel(user, gid, MemberAuth.ADMIN, '获取失败，');
      return problems().tags(gid);
    },

    async get(user: AuthUser, pid: number) {
      const { p, level } = await groupProblem(user, pid, PM.GET_FOREIGN, '获取失败，');
      if (!mayManage(user, p, level)) throw denied(M.NO_PERMISSION);
      return problems().get(pid);
    },

    async cases(user: AuthUser, pid: number) {
      const { p, level } = await groupProblem(user, pid, PM.CASES_FOREIGN, '获取失败，');
      if (!mayManage(user, p, level)) throw denied(M.NO_PERMISSION);
      return problems().cases(pid);
    },

    async create(user: AuthUser, dto: ProblemDTO): Promise<null> {
      const gid = dto.problem?.gid;
      if (gid == null) throw denied(PM.ADD_NO_GID);
      const { g } = await requireLevel(user, gid, MemberAuth.ADMIN, '添加失败，');
      await problems().create(user, scoped(dto, gid, g.shortName, user, true));
      return null;
    },

    async update(user: AuthUser, dto: ProblemDTO): Promise<null> {
      const pid = dto.problem?.id;
      if (pid == null) throw fail(PM.ID_REQUIRED);
      const { p, g, level } = await groupProblem(user, pid, PM.UPDATE_FOREIGN, '更新失败，');
      if (!mayManage(user, p, level)) throw denied(M.NO_PERMISSION);
      const body = scoped(dto, g.id, g.shortName, user, false);
      // The author and the publication state are the stored ones, never the body's.
      await problems().update(user, {
        ...body,
        problem: { ...body.problem!, author: p.author ?? user.username },
      });
      return null;
    },

    async remove(user: AuthUser, pid: number): Promise<null> {
      const { p, level } = await groupProblem(user, pid, PM.DELETE_FOREIGN, '删除失败，');
      if (!mayManage(user, p, level)) throw denied(M.NO_PERMISSION);
      await problems().remove(pid);
      return null;
    },

    async changeAuth(user: AuthUser, pid: number, auth: number): Promise<null> {
      const { p, level } = await groupProblem(user, pid, PM.UPDATE_FOREIGN, '更新失败，');
      if (!mayManage(user, p, level)) throw denied(M.NO_PERMISSION);
      // Reference: any integer is stored; 3 (contest) is never chosen by hand (docs/compat.md G14).
      if (auth !== 1 && auth !== 2) throw fail(PM.AUTH_RANGE);
      await problems().changeAuth(user, pid, auth);
      return null;
    },

    async applyPublic(user: AuthUser, pid: number, isApplied: boolean): Promise<null> {
      const { p, level } = await groupProblem(user, pid, PM.APPLY_FOREIGN, '申请失败，');
      if (!mayManage(user, p, level)) throw denied(M.NO_PERMISSION);
      if (!isApplied) {
        // Withdrawn: the request leaves the back office's review queue (docs/compat.md G15).
        if (!(await problems().withdrawPublic(pid))) throw fail(PM.NOT_APPLYING);
        return null;
      }
      await problems().applyPublic(pid);
      return null;
    },

    /**
     * POST /api/group/contest-problem: a group problem for a group contest, auth 3 (contest only);
     * the client links it with PUT /api/group/contest-problem afterwards.
     */
    async createForContest(user: AuthUser, dto: ProblemDTO): Promise<{ pid: number }> {
      const gid = dto.problem?.gid;
      if (gid == null) throw notFound(PM.ADD_CONTEST_NO_GID);
      const { g } = await requireLevel(user, gid, MemberAuth.ADMIN, '添加失败，');
      const body = scoped(
        { ...dto, problem: dto.problem ? { ...dto.problem, auth: 3 } : dto.problem },
        gid,
        g.shortName,
        user,
        true,
      );
      await problems().create(user, body);
      const pid = await problems().idOf(body.problem!.problemId!, gid);
      if (pid == null) throw fail(M.ADD_FAILED);
      return { pid };
    },
  };

  async function requireLevel(user: AuthUser, gid: number, min: number, prefix: string) {
    const r = await groups.groupAccess(user, gid, prefix);
    if (!isRoot(user) && r.level < min) throw denied(M.NO_PERMISSION);
    return r;
  }
}

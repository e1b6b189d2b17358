// Group trainings (groups-admin-files.md §3 "group trainings"): the same training rules and back
// office, with the group's checks first. A user's standing in the group comes from the
// GroupRolePort; site root passes every group check.
import { makePage, MAX_PAGE_SIZE, type Page } from '@oj/protocol';
import type {
  AddFromPublicBody,
  AdminTraining,
  TrainingDTO,
  TrainingProblemInput,
  TrainingVO,
} from '@oj/protocol/training/schemas';
import { camelDb } from '../platform/db/camel';
import { denied, fail, notFound } from '../platform/http/errors';
import { isRoot, type AuthUser } from '../platform/http/access';
import { isGroupAdmin, isGroupMember, type GroupStanding } from '../platform/shared-ports';
import type { Allow, TrainingAdminService } from './admin-service';
import { GM, M } from './messages';
import type { TrainingDeps } from './ports';
import * as repo from './repository';
import type { TrainingService } from './service';
import type { TrainingTables } from './tables';

export type GroupTrainingService = ReturnType<typeof createGroupTrainingService>;

export function createGroupTrainingService(
  deps: TrainingDeps,
  training: TrainingService,
  admin: TrainingAdminService,
) {
  const db = camelDb<TrainingTables>(deps.db as never);

  /** BAN(prefix) when the group is missing, or banned and the caller is not site root. */
  async function gate(user: AuthUser, gid: number, prefix: string): Promise<GroupStanding> {
    const standing = await deps.groups.standing(user.uid, gid);
    if (standing === 'missing' || (standing === 'banned' && !isRoot(user))) throw notFound(GM.BAN(prefix));
    return standing;
  }

  /** The author, the group root, or site root manage a group training. */
  const manager =
    (user: AuthUser, standing: GroupStanding): Allow =>
    (t) =>
      isRoot(user) ||
      (t.authorUid ? t.authorUid === user.uid : t.author === user.username) ||
      standing === 'root';

  /** A stored group training and the caller's standing in its group. */
  async function groupTraining(
    user: AuthUser,
    tid: number,
    texts: { missing: string; notGroup: string; ban: string },
  ) {
    const t = await repo.trainingRow(db, tid);
    if (!t) throw notFound(texts.missing);
    if (t.gid === null) throw denied(texts.notGroup);
    const standing = await gate(user, Number(t.gid), texts.ban);
    return { t, allow: manager(user, standing) };
  }

  const pageOf = (currentPage?: number, limit?: number) => ({
    size: Math.min(limit && limit >= 1 ? limit : 10, MAX_PAGE_SIZE),
    current: currentPage && currentPage >= 1 ? currentPage : 1,
  });

  async function list(
    user: AuthUser,
    q: { gid: number; currentPage?: number; limit?: number },
  ): Promise<Page<TrainingVO>> {
    const standing = await gate(user, q.gid, '获取失败，');
    if (!isRoot(user) && !isGroupMember(standing)) throw denied(GM.NOPERM);
    return training.list(user, { currentPage: q.currentPage, limit: q.limit ?? 10 }, q.gid);
  }

  async function adminList(
    user: AuthUser,
    q: { gid: number; currentPage?: number; limit?: number },
  ): Promise<Page<AdminTraining>> {
    const standing = await gate(user, q.gid, '获取失败，');
    if (!isRoot(user) && !isGroupAdmin(standing)) throw denied(GM.NOPERM);
    const { size, current } = pageOf(q.currentPage, q.limit);
    const { total, rows } = await repo.groupAdminList(db, q.gid, current, size);
    return makePage(
      rows.map((t) => ({
        id: Number(t.id),
        title: t.title,
        description: t.description,
        author: t.author,
        auth: t.auth,
        privatePwd: t.privatePwd,
        status: t.status,
        rank: t.rank,
        rankShowName: t.rankShowName,
        isGroup: t.isGroup,
        gid: Number(t.gid),
        gmtCreate: t.gmtCreate.toISOString().replace('Z', '+0000'),
        gmtModified: t.gmtModified.toISOString().replace('Z', '+0000'),
      })),
      total,
      size,
      current,
    );
  }

  async function get(user: AuthUser, tid: number) {
    const { allow } = await groupTraining(user, tid, {
      missing: GM.TRAINING_GONE,
      notGroup: GM.NOT_GROUP_TRAINING_GET,
      ban: '获取训练失败，',
    });
    return admin.get(user, tid, allow);
  }

  async function create(user: AuthUser, dto: TrainingDTO): Promise<null> {
    const gid = dto.training.gid;
    if (gid == null) throw denied(GM.GID_REQUIRED);
    const standing = await gate(user, gid, '添加训练失败，');
    if (!isRoot(user) && !isGroupAdmin(standing)) throw denied(GM.NOPERM);
    return admin.create(user, dto, gid);
  }

  async function update(user: AuthUser, dto: TrainingDTO): Promise<null> {
    if (dto.training.id == null) throw denied(GM.UPDATE_ID_REQUIRED);
    const { allow } = await groupTraining(user, dto.training.id, {
      missing: GM.TRAINING_GONE,
      notGroup: GM.NOT_GROUP_TRAINING_UPDATE,
      ban: '更新训练失败，',
    });
    return admin.update(user, dto, allow);
  }

  async function remove(user: AuthUser, tid: number): Promise<null> {
    const { t, allow } = await groupTraining(user, tid, {
      missing: GM.TRAINING_GONE,
      notGroup: GM.NOT_GROUP_TRAINING_DELETE,
      ban: '删除训练失败，',
    });
    if (!(await allow(t))) throw denied(GM.NOPERM);
    return admin.remove(tid);
  }

  async function changeStatus(user: AuthUser, tid: number, status: boolean): Promise<null> {
    const { allow } = await groupTraining(user, tid, {
      missing: GM.TRAINING_GONE,
      notGroup: GM.NOT_GROUP_TRAINING_STATUS,
      ban: '修改训练失败，',
    });
    return admin.changeStatus(user, tid, status, allow);
  }

  async function problems(
    user: AuthUser,
    q: { tid: number; queryExisted?: boolean; keyword?: string | null; currentPage?: number; limit?: number },
  ) {
    const t = await repo.trainingRow(db, q.tid);
    if (!t) throw notFound(GM.PROBLEM_LIST_GONE);
    if (t.gid === null) throw notFound(GM.BAN('获取失败，'));
    const standing = await gate(user, Number(t.gid), '获取失败，');
    return admin.problems(user, { ...q, queryExisted: q.queryExisted ?? true }, manager(user, standing));
  }

  async function updateProblem(user: AuthUser, body: TrainingProblemInput): Promise<null> {
    if (body.tid == null || body.id == null) throw fail(M.PROBLEM_UPDATE_FAILED);
    const { allow } = await groupTraining(user, body.tid, {
      missing: GM.PROBLEM_UPDATE_GONE,
      notGroup: GM.NOT_GROUP_TRAINING_PROBLEM_UPDATE,
      ban: '更新失败，',
    });
    return admin.updateProblem(user, body, allow);
  }

  async function removeProblem(user: AuthUser, pid: number, tid: number): Promise<null> {
    const { allow } = await groupTraining(user, tid, {
      missing: GM.TRAINING_GONE,
      notGroup: GM.NOT_GROUP_TRAINING_PROBLEM_DELETE,
      ban: '删除失败，',
    });
    return admin.removeProblem(user, pid, tid, allow);
  }

  async function addFromPublic(user: AuthUser, body: AddFromPublicBody): Promise<null> {
    if (body.tid == null || body.pid == null) throw fail(M.ADD_FAILED);
    const { allow } = await groupTraining(user, body.tid, {
      missing: M.ADD_TRAINING_GONE,
      notGroup: GM.NOT_GROUP_TRAINING_PROBLEM_ADD,
      ban: '添加失败，',
    });
    return admin.addFromPublic(user, body, allow);
  }

  async function addFromGroup(user: AuthUser, problemId: string, tid: number): Promise<null> {
    const { t, allow } = await groupTraining(user, tid, {
      missing: M.ADD_TRAINING_GONE,
      notGroup: GM.NOT_GROUP_TRAINING_PROBLEM_ADD,
      ban: '添加失败，',
    });
    if (!(await allow(t))) throw denied(GM.NOPERM);
    const p = await repo.groupProblem(db, problemId.trim(), Number(t.gid));
    if (!p) throw notFound(GM.PROBLEM_GROUP_GONE);
    return admin.link(tid, Number(p.id), p.problemId);
  }

  return {
    list,
    adminList,
    get,
    create,
    update,
    remove,
    changeStatus,
    problems,
    updateProblem,
    removeProblem,
    addFromPublic,
    addFromGroup,
  };
}

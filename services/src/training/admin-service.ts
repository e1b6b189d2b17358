// The back office of trainings (reference groups-admin-files.md §4.9): trainings, their
// problems and categories. Who may edit a training is decided from the stored row (root or
// its author), never from the body (compat T1, T2).
import { makePage, MAX_PAGE_SIZE, toDateStr, type Page } from '@oj/protocol';
import type {
  AddFromPublicBody,
  AdminTraining,
  AdminTrainingProblemRow,
  TrainingCategory,
  TrainingCategoryInput,
  TrainingDTO,
  TrainingProblemInput,
  TrainingProblemLink,
} from '@oj/protocol/training/schemas';
import { camelDb } from '../platform/db/camel';
import { denied, fail } from '../platform/http/errors';
import { isRoot, type AuthUser } from '../platform/http/access';
import { GM, M } from './messages';
import type { TrainingDeps } from './ports';
import * as repo from './repository';
import type { TrainingService } from './service';
import type { TrainingTables } from './tables';

const MAX_TITLE = 500;
const MAX_DESCRIPTION = 65535;

type TrainingRow = NonNullable<Awaited<ReturnType<typeof repo.trainingRow>>>;

function toAdmin(t: TrainingRow, withPwd: boolean): AdminTraining {
  return {
    id: Number(t.id),
    title: t.title,
    description: t.description,
    author: t.author,
    auth: t.auth,
    privatePwd: withPwd ? t.privatePwd : null,
    status: t.status,
    rank: t.rank,
    rankShowName: t.rankShowName,
    isGroup: t.isGroup,
    gid: t.gid === null ? null : Number(t.gid),
    gmtCreate: toDateStr(t.gmtCreate),
    gmtModified: toDateStr(t.gmtModified),
  };
}

function toCategory(c: {
  id: number;
  name: string;
  color: string;
  gid: number | null;
  gmtCreate: Date;
  gmtModified: Date;
}): TrainingCategory {
  return {
    id: Number(c.id),
    name: c.name,
    color: c.color,
    gid: c.gid === null ? null : Number(c.gid),
    gmtCreate: toDateStr(c.gmtCreate),
    gmtModified: toDateStr(c.gmtModified),
  };
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** Who may manage a stored training, when not the back office's rule (root or its author). */
export type Allow = (t: TrainingRow) => boolean | Promise<boolean>;

export type TrainingAdminService = ReturnType<typeof createTrainingAdminService>;

export function createTrainingAdminService(deps: TrainingDeps, training: TrainingService) {
  const db = camelDb<TrainingTables>(deps.db as never);

  const owns = (user: AuthUser, t: TrainingRow) =>
    isRoot(user) || (t.authorUid ? t.authorUid === user.uid : t.author === user.username);

  async function owned(
    user: AuthUser,
    tid: number,
    missing: string = M.ADMIN_NOT_FOUND,
    allow?: Allow,
  ): Promise<TrainingRow> {
    const t = await repo.trainingRow(db, tid);
    if (!t) throw fail(missing);
    if (!(allow ? await allow(t) : owns(user, t))) throw denied(allow ? GM.NOPERM : M.ADMIN_DENIED);
    return t;
  }

  function validate(t: TrainingDTO['training']): void {
    if (!t.title?.trim()) throw fail(M.TITLE_EMPTY);
    if (t.title.length > MAX_TITLE) throw fail(M.TITLE_LONG);
    if ((t.description ?? '').length > MAX_DESCRIPTION) throw fail(M.DESCRIPTION_LONG);
    if (t.auth !== 'Public' && t.auth !== 'Private') throw fail(M.AUTH_BAD);
  }

  /** The category of a saved training: by id, or created by name (an existing name is reused). */
  async function categoryFor(
    input: TrainingDTO['trainingCategory'],
    gid: number | null = null,
  ): Promise<number | null> {
    if (!input) return null;
    if (input.id != null) {
      const c = await repo.categoryById(db, input.id);
      if (!c) return null;
      // A category of another group is not this training's to use. A site category is, in a group
      // training too (the reference checks only the category's group as sent, and its client
      // offers only site categories; docs/compat.md T13).
      if (c.gid !== null && Number(c.gid) !== gid) throw denied(gid === null ? M.ADMIN_DENIED : GM.NOPERM);
      return Number(c.id);
    }
    if (!input.name?.trim()) return null;
    const name = input.name.trim();
    const existing = await repo.categoryByName(db, name, gid);
    if (existing) return Number(existing.id);
    const row = await db
      .insertInto('trainingCategory')
      .values({ name, color: input.color || '#409EFF', gid })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) return Number(row.id);
    return Number((await repo.categoryByName(db, name, gid))?.id ?? null) || null;
  }

  async function list(q: {
    currentPage?: number;
    limit?: number;
    keyword?: string | null;
  }): Promise<Page<AdminTraining>> {
    const size = Math.min(q.limit && q.limit >= 1 ? q.limit : 10, MAX_PAGE_SIZE);
    const current = q.currentPage && q.currentPage >= 1 ? q.currentPage : 1;
    const { total, rows } = await repo.adminList(db, q.keyword?.trim() || null, current, size);
    return makePage(
      rows.map((t) => toAdmin(t, false)),
      total,
      size,
      current,
    );
  }

  async function get(user: AuthUser, tid: number, allow?: Allow) {
    const t = await owned(user, tid, M.ADMIN_NOT_FOUND, allow);
    const c = t.categoryId === null ? null : await repo.categoryById(db, Number(t.categoryId));
    return { training: toAdmin(t, true), trainingCategory: c ? toCategory(c) : null };
  }

  async function create(user: AuthUser, dto: TrainingDTO, gid: number | null = null): Promise<null> {
    const t = dto.training;
    validate(t);
    const categoryId = await categoryFor(dto.trainingCategory, gid);
    try {
      await db
        .insertInto('training')
        .values({
          title: t.title!.trim(),
          description: t.description ?? '',
          // The author is the caller (the reference takes it from the body; compat T1).
          author: user.username,
          authorUid: user.uid,
          auth: t.auth!,
          privatePwd: t.auth === 'Private' ? (t.privatePwd ?? '') : null,
          status: t.status ?? true,
          rank: t.rank ?? 0,
          rankShowName: t.rankShowName || 'username',
          isGroup: gid !== null,
          gid,
          categoryId,
        })
        .execute();
    } catch {
      throw fail(M.ADD_FAILED);
    }
    return null;
  }

  async function update(user: AuthUser, dto: TrainingDTO, allow?: Allow): Promise<null> {
    const t = dto.training;
    validate(t);
    if (t.id == null) throw fail(M.UPDATE_FAILED);
    const stored = await owned(user, t.id, M.UPDATE_FAILED, allow);
    const gid = stored.gid === null ? null : Number(stored.gid);
    const categoryId = dto.trainingCategory
      ? await categoryFor(dto.trainingCategory, gid)
      : stored.categoryId;
    const privatePwd = t.auth === 'Private' ? (t.privatePwd ?? stored.privatePwd ?? '') : stored.privatePwd;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('training')
        .set({
          title: t.title!.trim(),
          description: t.description ?? stored.description,
          auth: t.auth!,
          privatePwd,
          status: t.status ?? stored.status,
          rank: t.rank ?? stored.rank,
          rankShowName: t.rankShowName || stored.rankShowName,
          categoryId,
          gmtModified: new Date(),
        })
        .where('id', '=', stored.id)
        .execute();
      // A new private password drops every registration (users register again with it).
      if (t.auth === 'Private' && privatePwd !== stored.privatePwd)
        await trx.deleteFrom('trainingRegister').where('tid', '=', stored.id).execute();
    });
    await training.resetBoard(Number(stored.id));
    return null;
  }

  async function remove(tid: number): Promise<null> {
    const r = await db.deleteFrom('training').where('id', '=', tid).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw fail(M.DELETE_FAILED);
    await training.resetBoard(tid);
    return null;
  }

  /** A disbanded group's trainings go with it (groups-admin-files.md DELETE /api/group cascades). */
  async function removeGroupTrainings(gid: number): Promise<void> {
    const rows = await db.selectFrom('training').select('id').where('gid', '=', gid).execute();
    for (const r of rows) await remove(Number(r.id));
  }

  async function changeStatus(user: AuthUser, tid: number, status: boolean, allow?: Allow): Promise<null> {
    const t = await owned(user, tid, M.UPDATE_FAILED, allow);
    await db.updateTable('training').set({ status }).where('id', '=', t.id).execute();
    await training.resetBoard(tid);
    return null;
  }

  async function problems(
    user: AuthUser,
    q: { tid: number; queryExisted?: boolean; keyword?: string | null; currentPage?: number; limit?: number },
    allow?: Allow,
  ): Promise<{
    problemList: Page<AdminTrainingProblemRow>;
    trainingProblemMap: Record<string, TrainingProblemLink>;
  }> {
    await owned(user, q.tid, M.ADMIN_NOT_FOUND, allow);
    const size = Math.min(q.limit && q.limit >= 1 ? q.limit : 10, MAX_PAGE_SIZE);
    const current = q.currentPage && q.currentPage >= 1 ? q.currentPage : 1;
    const existed = q.queryExisted ?? false;
    const { total, rows } = await repo.adminProblems(
      db,
      q.tid,
      existed,
      q.keyword?.trim() || null,
      current,
      size,
    );
    const linkRows = await repo.links(
      db,
      q.tid,
      rows.map((r) => Number(r.id)),
    );
    const map: Record<string, TrainingProblemLink> = {};
    for (const l of linkRows)
      map[String(l.pid)] = {
        id: Number(l.id),
        tid: Number(l.tid),
        pid: Number(l.pid),
        displayId: l.displayId,
        rank: l.rank,
        gmtCreate: toDateStr(l.gmtCreate),
        gmtModified: toDateStr(l.gmtModified),
      };
    return {
      problemList: makePage(
        rows.map((r) => ({ ...r, id: Number(r.id) })),
        total,
        size,
        current,
      ),
      trainingProblemMap: map,
    };
  }

  async function updateProblem(user: AuthUser, body: TrainingProblemInput, allow?: Allow): Promise<null> {
    if (body.id == null) throw fail(M.PROBLEM_UPDATE_FAILED);
    const link = await db
      .selectFrom('trainingProblem')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirst();
    if (!link) throw fail(M.PROBLEM_UPDATE_FAILED);
    await owned(user, Number(link.tid), M.PROBLEM_UPDATE_FAILED, allow);
    try {
      await db
        .updateTable('trainingProblem')
        .set({
          rank: body.rank ?? link.rank,
          displayId: body.displayId?.trim() || link.displayId,
          gmtModified: new Date(),
        })
        .where('id', '=', link.id)
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw fail(M.DUPLICATE_PROBLEM);
      throw fail(M.PROBLEM_UPDATE_FAILED);
    }
    await repo.touch(db, Number(link.tid));
    await training.resetBoard(Number(link.tid));
    return null;
  }

  async function removeProblem(
    user: AuthUser,
    pid: number,
    tid: number | null | undefined,
    allow?: Allow,
  ): Promise<null> {
    // Without a tid the reference deletes the problem itself; that belongs to the problem back office (compat T4).
    if (tid == null) throw fail(M.REMOVE_FAILED);
    await owned(user, tid, M.REMOVE_FAILED, allow);
    const r = await db
      .deleteFrom('trainingProblem')
      .where('tid', '=', tid)
      .where('pid', '=', pid)
      .executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw fail(M.REMOVE_FAILED);
    await repo.touch(db, tid);
    await training.resetBoard(tid);
    return null;
  }

  async function addFromPublic(user: AuthUser, body: AddFromPublicBody, allow?: Allow): Promise<null> {
    if (body.pid == null || body.tid == null) throw fail(M.ADD_FAILED);
    const p = await repo.problemForLink(db, body.pid);
    if (!p || p.auth !== 1 || p.isGroup) throw fail(M.PROBLEM_HIDDEN);
    await owned(user, body.tid, M.ADD_TRAINING_GONE, allow);
    return link(body.tid, body.pid, body.displayId?.trim() || p.problemId);
  }

  /** Links problem `pid` to training `tid` as `displayId`, last in order. */
  async function link(tid: number, pid: number, displayId: string): Promise<null> {
    const body = { tid, pid };
    const last = await db
      .selectFrom('trainingProblem')
      .select((eb) => eb.fn.max('rank').as('r'))
      .where('tid', '=', body.tid)
      .executeTakeFirst();
    try {
      await db
        .insertInto('trainingProblem')
        .values({ tid: body.tid, pid: body.pid, displayId, rank: Number(last?.r ?? 0) + 1 })
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw fail(M.DUPLICATE_PROBLEM);
      throw fail(M.ADD_FAILED);
    }
    await repo.touch(db, body.tid);
    await training.resetBoard(body.tid);
    return null;
  }

  async function createCategory(body: TrainingCategoryInput): Promise<TrainingCategory> {
    const name = body.name?.trim();
    if (!name) throw fail(M.CATEGORY_ADD_FAILED);
    if (await repo.categoryByName(db, name, body.gid ?? null)) throw fail(M.CATEGORY_EXISTS);
    try {
      const row = await db
        .insertInto('trainingCategory')
        .values({ name, color: body.color || '#409EFF', gid: body.gid ?? null })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toCategory(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw fail(M.CATEGORY_EXISTS);
      throw fail(M.CATEGORY_ADD_FAILED);
    }
  }

  async function updateCategory(body: TrainingCategoryInput): Promise<null> {
    if (body.id == null) throw fail(M.CATEGORY_UPDATE_FAILED);
    const c = await repo.categoryById(db, body.id);
    if (!c) throw fail(M.CATEGORY_UPDATE_FAILED);
    try {
      await db
        .updateTable('trainingCategory')
        .set({ name: body.name?.trim() || c.name, color: body.color || c.color, gmtModified: new Date() })
        .where('id', '=', c.id)
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw fail(M.CATEGORY_EXISTS);
      throw fail(M.CATEGORY_UPDATE_FAILED);
    }
    return null;
  }

  async function deleteCategory(id: number): Promise<null> {
    const r = await db.deleteFrom('trainingCategory').where('id', '=', id).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw fail(M.CATEGORY_DELETE_FAILED);
    return null;
  }

  return {
    list,
    get,
    create,
    update,
    remove,
    removeGroupTrainings,
    changeStatus,
    problems,
    updateProblem,
    removeProblem,
    addFromPublic,
    link,
    createCategory,
    updateCategory,
    deleteCategory,
  };
}

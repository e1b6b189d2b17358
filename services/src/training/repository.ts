// The training capability's queries: its own tables, plus read-only views of the judge,
// problem, tag and users tables (the adapters other capabilities use read them the same way).
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { countedPage } from '../platform/db/paging';
import type { TrainingTables } from './tables';
import type { RankProfile, RankRecord } from './rank-board';
import type { TrainingFacts } from './rules';

export type Db = Kysely<TrainingTables>;

const ROOT_ROLE = 1000;

export interface TrainingListFilter {
  keyword: string | null;
  categoryId: number | null;
  auth: string | null;
  /** null: site trainings only. */
  gid: number | null;
}

function listBase(db: Db, f: TrainingListFilter) {
  let q = db
    .selectFrom('training as t')
    .leftJoin('trainingCategory as c', 'c.id', 't.categoryId')
    .where('t.status', '=', true);
  q = f.gid === null ? q.where('t.gid', 'is', null) : q.where('t.gid', '=', f.gid);
  if (f.categoryId !== null) q = q.where('t.categoryId', '=', f.categoryId);
  if (f.auth) q = q.where('t.auth', '=', f.auth);
  if (f.keyword) {
    const like = `%${f.keyword}%`;
    q = q.where((eb) => eb.or([eb('t.title', 'ilike', like), eb('t.author', 'ilike', like)]));
  }
  return q;
}

const voColumns = [
  't.id',
  't.title',
  't.description',
  't.author',
  't.auth',
  't.rank',
  't.gid',
  't.rankShowName',
  't.categoryId',
  'c.name as categoryName',
  'c.color as categoryColor',
  't.gmtModified',
] as const;

/** Public problems of a training `t` (auth 1): the reference's problemCount. */
function publicProblemCount(eb: ExpressionBuilder<TrainingTables & { t: TrainingTables['training'] }, 't'>) {
  return eb
    .selectFrom('trainingProblem as tp')
    .innerJoin('problem as p', 'p.id', 'tp.pid')
    .whereRef('tp.tid', '=', 't.id')
    .where('p.auth', '=', 1)
    .select((e) => e.fn.countAll<number>().as('n'))
    .as('problemCount');
}

export async function listTrainings(db: Db, f: TrainingListFilter, page: number, limit: number) {
  return countedPage(listBase(db, f), page, limit, (q) =>
    q.select(voColumns).select(publicProblemCount).orderBy('t.rank', 'asc').orderBy('t.id', 'asc'),
  );
}

export type TrainingVoRow = Awaited<ReturnType<typeof listTrainings>>['rows'][number];

export function trainingVo(db: Db, tid: number) {
  return db
    .selectFrom('training as t')
    .leftJoin('trainingCategory as c', 'c.id', 't.categoryId')
    .where('t.id', '=', tid)
    .select(voColumns)
    .select(publicProblemCount)
    .executeTakeFirst();
}

export function trainingFacts(db: Db, tid: number): Promise<TrainingFacts | undefined> {
  return db
    .selectFrom('training')
    .select(['id', 'auth', 'status', 'gid', 'author', 'authorUid'])
    .where('id', '=', tid)
    .executeTakeFirst();
}

/** Accepted public problems of each training for `uid` (non-contest rows of the training's group). */
export async function acCounts(db: Db, uid: string, tids: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (tids.length === 0) return out;
  const rows = await db
    .selectFrom('trainingProblem as tp')
    .innerJoin('training as t', 't.id', 'tp.tid')
    .innerJoin('problem as p', 'p.id', 'tp.pid')
    .where('tp.tid', 'in', [...tids])
    .where('p.auth', '=', 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('judge as j')
          .select('j.submitId')
          .whereRef('j.pid', '=', 'tp.pid')
          .where('j.uid', '=', uid)
          .where('j.cid', '=', 0)
          .where('j.status', '=', 0)
          .where(sql<boolean>`j.gid is not distinct from t.gid`),
      ),
    )
    .select(['tp.tid', (eb) => eb.fn.count<number>('tp.pid').distinct().as('n')])
    .groupBy('tp.tid')
    .execute();
  for (const r of rows) out.set(Number(r.tid), Number(r.n));
  return out;
}

export function registration(db: Db, tid: number, uid: string) {
  return db
    .selectFrom('trainingRegister')
    .select(['id', 'status'])
    .where('tid', '=', tid)
    .where('uid', '=', uid)
    .executeTakeFirst();
}

export async function register(db: Db, tid: number, uid: string): Promise<boolean> {
  const r = await db
    .insertInto('trainingRegister')
    .values({ tid, uid })
    .onConflict((oc) => oc.columns(['tid', 'uid']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!r;
}

export function categories(db: Db, gid: number | null) {
  const q = db.selectFrom('trainingCategory').selectAll().orderBy('id');
  return (gid === null ? q.where('gid', 'is', null) : q.where('gid', '=', gid)).execute();
}

/** The training's public problems in training order, with site counters and tags. */
export async function trainingProblems(db: Db, tid: number) {
  const rows = await db
    .selectFrom('trainingProblem as tp')
    .innerJoin('problem as p', 'p.id', 'tp.pid')
    .leftJoin('problemCount as pc', 'pc.pid', 'p.id')
    .where('tp.tid', '=', tid)
    .where('p.auth', '=', 1)
    .select([
      'p.id as pid',
      'p.problemId',
      'p.title',
      'p.difficulty',
      'p.type',
      'tp.displayId',
      'tp.rank',
      'pc.total',
      'pc.ac',
    ])
    .orderBy('tp.rank')
    .orderBy('tp.id')
    .execute();
  const pids = rows.map((r) => r.pid);
  const tags = pids.length
    ? await db
        .selectFrom('problemTag as pt')
        .innerJoin('tag', 'tag.id', 'pt.tid')
        .where('pt.pid', 'in', pids)
        .select(['pt.pid', 'tag.id', 'tag.name', 'tag.color', 'tag.oj', 'tag.gid', 'tag.tcid'])
        .orderBy('tag.id')
        .execute()
    : [];
  return { rows, tags };
}

/** pid → training display id of every problem of the training (any auth), for the rank and submit. */
export async function problemMap(db: Db, tid: number) {
  return db
    .selectFrom('trainingProblem as tp')
    .innerJoin('problem as p', 'p.id', 'tp.pid')
    .where('tp.tid', '=', tid)
    .select(['tp.pid', 'tp.displayId', 'p.problemId', 'p.title', 'p.auth', 'tp.rank'])
    .orderBy('tp.rank')
    .orderBy('tp.id')
    .execute();
}

/** Enabled and disabled registrations of a training. */
export function registrations(db: Db, tid: number) {
  return db.selectFrom('trainingRegister').select(['uid', 'status']).where('tid', '=', tid).execute();
}

export async function superAdminUids(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('userRole').select('uid').where('roleId', '=', ROOT_ROLE).execute();
  return rows.map((r) => r.uid);
}

export async function profiles(db: Db, uids: readonly string[]): Promise<Map<string, RankProfile>> {
  const out = new Map<string, RankProfile>();
  const list = [...new Set(uids)];
  for (let i = 0; i < list.length; i += 5000) {
    const rows = await db
      .selectFrom('users')
      .select(['uid', 'username', 'realname', 'nickname', 'school', 'gender', 'avatar'])
      .where('uid', 'in', list.slice(i, i + 5000))
      .execute();
    for (const r of rows) out.set(r.uid, r);
  }
  return out;
}

export async function uidByUsername(db: Db, username: string): Promise<string | null> {
  const r = await db.selectFrom('users').select('uid').where('username', '=', username).executeTakeFirst();
  return r?.uid ?? null;
}

/**
 * The rank's source: non-contest submissions of the training's group on its problems by users
 * with a registration, statuses the rank reads, in creation order.
 */
export async function rankRecords(db: Db, tid: number, gid: number | null): Promise<RankRecord[]> {
  let q = db
    .selectFrom('judge as j')
    .innerJoin('trainingProblem as tp', (join) => join.onRef('tp.pid', '=', 'j.pid').on('tp.tid', '=', tid))
    .innerJoin('trainingRegister as r', (join) =>
      join.onRef('r.uid', '=', 'j.uid').on('r.tid', '=', tid).on('r.status', '=', true),
    )
    .where('j.cid', '=', 0)
    .where('j.status', 'in', [-3, -2, -1, 0, 1, 2, 3, 8]);
  q = gid === null ? q.where('j.gid', 'is', null) : q.where('j.gid', '=', gid);
  const rows = await q
    .select(['j.submitId', 'j.uid', 'j.pid', 'j.status', 'j.time', 'j.score'])
    .orderBy('j.submitId')
    .execute();
  return rows.map((r) => ({ ...r, submitId: Number(r.submitId), pid: Number(r.pid) }));
}

/** Trainings holding problem `pid` (for progress pushes). */
export function trainingsWithProblem(db: Db, pid: number) {
  return db
    .selectFrom('trainingProblem as tp')
    .innerJoin('training as t', 't.id', 'tp.tid')
    .where('tp.pid', '=', pid)
    .select(['t.id', 't.gid', 't.auth', 't.status'])
    .execute();
}

/** A user's status on a problem outside contests within a group (null: site): 0 once AC, else the latest, -10 never. */
export async function problemStatus(db: Db, uid: string, pid: number, gid: number | null): Promise<number> {
  let q = db
    .selectFrom('judge')
    .select(['status'])
    .where('uid', '=', uid)
    .where('pid', '=', pid)
    .where('cid', '=', 0)
    .where('status', 'not in', [5, 6, 7]);
  q = gid === null ? q.where('gid', 'is', null) : q.where('gid', '=', gid);
  const ac = await q.where('status', '=', 0).select('submitId').limit(1).executeTakeFirst();
  if (ac) return 0;
  const last = await q.orderBy('submitId', 'desc').limit(1).executeTakeFirst();
  return last ? last.status : -10;
}

/** Statuses of many problems at once (focus list, problem list markers). */
export async function problemStatuses(
  db: Db,
  uid: string,
  pids: readonly number[],
  gid: number | null,
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (pids.length === 0) return out;
  let q = db
    .selectFrom('judge')
    .select(['pid', 'status', 'submitId'])
    .where('uid', '=', uid)
    .where('pid', 'in', [...pids])
    .where('cid', '=', 0)
    .where('status', 'not in', [5, 6, 7]);
  q = gid === null ? q.where('gid', 'is', null) : q.where('gid', '=', gid);
  const rows = await q.orderBy('submitId', 'asc').execute();
  for (const r of rows) {
    const pid = Number(r.pid);
    if (out.get(pid) === 0) continue;
    out.set(pid, r.status);
  }
  return out;
}

// ---------- back office ----------

export function adminList(db: Db, keyword: string | null, page: number, limit: number) {
  let q = db.selectFrom('training').where('isGroup', '=', false);
  if (keyword) {
    const like = `%${keyword}%`;
    q = q.where((eb) =>
      eb.or([
        eb('title', 'ilike', like),
        eb(sql<string>`id::text`, 'like', like),
        eb(sql<string>`rank::text`, 'like', like),
      ]),
    );
  }
  return countedPage(q, page, limit, (qq) => qq.selectAll().orderBy('rank', 'asc').orderBy('id', 'asc'));
}

export function trainingRow(db: Db, tid: number) {
  return db.selectFrom('training').selectAll().where('id', '=', tid).executeTakeFirst();
}

export function categoryById(db: Db, id: number) {
  return db.selectFrom('trainingCategory').selectAll().where('id', '=', id).executeTakeFirst();
}

export function categoryByName(db: Db, name: string, gid: number | null) {
  const q = db.selectFrom('trainingCategory').selectAll().where('name', '=', name);
  return (gid === null ? q.where('gid', 'is', null) : q.where('gid', '=', gid)).executeTakeFirst();
}

export async function problemForLink(db: Db, pid: number) {
  return db
    .selectFrom('problem')
    .select(['id', 'problemId', 'auth', 'isGroup', 'gid'])
    .where('id', '=', pid)
    .executeTakeFirst();
}

/** The training's linked problems (queryExisted) or public candidates not yet in it, one page. */
export function adminProblems(
  db: Db,
  tid: number,
  existed: boolean,
  keyword: string | null,
  page: number,
  limit: number,
) {
  let q = db
    .selectFrom('problem as p')
    .leftJoin('trainingProblem as tp', (join) => join.onRef('tp.pid', '=', 'p.id').on('tp.tid', '=', tid));
  q = existed
    ? q.where('tp.id', 'is not', null)
    : q.where('tp.id', 'is', null).where('p.auth', '=', 1).where('p.isGroup', '=', false);
  if (keyword) {
    const like = `%${keyword}%`;
    q = q.where((eb) =>
      eb.or([eb('p.title', 'ilike', like), eb('p.problemId', 'ilike', like), eb('p.author', 'ilike', like)]),
    );
  }
  return countedPage(q, page, limit, (qq) =>
    qq
      .select(['p.id', 'p.problemId', 'p.title', 'p.author', 'p.type', 'p.difficulty', 'p.auth'])
      .orderBy(existed ? 'tp.rank' : 'p.id')
      .orderBy('p.id'),
  );
}

export function links(db: Db, tid: number, pids: readonly number[]) {
  if (pids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('trainingProblem')
    .selectAll()
    .where('tid', '=', tid)
    .where('pid', 'in', [...pids])
    .execute();
}

export async function touch(db: Db, tid: number): Promise<void> {
  await db.updateTable('training').set({ gmtModified: new Date() }).where('id', '=', tid).execute();
}

/** A group's trainings for its admins: full rows, newest first. */
export function groupAdminList(db: Db, gid: number, page: number, limit: number) {
  return countedPage(db.selectFrom('training').where('gid', '=', gid), page, limit, (q) =>
    q.selectAll().orderBy('id', 'desc'),
  );
}

/** A group problem by its display id (add-training-problem-from-group). */
export function groupProblem(db: Db, problemId: string, gid: number) {
  return db
    .selectFrom('problem')
    .select(['id', 'problemId'])
    .where('problemId', '=', problemId)
    .where('gid', '=', gid)
    .executeTakeFirst();
}

/**
 * The home page's training shortcuts point at categories 22, 23 and 24 (spec part2 §2.7): a new
 * site gets them (only when it has no category yet), and the id sequence continues after them.
 */
export async function seedHomeCategories(db: Db, rows: { id: number; name: string; color: string }[]) {
  const any = await db.selectFrom('trainingCategory').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await db
    .insertInto('trainingCategory')
    .values(rows.map((r) => ({ ...r, gid: null })) as never)
    .onConflict((oc) => oc.doNothing())
    .execute();
  await sql`select setval(pg_get_serial_sequence('training_category', 'id'), (select max(id) from training_category))`.execute(
    db,
  );
}

// Kysely queries of the contest capability: the only module touching its tables.
import { sql, type Kysely, type Selectable } from 'kysely';
import { jsonb } from '../platform/db/json';
import { countedPage } from '../platform/db/paging';
import type { Database } from '../platform/db/schema';
import type { ContestRecordRow } from './rules';
import type { ContestTable } from './tables';

export type Db = Kysely<Database>;

/** -1 scheduled, 0 running, 1 ended, from the database clock (list filter and order). */
const statusSql = sql<number>`case when now() < start_time then -1 when now() < end_time then 0 else 1 end`;

function toRow(r: Selectable<ContestTable>): ContestRecordRow {
  return {
    id: r.id,
    uid: r.uid,
    author: r.author,
    title: r.title,
    description: r.description,
    type: r.type,
    source: r.source,
    auth: r.auth,
    pwd: r.pwd,
    startTime: r.start_time,
    endTime: r.end_time,
    duration: r.duration,
    sealRank: r.seal_rank,
    sealRankTime: r.seal_rank_time,
    autoRealRank: r.auto_real_rank,
    openPrint: r.open_print,
    openRank: r.open_rank,
    rankShowName: r.rank_show_name,
    allowEndSubmit: r.allow_end_submit,
    oiRankScoreType: r.oi_rank_score_type,
    starAccount: Array.isArray(r.star_account) ? r.star_account : [],
    awardType: r.award_type,
    awardConfig: Array.isArray(r.award_config) ? r.award_config : [],
    openAccountLimit: r.open_account_limit,
    accountLimitRule: r.account_limit_rule,
    visible: r.visible,
    isGroup: r.is_group,
    gid: r.gid,
    gmtCreate: r.gmt_create,
    gmtModified: r.gmt_modified,
  };
}

export async function findContest(db: Db, id: number): Promise<ContestRecordRow | null> {
  const r = await db.selectFrom('contest').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? toRow(r) : null;
}

export async function insertContest(db: Db, cols: Record<string, unknown>): Promise<number> {
  const { star_account, award_config, ...rest } = cols;
  const r = await db
    .insertInto('contest')
    .values({ ...rest, star_account: jsonb(star_account), award_config: jsonb(award_config) } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateContest(db: Db, id: number, cols: Record<string, unknown>): Promise<boolean> {
  const { star_account, award_config, ...rest } = cols;
  const set: Record<string, unknown> = { ...rest, gmt_modified: new Date() };
  if (star_account !== undefined) set.star_account = jsonb(star_account);
  if (award_config !== undefined) set.award_config = jsonb(award_config);
  const r = await db
    .updateTable('contest')
    .set(set as never)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteContest(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('contest').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export interface ListFilter {
  status?: number;
  type?: number;
  keyword?: string;
}

/** Public list: visible, non-group; status asc then start time desc. */
export async function listPublic(db: Db, f: ListFilter, page: number, limit: number) {
  let q = db.selectFrom('contest').where('visible', '=', true).where('is_group', '=', false);
  if (f.status !== undefined) q = q.where(statusSql, '=', f.status);
  if (f.type !== undefined) q = q.where('type', '=', f.type);
  if (f.keyword) q = q.where('title', 'ilike', `%${escapeLike(f.keyword)}%`);
  const { total, rows } = await countedPage(q, page, limit, (q) =>
    q.selectAll().orderBy(statusSql).orderBy('start_time', 'desc').orderBy('id', 'desc'),
  );
  return { total, rows: rows.map(toRow) };
}

/** Home page: visible site contests not ended that start within `horizon`, newest start first. */
export async function listRecent(db: Db, now: Date, horizon: Date) {
  const rows = await db
    .selectFrom('contest')
    .selectAll()
    .where('visible', '=', true)
    .where('is_group', '=', false)
    .where('end_time', '>', now)
    .where('start_time', '<=', horizon)
    .orderBy('start_time', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toRow);
}

/** Admin list: non-group, keyword on title or id, start time desc. */
export async function listAdmin(db: Db, keyword: string | undefined, page: number, limit: number) {
  let q = db.selectFrom('contest').where('is_group', '=', false);
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    q = q.where((eb) => eb.or([eb('title', 'ilike', like), eb(sql`cast(id as text)`, 'like', like)]));
  }
  const { total, rows } = await countedPage(q, page, limit, (q) =>
    q.selectAll().orderBy('start_time', 'desc').orderBy('id', 'desc'),
  );
  return { total, rows: rows.map(toRow) };
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function registrationCounts(db: Db, cids: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (cids.length === 0) return out;
  const rows = await db
    .selectFrom('contest_register')
    .select(['cid', (eb) => eb.fn.countAll<number>().as('n')])
    .where('cid', 'in', [...cids])
    .groupBy('cid')
    .execute();
  for (const r of rows) out.set(r.cid, Number(r.n));
  return out;
}

export async function findRegistration(db: Db, cid: number, uid: string) {
  return db
    .selectFrom('contest_register')
    .selectAll()
    .where('cid', '=', cid)
    .where('uid', '=', uid)
    .executeTakeFirst();
}

/** false when the (cid, uid) row already exists. */
export async function insertRegistration(db: Db, cid: number, uid: string): Promise<boolean> {
  const r = await db
    .insertInto('contest_register')
    .values({ cid, uid })
    .onConflict((oc) => oc.columns(['cid', 'uid']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

export async function deleteRegistrations(db: Db, cid: number) {
  await db.deleteFrom('contest_register').where('cid', '=', cid).execute();
}

// ---------- contest problems ----------

export type ContestProblemRow = Selectable<Database['contest_problem']>;

export async function contestProblems(db: Db, cid: number): Promise<ContestProblemRow[]> {
  return db.selectFrom('contest_problem').selectAll().where('cid', '=', cid).orderBy('display_id').execute();
}

export async function contestProblemByDisplayId(db: Db, cid: number, displayId: string) {
  return db
    .selectFrom('contest_problem')
    .selectAll()
    .where('cid', '=', cid)
    .where('display_id', '=', displayId)
    .executeTakeFirst();
}

export async function contestProblemByPid(db: Db, cid: number, pid: number) {
  return db
    .selectFrom('contest_problem')
    .selectAll()
    .where('cid', '=', cid)
    .where('pid', '=', pid)
    .executeTakeFirst();
}

/** The contests that hold problem `pid` (the self-test's question: may a participant run it?). */
export async function contestIdsHolding(db: Db, pid: number): Promise<number[]> {
  const rows = await db.selectFrom('contest_problem').select('cid').where('pid', '=', pid).execute();
  return [...new Set(rows.map((r) => Number(r.cid)))];
}

export async function contestProblemClash(
  db: Db,
  cid: number,
  pid: number,
  displayId: string,
  exceptId?: number,
) {
  let q = db
    .selectFrom('contest_problem')
    .select('id')
    .where('cid', '=', cid)
    .where((eb) => eb.or([eb('pid', '=', pid), eb('display_id', '=', displayId)]));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function saveContestProblem(
  db: Db,
  p: {
    id?: number | null;
    cid: number;
    pid: number;
    displayId: string;
    displayTitle: string;
    color: string | null;
  },
): Promise<ContestProblemRow> {
  const values = {
    cid: p.cid,
    pid: p.pid,
    display_id: p.displayId,
    display_title: p.displayTitle,
    color: p.color,
  };
  if (p.id) {
    return db
      .updateTable('contest_problem')
      .set({ ...values, gmt_modified: new Date() })
      .where('id', '=', p.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return db.insertInto('contest_problem').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function deleteContestProblem(db: Db, cid: number, pid: number) {
  await db.deleteFrom('contest_problem').where('cid', '=', cid).where('pid', '=', pid).execute();
}

// ---------- announcements ----------

export type AnnouncementRow = Selectable<Database['contest_announcement']>;

export async function listAnnouncements(
  db: Db,
  cid: number,
  visibleOnly: boolean,
  page: number,
  limit: number,
) {
  let q = db.selectFrom('contest_announcement').where('cid', '=', cid);
  if (visibleOnly) q = q.where('status', '=', 0);
  return countedPage(q, page, limit, (q) =>
    q.selectAll().orderBy('gmt_create', 'desc').orderBy('id', 'desc'),
  );
}

export async function unreadAnnouncements(db: Db, cid: number, read: readonly number[]) {
  let q = db.selectFrom('contest_announcement').selectAll().where('cid', '=', cid);
  if (read.length > 0) q = q.where('id', 'not in', [...read]);
  return q.orderBy('gmt_create', 'desc').orderBy('id', 'desc').execute();
}

export async function findAnnouncement(db: Db, id: number) {
  return db.selectFrom('contest_announcement').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertAnnouncement(
  db: Db,
  a: {
    cid: number;
    title: string;
    content: string;
    uid: string;
    username: string;
    status: number;
    gid: number | null;
  },
) {
  return db.insertInto('contest_announcement').values(a).returningAll().executeTakeFirstOrThrow();
}

export async function updateAnnouncement(
  db: Db,
  id: number,
  a: { title?: string; content?: string; status?: number },
): Promise<boolean> {
  const r = await db
    .updateTable('contest_announcement')
    .set({ ...a, gmt_modified: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteAnnouncement(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('contest_announcement').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// ---------- print ----------

/** Takes the user's print window; returns the seconds left when it is still closed. */
export async function takePrintWindow(db: Db, uid: string, seconds: number): Promise<number | null> {
  return db.transaction().execute(async (tx) => {
    const now = new Date();
    const until = new Date(now.getTime() + seconds * 1000);
    const taken = await tx
      .insertInto('contest_print_window')
      .values({ uid, until })
      .onConflict((oc) =>
        oc.column('uid').doUpdateSet({ until }).where('contest_print_window.until', '<=', now),
      )
      .returning('until')
      .executeTakeFirst();
    if (taken) return null;
    const row = await tx
      .selectFrom('contest_print_window')
      .select('until')
      .where('uid', '=', uid)
      .executeTakeFirstOrThrow();
    return Math.max(1, Math.ceil((row.until.getTime() - now.getTime()) / 1000));
  });
}

export async function insertPrint(
  db: Db,
  p: { cid: number; uid: string; username: string; realname: string | null; content: string },
) {
  const row = await db.insertInto('contest_print').values(p).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function listPrints(db: Db, cid: number, page: number, limit: number) {
  const q = db.selectFrom('contest_print').where('cid', '=', cid);
  return countedPage(q, page, limit, (q) =>
    q
      .select(['id', 'cid', 'username', 'realname', 'status', 'gmt_create'])
      .orderBy('status')
      .orderBy('gmt_create', 'desc')
      .orderBy('id', 'desc'),
  );
}

export async function findPrint(db: Db, id: number) {
  return db.selectFrom('contest_print').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markPrinted(db: Db, id: number): Promise<boolean> {
  const r = await db
    .updateTable('contest_print')
    .set({ status: 1, gmt_modified: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// ---------- AC helper marks ----------

export async function checkedMarks(db: Db, cid: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('contest_ac_check')
    .select('submit_id')
    .where('cid', '=', cid)
    .where('checked', '=', true)
    .execute();
  return new Set(rows.map((r) => r.submit_id));
}

export async function setChecked(db: Db, cid: number, submitId: number, checked: boolean) {
  await db
    .insertInto('contest_ac_check')
    .values({ submit_id: submitId, cid, checked })
    .onConflict((oc) => oc.column('submit_id').doUpdateSet({ checked }))
    .execute();
}

/**
 * Group contests (groups-admin-files.md §3): the member list shows the visible ones, newest start
 * first; the group admin list every one, id DESC.
 */
export async function listGroup(db: Db, gid: number, visibleOnly: boolean, page: number, limit: number) {
  let q = db.selectFrom('contest').where('is_group', '=', true).where('gid', '=', gid);
  if (visibleOnly) q = q.where('visible', '=', true);
  const { total, rows } = await countedPage(q, page, limit, (q) =>
    visibleOnly
      ? q.selectAll().orderBy('start_time', 'desc').orderBy('id', 'desc')
      : q.selectAll().orderBy('id', 'desc'),
  );
  return { total, rows: rows.map(toRow) };
}

/** The ids of a group's contests (a disbanded group's clean-up). */
export async function groupContestIds(db: Db, gid: number): Promise<number[]> {
  const rows = await db.selectFrom('contest').select('id').where('gid', '=', gid).execute();
  return rows.map((r) => r.id);
}

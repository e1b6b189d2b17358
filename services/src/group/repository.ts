// Queries of the group capability; the only module touching its tables. The member list and the
// rank also read (never write) the account capability's `users` and the judge capability's
// `judge` rows, joined in SQL so one page costs one round trip.
import { sql, type Kysely, type Selectable, type Insertable, type Updateable } from 'kysely';
import { camelDb } from '../platform/db/camel';
import { countedPage } from '../platform/db/paging';
import type { GroupAnnouncementTable, GroupTable, GroupTables } from './tables';

export type GDb = Kysely<GroupTables>;
export type GroupRow = Selectable<GroupTable>;
export type AnnouncementRow = Selectable<GroupAnnouncementTable>;

export const groupDb = (db: Kysely<unknown>): GDb => camelDb<GroupTables>(db);

const MEMBER_AUTHS = [3, 4, 5];

// ---------- groups ----------

export const findGroup = (db: GDb, gid: number) =>
  db.selectFrom('group').selectAll().where('id', '=', gid).executeTakeFirst();

/** The group and, in the same round trip, the auth of `uid`'s row in it (null: no row). */
export async function findGroupFor(db: GDb, gid: number, uid: string | null) {
  return db
    .selectFrom('group as g')
    .selectAll('g')
    .select((eb) =>
      eb
        .selectFrom('groupMember as m')
        .select('m.auth')
        .whereRef('m.gid', '=', 'g.id')
        .where('m.uid', '=', uid ?? '')
        .as('viewerAuth'),
    )
    .where('g.id', '=', gid)
    .executeTakeFirst();
}

export async function insertGroup(db: GDb, g: Insertable<GroupTable>, ownerUid: string): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const { id } = await tx.insertInto('group').values(g).returning('id').executeTakeFirstOrThrow();
    await tx.insertInto('groupMember').values({ gid: id, uid: ownerUid, auth: 5 }).execute();
    return id;
  });
}

export async function updateGroup(db: GDb, gid: number, patch: Updateable<GroupTable>): Promise<boolean> {
  const r = await db
    .updateTable('group')
    .set({ ...patch, gmtModified: new Date() })
    .where('id', '=', gid)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteGroup(db: GDb, gid: number): Promise<boolean> {
  const r = await db.deleteFrom('group').where('id', '=', gid).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Another group (not `exceptId`) with this name / short name. */
export async function nameClash(
  db: GDb,
  field: 'name' | 'shortName',
  value: string,
  exceptId: number | null,
): Promise<boolean> {
  let q = db.selectFrom('group').select('id').where(field, '=', value);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function ownedCounts(
  db: GDb,
  uid: string,
  since: Date,
): Promise<{ total: number; recent: number }> {
  const r = await db
    .selectFrom('group')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`count(*) filter (where gmt_create >= ${since})`.as('recent'),
    ])
    .where('uid', '=', uid)
    .executeTakeFirstOrThrow();
  return { total: Number(r.total), recent: Number(r.recent) };
}

export interface GroupListFilter {
  keyword?: string;
  auth?: number;
  viewer: string | null;
  seeAll: boolean;
}

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Groups matching the keyword and auth filters (status 0), before any visibility rule. */
function matching(db: GDb, f: Pick<GroupListFilter, 'keyword' | 'auth'>) {
  let q = db.selectFrom('group').where('status', '=', 0);
  if (f.auth) q = q.where('auth', '=', f.auth);
  if (f.keyword) {
    const like = escapeLike(f.keyword);
    q = q.where((eb) =>
      eb.or([eb('name', 'ilike', like), eb('owner', 'ilike', like), eb('shortName', 'ilike', like)]),
    );
  }
  return q;
}

const mineSubquery = (db: GDb, uid: string) =>
  db.selectFrom('groupMember').select('gid').where('uid', '=', uid).where('auth', 'in', MEMBER_AUTHS);

/** Count of the groups everybody sees under these filters (visible; all for site root). */
export async function countShared(db: GDb, f: Pick<GroupListFilter, 'keyword' | 'auth' | 'seeAll'>) {
  let q = matching(db, f);
  if (!f.seeAll) q = q.where('visible', '=', true);
  const r = await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Count of the viewer's own groups (member rows) under these filters. */
export async function countMine(db: GDb, uid: string, f: Pick<GroupListFilter, 'keyword' | 'auth'>) {
  const r = await matching(db, f)
    .where('id', 'in', mineSubquery(db, uid))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The card columns of the group list, member count included. */
function cardsOf(q: ReturnType<typeof matching>) {
  return q.select([
    'id',
    'avatar',
    'owner',
    'name',
    'shortName',
    'brief',
    'description',
    'auth',
    'visible',
    'gmtCreate',
    (eb) =>
      eb
        .selectFrom('groupMember as m')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('m.gid', '=', 'group.id')
        .where('m.auth', 'in', MEMBER_AUTHS)
        .as('memberCount'),
  ]);
}

export type GroupCardRow = Awaited<ReturnType<typeof listGroupRange>>[number];

/**
 * Rows `offset`..`offset + limit` of the group list (the viewer's own groups: listMinePage), id ascending,
 * with member counts. `viewer` null = anonymous; `seeAll` (site root) skips the visibility filter.
 * The total is counted by the caller.
 */
export async function listGroupRange(db: GDb, f: GroupListFilter, offset: number, limit: number) {
  let q = matching(db, f);
  if (!f.seeAll) {
    const viewer = f.viewer;
    q = viewer
      ? q.where((eb) => eb.or([eb('visible', '=', true), eb('id', 'in', mineSubquery(db, viewer))]))
      : q.where('visible', '=', true);
  }
  return cardsOf(q).orderBy('id').limit(limit).offset(offset).execute();
}

export const listGroupPage = (db: GDb, f: GroupListFilter, page: number, limit: number) =>
  listGroupRange(db, f, (page - 1) * limit, limit);

/**
 * One page of the viewer's own groups (member rows) and their count, in one query; a page past the
 * end has no row to carry the count, so it is counted apart then.
 */
export async function listMinePage(
  db: GDb,
  f: Pick<GroupListFilter, 'keyword' | 'auth'>,
  uid: string,
  page: number,
  limit: number,
): Promise<{ total: number; rows: GroupCardRow[] }> {
  const found = await cardsOf(matching(db, f).where('id', 'in', mineSubquery(db, uid)))
    .select(sql<number>`count(*) over ()`.as('fullCount'))
    .orderBy('id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  if (found.length === 0) return { total: page > 1 ? await countMine(db, uid, f) : 0, rows: [] };
  const total = Number(found[0]!.fullCount);
  return { total, rows: found.map(({ fullCount: _, ...row }) => row) };
}

/** Ids of the visible groups under the keyword and auth filters, ascending. */
export async function visibleGroupIds(db: GDb, f: Pick<GroupListFilter, 'keyword' | 'auth'>) {
  const rows = await matching(db, f).where('visible', '=', true).select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** The viewer's hidden groups (member rows only) under the keyword and auth filters, id ascending. */
export function hiddenGroupsOf(db: GDb, f: Pick<GroupListFilter, 'keyword' | 'auth'>, uid: string) {
  const q = matching(db, f).where('visible', '=', false).where('id', 'in', mineSubquery(db, uid));
  return cardsOf(q).orderBy('id').execute();
}

// ---------- members ----------

export const findMember = (db: GDb, gid: number, uid: string) =>
  db.selectFrom('groupMember').selectAll().where('gid', '=', gid).where('uid', '=', uid).executeTakeFirst();

export async function insertMember(db: GDb, gid: number, uid: string, auth: number, reason: string | null) {
  await db.insertInto('groupMember').values({ gid, uid, auth, reason }).execute();
}

/** Writes the new auth only if the row still holds `from` (a concurrent decision loses). */
export async function setMemberAuth(
  db: GDb,
  gid: number,
  uid: string,
  from: number,
  to: number,
): Promise<boolean> {
  const r = await db
    .updateTable('groupMember')
    .set({ auth: to, gmtModified: new Date() })
    .where('gid', '=', gid)
    .where('uid', '=', uid)
    .where('auth', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteMember(db: GDb, gid: number, uid: string): Promise<boolean> {
  const r = await db
    .deleteFrom('groupMember')
    .where('gid', '=', gid)
    .where('uid', '=', uid)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function uidsWithAuth(db: GDb, gid: number, auths: readonly number[]): Promise<string[]> {
  const rows = await db
    .selectFrom('groupMember')
    .select('uid')
    .where('gid', '=', gid)
    .where('auth', 'in', [...auths])
    .execute();
  return rows.map((r) => r.uid);
}

/** Member rows joined with usernames, newest first. `auths` limits the rows (member list: 3–5). */
export async function listMembers(
  db: GDb,
  f: { gid: number; auths: readonly number[]; keyword?: string; auth?: number },
  page: number,
  limit: number,
) {
  let q = db
    .selectFrom('groupMember as m')
    .innerJoin('users as u', 'u.uid', 'm.uid')
    .where('m.gid', '=', f.gid)
    .where('m.auth', 'in', [...f.auths]);
  if (f.auth && f.auth >= 1) q = q.where('m.auth', '=', f.auth);
  if (f.keyword) q = q.where('u.username', 'ilike', `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return countedPage(q, page, limit, (s) =>
    s
      .select(['m.id', 'm.gid', 'm.uid', 'u.username', 'm.auth', 'm.reason', 'm.gmtCreate', 'm.gmtModified'])
      .orderBy('m.gmtCreate', 'desc')
      .orderBy('m.id', 'desc'),
  );
}

export const uidOfUsername = async (db: GDb, username: string) =>
  (await db.selectFrom('users').select('uid').where('username', '=', username).executeTakeFirst())?.uid ??
  null;

export async function acceptedCount(db: GDb, uid: string): Promise<number> {
  const r = await db
    .selectFrom('userAcproblem')
    .select(sql<number>`count(distinct pid)`.as('n'))
    .where('uid', '=', uid)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

// ---------- announcements ----------

export async function listAnnouncements(
  db: GDb,
  gid: number,
  visibleOnly: boolean,
  page: number,
  limit: number,
) {
  let q = db
    .selectFrom('groupAnnouncement as a')
    .innerJoin('users as u', 'u.uid', 'a.uid')
    .where('a.gid', '=', gid);
  if (visibleOnly) q = q.where('a.status', '=', 0);
  return countedPage(q, page, limit, (s) =>
    s
      .select([
        'a.id',
        'a.title',
        'a.content',
        'a.uid',
        'u.username',
        'a.status',
        'a.gid',
        'a.gmtCreate',
        'a.gmtModified',
      ])
      .orderBy('a.gmtCreate', 'desc')
      .orderBy('a.id', 'desc'),
  );
}

export const findAnnouncement = (db: GDb, id: number) =>
  db.selectFrom('groupAnnouncement').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertAnnouncement(db: GDb, a: Insertable<GroupAnnouncementTable>): Promise<number> {
  const { id } = await db.insertInto('groupAnnouncement').values(a).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function updateAnnouncement(db: GDb, id: number, patch: Updateable<GroupAnnouncementTable>) {
  const r = await db
    .updateTable('groupAnnouncement')
    .set({ ...patch, gmtModified: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteAnnouncement(db: GDb, id: number) {
  const r = await db.deleteFrom('groupAnnouncement').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// ---------- rank ----------

/**
 * The group rank (reference §3 get-group-rank-list): members (auth 3–5, user status 0) with
 * ac = distinct problems accepted in the group, total = group submissions, score = Σ over problems
 * of the best OI rank score of non-contest group submissions. ACM: ac desc, total asc; OI: score
 * desc, ac desc; uid breaks ties so pages never overlap.
 */
/** One member's line of the group rank, with the names a search matches (lower-cased). */
export interface GroupRankEntry {
  uid: string;
  username: string;
  nickname: string | null;
  avatar: string | null;
  titleName: string | null;
  titleColor: string | null;
  ac: number;
  total: number;
  score: number;
  /** username, nickname and real name, lower-cased, for the rank's search. */
  searchText: string[];
}

/**
 * The whole rank of a group in its order (ACM: ac desc, total asc; OI: score desc, ac desc; uid
 * last): one aggregation, kept in memory by the rank service so pages and searches slice it.
 */
export async function groupRankAll(db: GDb, f: { gid: number; type: 0 | 1 }): Promise<GroupRankEntry[]> {
  const perProblem = db
    .selectFrom('judge')
    .select([
      'uid',
      'pid',
      sql<number>`count(*)`.as('n'),
      sql<number>`bool_or(status = 0)::int`.as('acc'),
      sql<number>`coalesce(max(oi_rank_score) filter (where cid = 0), 0)`.as('best'),
    ])
    .where('gid', '=', f.gid)
    .groupBy(['uid', 'pid'])
    .as('p');
  const perUser = db
    .selectFrom(perProblem)
    .select([
      'p.uid',
      sql<number>`sum(p.n)::int`.as('total'),
      sql<number>`sum(p.acc)::int`.as('ac'),
      sql<number>`sum(p.best)::int`.as('score'),
    ])
    .groupBy('p.uid')
    .as('s');
  const ac = sql<number>`coalesce(s.ac, 0)`;
  const total = sql<number>`coalesce(s.total, 0)`;
  const score = sql<number>`coalesce(s.score, 0)`;
  const sel = db
    .selectFrom('groupMember as m')
    .innerJoin('users as u', 'u.uid', 'm.uid')
    .leftJoin(perUser, 's.uid', 'm.uid')
    .where('m.gid', '=', f.gid)
    .where('m.auth', 'in', MEMBER_AUTHS)
    .where('u.status', '=', 0)
    .select([
      'u.uid',
      'u.username',
      'u.nickname',
      'u.realname',
      'u.avatar',
      'u.titleName',
      'u.titleColor',
      ac.as('ac'),
      total.as('total'),
      score.as('score'),
    ]);
  const ordered =
    f.type === 0
      ? sel.orderBy(ac, 'desc').orderBy(total, 'asc').orderBy('u.uid')
      : sel.orderBy(score, 'desc').orderBy(ac, 'desc').orderBy('u.uid');
  const rows = await ordered.execute();
  return rows.map(({ realname, ...r }) => ({
    ...r,
    ac: Number(r.ac),
    total: Number(r.total),
    score: Number(r.score),
    searchText: [r.username, r.nickname, realname]
      .filter((t): t is string => !!t)
      .map((t) => t.toLowerCase()),
  }));
}

// Queries of the message center; the only module touching its tables.
import { sql, type Kysely } from 'kysely';
import { camelDb } from '../platform/db';
import { countedPage } from '../platform/db/paging';
import type { MessageTables } from './tables';

export type Db = Kysely<MessageTables>;
export const messageDb = (db: Kysely<unknown>): Db => camelDb<MessageTables>(db);

export interface NewRemind {
  action: string;
  sourceId: number;
  sourceType: string;
  sourceContent: string | null;
  quoteId: number | null;
  quoteType: string | null;
  url: string | null;
  senderId: string;
  recipientId: string;
}

export async function insertRemind(db: Db, r: NewRemind): Promise<number> {
  const row = await db.insertInto('msgRemind').values(r).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Unread counts of one user: 3 grouped counts (reminders, personal notices, site-wide notices). */
export async function unreadCounts(db: Db, uid: string) {
  const [reminds, personal, broadcast] = await Promise.all([
    db
      .selectFrom('msgRemind')
      .select(['action', (eb) => eb.fn.countAll<number>().as('n')])
      .where('recipientId', '=', uid)
      .where('state', '=', false)
      .groupBy('action')
      .execute(),
    db
      .selectFrom('msgNotice')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
      .where('recipientId', '=', uid)
      .where('state', '=', false)
      .groupBy('kind')
      .execute(),
    db
      .selectFrom('msgNotice as n')
      .select(['n.kind', (eb) => eb.fn.countAll<number>().as('n')])
      .where('n.audience', '=', 'all')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('msgNoticeState as s')
              .select('s.uid')
              .whereRef('s.noticeId', '=', 'n.id')
              .where('s.uid', '=', uid),
          ),
        ),
      )
      .groupBy('n.kind')
      .execute(),
  ]);
  return {
    reminds: reminds.map((r) => ({ action: r.action, n: Number(r.n) })),
    notices: [...personal, ...broadcast].map((r) => ({ kind: r.kind, n: Number(r.n) })),
  };
}

export async function listReminds(
  db: Db,
  uid: string,
  actions: readonly string[],
  page: number,
  limit: number,
) {
  const filtered = db
    .selectFrom('msgRemind as m')
    .leftJoin('users as u', 'u.uid', 'm.senderId')
    .where('m.recipientId', '=', uid)
    .where('m.action', 'in', [...actions]);
  return countedPage(filtered, page, limit, (q) =>
    q
      .select([
        'm.id',
        'm.action',
        'm.sourceId',
        'm.sourceType',
        'm.sourceContent',
        'm.quoteId',
        'm.quoteType',
        'm.url',
        'm.state',
        'm.senderId',
        'm.gmtCreate',
        'u.username as senderUsername',
        'u.avatar as senderAvatar',
      ])
      .orderBy('m.state', 'asc')
      .orderBy('m.gmtCreate', 'desc')
      .orderBy('m.id', 'desc'),
  );
}

export async function markRemindsRead(db: Db, uid: string, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db
    .updateTable('msgRemind')
    .set({ state: true })
    .where('recipientId', '=', uid)
    .where('id', 'in', [...ids])
    .where('state', '=', false)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteReminds(
  db: Db,
  uid: string,
  actions: readonly string[],
  id: number | undefined,
): Promise<number> {
  let q = db
    .deleteFrom('msgRemind')
    .where('recipientId', '=', uid)
    .where('action', 'in', [...actions]);
  if (id !== undefined) q = q.where('id', '=', id);
  return Number((await q.executeTakeFirst()).numDeletedRows);
}

/** Notices of one kind the user sees: their personal ones and the site-wide ones they did not delete. */
export async function listNotices(db: Db, uid: string, kind: string, page: number, limit: number) {
  const filtered = db
    .selectFrom('msgNotice as n')
    .leftJoin('msgNoticeState as s', (j) => j.onRef('s.noticeId', '=', 'n.id').on('s.uid', '=', uid))
    .where('n.kind', '=', kind)
    .where((eb) =>
      eb.or([
        eb('n.recipientId', '=', uid),
        eb.and([eb('n.audience', '=', 'all'), eb.or([eb('s.uid', 'is', null), eb('s.deleted', '=', false)])]),
      ]),
    );
  return countedPage(filtered, page, limit, (q) =>
    q
      .select([
        'n.id',
        'n.title',
        'n.content',
        'n.adminId',
        'n.kind',
        'n.audience',
        'n.gmtCreate',
        sql<boolean>`case when n.audience = 'all' then s.uid is not null else n.state end`.as('read'),
      ])
      .orderBy(sql`case when n.audience = 'all' then s.uid is not null else n.state end`, 'asc')
      .orderBy('n.gmtCreate', 'desc')
      .orderBy('n.id', 'desc'),
  );
}

/** Marks notices read: personal ones on their row, site-wide ones with the user's state row. */
export async function markNoticesRead(
  db: Db,
  uid: string,
  personal: readonly number[],
  broadcast: readonly number[],
): Promise<number> {
  let n = 0;
  if (personal.length) {
    const r = await db
      .updateTable('msgNotice')
      .set({ state: true })
      .where('recipientId', '=', uid)
      .where('id', 'in', [...personal])
      .where('state', '=', false)
      .executeTakeFirst();
    n += Number(r.numUpdatedRows);
  }
  if (broadcast.length) {
    const r = await db
      .insertInto('msgNoticeState')
      .values(broadcast.map((noticeId) => ({ noticeId, uid })))
      .onConflict((oc) => oc.columns(['uid', 'noticeId']).doNothing())
      .executeTakeFirst();
    n += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return n;
}

/**
 * Removes notices of one kind from the user's list (one by id, or all): personal rows are deleted,
 * site-wide ones get a deleted state row. Returns how many disappeared from the list.
 */
export async function deleteNotices(
  db: Db,
  uid: string,
  kind: string,
  id: number | undefined,
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    let del = tx.deleteFrom('msgNotice').where('recipientId', '=', uid).where('kind', '=', kind);
    if (id !== undefined) del = del.where('id', '=', id);
    let n = Number((await del.executeTakeFirst()).numDeletedRows);
    const r = await sql<{ n: number }>`
      with hidden as (
        insert into msg_notice_state (notice_id, uid, deleted)
        select n.id, ${uid}, true from msg_notice n
        where n.audience = 'all' and n.kind = ${kind} ${id !== undefined ? sql`and n.id = ${id}` : sql``}
          and not exists (select 1 from msg_notice_state s where s.notice_id = n.id and s.uid = ${uid} and s.deleted)
        on conflict (uid, notice_id) do update set deleted = true
        returning 1
      ) select count(*)::int as n from hidden`.execute(tx);
    n += Number(r.rows[0]?.n ?? 0);
    return n;
  });
}

// ---------- back office ----------

export async function insertNotice(
  db: Db,
  n: {
    title: string;
    content: string;
    kind: string;
    adminType: string | null;
    adminId: string | null;
    recipientId: string | null;
    audience: string;
  },
): Promise<number> {
  const row = await db.insertInto('msgNotice').values(n).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Personal notices to many users in one statement. */
export async function insertPersonalNotices(
  db: Db,
  n: { title: string; content: string; kind: string; adminId: string | null },
  uids: readonly string[],
): Promise<void> {
  if (uids.length === 0) return;
  await db
    .insertInto('msgNotice')
    .values(uids.map((recipientId) => ({ ...n, adminType: null, recipientId, audience: 'user' })))
    .execute();
}

export async function findNotice(db: Db, id: number) {
  return db.selectFrom('msgNotice').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateNotice(
  db: Db,
  id: number,
  n: {
    title: string;
    content: string;
    kind: string;
    adminType: string;
    recipientId: string | null;
    audience: string;
  },
): Promise<boolean> {
  const r = await db
    .updateTable('msgNotice')
    .set({ ...n, gmtModified: new Date() })
    .where('id', '=', id)
    .where('adminType', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteNotice(db: Db, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('msgNotice')
    .where('id', '=', id)
    .where('adminType', 'is not', null)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function listAdminNotices(db: Db, type: string | undefined, page: number, limit: number) {
  let filtered = db
    .selectFrom('msgNotice as n')
    .innerJoin('users as a', 'a.uid', 'n.adminId')
    .leftJoin('users as r', 'r.uid', 'n.recipientId')
    .where('n.adminType', 'is not', null);
  if (type) filtered = filtered.where('n.adminType', '=', type);
  return countedPage(filtered, page, limit, (q) =>
    q
      .select([
        'n.id',
        'n.title',
        'n.content',
        'n.adminType',
        'n.recipientId',
        'r.username as recipientUsername',
        'a.username as adminUsername',
        'n.gmtCreate',
        'n.gmtModified',
      ])
      .orderBy('n.gmtCreate', 'desc')
      .orderBy('n.id', 'desc'),
  );
}

export async function uidOfUsername(db: Db, username: string): Promise<string | null> {
  const r = await db.selectFrom('users').select('uid').where('username', '=', username).executeTakeFirst();
  return r?.uid ?? null;
}

export async function userExists(db: Db, uid: string): Promise<boolean> {
  return !!(await db.selectFrom('users').select('uid').where('uid', '=', uid).executeTakeFirst());
}

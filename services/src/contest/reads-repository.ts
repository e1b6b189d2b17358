// Queries of migration 0014: per-user announcement reads and the public problems a contest
// borrowed. The contest and problem rows they join are read through the snake_case view.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../platform/db/schema';
import { camelDb } from '../platform/db';
import type { Db } from './repository';
import type { ContestReadTables } from './tables';

const reads = (db: Db) => camelDb<ContestReadTables>(db as unknown as Kysely<unknown>);
/** The joins with contest and problem rows go through the snake_case view; this table is added to it. */
type SnakeDb = Kysely<Database & { contest_public_problem: { pid: number; cid: number } }>;
const snake = (db: Db | Transaction<Database>) => db as unknown as SnakeDb;

/** Ids of the contest's announcements `uid` has dismissed. */
export async function readAnnouncementIds(db: Db, cid: number, uid: string): Promise<number[]> {
  const rows = await reads(db)
    .selectFrom('contestAnnouncementRead')
    .select('aid')
    .where('cid', '=', cid)
    .where('uid', '=', uid)
    .execute();
  return rows.map((r) => Number(r.aid));
}

/** Marks announcements of `cid` read for `uid` (ids of other contests are ignored). */
export async function markAnnouncementsRead(db: Db, cid: number, uid: string, aids: readonly number[]) {
  if (aids.length === 0) return 0;
  const own = await db
    .selectFrom('contest_announcement')
    .select('id')
    .where('cid', '=', cid)
    .where('id', 'in', [...aids])
    .execute();
  if (own.length === 0) return 0;
  await reads(db)
    .insertInto('contestAnnouncementRead')
    .values(own.map((a) => ({ uid, aid: Number(a.id), cid })))
    .onConflict((oc) => oc.columns(['uid', 'aid']).doNothing())
    .execute();
  return own.length;
}

/** Remembers that public problem `pid` is hidden because of contest `cid`. */
export async function borrowPublicProblem(db: Db, pid: number, cid: number) {
  await reads(db)
    .insertInto('contestPublicProblem')
    .values({ pid, cid })
    .onConflict((oc) => oc.columns(['pid', 'cid']).doNothing())
    .execute();
}

/**
 * Gives back every borrowed problem none of whose borrowing contests is still to end
 * (`end_time > at`): auth 3 → 1 (a problem an admin has set otherwise meanwhile is left
 * alone) and the borrow rows are dropped. Returns the pids made public again.
 */
export async function returnEndedBorrows(db: Db, at: Date): Promise<number[]> {
  return db.transaction().execute(async (tx) => {
    const trx = snake(tx);
    const due = await trx
      .selectFrom('contest_public_problem as b')
      .select('b.pid')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('contest_public_problem as o')
              .innerJoin('contest as c', 'c.id', 'o.cid')
              .select(sql`1`.as('one'))
              .whereRef('o.pid', '=', 'b.pid')
              .where('c.end_time', '>', at),
          ),
        ),
      )
      .groupBy('b.pid')
      .execute();
    const pids = due.map((r) => Number(r.pid));
    if (pids.length === 0) return [];
    const restored = await trx
      .updateTable('problem')
      .set({ auth: 1 })
      .where('id', 'in', pids)
      .where('auth', '=', 3)
      .returning('id')
      .execute();
    await trx.deleteFrom('contest_public_problem').where('pid', 'in', pids).execute();
    return restored.map((r) => Number(r.id));
  });
}

/** The earliest end time after `at` among contests holding borrowed problems, or null. */
export async function nextBorrowEnd(db: Db, at: Date): Promise<Date | null> {
  const row = await snake(db)
    .selectFrom('contest_public_problem as b')
    .innerJoin('contest as c', 'c.id', 'b.cid')
    .select((eb) => eb.fn.min('c.end_time').as('next'))
    .where('c.end_time', '>', at)
    .executeTakeFirst();
  return row?.next ? new Date(row.next as unknown as string | Date) : null;
}

/** Whether `pid` is hidden because some contest borrowed it from the public bank. */
export async function isBorrowed(db: Db, pid: number): Promise<boolean> {
  const row = await reads(db)
    .selectFrom('contestPublicProblem')
    .select('pid')
    .where('pid', '=', pid)
    .executeTakeFirst();
  return row !== undefined;
}

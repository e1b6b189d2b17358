// The back office's queries. The admin capability is the one place that reads across other
// capabilities' tables for the dashboard and writes the user rows of the user manager (the
// original's admin managers did the same); every other capability keeps to its own tables.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import { camelDb } from '../platform/db';
import { countedPage } from '../platform/db/paging';
import type { AdminTables, GeneratedRow } from './tables';

type Db = Kysely<Database>;

const ADMIN_ROLE_IDS = [1000, 1001, 1008];

export async function countUsers(db: Db): Promise<number> {
  const r = await db
    .selectFrom('users')
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function countSubmissionsSince(db: Db, since: Date): Promise<number> {
  const r = await db
    .selectFrom('judge')
    .select(sql<string>`count(*)`.as('n'))
    .where('submit_time', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Visible, non-group contests not ended that start within 14 days; and those running now. */
export async function contestCounts(db: Db, now: Date): Promise<{ recent: number; running: number }> {
  const in14 = new Date(now.getTime() + 14 * 86_400_000);
  const r = await db
    .selectFrom('contest')
    .select([
      sql<string>`count(*) filter (where end_time > ${now} and start_time <= ${in14})`.as('recent'),
      sql<string>`count(*) filter (where start_time <= ${now} and end_time > ${now})`.as('running'),
    ])
    .where('visible', '=', true)
    .where('is_group', '=', false)
    .executeTakeFirstOrThrow();
  return { recent: Number(r.recent), running: Number(r.running) };
}

/** Submissions per minute since `since` (minute start epoch ms → count). */
export async function submissionsPerMinute(db: Db, since: Date): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('judge')
    .select([sql<Date>`date_trunc('minute', submit_time)`.as('minute'), sql<string>`count(*)`.as('n')])
    .where('submit_time', '>=', since)
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((r) => [new Date(r.minute).getTime(), Number(r.n)]));
}

// ---- users ----

export async function userPage(
  db: Db,
  q: { page: number; limit: number; onlyAdmin: boolean; keyword: string },
) {
  let filtered = db.selectFrom('users');
  if (q.onlyAdmin)
    filtered = filtered.where('uid', 'in', (s) =>
      s.selectFrom('user_role').select('uid').where('role_id', 'in', ADMIN_ROLE_IDS),
    );
  if (q.keyword) {
    const like = `%${q.keyword}%`;
    filtered = filtered.where((e) =>
      e.or([e('username', 'like', like), e('email', 'like', like), e('realname', 'like', like)]),
    );
  }
  const page = await countedPage(filtered, q.page, q.limit, (f) =>
    f.selectAll().orderBy('gmt_create', 'desc').orderBy('uid', 'desc'),
  );
  const uids = page.rows.map((r) => r.uid);
  const roles = uids.length
    ? await db
        .selectFrom('user_role')
        .select(['uid', 'role_id', 'gmt_create'])
        .where('uid', 'in', uids)
        .execute()
    : [];
  return { ...page, roles };
}

export function findUser(db: Db, uid: string) {
  return db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
}

export async function uidOfEmail(db: Db, email: string): Promise<string | null> {
  const r = await db.selectFrom('users').select('uid').where('email', '=', email).executeTakeFirst();
  return r?.uid ?? null;
}

export async function uidOfUsername(db: Db, username: string): Promise<string | null> {
  const r = await db.selectFrom('users').select('uid').where('username', '=', username).executeTakeFirst();
  return r?.uid ?? null;
}

export async function rolesOf(db: Db, uid: string): Promise<number[]> {
  const rows = await db.selectFrom('user_role').select('role_id').where('uid', '=', uid).execute();
  return rows.map((r) => r.role_id);
}

export interface UserEdit {
  username: string;
  realname: string | null;
  email: string | null;
  titleName: string | null;
  titleColor: string | null;
  status: number;
  passwordHash: string | null;
  /** Replace every role by this one (null: leave the roles). */
  roleId: number | null;
}

export async function applyUserEdit(db: Db, uid: string, e: UserEdit, now: Date): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const r = await tx
      .updateTable('users')
      .set({
        username: e.username,
        realname: e.realname,
        email: e.email,
        title_name: e.titleName,
        title_color: e.titleColor,
        status: e.status,
        ...(e.passwordHash ? { password_hash: e.passwordHash } : {}),
        gmt_modified: now,
      })
      .where('uid', '=', uid)
      .executeTakeFirst();
    if (r.numUpdatedRows === 0n) return false;
    if (e.roleId !== null) {
      await tx.deleteFrom('user_role').where('uid', '=', uid).execute();
      await tx.insertInto('user_role').values({ uid, role_id: e.roleId }).execute();
    }
    return true;
  });
}

export async function deleteUsers(db: Db, uids: readonly string[]): Promise<number> {
  if (!uids.length) return 0;
  const r = await db.deleteFrom('users').where('uid', 'in', uids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Which of these usernames / e-mails exist already. */
export async function takenNames(db: Db, usernames: readonly string[]): Promise<Set<string>> {
  if (!usernames.length) return new Set();
  const rows = await db.selectFrom('users').select('username').where('username', 'in', usernames).execute();
  return new Set(rows.map((r) => r.username));
}

export async function takenEmails(db: Db, emails: readonly string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db.selectFrom('users').select('email').where('email', 'in', emails).execute();
  return new Set(rows.map((r) => r.email ?? ''));
}

export interface NewUser {
  uid: string;
  username: string;
  passwordHash: string;
  email: string | null;
  realname: string | null;
  gender: string | null;
  nickname: string | null;
  school: string | null;
}

/** Inserts users with role default_user and an empty user_record, all or nothing. */
export async function insertUsers(db: Db, users: readonly NewUser[], roleId: number): Promise<void> {
  if (!users.length) return;
  await db.transaction().execute(async (tx) => {
    // Chunks keep each statement under the bind-parameter limit.
    for (let i = 0; i < users.length; i += 500) {
      const chunk = users.slice(i, i + 500);
      await tx
        .insertInto('users')
        .values(
          chunk.map((u) => ({
            uid: u.uid,
            username: u.username,
            password_hash: u.passwordHash,
            email: u.email,
            realname: u.realname,
            gender: u.gender,
            nickname: u.nickname,
            school: u.school,
          })),
        )
        .execute();
      await tx
        .insertInto('user_role')
        .values(chunk.map((u) => ({ uid: u.uid, role_id: roleId })))
        .execute();
      await tx
        .insertInto('user_record')
        .values(chunk.map((u) => ({ uid: u.uid, rating: null })))
        .execute();
    }
  });
}

// ---- generated batches ----

export async function saveGenerated(db: Db, key: string, rows: GeneratedRow[], expiresAt: Date) {
  await camelDb<AdminTables>(db as unknown as Kysely<unknown>)
    .insertInto('adminGeneratedBatch')
    .values({ key, rows: JSON.stringify(rows), expiresAt })
    .execute();
}

export async function readGenerated(db: Db, key: string, now: Date): Promise<GeneratedRow[]> {
  const adb = camelDb<AdminTables>(db as unknown as Kysely<unknown>);
  await adb.deleteFrom('adminGeneratedBatch').where('expiresAt', '<', now).execute();
  const r = await adb
    .selectFrom('adminGeneratedBatch')
    .select('rows')
    .where('key', '=', key)
    .executeTakeFirst();
  return r?.rows ?? [];
}

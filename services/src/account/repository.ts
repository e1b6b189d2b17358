// The account capability's queries. Times come from the caller's clock so tests can move time.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AccountTables, UsersTable } from './tables';

type Db = Kysely<AccountTables> | Transaction<AccountTables>;
export type UserRow = Selectable<UsersTable>;

// ---- users ----

export function findUserByUid(db: Db, uid: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function usernameExists(db: Db, username: string): Promise<boolean> {
  return (
    (await db.selectFrom('users').select('uid').where('username', '=', username).executeTakeFirst()) != null
  );
}

export async function emailExists(db: Db, email: string): Promise<boolean> {
  return (await db.selectFrom('users').select('uid').where('email', '=', email).executeTakeFirst()) != null;
}

export async function roleIdsOf(db: Db, uid: string): Promise<number[]> {
  const rows = await db
    .selectFrom('user_role')
    .select('role_id')
    .where('uid', '=', uid)
    .orderBy('role_id')
    .execute();
  return rows.map((r) => r.role_id);
}

const ROOT_ROLE_ID = 1000;

/** The super admins (role root): other capabilities show or hide things for them. */
export async function superAdminUids(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('user_role').select('uid').where('role_id', '=', ROOT_ROLE_ID).execute();
  return rows.map((r) => r.uid);
}

export interface NewUserRow {
  uid: string;
  username: string;
  email: string | null;
  passwordHash: string;
  roleIds: readonly number[];
  profile?: Partial<
    Omit<UserRow, 'uid' | 'username' | 'email' | 'password_hash' | 'gmt_create' | 'gmt_modified'>
  >;
}

/** Inserts the user, its roles and its empty user_record in one transaction. */
export async function insertUser(db: Kysely<AccountTables>, u: NewUserRow): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('users')
      .values({
        ...u.profile,
        uid: u.uid,
        username: u.username,
        email: u.email,
        password_hash: u.passwordHash,
      })
      .execute();
    if (u.roleIds.length)
      await tx
        .insertInto('user_role')
        .values(u.roleIds.map((role_id) => ({ uid: u.uid, role_id })))
        .execute();
    await tx.insertInto('user_record').values({ uid: u.uid, rating: null }).execute();
  });
}

export async function updatePasswordHash(db: Db, uid: string, hash: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ password_hash: hash, gmt_modified: now })
    .where('uid', '=', uid)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Replaces the stored hash only if it is still `from` (the argon2id upgrade of a fast hash). */
export async function upgradePasswordHash(db: Db, uid: string, from: string, to: string): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ password_hash: to })
    .where('uid', '=', uid)
    .where('password_hash', '=', from)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function updateUserColumns(
  db: Db,
  uid: string,
  cols: Partial<Omit<UserRow, 'uid' | 'gmt_create' | 'gmt_modified'>>,
  now: Date,
): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ ...cols, gmt_modified: now })
    .where('uid', '=', uid)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function ratingOf(db: Db, uid: string): Promise<number | null> {
  const r = await db.selectFrom('user_record').select('rating').where('uid', '=', uid).executeTakeFirst();
  return r?.rating ?? null;
}

// ---- sessions and per-user auth state ----

export async function insertSession(
  db: Db,
  uid: string,
  ip: string | null,
  userAgent: string | null,
  now: Date,
) {
  await db.insertInto('user_session').values({ uid, ip, user_agent: userAgent, gmt_create: now }).execute();
}

/** The address of the user's latest session (null when none or unknown). */
export async function latestSessionIp(db: Db, uid: string): Promise<string | null> {
  const r = await db
    .selectFrom('user_session')
    .select('ip')
    .where('uid', '=', uid)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r?.ip ?? null;
}

export async function latestSessionTime(db: Db, uid: string): Promise<Date | null> {
  const r = await db
    .selectFrom('user_session')
    .select('gmt_create')
    .where('uid', '=', uid)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r?.gmt_create ?? null;
}

/** The user's sessions, newest first (admin dashboard). */
export function recentSessions(db: Db, uid: string, limit: number) {
  return db
    .selectFrom('user_session')
    .select(['id', 'uid', 'ip', 'user_agent', 'gmt_create'])
    .where('uid', '=', uid)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** (Re)writes the token key and refresh marker: done whenever a token is issued. */
export async function writeAuthState(
  db: Db,
  uid: string,
  tokenExpiresAt: Date,
  refreshAt: Date,
): Promise<void> {
  await db
    .insertInto('account_auth_state')
    .values({ uid, token_expires_at: tokenExpiresAt, refresh_at: refreshAt })
    .onConflict((oc) =>
      oc.column('uid').doUpdateSet({ token_expires_at: tokenExpiresAt, refresh_at: refreshAt }),
    )
    .execute();
}

/** What the authenticator needs about a token's user, in one round trip; undefined when the user is gone. */
export function loadSessionUser(db: Db, uid: string) {
  return db
    .selectFrom('users')
    .leftJoin('account_auth_state', 'account_auth_state.uid', 'users.uid')
    .select([
      'users.username',
      'users.status',
      'account_auth_state.token_expires_at',
      'account_auth_state.refresh_at',
    ])
    .where('users.uid', '=', uid)
    .executeTakeFirst();
}

export function readAuthState(db: Db, uid: string) {
  return db
    .selectFrom('account_auth_state')
    .select(['token_expires_at', 'refresh_at'])
    .where('uid', '=', uid)
    .executeTakeFirst();
}

/**
 * Claims the renewal: moves both deadlines forward only if the refresh marker has
 * expired and the token key has not. Atomic, so of concurrent requests one renews.
 */
export async function claimRenewal(
  db: Db,
  uid: string,
  now: Date,
  tokenExpiresAt: Date,
  refreshAt: Date,
): Promise<boolean> {
  const r = await db
    .updateTable('account_auth_state')
    .set({ token_expires_at: tokenExpiresAt, refresh_at: refreshAt })
    .where('uid', '=', uid)
    .where('refresh_at', '<=', now)
    .where('token_expires_at', '>', now)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Deletes the per-user state: every token of the user stops working. */
export async function deleteAuthState(db: Db, uid: string): Promise<void> {
  await db.deleteFrom('account_auth_state').where('uid', '=', uid).execute();
}

// ---- verification codes ----

export async function putCode(db: Db, kind: string, key: string, code: string, expiresAt: Date) {
  await db
    .insertInto('account_code')
    .values({ kind, key, code, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['kind', 'key']).doUpdateSet({ code, expires_at: expiresAt }))
    .execute();
}

/** The live code, or null when absent or expired. */
export async function getCode(db: Db, kind: string, key: string, now: Date): Promise<string | null> {
  const r = await db
    .selectFrom('account_code')
    .select('code')
    .where('kind', '=', kind)
    .where('key', '=', key)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return r?.code ?? null;
}

export async function deleteCode(db: Db, kind: string, key: string) {
  await db.deleteFrom('account_code').where('kind', '=', kind).where('key', '=', key).execute();
}

// ---- counters, cooldowns and locks (a count with an expiry) ----

export async function readCounter(
  db: Db,
  key: string,
  now: Date,
): Promise<{ count: number; expiresAt: Date } | null> {
  const r = await db
    .selectFrom('account_counter')
    .select(['count', 'expires_at'])
    .where('key', '=', key)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return r ? { count: r.count, expiresAt: r.expires_at } : null;
}

/**
 * Adds one, atomically. An expired counter restarts at 1. `resetTtl` moves the expiry
 * on every increment (login failures); otherwise it is set only when the count starts.
 */
export async function incrementCounter(
  db: Db,
  key: string,
  now: Date,
  ttlMs: number,
  resetTtl: boolean,
): Promise<number> {
  const expires = new Date(now.getTime() + ttlMs);
  const live = sql<boolean>`account_counter.expires_at > ${now}`;
  const r = await db
    .insertInto('account_counter')
    .values({ key, count: 1, expires_at: expires })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when ${live} then account_counter.count + 1 else 1 end`,
        expires_at: resetTtl
          ? expires
          : sql`case when ${live} then account_counter.expires_at else ${expires} end`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return r.count;
}

export async function deleteCounter(db: Db, key: string) {
  await db.deleteFrom('account_counter').where('key', '=', key).execute();
}

/** Sets a lock/marker that lives until `until`, replacing any previous one. */
export async function setMarker(db: Db, key: string, until: Date) {
  await db
    .insertInto('account_counter')
    .values({ key, count: 1, expires_at: until })
    .onConflict((oc) => oc.column('key').doUpdateSet({ count: 1, expires_at: until }))
    .execute();
}

/**
 * Starts a cooldown unless one is running, atomically. Returns null when started,
 * else the end of the running cooldown.
 */
export async function tryStartCooldown(db: Db, key: string, now: Date, ttlMs: number): Promise<Date | null> {
  const until = new Date(now.getTime() + ttlMs);
  const started = await db
    .insertInto('account_counter')
    .values({ key, count: 1, expires_at: until })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ count: 1, expires_at: until })
        .where('account_counter.expires_at', '<=', now),
    )
    .returning('key')
    .executeTakeFirst();
  if (started) return null;
  return (await readCounter(db, key, now))?.expiresAt ?? null;
}

/** Drops expired codes and counters (housekeeping; correctness never depends on it). */
export async function purgeExpired(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('account_code').where('expires_at', '<=', now).execute();
  await db.deleteFrom('account_counter').where('expires_at', '<=', now).execute();
}

// ---- avatars ----

/** Records the new avatar, flags the user's previous ones deleted and points the user at it. */
export async function replaceAvatar(
  db: Kysely<AccountTables>,
  a: { name: string; uid: string; blobKey: string; contentType: string; url: string },
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('account_avatar').set({ deleted: true }).where('uid', '=', a.uid).execute();
    await tx
      .insertInto('account_avatar')
      .values({ name: a.name, uid: a.uid, blob_key: a.blobKey, content_type: a.contentType, gmt_create: now })
      .execute();
    await tx
      .updateTable('users')
      .set({ avatar: a.url, gmt_modified: now })
      .where('uid', '=', a.uid)
      .execute();
  });
}

export function findAvatar(db: Db, name: string) {
  return db
    .selectFrom('account_avatar')
    .select(['blob_key', 'content_type'])
    .where('name', '=', name)
    .executeTakeFirst();
}

// Process-shared settings in platform_kv.
import type { Kysely } from 'kysely';
import { jsonb } from './json';
import type { Database } from './schema';

/** The stored value, or undefined when the key is absent. */
export async function getKv<T = unknown>(db: Kysely<Database>, key: string): Promise<T | undefined> {
  const row = await db.selectFrom('platform_kv').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value as T | undefined;
}

/**
 * Stores `value` unless the key already exists, atomically, and returns the value
 * that won: ours if we inserted, else the existing one. Lets racing processes
 * agree on a single generated secret.
 */
export async function setKvIfAbsent<T>(db: Kysely<Database>, key: string, value: T): Promise<T> {
  const inserted = await db
    .insertInto('platform_kv')
    .values({ key, value: jsonb(value) })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('value')
    .executeTakeFirst();
  if (inserted) return inserted.value as T;
  // The row existed before our insert; rows are never deleted here, so it is still there.
  const existing = await getKv<T>(db, key);
  if (existing === undefined) throw new Error(`platform_kv key ${key} vanished during setKvIfAbsent`);
  return existing;
}

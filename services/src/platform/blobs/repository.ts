// The durable copy of the blob store's contents (table blob_copy, migration 0019): the only place
// that touches it. Plain SQL: the table belongs to no capability's types.
import { sql, type Kysely } from 'kysely';

type Db = Kysely<unknown>;

/** Stores the copy once (a hash names one content, so a second put changes nothing). */
export async function putCopy(db: Db, hash: string, data: Buffer): Promise<void> {
  await sql`insert into blob_copy (hash, data) values (${hash}, ${data}) on conflict (hash) do nothing`.execute(
    db,
  );
}

export async function getCopy(db: Db, hash: string): Promise<Buffer | null> {
  const { rows } = await sql<{ data: Uint8Array }>`select data from blob_copy where hash = ${hash}`.execute(
    db,
  );
  const data = rows[0]?.data;
  return data ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : null;
}

export async function hasCopy(db: Db, hash: string): Promise<boolean> {
  const { rows } = await sql`select 1 from blob_copy where hash = ${hash}`.execute(db);
  return rows.length > 0;
}

export async function deleteCopy(db: Db, hash: string): Promise<void> {
  await sql`delete from blob_copy where hash = ${hash}`.execute(db);
}

/** Of these hashes, the ones without a copy. */
export async function missingCopies(db: Db, hashes: readonly string[]): Promise<string[]> {
  if (hashes.length === 0) return [];
  const { rows } = await sql<{
    hash: string;
  }>`select hash from blob_copy where hash = any(${[...hashes]}::text[])`.execute(db);
  const present = new Set(rows.map((r) => r.hash));
  return hashes.filter((h) => !present.has(h));
}

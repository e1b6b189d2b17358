// Queries of markdown uploads; the only module touching md_file.
import type { Kysely } from 'kysely';
import { camelDb } from '../platform/db';
import type { FileTables } from './tables';

export type FileDb = Kysely<FileTables>;
export const fileDb = (db: Kysely<unknown>): FileDb => camelDb<FileTables>(db);

export async function insertFile(
  db: FileDb,
  f: {
    name: string;
    kind: string;
    uid: string;
    blobKey: string;
    contentType: string;
    size: number;
    originalName: string;
  },
): Promise<number> {
  return (await db.insertInto('mdFile').values(f).returning('id').executeTakeFirstOrThrow()).id;
}

export async function findByName(db: FileDb, name: string, kind: string) {
  return db
    .selectFrom('mdFile')
    .selectAll()
    .where('name', '=', name)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export async function findById(db: FileDb, id: number) {
  return db.selectFrom('mdFile').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteById(db: FileDb, id: number): Promise<boolean> {
  return Number((await db.deleteFrom('mdFile').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0;
}

// Kysely table types of the file capability (DDL in migrations/0009_message.ts: md_file),
// camelCase, read through camelDb.
import type { ColumnType, Generated } from 'kysely';

export interface MdFileTable {
  id: Generated<number>;
  /** Public name `{32-hex}[.ext]`. */
  name: string;
  /** img | file */
  kind: string;
  uid: string;
  blobKey: string;
  contentType: string;
  size: number;
  originalName: string | null;
  gmtCreate: ColumnType<Date, Date | undefined, never>;
}

export interface FileTables {
  mdFile: MdFileTable;
}

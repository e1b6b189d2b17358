// Kysely table types of the admin capability (DDL in platform/db/migrations/0011_admin.ts),
// camelCase over snake_case columns, read through camelDb().
import type { ColumnType } from 'kysely';

export interface GeneratedRow {
  username: string;
  password: string;
}

export interface AdminGeneratedBatchTable {
  key: string;
  rows: ColumnType<GeneratedRow[], string, string>;
  expiresAt: Date;
  gmtCreate: ColumnType<Date, Date | undefined, never>;
}

export interface AdminTables {
  adminGeneratedBatch: AdminGeneratedBatchTable;
}

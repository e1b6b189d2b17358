// The whole database as Kysely sees it: one interface per capability, merged here.
// To add a capability: import the TableNameTables interface from its tables.ts,
// add it to the extends list of Database at the bottom, and put the DDL in a new
// migration in ./migrations (never anywhere else).
import type { ColumnType } from 'kysely';
import type { JudgeTables } from '../../judge/tables';

export interface PlatformKvTable {
  key: string;
  /** Any JSON value; write it through `jsonb()` from ./json. */
  value: ColumnType<unknown, unknown, unknown>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface PlatformTables {
  platform_kv: PlatformKvTable;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- grows by extension
export interface Database extends PlatformTables, JudgeTables {}

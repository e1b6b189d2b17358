// The whole database as Kysely sees it: one interface per capability, merged here.
// To add a capability: import the TableNameTables interface from its tables.ts,
// add it to the extends list of Database at the bottom, and put the DDL in a new
// migration in ./migrations (never anywhere else).
import type { ColumnType } from 'kysely';
import type { AccountTables } from '../../account/tables';
import type { SiteTables } from '../../site/tables';
import type { JudgeTables } from '../../judge/tables';
import type { ContestTables } from '../../contest/tables';
import type { ProblemTables } from '../../problem/tables';
import type { DiscussionTables } from '../../discussion/tables';

export interface PlatformKvTable {
  key: string;
  /** Any JSON value; write it through `jsonb()` from ./json. */
  value: ColumnType<unknown, unknown, unknown>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface PlatformTables {
  platform_kv: PlatformKvTable;
}

export interface Database
  extends
    PlatformTables,
    AccountTables,
    SiteTables,
    JudgeTables,
    ProblemTables,
    ContestTables,
    DiscussionTables {}

// Kysely table types of the Contest API imports (migration 0024_ccs_organization). Not gathered in
// platform/db/schema.ts: the import's repository widens the database type with these itself.
import type { ColumnType, Generated } from 'kysely';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CcsOrganizationTable {
  id: Generated<number>;
  ext_id: string;
  name: string;
  formal_name: string | null;
  country: string | null;
  logo_blob: string | null;
  logo_href: string | null;
  icpc_id: string | null;
  gmt_create: Stamp;
  gmt_modified: Stamp;
}

export interface CcsContestTeamTable {
  cid: number;
  team_id: string;
  name: string;
  display_name: string | null;
  label: string | null;
  icpc_id: string | null;
  organization_id: number | null;
  hidden: Generated<boolean>;
  uid: string | null;
  gmt_create: Stamp;
  gmt_modified: Stamp;
}

export interface CcsImportTables {
  ccs_organization: CcsOrganizationTable;
  ccs_contest_team: CcsContestTeamTable;
}

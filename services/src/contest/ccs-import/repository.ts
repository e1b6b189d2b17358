// Queries of the Contest API imports: organisations, a contest's teams, the accounts they link
// (a read of the account tables, as the contest adapters read profiles) and registrations.
import type { Kysely } from 'kysely';
import { Role } from '@oj/protocol';
import type { Database } from '../../platform/db/schema';
import type { CcsImportTables } from './tables';
import type { OrgRow, TeamRow } from './parse';

export type Db = Kysely<Database & CcsImportTables>;

export const asImportDb = (db: Kysely<Database>): Db => db as unknown as Db;

export async function orgsByExtId(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('ccs_organization')
    .select(['id', 'ext_id'])
    .where('ext_id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.ext_id, Number(r.id)]));
}

/** Inserts or updates the organisation by its id in the file; returns its row id and what happened. */
export async function upsertOrg(
  db: Db,
  o: OrgRow,
  logoBlob: string | null,
): Promise<{ id: number; created: boolean }> {
  const existing = await db
    .selectFrom('ccs_organization')
    .select('id')
    .where('ext_id', '=', o.id)
    .executeTakeFirst();
  const values = {
    name: o.name,
    formal_name: o.formalName,
    country: o.country,
    icpc_id: o.icpcId,
    // A row without a logo keeps the one it had.
    ...(logoBlob || o.logoHref ? { logo_blob: logoBlob, logo_href: o.logoHref } : {}),
  };
  if (existing) {
    await db
      .updateTable('ccs_organization')
      .set({ ...values, gmt_modified: new Date() })
      .where('id', '=', existing.id)
      .execute();
    return { id: Number(existing.id), created: false };
  }
  const r = await db
    .insertInto('ccs_organization')
    .values({ ext_id: o.id, ...values })
    .onConflict((oc) => oc.column('ext_id').doUpdateSet({ ...values, gmt_modified: new Date() }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(r.id), created: true };
}

export async function teamsOf(
  db: Db,
  cid: number,
  ids: readonly string[],
): Promise<
  Map<string, { uid: string | null; name: string; displayName: string | null; org: string | null }>
> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('ccs_contest_team as t')
    .leftJoin('ccs_organization as o', 'o.id', 't.organization_id')
    .select(['t.team_id', 't.uid', 't.name', 't.display_name', 'o.name as org'])
    .where('t.cid', '=', cid)
    .where('t.team_id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((r) => [
      r.team_id,
      { uid: r.uid, name: r.name, displayName: r.display_name, org: r.org ?? null },
    ]),
  );
}

export async function upsertTeam(
  db: Db,
  cid: number,
  t: TeamRow,
  organizationId: number | null,
): Promise<{ created: boolean }> {
  const values = {
    name: t.name,
    display_name: t.displayName,
    label: t.label,
    icpc_id: t.icpcId,
    organization_id: organizationId,
    hidden: t.hidden,
  };
  const r = await db
    .insertInto('ccs_contest_team')
    .values({ cid, team_id: t.id, ...values })
    .onConflict((oc) => oc.columns(['cid', 'team_id']).doNothing())
    .returning('team_id')
    .executeTakeFirst();
  if (r) return { created: true };
  await db
    .updateTable('ccs_contest_team')
    .set({ ...values, gmt_modified: new Date() })
    .where('cid', '=', cid)
    .where('team_id', '=', t.id)
    .execute();
  return { created: false };
}

/** The team each account of the contest is linked to (uid → team id). */
export async function teamOfUids(db: Db, cid: number, uids: readonly string[]): Promise<Map<string, string>> {
  if (!uids.length) return new Map();
  const rows = await db
    .selectFrom('ccs_contest_team')
    .select(['uid', 'team_id'])
    .where('cid', '=', cid)
    .where('uid', 'in', [...new Set(uids)])
    .execute();
  return new Map(rows.map((r) => [r.uid!, r.team_id]));
}

/** Existing accounts by username, with whether one holds an administrator role. */
export async function usersByName(
  db: Db,
  names: readonly string[],
): Promise<Map<string, { uid: string; admin: boolean }>> {
  if (!names.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['uid', 'username'])
    .where('username', 'in', [...new Set(names)])
    .execute();
  if (!rows.length) return new Map();
  const admins = await db
    .selectFrom('user_role')
    .select('uid')
    .where(
      'uid',
      'in',
      rows.map((r) => r.uid),
    )
    .where('role_id', 'in', [Role.ROOT, Role.ADMIN, Role.PROBLEM_ADMIN])
    .execute();
  const adminSet = new Set(admins.map((a) => a.uid));
  return new Map(rows.map((r) => [r.username, { uid: r.uid, admin: adminSet.has(r.uid) }]));
}

/** Links the account to its team and registers it in the contest (both idempotent). */
export async function linkAccount(db: Db, cid: number, teamId: string, uid: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('ccs_contest_team')
      .set({ uid, gmt_modified: new Date() })
      .where('cid', '=', cid)
      .where('team_id', '=', teamId)
      .execute();
    await tx
      .insertInto('contest_register')
      .values({ cid, uid, status: 0 })
      .onConflict((oc) => oc.columns(['cid', 'uid']).doNothing())
      .execute();
  });
}

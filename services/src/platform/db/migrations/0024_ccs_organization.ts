import { sql, type Kysely } from 'kysely';

// Contest API organisations and teams (issue #24 item 5). `ccs_organization` is contest-independent
// (one row per organisation id of the imported files: name, formal name, ISO 3166-1 alpha-3
// country, logo as a blob hash or the feed's href, ICPC id). `ccs_contest_team` is a contest's
// team: its id in the imported files, names, organisation, hidden flag, and the account
// registered for it (a contest registration's link to its organisation).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ccs_organization')
    .ifNotExists()
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('ext_id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('formal_name', 'text')
    .addColumn('country', 'text')
    .addColumn('logo_blob', 'text')
    .addColumn('logo_href', 'text')
    .addColumn('icpc_id', 'text')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('ccs_contest_team')
    .ifNotExists()
    .addColumn('cid', 'bigint', (c) => c.notNull().references('contest.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text')
    .addColumn('label', 'text')
    .addColumn('icpc_id', 'text')
    .addColumn('organization_id', 'bigint', (c) => c.references('ccs_organization.id').onDelete('set null'))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('uid', 'text')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('ccs_contest_team_pk', ['cid', 'team_id'])
    .execute();
  await sql`create unique index if not exists ccs_contest_team_uid_uq on ccs_contest_team (cid, uid) where uid is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ccs_contest_team').ifExists().execute();
  await db.schema.dropTable('ccs_organization').ifExists().execute();
}

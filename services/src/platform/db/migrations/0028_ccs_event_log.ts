import { sql, type Kysely } from 'kysely';

// The Contest API event feed's stored log (issue #24 item 2): one row per event of a contest's
// feed for one view (`public`, `admin`, `team:<uid>`), in the order of `token` (a bigserial every API
// process agrees on; a client's `since_token`). `data` is the object's JSON text as sent (null: the
// object was deleted), kept as text so a process rebuilt from the log compares byte for byte.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ccs_event')
    .ifNotExists()
    .addColumn('token', 'bigserial', (c) => c.primaryKey())
    .addColumn('cid', 'bigint', (c) => c.notNull().references('contest.id').onDelete('cascade'))
    .addColumn('view', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('obj_id', 'text')
    .addColumn('data', 'text')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index if not exists ccs_event_view_idx on ccs_event (cid, view, token)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ccs_event').ifExists().execute();
}

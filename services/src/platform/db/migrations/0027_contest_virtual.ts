import { sql, type Kysely } from 'kysely';

// Virtual participation (issue #27): a user takes an ended contest on a clock of their own
// starting at `started_at` and running the contest's duration (`ends_at`). One row per
// (contest, user). `open` marks the participation a user may still have running: the partial
// unique index keeps one open row per user, and a start first closes the user's rows whose
// clock ran out, so two concurrent starts cannot both run. `final_*` keep the result (rank among
// the original participants at the end, AC count or score, penalty seconds) once settled.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contest_virtual')
    .ifNotExists()
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('cid', 'bigint', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('open', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('final_rank', 'integer')
    .addColumn('final_primary', 'double precision')
    .addColumn('final_time', 'double precision')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('contest_virtual_cid_uid_key', ['cid', 'uid'])
    .execute();
  await sql`create unique index if not exists contest_virtual_open_uid_idx on contest_virtual (uid) where open`.execute(
    db,
  );
  await sql`create index if not exists contest_virtual_uid_idx on contest_virtual (uid, started_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contest_virtual').ifExists().execute();
}

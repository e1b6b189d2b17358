import { sql, type Kysely } from 'kysely';

// Contest replays (issue #27 item 4): an admin or the contest's creator replays an ended contest
// to a room of viewers. The clock is stored as an anchor (at `anchor_at` it showed
// `anchor_elapsed` ms, running `speed`× unless paused), so every process computes the same moment;
// `revision` moves with each control. `holder`/`lease_until` name the one API process that ticks
// the replay and pushes its board (the lease is taken and renewed on the database's clock, as the
// contest board lease of 0017 is); a holder that dies lets the lease run out and another takes it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contest_replay')
    .ifNotExists()
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('cid', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('speed', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('paused', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('anchor_elapsed', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('anchor_at', 'timestamptz', (c) => c.notNull())
    .addColumn('unsealed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('closed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('holder', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index if not exists contest_replay_open_idx on contest_replay (cid) where not closed`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contest_replay').ifExists().execute();
}

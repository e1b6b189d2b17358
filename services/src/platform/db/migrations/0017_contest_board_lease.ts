import { sql, type Kysely } from 'kysely';

// One holder per contest scoreboard across API processes (issue #22): the process named in
// `holder` keeps the contest's board in memory, publishes its rank deltas (one epoch, chained
// versions) and answers the other processes' page reads. The lease runs until `until` (database
// clock) and is renewed while held, so a dead holder's contests are taken over by another process.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contest_board_lease')
    .addColumn('cid', 'bigint', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('until', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contest_board_lease').ifExists().execute();
}

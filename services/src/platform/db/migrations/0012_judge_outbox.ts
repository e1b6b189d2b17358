import { sql, type Kysely } from 'kysely';

// The judge's durable hand-off (issue #11): one row per judging (submission, version) that is not
// final yet, written in the transaction that commits the submission (or its rejudge). It is the
// outbox the queue is filled from and the lease a runner holds while it judges:
// - `due_at`: when the sweeper next looks at the row (enqueue again: never queued, queue lost,
//   holder gone quiet);
// - `claimed_by` / `lease_until`: the runner judging it, until when (renewed while it works).
// The row is deleted once the judging is final.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('judge_outbox')
    .addColumn('submit_id', 'bigint', (c) => c.notNull().references('judge.submit_id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('due_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('enqueued', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addPrimaryKeyConstraint('judge_outbox_pk', ['submit_id', 'version'])
    .execute();
  await db.schema.createIndex('judge_outbox_due_idx').on('judge_outbox').column('due_at').execute();
  // Work committed before this migration that is still unfinished gets its row (queued again).
  await sql`insert into judge_outbox (submit_id, version)
            select submit_id, version from judge where status in (5, 6, 7)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('judge_outbox').execute();
}

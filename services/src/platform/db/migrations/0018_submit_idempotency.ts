import { sql, type Kysely } from 'kysely';

// Idempotent submits (issue #22.3): the `Idempotency-Key` a client sent with a submission, per
// user. It commits in the submission's transaction, so a retry with the same key (same user)
// finds the first submission instead of storing and judging a second one; the same key from
// another user is another submission. Rows go with their submission.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('judge_submit_key')
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('submit_id', 'bigint', (c) => c.notNull().references('judge.submit_id').onDelete('cascade'))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('judge_submit_key_pk', ['uid', 'key'])
    .execute();
  await db.schema
    .createIndex('judge_submit_key_created_idx')
    .on('judge_submit_key')
    .column('gmt_create')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('judge_submit_key').execute();
}

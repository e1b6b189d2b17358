import { sql, type Kysely } from 'kysely';

// The remote judge (issue #17, judge.md §6):
// - `remote_judge_account`: the site's accounts on the remote judges (`oj` = HDU, CF, POJ, SPOJ,
//   AC, LIBRE; GYM uses CF's). The password is AES-256-GCM encrypted (`password_enc`). An account
//   is leased with one guarded update: `status` 1 free / 0 busy, `leased_by` the worker and
//   `lease_until` (renewed while it works, so a dead worker's account comes free by itself).
// - `remote_judge_run`: the remote run of a submission (one row per submission, rewritten per
//   judging): the account that submitted it, the remote run id once known and the remote final
//   status (null while polling). A redelivered or resubmitted judging with a run id re-polls it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('remote_judge_account')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('oj', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_enc', 'text', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('leased_by', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('remote_judge_account_oj_username_uq', ['oj', 'username'])
    .execute();
  await db.schema
    .createTable('remote_judge_run')
    .addColumn('submit_id', 'bigint', (c) => c.primaryKey().references('judge.submit_id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('oj', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('run_id', 'text')
    .addColumn('final_status', 'integer')
    .addColumn('submissions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('remote_judge_run').execute();
  await db.schema.dropTable('remote_judge_account').execute();
}

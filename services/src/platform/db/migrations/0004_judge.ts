import { sql, type Kysely } from 'kysely';

// Submissions (the original's `judge` row), their per-case results, the first
// accepted submission per user and problem, and the judge capability's own
// short-lived state (self-test runs, submit-frequency windows).
// Problem/contest/group ids are plain columns: those tables belong to other
// capabilities, and a submission outlives the deletion of its problem.
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('judge')
    .addColumn('submit_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('pid', 'bigint', (c) => c.notNull())
    .addColumn('display_pid', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('submit_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('share', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('error_message', 'text')
    .addColumn('time', 'integer')
    .addColumn('memory', 'integer')
    .addColumn('score', 'integer')
    .addColumn('length', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('cid', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cpid', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('gid', 'bigint')
    .addColumn('judger', 'text')
    .addColumn('ip', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('oi_rank_score', 'integer')
    .addColumn('vjudge_submit_id', 'bigint')
    .addColumn('vjudge_username', 'text')
    .addColumn('vjudge_password', 'text')
    .addColumn('is_manual', 'boolean', (c) => c.defaultTo(false))
    .addColumn('is_remote', 'boolean', (c) => c.notNull().defaultTo(false))
    // The verdict currently counted in the problem's counters (null: none yet).
    .addColumn('counted_status', 'integer')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // The public status list: cid = 0, newest first, optionally one group.
  await db.schema.createIndex('judge_list_idx').on('judge').columns(['cid', 'gid', 'submit_id']).execute();
  // onlyMine, user totals, heatmap, last accepted code.
  await db.schema.createIndex('judge_uid_idx').on('judge').columns(['uid', 'cid', 'submit_id']).execute();
  await db.schema.createIndex('judge_username_idx').on('judge').columns(['username', 'submit_id']).execute();
  await db.schema
    .createIndex('judge_display_pid_idx')
    .on('judge')
    .columns(['display_pid', 'submit_id'])
    .execute();
  await db.schema.createIndex('judge_status_idx').on('judge').columns(['status', 'submit_id']).execute();
  // Problem status per user, OI rank score (max per problem).
  await db.schema.createIndex('judge_pid_uid_idx').on('judge').columns(['pid', 'uid']).execute();
  // Last-week statistics.
  await db.schema.createIndex('judge_gmt_create_idx').on('judge').column('gmt_create').execute();

  await db.schema
    .createTable('judge_case')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('submit_id', 'bigint', (c) => c.notNull().references('judge.submit_id').onDelete('cascade'))
    .addColumn('pid', 'bigint')
    .addColumn('uid', 'text')
    .addColumn('case_id', 'text')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('time', 'integer')
    .addColumn('memory', 'integer')
    .addColumn('score', 'integer')
    .addColumn('input_data', 'text')
    .addColumn('output_data', 'text')
    .addColumn('user_output', 'text')
    .addColumn('group_num', 'integer')
    .addColumn('seq', 'integer')
    .addColumn('mode', 'text')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('judge_case_submit_idx')
    .on('judge_case')
    .columns(['submit_id', 'seq'])
    .execute();

  await db.schema
    .createTable('user_acproblem')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('pid', 'bigint', (c) => c.notNull())
    .addColumn('submit_id', 'bigint', (c) => c.notNull())
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('user_acproblem_uid_pid_uq', ['uid', 'pid'])
    .execute();
  await db.schema
    .createIndex('user_acproblem_recent_idx')
    .on('user_acproblem')
    .columns(['gmt_create', 'uid'])
    .execute();
  await db.schema.createIndex('user_acproblem_submit_idx').on('user_acproblem').column('submit_id').execute();

  // Online self-test runs (the original keeps them in Redis with a TTL); bound to their user.
  await db.schema
    .createTable('judge_test_run')
    .addColumn('test_key', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('result', 'jsonb')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('judge_test_run_expiry_idx')
    .on('judge_test_run')
    .column('expires_at')
    .execute();

  // Submit-frequency windows: one row per (kind, user) until the window closes.
  await db.schema
    .createTable('judge_rate_window')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('until', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['judge_rate_window', 'judge_test_run', 'user_acproblem', 'judge_case', 'judge']) {
    await db.schema.dropTable(t).execute();
  }
}

import { sql, type Kysely } from 'kysely';

// Contests: the contest row (times, seal and award options, access), its problems
// (display ids, balloon colours), registrations, announcements, print jobs, the
// admin helper's "checked" marks, and the print rate limit (the original keeps it in
// Redis). Contest records are not stored: the scoreboard derives them from the
// `judge` rows of the contest (status → record status is a pure rule).
// Status is not stored either: it follows from start/end time at read time.
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('contest')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('auth', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pwd', 'text')
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz', (c) => c.notNull())
    .addColumn('duration', 'bigint', (c) => c.notNull())
    .addColumn('seal_rank', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('seal_rank_time', 'timestamptz')
    .addColumn('auto_real_rank', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('open_print', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('open_rank', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rank_show_name', 'text', (c) => c.notNull().defaultTo('username'))
    .addColumn('allow_end_submit', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('oi_rank_score_type', 'text', (c) => c.notNull().defaultTo('Recent'))
    .addColumn('star_account', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('award_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('award_config', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('open_account_limit', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('account_limit_rule', 'text')
    .addColumn('visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_group', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('gid', 'bigint')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // The public list: visible, non-group, by start time.
  await db.schema
    .createIndex('contest_list_idx')
    .on('contest')
    .columns(['visible', 'is_group', 'start_time'])
    .execute();
  await db.schema.createIndex('contest_gid_idx').on('contest').column('gid').execute();

  await db.schema
    .createTable('contest_problem')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('cid', 'bigint', (c) => c.notNull().references('contest.id').onDelete('cascade'))
    .addColumn('pid', 'bigint', (c) => c.notNull())
    .addColumn('display_id', 'text', (c) => c.notNull())
    .addColumn('display_title', 'text', (c) => c.notNull())
    .addColumn('color', 'text')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('contest_problem_display_uq', ['cid', 'display_id'])
    .addUniqueConstraint('contest_problem_pid_uq', ['cid', 'pid'])
    .execute();

  await db.schema
    .createTable('contest_register')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('cid', 'bigint', (c) => c.notNull().references('contest.id').onDelete('cascade'))
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('contest_register_uq', ['cid', 'uid'])
    .execute();

  await db.schema
    .createTable('contest_announcement')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('cid', 'bigint', (c) => c.notNull().references('contest.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('uid', 'text')
    .addColumn('username', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gid', 'bigint')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('contest_announcement_cid_idx')
    .on('contest_announcement')
    .columns(['cid', 'gmt_create'])
    .execute();

  await db.schema
    .createTable('contest_print')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('cid', 'bigint', (c) => c.notNull().references('contest.id').onDelete('cascade'))
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('realname', 'text')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('contest_print_cid_idx')
    .on('contest_print')
    .columns(['cid', 'status'])
    .execute();

  // Print rate limit: one row per user until the window closes.
  await db.schema
    .createTable('contest_print_window')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('until', 'timestamptz', (c) => c.notNull())
    .execute();

  // Admin helper marks: an accepted submission (the original's contest record) was handled.
  await db.schema
    .createTable('contest_ac_check')
    .addColumn('submit_id', 'bigint', (c) => c.primaryKey())
    .addColumn('cid', 'bigint', (c) => c.notNull().references('contest.id').onDelete('cascade'))
    .addColumn('checked', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'contest_ac_check',
    'contest_print_window',
    'contest_print',
    'contest_announcement',
    'contest_register',
    'contest_problem',
    'contest',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}

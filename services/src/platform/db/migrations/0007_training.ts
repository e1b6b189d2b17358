import { sql, type Kysely } from 'kysely';

// Trainings (reference contests-trainings-discussions.md §2, groups-admin-files.md §4.9):
// categories, trainings (one category each: the reference's mapping table folded into
// `category_id`), their problems, registrations. The training rank is derived from `judge`
// rows (no copied record table); `judge.tid` says a submission was made inside a training.
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('training_category')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('#409EFF'))
    .addColumn('gid', 'bigint')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // Names are unique within a group (site categories: gid null).
  await sql`create unique index training_category_name_idx on training_category (coalesce(gid, 0), name)`.execute(
    db,
  );

  await db.schema
    .createTable('training')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('author_uid', 'text')
    .addColumn('auth', 'text', (c) => c.notNull().defaultTo('Public'))
    .addColumn('private_pwd', 'text')
    .addColumn('status', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rank_show_name', 'text', (c) => c.notNull().defaultTo('username'))
    .addColumn('is_group', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('gid', 'bigint')
    .addColumn('category_id', 'bigint', (c) => c.references('training_category.id').onDelete('set null'))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('training_list_idx')
    .on('training')
    .columns(['gid', 'status', 'rank'])
    .execute();

  await db.schema
    .createTable('training_problem')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tid', 'bigint', (c) => c.notNull().references('training.id').onDelete('cascade'))
    .addColumn('pid', 'bigint', (c) => c.notNull())
    .addColumn('display_id', 'text', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('training_problem_pid_uq', ['tid', 'pid'])
    .addUniqueConstraint('training_problem_display_uq', ['tid', 'display_id'])
    .execute();
  // Which trainings hold a problem (progress pushes on a verdict).
  await db.schema.createIndex('training_problem_pid_idx').on('training_problem').column('pid').execute();

  await db.schema
    .createTable('training_register')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tid', 'bigint', (c) => c.notNull().references('training.id').onDelete('cascade'))
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('status', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('training_register_uq', ['tid', 'uid'])
    .execute();
  await db.schema.createIndex('training_register_uid_idx').on('training_register').column('uid').execute();

  // Submissions made inside a training (0007 adds it to the judge capability's table).
  await sql`alter table judge add column if not exists tid bigint`.execute(db);
  await sql`create index if not exists judge_tid_idx on judge (tid, submit_id) where tid is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists judge_tid_idx`.execute(db);
  await sql`alter table judge drop column if exists tid`.execute(db);
  for (const t of ['training_register', 'training_problem', 'training', 'training_category']) {
    await db.schema.dropTable(t).execute();
  }
}

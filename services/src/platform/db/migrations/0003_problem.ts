import { sql, type Kysely } from 'kysely';

// The problem bank: problems, their tags and classifications, allowed languages,
// code templates, test cases (data in the blob store by sha256) and per-problem
// verdict counters. The `language` table belongs to 0002_site.
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('problem')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('problem_id', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('judge_mode', 'text', (c) => c.notNull().defaultTo('default'))
    .addColumn('judge_case_mode', 'text', (c) => c.notNull().defaultTo('default'))
    .addColumn('time_limit', 'integer', (c) => c.notNull().defaultTo(1000))
    .addColumn('memory_limit', 'integer', (c) => c.notNull().defaultTo(256))
    .addColumn('stack_limit', 'integer', (c) => c.notNull().defaultTo(128))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('input', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('output', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('examples', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_remote', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('source', 'text')
    .addColumn('difficulty', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hint', 'text')
    .addColumn('auth', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('io_score', 'integer')
    .addColumn('code_share', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('spj_code', 'text')
    .addColumn('spj_language', 'text')
    .addColumn('user_extra_file', 'text')
    .addColumn('judge_extra_file', 'text')
    .addColumn('is_remove_end_blank', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('open_case_result', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_upload_case', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('case_version', 'text')
    .addColumn('modified_user', 'text')
    .addColumn('is_group', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('gid', 'integer')
    .addColumn('apply_public_progress', 'integer')
    .addColumn('is_file_io', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('io_read_file_name', 'text')
    .addColumn('io_write_file_name', 'text')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // The public list filters on (auth, is_group) and orders by display id.
  await db.schema.createIndex('problem_public_idx').on('problem').columns(['auth', 'is_group']).execute();
  await db.schema.createIndex('problem_gid_idx').on('problem').column('gid').execute();

  await db.schema
    .createTable('tag_classification')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('oj', 'text', (c) => c.notNull().defaultTo('ME'))
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('tag')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text')
    .addColumn('oj', 'text', (c) => c.notNull().defaultTo('ME'))
    .addColumn('gid', 'integer')
    .addColumn('tcid', 'integer', (c) => c.references('tag_classification.id').onDelete('set null'))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('tag_oj_name_idx').on('tag').columns(['oj', 'name']).execute();

  await db.schema
    .createTable('problem_tag')
    .addColumn('pid', 'integer', (c) => c.notNull().references('problem.id').onDelete('cascade'))
    .addColumn('tid', 'integer', (c) => c.notNull().references('tag.id').onDelete('cascade'))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('problem_tag_pk', ['pid', 'tid'])
    .execute();
  await db.schema.createIndex('problem_tag_tid_idx').on('problem_tag').column('tid').execute();

  await db.schema
    .createTable('problem_language')
    .addColumn('pid', 'integer', (c) => c.notNull().references('problem.id').onDelete('cascade'))
    .addColumn('lid', 'integer', (c) => c.notNull().references('language.id').onDelete('cascade'))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('problem_language_pk', ['pid', 'lid'])
    .execute();

  await db.schema
    .createTable('code_template')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('pid', 'integer', (c) => c.notNull().references('problem.id').onDelete('cascade'))
    .addColumn('lid', 'integer', (c) => c.notNull().references('language.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('status', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('code_template_pid_idx').on('code_template').column('pid').execute();

  await db.schema
    .createTable('problem_case')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('pid', 'integer', (c) => c.notNull().references('problem.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    // File name (uploaded cases) or the content itself (hand-typed cases), as the reference shows it.
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('output', 'text', (c) => c.notNull())
    .addColumn('input_hash', 'text', (c) => c.notNull())
    .addColumn('output_hash', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('group_num', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('problem_case_pid_idx').on('problem_case').columns(['pid', 'seq']).execute();

  // Verdict counters of non-contest submissions, kept by the judge capability through the port.
  await db.schema
    .createTable('problem_count')
    .addColumn('pid', 'integer', (c) => c.primaryKey().references('problem.id').onDelete('cascade'))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ac', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wa', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tle', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mle', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('re', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pe', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ce', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('se', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pa', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'problem_count',
    'problem_case',
    'code_template',
    'problem_language',
    'problem_tag',
    'tag',
    'tag_classification',
    'problem',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}

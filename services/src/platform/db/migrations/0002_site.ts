import { sql, type Kysely } from 'kysely';

// Site capability: website config and feature switches, tools, site/group
// announcements, home carousel images and the language table.
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('site_setting')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'jsonb', (col) => col.notNull())
    .addColumn('gmt_modified', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('site_tool')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'varchar(64)', (col) => col.notNull())
    .addColumn('url', 'varchar(512)', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('gmt_create', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('announcement')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('title', 'varchar(255)', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('uid', 'varchar(64)', (col) => col.notNull())
    .addColumn('username', 'varchar(255)')
    .addColumn('status', 'smallint', (col) => col.notNull().defaultTo(0))
    .addColumn('gid', 'bigint')
    .addColumn('gmt_create', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  // The home and group lists: newest first within one gid (null = site).
  await db.schema
    .createIndex('announcement_gid_created_idx')
    .on('announcement')
    .columns(['gid', 'gmt_create'])
    .execute();

  await db.schema
    .createTable('site_carousel')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('hash', 'char(64)', (col) => col.notNull())
    .addColumn('ext', 'varchar(8)', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('uid', 'varchar(64)', (col) => col.notNull())
    .addColumn('gmt_create', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('site_carousel_hash_idx').on('site_carousel').column('hash').execute();

  await db.schema
    .createTable('language')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('content_type', 'varchar(64)', (col) => col.notNull())
    .addColumn('description', 'varchar(255)', (col) => col.notNull())
    .addColumn('name', 'varchar(64)', (col) => col.notNull())
    .addColumn('compile_command', 'text')
    .addColumn('template', 'text')
    .addColumn('code_template', 'text')
    .addColumn('is_spj', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('oj', 'varchar(64)', (col) => col.notNull().defaultTo('ME'))
    .addColumn('seq', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('gmt_create', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (col) => col.notNull().defaultTo(now))
    // Submissions name their language; one name per judge (oj) keeps that unambiguous.
    .addUniqueConstraint('language_oj_name_key', ['oj', 'name'])
    .execute();

  await db.schema
    .createTable('site_seed')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('gmt_create', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'site_seed',
    'language',
    'site_carousel',
    'announcement',
    'site_tool',
    'site_setting',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

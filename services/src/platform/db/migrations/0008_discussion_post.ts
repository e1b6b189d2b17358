import { sql, type Kysely } from 'kysely';

// Discussion posts (issue 13; reference contests-trainings-discussions.md §3): categories,
// posts, likes of posts, reports. Comments on a post live in the comment area (0006, `did`).
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('discussion_category')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // The categories a fresh site starts with (the super admin edits them).
  await sql`insert into discussion_category (name) values ('闲聊'), ('题解'), ('求助'), ('建议'), ('记录')`.execute(
    db,
  );

  await db.schema
    .createTable('discussion')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('pid', 'text')
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('view_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('like_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('top_priority', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gid', 'bigint')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // The public list: live, site-wide, pinned first then newest.
  await db.schema
    .createIndex('discussion_list_idx')
    .on('discussion')
    .expression(sql`status, top_priority desc, gmt_create desc`)
    .where(sql.ref('gid'), 'is', null)
    .execute();
  await db.schema.createIndex('discussion_uid_idx').on('discussion').columns(['uid', 'gmt_create']).execute();
  await db.schema.createIndex('discussion_pid_idx').on('discussion').column('pid').execute();

  await db.schema
    .createTable('discussion_like')
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('did', 'bigint', (c) => c.notNull().references('discussion.id').onDelete('cascade'))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('discussion_like_pk', ['did', 'uid'])
    .execute();

  await db.schema
    .createTable('discussion_report')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('did', 'bigint', (c) => c.notNull().references('discussion.id').onDelete('cascade'))
    .addColumn('reporter', 'text', (c) => c.notNull())
    .addColumn('reporter_uid', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('discussion_report_queue_idx')
    .on('discussion_report')
    .columns(['status', 'gmt_create'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['discussion_report', 'discussion_like', 'discussion', 'discussion_category'])
    await db.schema.dropTable(t).ifExists().execute();
}

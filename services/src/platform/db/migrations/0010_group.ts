import { sql, type Kysely } from 'kysely';

// Groups: the group, its membership rows (the lifecycle of protocol/src/group/machine.ts) and its
// announcements. A group's problems, trainings, contests, discussions and submissions live in
// their own capabilities' tables with a `gid` column; those hold no foreign key to `group`, so
// disbanding asks them through ports (or leaves their rows unreachable: nobody is a member).
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('group')
    // Group ids start at 1000 (reference §3 POST /api/group).
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('avatar', 'text')
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('short_name', 'text', (c) => c.notNull().unique())
    .addColumn('brief', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('auth', 'integer', (c) => c.notNull())
    .addColumn('visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'text')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`alter sequence group_id_seq restart with 1000`.execute(db);
  // Per-user limits: groups owned, groups created in the last 24 hours.
  await db.schema.createIndex('group_uid_idx').on('group').columns(['uid', 'gmt_create']).execute();

  await db.schema
    .createTable('group_member')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('gid', 'integer', (c) => c.notNull().references('group.id').onDelete('cascade'))
    .addColumn('uid', 'text', (c) => c.notNull())
    // 1 applying, 2 refused, 3 member, 4 group admin, 5 group root.
    .addColumn('auth', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('group_member_gid_uid', ['gid', 'uid'])
    .execute();
  // "my groups" (list filter, standing) and the member/application lists of one group.
  await db.schema
    .createIndex('group_member_uid_idx')
    .on('group_member')
    .columns(['uid', 'auth', 'gid'])
    .execute();
  await db.schema
    .createIndex('group_member_gid_idx')
    .on('group_member')
    .columns(['gid', 'auth', 'gmt_create'])
    .execute();

  await db.schema
    .createTable('group_announcement')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('gid', 'integer', (c) => c.notNull().references('group.id').onDelete('cascade'))
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // 0 visible, 1 hidden.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('group_announcement_gid_idx')
    .on('group_announcement')
    .columns(['gid', 'status', 'gmt_create'])
    .execute();

  // The group rank reads a group's submissions per user (judge rows with a gid).
  await db.schema
    .createIndex('judge_gid_uid_idx')
    .on('judge')
    .columns(['gid', 'uid', 'pid'])
    .where(sql.ref('gid'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('judge_gid_uid_idx').execute();
  for (const t of ['group_announcement', 'group_member', 'group']) await db.schema.dropTable(t).execute();
}

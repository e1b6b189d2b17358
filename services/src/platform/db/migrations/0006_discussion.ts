import { sql, type Kysely } from 'kysely';

// The comment area: comments on a contest (Q&A, `cid`) or on a discussion (`did`), their
// replies, and comment likes. Exactly one of cid/did is set. No foreign keys to the contest
// or discussion tables: those belong to other capabilities, and a comment area outlives
// nothing but its own rows (deletes are soft, status 1).
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('discussion_comment')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('cid', 'bigint')
    .addColumn('did', 'bigint')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('from_uid', 'text', (c) => c.notNull())
    .addColumn('from_name', 'text', (c) => c.notNull())
    .addColumn('from_avatar', 'text')
    .addColumn('from_role', 'text', (c) => c.notNull())
    .addColumn('like_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('discussion_comment_source', sql`(cid is null) <> (did is null)`)
    .execute();
  // The two listings: live comments of a contest / of a discussion.
  await db.schema
    .createIndex('discussion_comment_cid_idx')
    .on('discussion_comment')
    .columns(['cid', 'status'])
    .where(sql.ref('cid'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('discussion_comment_did_idx')
    .on('discussion_comment')
    .columns(['did', 'status'])
    .where(sql.ref('did'), 'is not', null)
    .execute();

  await db.schema
    .createTable('discussion_reply')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('comment_id', 'bigint', (c) =>
      c.notNull().references('discussion_comment.id').onDelete('cascade'),
    )
    .addColumn('from_uid', 'text', (c) => c.notNull())
    .addColumn('from_name', 'text', (c) => c.notNull())
    .addColumn('from_avatar', 'text')
    .addColumn('from_role', 'text', (c) => c.notNull())
    .addColumn('to_uid', 'text', (c) => c.notNull())
    .addColumn('to_name', 'text', (c) => c.notNull())
    .addColumn('to_avatar', 'text')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('discussion_reply_comment_idx')
    .on('discussion_reply')
    .columns(['comment_id', 'status', 'gmt_create'])
    .execute();

  await db.schema
    .createTable('discussion_comment_like')
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('comment_id', 'bigint', (c) =>
      c.notNull().references('discussion_comment.id').onDelete('cascade'),
    )
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('discussion_comment_like_pk', ['comment_id', 'uid'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['discussion_comment_like', 'discussion_reply', 'discussion_comment']) {
    await db.schema.dropTable(t).execute();
  }
}

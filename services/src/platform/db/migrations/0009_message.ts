import { sql, type Kysely } from 'kysely';

// The message center (issue 13; reference core.md §9, groups-admin-files.md §4.3) and the
// markdown uploads it travels with (core.md §10).
// - msg_remind: one row per reminder (a comment on my post, a reply to me, a like).
// - msg_notice: notices. A personal notice (Single, authority change, group event, remote login)
//   names its recipient and keeps its read state on the row. A site-wide ("All") notice is ONE
//   row with recipient_id null; each user's read/deleted state lives in msg_notice_state, written
//   only when that user reads or deletes it, so publishing costs O(1) rows whatever the user count.
// - md_file: uploaded markdown images and files (bytes in the blob store).
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('msg_remind')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('source_id', 'bigint', (c) => c.notNull())
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_content', 'text')
    .addColumn('quote_id', 'bigint')
    .addColumn('quote_type', 'text')
    .addColumn('url', 'text')
    .addColumn('state', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sender_id', 'text', (c) => c.notNull())
    .addColumn('recipient_id', 'text', (c) => c.notNull())
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('msg_remind_recipient_idx')
    .on('msg_remind')
    .columns(['recipient_id', 'action', 'state', 'gmt_create'])
    .execute();

  await db.schema
    .createTable('msg_notice')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    /** Sys | Mine: the message-center tab. */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** All | Single | Admin for notices written in the back office; null for system notices. */
    .addColumn('admin_type', 'text')
    .addColumn('admin_id', 'text')
    /** null = every user (an "All" notice, or an "Admin" one that reaches nobody: see audience). */
    .addColumn('recipient_id', 'text')
    /** all | user | none. */
    .addColumn('audience', 'text', (c) => c.notNull())
    /** Read state of a personal notice. */
    .addColumn('state', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('msg_notice_recipient_idx')
    .on('msg_notice')
    .columns(['recipient_id', 'kind', 'state'])
    .where(sql.ref('recipient_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('msg_notice_all_idx')
    .on('msg_notice')
    .columns(['kind', 'gmt_create'])
    .where(sql.ref('audience'), '=', 'all')
    .execute();

  await db.schema
    .createTable('msg_notice_state')
    .addColumn('notice_id', 'bigint', (c) => c.notNull().references('msg_notice.id').onDelete('cascade'))
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('msg_notice_state_pk', ['uid', 'notice_id'])
    .execute();

  await db.schema
    .createTable('md_file')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('original_name', 'text')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['md_file', 'msg_notice_state', 'msg_notice', 'msg_remind'])
    await db.schema.dropTable(t).ifExists().execute();
}

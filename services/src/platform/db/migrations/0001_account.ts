import { sql, type Kysely } from 'kysely';

// Accounts: users, roles, sessions, and the short-lived state the original keeps
// in Redis (token keys, codes, cooldowns, failure counters), kept here so every
// process sees the same state.
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('users')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text')
    .addColumn('realname', 'text')
    .addColumn('school', 'text')
    .addColumn('course', 'text')
    .addColumn('number', 'text')
    .addColumn('gender', 'text')
    .addColumn('signature', 'text')
    .addColumn('github', 'text')
    .addColumn('blog', 'text')
    .addColumn('cf_username', 'text')
    .addColumn('avatar', 'text')
    .addColumn('title_name', 'text')
    .addColumn('title_color', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('user_role')
    .addColumn('uid', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('user_role_pk', ['uid', 'role_id'])
    .execute();
  await db.schema.createIndex('user_role_role_idx').on('user_role').column('role_id').execute();

  await db.schema
    .createTable('user_record')
    .addColumn('uid', 'text', (c) => c.primaryKey().references('users.uid').onDelete('cascade'))
    .addColumn('rating', 'integer')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('user_session')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // "latest sessions of a user" (recent login time, admin dashboard).
  await db.schema.createIndex('user_session_uid_idx').on('user_session').columns(['uid', 'id']).execute();

  // Per-user session state (the original's token-key and refresh-marker keys).
  await db.schema
    .createTable('account_auth_state')
    .addColumn('uid', 'text', (c) => c.primaryKey().references('users.uid').onDelete('cascade'))
    .addColumn('token_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('refresh_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('account_code')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_code_pk', ['kind', 'key'])
    .execute();
  await db.schema.createIndex('account_code_expiry_idx').on('account_code').column('expires_at').execute();

  // Cooldowns, failure counters and locks: a keyed count with an expiry.
  await db.schema
    .createTable('account_counter')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_counter_expiry_idx')
    .on('account_counter')
    .column('expires_at')
    .execute();

  // Uploaded avatars: the public name the client sees and where the bytes live.
  await db.schema
    .createTable('account_avatar')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('account_avatar_uid_idx').on('account_avatar').column('uid').execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('mail_outbox_to_idx').on('mail_outbox').columns(['to_address', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'mail_outbox',
    'account_avatar',
    'account_counter',
    'account_code',
    'account_auth_state',
    'user_session',
    'user_record',
    'user_role',
    'users',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}

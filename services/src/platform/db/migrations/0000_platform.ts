import { sql, type Kysely } from 'kysely';

// Shared key/value settings every process reads, e.g. the generated JWT secret.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('platform_kv')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('platform_kv').execute();
}

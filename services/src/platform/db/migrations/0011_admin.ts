import { sql, type Kysely } from 'kysely';

// The back office: batches of generated accounts whose passwords the admin downloads once as a
// spreadsheet (the original kept them in a Redis hash for 30 minutes). Rows expire; a read of an
// expired key answers an empty sheet, as the original did.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_generated_batch')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('rows', 'jsonb', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_generated_batch').execute();
}

import { sql, type Kysely } from 'kysely';

// The durable copy of every blob put into the NATS object store (issue #23): the bucket lives in
// NATS's store, which a new or wiped server does not have; the blobs it lost are put back from here.
// Content-addressed (sha256 hex), written before the bucket, so a blob in the bucket always has it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blob_copy')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blob_copy').execute();
}

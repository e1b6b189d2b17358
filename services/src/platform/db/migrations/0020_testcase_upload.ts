import { sql, type Kysely } from 'kysely';

// Test data uploads and their owners (issue #23 item 13): one row per blob a test-case upload
// stored, per uploader and group (the claim the blob collector respects), with its size for the
// per-user and per-group quotas. A blob of no problem case whose newest claim is older than the
// grace period is removed together with its rows. Indexes on the case hashes for that check.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('testcase_upload')
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    // 0: no group (a site upload); part of the key, so it is never null
    .addColumn('gid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('gmt_claim', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('testcase_upload_pkey', ['hash', 'uid', 'gid'])
    .execute();
  await db.schema.createIndex('testcase_upload_uid_idx').on('testcase_upload').column('uid').execute();
  await db.schema.createIndex('testcase_upload_gid_idx').on('testcase_upload').column('gid').execute();
  await db.schema
    .createIndex('testcase_upload_claim_idx')
    .on('testcase_upload')
    .column('gmt_claim')
    .execute();
  await db.schema
    .createIndex('problem_case_input_hash_idx')
    .on('problem_case')
    .column('input_hash')
    .execute();
  await db.schema
    .createIndex('problem_case_output_hash_idx')
    .on('problem_case')
    .column('output_hash')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('problem_case_output_hash_idx').execute();
  await db.schema.dropIndex('problem_case_input_hash_idx').execute();
  await db.schema.dropTable('testcase_upload').execute();
}

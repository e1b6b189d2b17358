import { sql, type Kysely } from 'kysely';

// Import verification (issue #25 item 3): one row per solution a problem package shipped, judged
// on the imported problem under `verify_key` (a 'verify' judge task, no submission row), with the
// verdict names the package expects of it and, once judged, the status, time and memory it got.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('problem_verification')
    .ifNotExists()
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('pid', 'integer', (c) => c.notNull().references('problem.id').onDelete('cascade'))
    .addColumn('verify_key', 'text', (c) => c.notNull().unique())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('expected', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('time', 'integer')
    .addColumn('memory', 'integer')
    .addColumn('message', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('gmt_modified', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('problem_verification_pid_idx')
    .ifNotExists()
    .on('problem_verification')
    .columns(['pid', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('problem_verification').ifExists().execute();
}

import { sql, type Kysely } from 'kysely';

// Contest state kept per user and per borrowed problem (issue #16):
// - `contest_announcement_read`: the contest announcements a user has dismissed, so their
//   persistent notices stop showing in every browser (the original kept this in localStorage).
// - `contest_public_problem`: public problems (auth 1) taken into a contest that had not ended;
//   they are hidden (auth 3) while such a contest has not ended and made public again after.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contest_announcement_read')
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('aid', 'bigint', (c) => c.notNull().references('contest_announcement.id').onDelete('cascade'))
    .addColumn('cid', 'bigint', (c) => c.notNull().references('contest.id').onDelete('cascade'))
    .addColumn('gmt_create', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('contest_announcement_read_pk', ['uid', 'aid'])
    .execute();
  await db.schema
    .createIndex('contest_announcement_read_cid_idx')
    .on('contest_announcement_read')
    .columns(['cid', 'uid'])
    .execute();
  await db.schema
    .createTable('contest_public_problem')
    .addColumn('pid', 'bigint', (c) => c.notNull())
    .addColumn('cid', 'bigint', (c) => c.notNull().references('contest.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('contest_public_problem_pk', ['pid', 'cid'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contest_public_problem').execute();
  await db.schema.dropTable('contest_announcement_read').execute();
}

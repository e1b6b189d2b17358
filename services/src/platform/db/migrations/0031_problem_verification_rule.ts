import type { Kysely } from 'kysely';

// "Verify again" re-derives a Kattis time limit (issue #25, docs/compat.md K6): each row of a
// verification run keeps the rule the limit is derived by (null: the package stated its limit).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('problem_verification').addColumn('time_limit_rule', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('problem_verification').dropColumn('time_limit_rule').execute();
}

import { sql, type Kysely } from 'kysely';

// Sample cases shown on a Wrong Answer (issue #26 item 3): a case result of a sample case keeps
// the start of its input, expected and user output (each at most 4 KiB), as jsonb
// {input, expected, output, truncated}; null for every other case.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table judge_case add column if not exists sample_io jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table judge_case drop column if exists sample_io`.execute(db);
}

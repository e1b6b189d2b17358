import { sql, type Kysely } from 'kysely';

// Cases the problem setter marks visible (issue #26 item 3): on a judged submission such a case
// returns the start of its input, expected and user output like a sample case does.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table problem_case add column if not exists visible boolean not null default false`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table problem_case drop column if exists visible`.execute(db);
}

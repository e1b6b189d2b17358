import type { Kysely } from 'kysely';

// Languages the judge cannot run (issue #10): Python 2, PyPy 2 and the V8 shell are not in
// Debian 12, so a submission in them ended in System Error, yet the seed offered them on
// every problem. New databases no longer seed them (services/src/site/languages.ts,
// NOT_OFFERED_LANGUAGES); here existing ones lose the rows of the local judge, and with them
// (on delete cascade) every problem's link to them and their code templates. Submissions keep
// their language name. The names are written out: a migration must not change with the code.
const NOT_OFFERED = ['Python2', 'PyPy2', 'JavaScript V8'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = db as unknown as Kysely<{ language: { oj: string; name: string } }>;
  await d.deleteFrom('language').where('oj', '=', 'ME').where('name', 'in', NOT_OFFERED).execute();
}

// Nothing to restore: the rows were unusable (the judge reports them unavailable).
export async function down(): Promise<void> {}

// Languages the judge cannot run are not offered (issue #10): a new database never gets them,
// and migration 0015 removes them, with every problem's link to them, from an existing one.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../platform/db/migrations/0015_languages';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { DEFAULT_LANGUAGES, NOT_OFFERED_LANGUAGES } from './languages';
import { seedSite } from './seed';

describe('languages the judge cannot run', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
  });
  afterAll(() => t?.drop());

  const names = async () =>
    (
      await sql<{ name: string }>`select name from language where oj = 'ME' order by seq desc`.execute(t.db)
    ).rows.map((r) => r.name);

  it('a new database is seeded without them', async () => {
    await seedSite(t.db as never);
    expect(await names()).toEqual(DEFAULT_LANGUAGES.map((l) => l.name));
    for (const n of NOT_OFFERED_LANGUAGES) expect(await names()).not.toContain(n);
  });

  it('migration 0015 removes them and their problem links from an existing database, keeping the rest', async () => {
    // An existing database: the old seed offered them on a problem, with a code template.
    for (const [i, n] of NOT_OFFERED_LANGUAGES.entries()) {
      await sql`insert into language (content_type, description, name, oj, seq) values ('text/plain', ${n}, ${n}, 'ME', ${-1 - i})`.execute(
        t.db,
      );
    }
    // A remote judge's language of the same name is not the local judge's: it stays.
    await sql`insert into language (content_type, description, name, oj) values ('text/plain', 'remote', 'Python2', 'HDU')`.execute(
      t.db,
    );
    const pid = (
      await sql<{
        id: number;
      }>`insert into problem (problem_id, title) values ('9000', 'A+B') returning id`.execute(t.db)
    ).rows[0]!.id;
    await sql`insert into problem_language (pid, lid) select ${pid}, id from language where oj = 'ME'`.execute(
      t.db,
    );
    const offered = async () =>
      (
        await sql<{
          name: string;
        }>`select l.name from problem_language pl join language l on l.id = pl.lid where pl.pid = ${pid} order by l.name`.execute(
          t.db,
        )
      ).rows.map((r) => r.name);
    expect(await offered()).toEqual(expect.arrayContaining([...NOT_OFFERED_LANGUAGES]));

    await up(t.db as never);

    expect(await offered()).toEqual(DEFAULT_LANGUAGES.map((l) => l.name).sort());
    expect(await names()).toEqual(DEFAULT_LANGUAGES.map((l) => l.name));
    const remote = await sql<{ n: number }>`select count(*)::int as n from language where oj = 'HDU'`.execute(
      t.db,
    );
    expect(remote.rows[0]!.n).toBe(1);
  });
});

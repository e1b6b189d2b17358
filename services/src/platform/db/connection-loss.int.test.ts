// A PostgreSQL backend terminated under a checked-out connection (issue #11): the query in
// progress fails, the process lives on (no unhandled 'error' event), and the pool serves the next
// query on a fresh connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../../test/support/db';

let testDb: TestDatabase;
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);

async function terminate(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  process.on('uncaughtException', onUncaught);
  testDb = await createTestDatabase('postgres', { migrate: false });
});

afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  await testDb?.drop();
});

describe('a backend terminated under a checked-out connection', () => {
  it('fails the transaction, not the process, and the next query runs', async () => {
    const attempt = testDb.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await terminate(rows[0]!.pid);
      await sql`select 1`.execute(trx);
    });
    await expect(attempt).rejects.toThrow();
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(testDb.db);
    expect(rows[0]!.one).toBe(1);
    expect(uncaught).toEqual([]);
  });

  it('fails a query in progress when its backend is terminated mid-query', async () => {
    const conn = testDb.db.connection().execute(async (db) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      // Settled into a value at once, so its failure is never an unhandled rejection meanwhile.
      const sleeping = sql`select pg_sleep(30)`.execute(db).then(
        () => null,
        (err: unknown) => err,
      );
      // The sleep is running on the server once it shows in pg_stat_activity.
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      try {
        for (;;) {
          const active = await admin.query(
            "select 1 from pg_stat_activity where pid = $1 and query like '%pg_sleep%' and state = 'active'",
            [rows[0]!.pid],
          );
          if (active.rowCount) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      } finally {
        await admin.end();
      }
      return sleeping;
    });
    expect(await conn).toBeInstanceOf(Error);
    // Several queries at once: every pooled connection still works.
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => sql<{ n: number }>`select ${i}::int as n`.execute(testDb.db)),
    );
    expect(results.map((r) => r.rows[0]!.n)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(uncaught).toEqual([]);
  });
});

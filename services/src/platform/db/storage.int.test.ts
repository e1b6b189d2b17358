import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS, TEST_DATABASE_URL, type TestDatabase } from '../../../test/support/db';
import { createDatabase } from './index';
import { jsonb } from './json';
import { getKv, setKvIfAbsent } from './kv';
import { migrateDown, migrateToLatest, MigrationError } from './migrate';
import { migrations } from './migrations/index';

// Kysely applies migrations in name order.
const ALL = Object.keys(migrations).sort();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function tableExists(t: TestDatabase, name: string): Promise<boolean> {
  const { rows } = await sql<{ found: string | null }>`select to_regclass(${name})::text as found`.execute(
    t.db,
  );
  return rows[0]?.found != null;
}

describe.each(DB_KINDS)('migrations on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind, { migrate: false });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('reports its dialect', () => {
    expect(t.dialect).toBe(kind);
  });

  it('applies every migration in order on an empty database', async () => {
    expect(await tableExists(t, 'platform_kv')).toBe(false);
    expect(await migrateToLatest(t.db)).toEqual(ALL);
    expect(await tableExists(t, 'platform_kv')).toBe(true);
  });

  it('is idempotent', async () => {
    expect(await migrateToLatest(t.db)).toEqual([]);
  });

  it('migrates down and up again', async () => {
    await setKvIfAbsent(t.db, 'before-down', 1);
    expect(await migrateDown(t.db, ALL.length + 5)).toEqual([...ALL].reverse());
    expect(await tableExists(t, 'platform_kv')).toBe(false);
    expect(await migrateDown(t.db, 1)).toEqual([]);
    expect(await migrateToLatest(t.db)).toEqual(ALL);
    expect(await getKv(t.db, 'before-down')).toBeUndefined();
  });

  it('lets concurrent migrators apply each migration exactly once', async () => {
    await migrateDown(t.db, ALL.length);
    // On postgres these run on two pool connections, serialized by Kysely's advisory lock.
    const [a, b] = await Promise.all([migrateToLatest(t.db), migrateToLatest(t.db)]);
    expect([...a, ...b]).toEqual(ALL);
    expect(await tableExists(t, 'platform_kv')).toBe(true);
  });

  it('migrates down one step by default', async () => {
    expect(await migrateDown(t.db)).toEqual([ALL[ALL.length - 1]]);
    expect(await migrateToLatest(t.db)).toEqual([ALL[ALL.length - 1]]);
  });

  it('names the failing migration and rolls the batch back', async () => {
    const broken = {
      ...migrations,
      '9998_fine': {
        up: async (db: typeof t.db) => void (await sql`create table fine (id int)`.execute(db)),
      },
      '9999_broken': {
        up: async (db: typeof t.db) => void (await sql`select * from no_such_table`.execute(db)),
      },
    };
    const attempt = migrateToLatest(t.db, broken);
    await expect(attempt).rejects.toThrow(MigrationError);
    await expect(attempt).rejects.toThrow(/migration 9999_broken \(Up\) failed: .*no_such_table/);
    expect(await tableExists(t, 'fine')).toBe(false);
    expect(await migrateToLatest(t.db)).toEqual([]);
  });

  it('rejects a bad step count', async () => {
    await expect(migrateDown(t.db, -1)).rejects.toThrow(/steps must be a non-negative integer/);
  });
});

describe.each(DB_KINDS)('storage on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('starts fully migrated and empty', async () => {
    expect(await migrateToLatest(t.db)).toEqual([]);
    expect(await t.db.selectFrom('platform_kv').selectAll().execute()).toEqual([]);
  });

  it('stores and reads kv values of every JSON shape', async () => {
    expect(await getKv(t.db, 'absent')).toBeUndefined();
    const values = { obj: { a: 1, b: [true, null] }, arr: ['x', 2], str: 'text', num: 42, nul: null };
    for (const [key, value] of Object.entries(values)) {
      expect(await setKvIfAbsent(t.db, `shape-${key}`, value)).toEqual(value);
      expect(await getKv(t.db, `shape-${key}`)).toEqual(value);
    }
  });

  it('keeps the first kv value', async () => {
    expect(await setKvIfAbsent(t.db, 'first', 'a')).toBe('a');
    expect(await setKvIfAbsent(t.db, 'first', 'b')).toBe('a');
    expect(await getKv(t.db, 'first')).toBe('a');
  });

  it('has exactly one winner among concurrent setKvIfAbsent calls', async () => {
    const contenders = Array.from({ length: 20 }, (_, i) => `secret-${i}`);
    const results = await Promise.all(contenders.map((value) => setKvIfAbsent(t.db, 'race', value)));
    const winner = await getKv<string>(t.db, 'race');
    expect(contenders).toContain(winner);
    expect(new Set(results)).toEqual(new Set([winner]));
    const { count } = await t.db
      .selectFrom('platform_kv')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('key', '=', 'race')
      .executeTakeFirstOrThrow();
    expect(count).toBe(1);
  });

  it('rolls a transaction back when its callback throws', async () => {
    const attempt = t.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('platform_kv')
        .values({ key: 'rolled-back', value: jsonb(1) })
        .execute();
      expect(await getKv(trx, 'rolled-back')).toBe(1);
      throw new Error('boom');
    });
    await expect(attempt).rejects.toThrow('boom');
    expect(await getKv(t.db, 'rolled-back')).toBeUndefined();
  });

  it('commits a transaction that returns', async () => {
    const result = await t.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('platform_kv')
        .values({ key: 'committed', value: jsonb('yes') })
        .execute();
      return 'done';
    });
    expect(result).toBe('done');
    expect(await getKv(t.db, 'committed')).toBe('yes');
  });

  it('hides uncommitted writes from queries running beside a transaction', async () => {
    let inserted!: () => void;
    const insertedSignal = new Promise<void>((resolve) => (inserted = resolve));
    const trx = t.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('platform_kv')
        .values({ key: 'uncommitted', value: jsonb(1) })
        .execute();
      inserted();
      await sleep(50);
      throw new Error('abandon');
    });
    await insertedSignal;
    expect(await getKv(t.db, 'uncommitted')).toBeUndefined();
    await expect(trx).rejects.toThrow('abandon');
  });

  it('increments a counter without lost updates across concurrent transactions', async () => {
    await setKvIfAbsent(t.db, 'counter', 0);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        t.db.transaction().execute(async (trx) => {
          // Row lock on postgres; the single serialized session on PGlite.
          const row = await trx
            .selectFrom('platform_kv')
            .select('value')
            .where('key', '=', 'counter')
            .forUpdate()
            .executeTakeFirstOrThrow();
          await sleep(2);
          await trx
            .updateTable('platform_kv')
            .set({ value: jsonb((row.value as number) + 1) })
            .where('key', '=', 'counter')
            .execute();
        }),
      ),
    );
    expect(await getKv(t.db, 'counter')).toBe(10);
  });

  it('returns int8 and numeric as numbers', async () => {
    const row = await sql<{ n: unknown; total: unknown; avg: unknown; big: unknown }>`
      select count(*) as n, sum(x) as total, avg(x) as avg, 9007199254740991::int8 as big
      from generate_series(1, 4) as x`
      .execute(t.db)
      .then((r) => r.rows[0]);
    expect(row).toEqual({ n: 4, total: 10, avg: 2.5, big: 9007199254740991 });
  });

  it('refuses int8 values a number cannot hold exactly', async () => {
    await expect(sql`select 9007199254740993::int8 as too_big`.execute(t.db)).rejects.toThrow(
      /outside the safe JavaScript integer range/,
    );
    // The connection stays usable afterwards.
    expect((await sql<{ one: number }>`select 1 as one`.execute(t.db)).rows).toEqual([{ one: 1 }]);
  });

  it('returns timestamps as Date and round-trips Date parameters', async () => {
    const moment = new Date('2024-02-29T12:34:56.789Z');
    const { rows } = await sql<{ tz: unknown; now: unknown; day: unknown }>`
      select ${moment}::timestamptz as tz, now() as now, date '2024-02-29' as day`.execute(t.db);
    const row = rows[0]!;
    expect(row.tz).toBeInstanceOf(Date);
    expect((row.tz as Date).getTime()).toBe(moment.getTime());
    expect(row.now).toBeInstanceOf(Date);
    expect(row.day).toBeInstanceOf(Date);

    await t.db
      .insertInto('platform_kv')
      .values({ key: 'dated', value: jsonb(0), updated_at: moment })
      .execute();
    const stored = await t.db
      .selectFrom('platform_kv')
      .select('updated_at')
      .where('key', '=', 'dated')
      .executeTakeFirstOrThrow();
    expect(stored.updated_at).toBeInstanceOf(Date);
    expect(stored.updated_at.getTime()).toBe(moment.getTime());
  });
});

describe('embedded PGlite', () => {
  it('never interleaves concurrent transactions on its single session', async () => {
    const t = await createTestDatabase('pglite');
    try {
      const events: string[] = [];
      await Promise.all(
        [1, 2, 3, 4].map((i) =>
          t.db.transaction().execute(async (trx) => {
            events.push(`begin ${i}`);
            await sleep(5);
            await sql`select 1`.execute(trx);
            await sleep(5);
            events.push(`end ${i}`);
          }),
        ),
      );
      expect(events).toEqual([
        'begin 1',
        'end 1',
        'begin 2',
        'end 2',
        'begin 3',
        'end 3',
        'begin 4',
        'end 4',
      ]);
    } finally {
      await t.drop();
    }
  });

  it('keeps its data in <dataDir>/pg across reopen', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'oj-pglite-'));
    try {
      const first = await createDatabase({ dataDir });
      expect(first.dialect).toBe('pglite');
      await migrateToLatest(first.db);
      await setKvIfAbsent(first.db, 'jwt-secret', 's3cret');
      await first.close();
      expect((await readdir(path.join(dataDir, 'pg'))).length).toBeGreaterThan(0);

      const second = await createDatabase({ dataDir });
      try {
        expect(await migrateToLatest(second.db)).toEqual([]);
        expect(await getKv(second.db, 'jwt-secret')).toBe('s3cret');
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('closes idempotently', async () => {
    const { db, close } = await createTestDatabase('pglite');
    await sql`select 1`.execute(db);
    await Promise.all([close(), close()]);
    await expect(sql`select 1`.execute(db)).rejects.toThrow();
  });
});

describe('createDatabase', () => {
  it('needs a url or a dataDir', async () => {
    await expect(createDatabase({})).rejects.toThrow(/needs either a PostgreSQL url or a dataDir/);
  });

  it('surfaces an unreachable PostgreSQL as a query error', async () => {
    const handle = await createDatabase({ url: 'postgres://postgres@127.0.0.1:1/none' });
    try {
      await expect(sql`select 1`.execute(handle.db)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await handle.close();
    }
  });
});

describe('test database helper', () => {
  it('drops its PostgreSQL database', async () => {
    const t = await createTestDatabase('postgres');
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
    const name = rows[0]!.name;
    expect(name).toMatch(/^oj_test_/);
    await t.drop();
    await t.drop();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      expect(found.rowCount).toBe(0);
    } finally {
      await admin.end();
    }
  });
});

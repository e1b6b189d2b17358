// Fresh, migrated databases for integration tests. Each PostgreSQL one is a new
// uniquely named database on TEST_DATABASE_URL, so test files can run in parallel.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, IN_MEMORY, type DatabaseHandle } from '../../src/platform/db/index';
import { migrateToLatest } from '../../src/platform/db/migrate';

export const DB_KINDS = ['pglite', 'postgres'] as const;
export type DbKind = (typeof DB_KINDS)[number];

export type TestDatabase = DatabaseHandle & {
  /** Closes the handle and deletes the database. Idempotent. */
  drop(): Promise<void>;
};

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(`cannot reach the test PostgreSQL at ${TEST_DATABASE_URL}: ${String(err)}`, {
      cause: err,
    });
  }
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A database name no other test process will pick. */
function uniqueName(): string {
  return `oj_test_${process.pid}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

async function createPostgres(migrate: boolean): Promise<TestDatabase> {
  const name = uniqueName();
  await withAdminClient((client) => client.query(`create database "${name}"`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString(), maxConnections: 5 });
  let dropping: Promise<void> | undefined;
  const drop = async () => {
    await handle.close();
    await withAdminClient((client) => client.query(`drop database if exists "${name}" with (force)`));
  };
  const testDb: TestDatabase = { ...handle, drop: () => (dropping ??= drop()) };
  if (migrate) await migrateOrDrop(testDb);
  return testDb;
}

async function createPglite(migrate: boolean): Promise<TestDatabase> {
  const handle = await createDatabase({ dataDir: IN_MEMORY });
  const testDb: TestDatabase = { ...handle, drop: () => handle.close() };
  if (migrate) await migrateOrDrop(testDb);
  return testDb;
}

async function migrateOrDrop(testDb: TestDatabase): Promise<void> {
  try {
    await migrateToLatest(testDb.db);
  } catch (err) {
    await testDb.drop();
    throw err;
  }
}

/**
 * A new database of the given kind with every migration applied
 * (`{ migrate: false }` leaves it empty). Always call `drop()` in afterAll.
 */
export async function createTestDatabase(
  kind: DbKind,
  opts: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const migrate = opts.migrate ?? true;
  if (kind === 'postgres') return createPostgres(migrate);
  if (kind === 'pglite') return createPglite(migrate);
  throw new Error(`unknown database kind: ${String(kind)}`);
}

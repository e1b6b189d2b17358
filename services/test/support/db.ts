// Fresh, migrated databases for integration tests. Each PostgreSQL one is a new
// uniquely named database on TEST_DATABASE_URL, so test files can run in parallel.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, IN_MEMORY, type DatabaseHandle } from '../../src/platform/db/index';
import { loadOrBuildTemplate } from '../../src/platform/db/pglite-template';
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

const STALE_AFTER_MS = 6 * 3600_000;
let sweptStale = false;

/** Best effort, once per process: drop test databases left by crashed runs, using the time in their name. */
async function dropStaleDatabases(client: pg.Client): Promise<void> {
  if (sweptStale) return;
  sweptStale = true;
  const { rows } = await client.query<{ datname: string }>(
    "select datname from pg_database where datname like 'oj\\_test\\_%'",
  );
  for (const { datname } of rows) {
    const created = parseInt(datname.split('_')[3] ?? '', 36);
    if (Number.isFinite(created) && Date.now() - created > STALE_AFTER_MS) {
      await client.query(`drop database if exists "${datname}" with (force)`).catch(() => undefined);
    }
  }
}

async function createPostgres(migrate: boolean): Promise<TestDatabase> {
  const name = uniqueName();
  await withAdminClient(async (client) => {
    await dropStaleDatabases(client);
    await client.query(`create database "${name}"`);
  });
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

const templates = new Map<string, Promise<Blob>>();

function pgliteTemplate(migrate: boolean): Promise<Blob> {
  const cacheKey = String(migrate);
  let template = templates.get(cacheKey);
  if (!template) {
    template = loadOrBuildTemplate(migrate);
    templates.set(cacheKey, template);
    template.catch(() => templates.delete(cacheKey));
  }
  return template;
}

async function createPglite(migrate: boolean): Promise<TestDatabase> {
  const handle = await createDatabase({ dataDir: IN_MEMORY, pgliteArchive: await pgliteTemplate(migrate) });
  return { ...handle, drop: () => handle.close() };
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

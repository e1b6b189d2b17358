// Fresh, migrated databases for integration tests. Each PostgreSQL one is a new
// uniquely named database on TEST_DATABASE_URL, so test files can run in parallel.
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase, IN_MEMORY, type DatabaseHandle } from '../../src/platform/db/index';
import { migrateToLatest } from '../../src/platform/db/migrate';
import { migrations } from '../../src/platform/db/migrations/index';
import { PGliteDialect } from '../../src/platform/db/pglite-dialect';

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

// A fresh PGlite spends seconds (tens on a busy machine) in initdb; restoring a
// dumped data directory takes a fraction of that. Templates are cached in the OS
// temp dir, keyed by the PGlite build and the migrations' sources, so every test
// process reuses them and any change to a migration builds a new one.
const templates = new Map<string, Promise<Blob>>();
const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/platform/db/migrations/', import.meta.url));

async function templateKey(migrate: boolean): Promise<string> {
  const hash = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { size, mtimeMs } = await stat(pgliteEntry);
  hash.update(`${pgliteEntry}:${size}:${mtimeMs}`);
  if (migrate) {
    // The registered names plus every source file beside them (helpers included).
    hash.update(Object.keys(migrations).sort().join('\n'));
    for (const file of (await readdir(MIGRATIONS_DIR)).sort()) {
      hash.update(`\n${file}\n`).update(await readFile(path.join(MIGRATIONS_DIR, file)));
    }
  }
  return `oj-pglite-${migrate ? 'migrated' : 'empty'}-${hash.digest('hex').slice(0, 16)}`;
}

async function buildTemplate(migrate: boolean): Promise<Blob> {
  const pglite = await PGlite.create(IN_MEMORY);
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
  try {
    if (migrate) await migrateToLatest(db);
    return await pglite.dumpDataDir('none');
  } finally {
    await db.destroy();
  }
}

async function loadOrBuildTemplate(migrate: boolean): Promise<Blob> {
  const key = await templateKey(migrate);
  const file = path.join(tmpdir(), `${key}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not cached yet: build it below.
  }
  const archive = await buildTemplate(migrate);
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await archive.arrayBuffer()));
  await rename(partial, file); // atomic: concurrent builders never expose a half-written file
  await removeStaleTemplates(key);
  return archive;
}

/** Best effort: drop templates of older migration sets so the temp dir does not fill up. */
async function removeStaleTemplates(currentKey: string): Promise<void> {
  const prefix = currentKey.slice(0, currentKey.lastIndexOf('-') + 1);
  const stale = (await readdir(tmpdir())).filter(
    (name) => name.startsWith(prefix) && name.endsWith('.tar') && name !== `${currentKey}.tar`,
  );
  await Promise.all(stale.map((name) => rm(path.join(tmpdir(), name), { force: true })));
}

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

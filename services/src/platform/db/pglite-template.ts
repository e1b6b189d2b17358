// A fresh PGlite spends seconds (tens on a busy machine) in initdb; restoring a
// dumped data directory takes a fraction of that. Templates are cached in the OS
// temp dir, keyed by the PGlite build and the migrations' sources, so tests and the
// one-process start reuse them and any change to a migration builds a new one.
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations/index';
import { PGliteDialect } from './pglite-dialect';

const IN_MEMORY = 'memory://';
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

export async function templateKey(migrate: boolean): Promise<string> {
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

export async function loadOrBuildTemplate(migrate: boolean): Promise<Blob> {
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

/** The migrated template if an earlier run (npm start's prestart, a test) already built it. */
export async function cachedMigratedTemplate(): Promise<Blob | null> {
  try {
    return new Blob([await readFile(path.join(tmpdir(), `${await templateKey(true)}.tar`))]);
  } catch {
    return null;
  }
}

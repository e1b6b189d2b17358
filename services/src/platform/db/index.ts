// Database factory: PostgreSQL when a URL is given, otherwise embedded PGlite.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type Dialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';
import { TYPE_PARSERS } from './type-parsers';

export type { Database } from './schema';
export { jsonb } from './json';
export { getKv, setKvIfAbsent } from './kv';
export { camelDb } from './camel';
export { migrateDown, migrateToLatest, MigrationError } from './migrate';

/** The subset of a pino logger this module uses. */
export interface DbLogger {
  debug(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string. Wins over dataDir. */
  url?: string;
  /** Embedded mode: PGlite files go to `<dataDir>/pg`; 'memory://' keeps them in memory. */
  dataDir?: string;
  log?: DbLogger;
  /** Pool size for PostgreSQL (default DEFAULT_POOL_SIZE; the processes pass OJ_DB_POOL). */
  maxConnections?: number;
  /** PGlite only: start from a `dumpDataDir()` archive instead of an empty cluster (tests use it to skip initdb). */
  pgliteArchive?: Blob;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export const IN_MEMORY = 'memory://';
/** PostgreSQL connections per process unless configured (OJ_DB_POOL; see config.ts for the measure). */
export const DEFAULT_POOL_SIZE = 20;

function kyselyLog(log: DbLogger | undefined) {
  if (!log) return undefined;
  // debug only: callers deliberately provoke some errors (unique violations).
  return (event: LogEvent) => {
    const fields = { sql: event.query.sql, ms: Math.round(event.queryDurationMillis) };
    if (event.level === 'error') log.debug({ ...fields, err: event.error }, 'query failed');
    else log.debug(fields, 'query');
  };
}

function postgresDialect(url: string, opts: DatabaseOptions): Dialect {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.maxConnections ?? DEFAULT_POOL_SIZE,
    // Per-pool parsers, so the process-global pg.types registry stays untouched.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        TYPE_PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its server emits here; unhandled, it would kill the process.
  pool.on('error', (err) => opts.log?.error({ err }, 'idle PostgreSQL connection failed'));
  // A checked-out client losing its server (backend terminated, server restart, network) emits
  // 'error' too, and the pool only listens while the client is idle: without this listener the
  // process would crash. The query in progress rejects with the same error (the request answers
  // with the envelope's error) and the pool discards the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', (err) => opts.log?.error({ err }, 'PostgreSQL connection lost while in use'));
  });
  return new PostgresDialect({ pool });
}

async function pgliteDialect(dataDir: string, archive: Blob | undefined): Promise<Dialect> {
  let location = dataDir;
  if (dataDir !== IN_MEMORY) {
    location = path.join(path.resolve(dataDir), 'pg');
    await mkdir(location, { recursive: true });
  }
  const pglite = await PGlite.create(location, { parsers: TYPE_PARSERS, loadDataDir: archive });
  return new PGliteDialect(pglite);
}

/**
 * Opens the database. It is not migrated here: call migrateToLatest(handle.db).
 * With `url` it is PostgreSQL through a pg pool; otherwise PGlite under `dataDir`
 * (one process only: PGlite cannot share its files with another process).
 */
export async function createDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  let dialect: Dialect;
  let kind: DatabaseHandle['dialect'];
  if (opts.url) {
    dialect = postgresDialect(opts.url, opts);
    kind = 'postgres';
  } else if (opts.dataDir) {
    dialect = await pgliteDialect(opts.dataDir, opts.pgliteArchive);
    kind = 'pglite';
  } else {
    throw new Error('createDatabase needs either a PostgreSQL url or a dataDir for embedded PGlite');
  }
  const db = new Kysely<Database>({ dialect, log: kyselyLog(opts.log) });
  let closing: Promise<void> | undefined;
  return {
    db,
    dialect: kind,
    close: () => (closing ??= db.destroy()),
  };
}

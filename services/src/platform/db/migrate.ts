import { Migrator, type Kysely, type MigrationResultSet, type Migration } from 'kysely';
import { migrations as allMigrations } from './migrations/index';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

function migratorFor(db: Kysely<unknown>, migrations: Record<string, Migration>): Migrator {
  // In-memory provider: the list is code, so nothing depends on scanning the filesystem.
  // Unordered: numbers are handed out per change and may land out of order (0012 after 0014);
  // a missing one is applied where it is missing.
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
}

function throwIfFailed({ error, results }: MigrationResultSet): void {
  if (error === undefined) return;
  const failed = results?.find((result) => result.status === 'Error');
  const reason = error instanceof Error ? error.message : String(error);
  const where = failed ? `migration ${failed.migrationName} (${failed.direction})` : 'migrations';
  throw new MigrationError(`${where} failed: ${reason}`, { cause: error });
}

/** Applies every pending migration; returns the names applied. Safe to run concurrently from several processes. */
export async function migrateToLatest(
  db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any Database shape
  migrations: Record<string, Migration> = allMigrations,
): Promise<string[]> {
  const resultSet = await migratorFor(db, migrations).migrateToLatest();
  throwIfFailed(resultSet);
  return (resultSet.results ?? []).map((result) => result.migrationName);
}

/** Reverts the last `steps` applied migrations (fewer if fewer are applied); returns the names reverted. */
export async function migrateDown(
  db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any Database shape
  steps = 1,
  migrations: Record<string, Migration> = allMigrations,
): Promise<string[]> {
  if (!Number.isInteger(steps) || steps < 0)
    throw new MigrationError(`steps must be a non-negative integer, got ${steps}`);
  const migrator = migratorFor(db, migrations);
  const reverted: string[] = [];
  for (let i = 0; i < steps; i++) {
    const resultSet = await migrator.migrateDown();
    throwIfFailed(resultSet);
    const done = resultSet.results ?? [];
    if (done.length === 0) break;
    reverted.push(...done.map((result) => result.migrationName));
  }
  return reverted;
}

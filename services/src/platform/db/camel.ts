// New capabilities declare their tables with camelCase names (tables.ts) over snake_case columns
// (migrations), and read them through this view: Kysely's CamelCasePlugin maps both ways, so a
// repository returns rows in the wire's field names without a hand-written row mapper.
import { CamelCasePlugin, type Kysely } from 'kysely';

const plugin = new CamelCasePlugin();

/** The same connection (and transaction) seen with camelCase table and column names. */
export function camelDb<T>(db: Kysely<unknown>): Kysely<T> {
  return db.withPlugin(plugin) as unknown as Kysely<T>;
}

import { sql, type RawBuilder } from 'kysely';

/**
 * A JS value as a jsonb SQL value. Needed because pg sends JS arrays as Postgres
 * arrays, not JSON; the explicit text→jsonb cast behaves the same on pg and PGlite.
 */
export function jsonb<T>(value: T): RawBuilder<T> {
  return sql<T>`cast(${JSON.stringify(value)}::text as jsonb)`;
}

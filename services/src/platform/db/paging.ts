// One page of a filtered query plus the count of all rows the filter matches.
import { sql, type SelectQueryBuilder } from 'kysely';

/** A query that has not selected anything yet. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type Empty = {};

/**
 * Counts what `filtered` matches, then reads page `page` (from 1) of `limit` rows through `read`,
 * which picks the columns and the order.
 */
export async function countedPage<DB, TB extends keyof DB, O>(
  filtered: SelectQueryBuilder<DB, TB, Empty>,
  page: number,
  limit: number,
  read: (q: SelectQueryBuilder<DB, TB, Empty>) => SelectQueryBuilder<DB, TB, O>,
): Promise<{ total: number; rows: O[] }> {
  // the count's row type is not resolved for a generic DB; it is one bigint column
  const total = await filtered
    .select(sql<number>`count(*)`.as('n'))
    .$castTo<{ n: number | string }>()
    .executeTakeFirstOrThrow();
  const rows = await read(filtered)
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { total: Number(total.n), rows };
}

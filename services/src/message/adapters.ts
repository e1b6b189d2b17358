// Default source port: contest titles read from the contest capability's table (read-only, as
// other capabilities' adapters do); discussion titles and quotes come from the discussion
// capability through the composition root.
import { sql, type Kysely } from 'kysely';
import type { MessageSourcePort } from './ports';

export function contestTableTitles(db: Kysely<unknown>): MessageSourcePort['contestTitles'] {
  return async (ids) => {
    if (ids.length === 0) return new Map();
    const r = await sql<{ id: number; title: string }>`select id, title from contest where id = any(${[
      ...new Set(ids),
    ]}::bigint[])`.execute(db);
    return new Map(r.rows.map((x) => [Number(x.id), x.title]));
  };
}

// The contest board leases (migration 0017): which API process holds a contest's scoreboard.
// Times are the database's clock, so hosts with skewed clocks still agree on expiry.
import { sql } from 'kysely';
import type { Db } from './repository';

/**
 * Takes or renews the lease of `cid` for `me` when it is free, expired or already ours.
 * Returns the holder after the attempt (`me` when we hold it).
 */
export async function acquireBoardLease(db: Db, cid: number, me: string, ttlMs: number): Promise<string> {
  const won = await sql<{ holder: string }>`
    insert into contest_board_lease (cid, holder, until)
    values (${cid}, ${me}, now() + make_interval(secs => ${ttlMs / 1000}))
    on conflict (cid) do update set holder = excluded.holder, until = excluded.until
    where contest_board_lease.until < now() or contest_board_lease.holder = excluded.holder
    returning holder`.execute(db);
  if (won.rows.length > 0) return me;
  const row = await sql<{ holder: string }>`
    select holder from contest_board_lease where cid = ${cid}`.execute(db);
  return row.rows[0]?.holder ?? me;
}

/** Renews the leases `me` still holds among `cids`; returns those (a lost one is no longer ours). */
export async function renewBoardLeases(db: Db, cids: number[], me: string, ttlMs: number): Promise<number[]> {
  if (cids.length === 0) return [];
  const r = await sql<{ cid: string | number }>`
    update contest_board_lease set until = now() + make_interval(secs => ${ttlMs / 1000})
    where holder = ${me} and cid in (${sql.join(cids)})
    returning cid`.execute(db);
  return r.rows.map((x) => Number(x.cid));
}

/** The lease of `cid`: its holder and whether it ran out (null: never held). */
export async function boardLeaseOf(
  db: Db,
  cid: number,
): Promise<{ holder: string; expired: boolean } | null> {
  const r = await sql<{ holder: string; expired: boolean }>`
    select holder, until < now() as expired from contest_board_lease where cid = ${cid}`.execute(db);
  return r.rows[0] ?? null;
}

/** Gives the lease up (board dropped, process stopping): another process may take it at once. */
export async function releaseBoardLease(db: Db, cid: number, me: string): Promise<void> {
  await sql`delete from contest_board_lease where cid = ${cid} and holder = ${me}`.execute(db);
}

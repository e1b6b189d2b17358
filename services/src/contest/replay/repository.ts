// Queries of contest replays (issue #27 item 4): the only module touching `contest_replay`
// (migration 0030_contest_replay). Lease times are the database's clock (as contest_board_lease).
import { sql } from 'kysely';
import type { ReplayState } from '@oj/protocol/contest/replay';
import type { Db } from '../repository';

export interface ReplayRow extends Omit<ReplayState, 'duration'> {
  createdBy: string;
}

interface RawRow {
  id: number;
  cid: string | number;
  created_by: string;
  speed: number;
  paused: boolean;
  anchor_elapsed: number;
  anchor_at: Date;
  unsealed: boolean;
  revision: number;
  closed: boolean;
}

const toRow = (r: RawRow): ReplayRow => ({
  rid: r.id,
  cid: Number(r.cid),
  createdBy: r.created_by,
  speed: Number(r.speed),
  paused: r.paused,
  anchorElapsed: Number(r.anchor_elapsed),
  anchorAt: new Date(r.anchor_at).getTime(),
  unsealed: r.unsealed,
  revision: r.revision,
  closed: r.closed,
});

export async function insertReplay(
  db: Db,
  p: { cid: number; createdBy: string; speed: number; unsealed: boolean; at: number },
): Promise<ReplayRow> {
  const r = await sql<RawRow>`
    insert into contest_replay (cid, created_by, speed, paused, anchor_elapsed, anchor_at, unsealed)
    values (${p.cid}, ${p.createdBy}, ${p.speed}, true, 0, ${new Date(p.at)}, ${p.unsealed})
    returning *`.execute(db);
  return toRow(r.rows[0]!);
}

export async function replayById(db: Db, rid: number): Promise<ReplayRow | null> {
  const r = await sql<RawRow>`select * from contest_replay where id = ${rid}`.execute(db);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** The open replays of a contest, newest first. */
export async function openReplaysOf(db: Db, cid: number): Promise<ReplayRow[]> {
  const r = await sql<RawRow>`
    select * from contest_replay where cid = ${cid} and not closed order by id desc limit 20`.execute(db);
  return r.rows.map(toRow);
}

/**
 * Stores a control: only when the row is still at `revision` (two controls at once: one wins,
 * the other is told to read again). Returns the stored row, or null when it lost.
 */
export async function saveControl(db: Db, s: ReplayState, revision: number): Promise<ReplayRow | null> {
  const r = await sql<RawRow>`
    update contest_replay set speed = ${s.speed}, paused = ${s.paused}, anchor_elapsed = ${s.anchorElapsed},
      anchor_at = ${new Date(s.anchorAt)}, unsealed = ${s.unsealed}, revision = ${s.revision},
      closed = ${s.closed}
    where id = ${s.rid} and revision = ${revision}
    returning *`.execute(db);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** Takes the lease of a replay when it is free, expired or ours; returns the row when we hold it. */
export async function acquireReplayLease(
  db: Db,
  rid: number,
  me: string,
  ttlMs: number,
): Promise<ReplayRow | null> {
  const r = await sql<RawRow>`
    update contest_replay set holder = ${me}, lease_until = now() + make_interval(secs => ${ttlMs / 1000})
    where id = ${rid} and not closed and (holder is null or holder = ${me} or lease_until < now())
    returning *`.execute(db);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** Renews the leases `me` still holds among `rids`; returns their rows as stored now. */
export async function renewReplayLeases(
  db: Db,
  rids: number[],
  me: string,
  ttlMs: number,
): Promise<ReplayRow[]> {
  if (rids.length === 0) return [];
  const r = await sql<RawRow>`
    update contest_replay set lease_until = now() + make_interval(secs => ${ttlMs / 1000})
    where holder = ${me} and id in (${sql.join(rids)})
    returning *`.execute(db);
  return r.rows.map(toRow);
}

/** Open replays nobody holds (never taken, or the holder's lease ran out). */
export async function orphanReplays(db: Db): Promise<number[]> {
  const r = await sql<{ id: number }>`
    select id from contest_replay
    where not closed and (lease_until is null or lease_until < now()) order by id limit 50`.execute(db);
  return r.rows.map((x) => x.id);
}

export async function releaseReplayLease(db: Db, rid: number, me: string): Promise<void> {
  await sql`update contest_replay set holder = null, lease_until = null where id = ${rid} and holder = ${me}`.execute(
    db,
  );
}

// Queries of virtual participation (issue #27): the only module touching `contest_virtual`
// (migration 0027_contest_virtual).
import { sql } from 'kysely';
import type { Db } from '../repository';

export interface VirtualRow {
  id: number;
  cid: number;
  uid: string;
  username: string;
  startedAt: Date;
  endsAt: Date;
  open: boolean;
  finalRank: number | null;
  finalPrimary: number | null;
  finalTime: number | null;
}

interface RawRow {
  id: number;
  cid: string | number;
  uid: string;
  username: string;
  started_at: Date;
  ends_at: Date;
  open: boolean;
  final_rank: number | null;
  final_primary: number | null;
  final_time: number | null;
}

const toRow = (r: RawRow): VirtualRow => ({
  id: r.id,
  cid: Number(r.cid),
  uid: r.uid,
  username: r.username,
  startedAt: new Date(r.started_at),
  endsAt: new Date(r.ends_at),
  open: r.open,
  finalRank: r.final_rank,
  finalPrimary: r.final_primary === null ? null : Number(r.final_primary),
  finalTime: r.final_time === null ? null : Number(r.final_time),
});

/**
 * Starts a participation: closes the user's rows whose clock ran out by `now`, then inserts the
 * new open row. 'running' when another one of the user's is still open, 'taken' when the user
 * already took this contest virtually (both decided by the unique indexes, so concurrent starts
 * cannot both pass).
 */
export async function insertVirtual(
  db: Db,
  p: { cid: number; uid: string; username: string; startedAt: Date; endsAt: Date },
): Promise<VirtualRow | 'running' | 'taken'> {
  return db.transaction().execute(async (trx) => {
    await sql`update contest_virtual set open = false where uid = ${p.uid} and open and ends_at <= ${p.startedAt}`.execute(
      trx,
    );
    const r = await sql<RawRow>`
      insert into contest_virtual (cid, uid, username, started_at, ends_at)
      values (${p.cid}, ${p.uid}, ${p.username}, ${p.startedAt}, ${p.endsAt})
      on conflict do nothing
      returning *`.execute(trx);
    if (r.rows[0]) return toRow(r.rows[0]);
    const same = await sql`select 1 from contest_virtual where cid = ${p.cid} and uid = ${p.uid}`.execute(
      trx,
    );
    return same.rows.length ? 'taken' : 'running';
  });
}

export async function virtualById(db: Db, id: number): Promise<VirtualRow | null> {
  const r = await sql<RawRow>`select * from contest_virtual where id = ${id}`.execute(db);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

export async function virtualOf(db: Db, cid: number, uid: string): Promise<VirtualRow | null> {
  const r = await sql<RawRow>`select * from contest_virtual where cid = ${cid} and uid = ${uid}`.execute(db);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** The user's participation whose clock runs at `now`, if any. */
export async function runningOf(db: Db, uid: string, now: Date): Promise<VirtualRow | null> {
  const r = await sql<RawRow>`
    select * from contest_virtual where uid = ${uid} and started_at <= ${now} and ends_at > ${now}
    order by started_at desc limit 1`.execute(db);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** Participations of a user by name, newest first. */
export async function virtualsOfUsername(db: Db, username: string, limit = 50): Promise<VirtualRow[]> {
  const r = await sql<RawRow>`
    select * from contest_virtual where username = ${username} order by started_at desc limit ${limit}`.execute(
    db,
  );
  return r.rows.map(toRow);
}

/** Every participation of a contest whose clock ran out by `now` (the "with virtual" board). */
export async function finishedOfContest(db: Db, cid: number, now: Date): Promise<VirtualRow[]> {
  const r = await sql<RawRow>`
    select * from contest_virtual where cid = ${cid} and ends_at <= ${now} order by id`.execute(db);
  return r.rows.map(toRow);
}

/** Keeps the settled result of a participation whose clock ran out. */
export async function settleVirtual(
  db: Db,
  id: number,
  rank: number,
  primary: number,
  time: number,
): Promise<void> {
  await sql`
    update contest_virtual set final_rank = ${rank}, final_primary = ${primary}, final_time = ${time}, open = false
    where id = ${id}`.execute(db);
}

/** The participation windows of a contest by user, epoch milliseconds [from, to). */
export async function windowsOfContest(db: Db, cid: number): Promise<Map<string, [number, number][]>> {
  const r = await sql<{ uid: string; started_at: Date; ends_at: Date }>`
    select uid, started_at, ends_at from contest_virtual where cid = ${cid}`.execute(db);
  const out = new Map<string, [number, number][]>();
  for (const row of r.rows) {
    const list = out.get(row.uid) ?? [];
    list.push([new Date(row.started_at).getTime(), new Date(row.ends_at).getTime()]);
    out.set(row.uid, list);
  }
  return out;
}

/** A contest Q&A post as a virtual participant reads it (issue #27: as of their elapsed time). */
export interface ClarificationRow {
  id: number;
  content: string;
  fromUid: string;
  fromName: string;
  gmtCreate: Date;
  replies: {
    id: number;
    content: string;
    fromUid: string;
    fromName: string;
    toName: string;
    gmtCreate: Date;
  }[];
}

/**
 * The contest's public Q&A until `until`: live comments by `authors` (what a participant of the
 * live contest saw of others: the contest's admins' posts) made by then, with those authors'
 * live replies made by then. Reads the discussion capability's tables (0006_discussion), only
 * these two queries and only to read.
 */
export async function clarificationsUntil(
  db: Db,
  cid: number,
  authors: readonly string[],
  until: Date,
): Promise<ClarificationRow[]> {
  if (authors.length === 0) return [];
  const comments = await sql<{
    id: number;
    content: string;
    from_uid: string;
    from_name: string;
    gmt_create: Date;
  }>`
    select id, content, from_uid, from_name, gmt_create from discussion_comment
    where cid = ${cid} and status = 0 and gmt_create <= ${until} and from_uid in (${sql.join([...authors])})
    order by gmt_create desc, id desc limit 200`.execute(db);
  if (comments.rows.length === 0) return [];
  const ids = comments.rows.map((c) => c.id);
  const replies = await sql<{
    id: number;
    comment_id: number;
    content: string;
    from_uid: string;
    from_name: string;
    to_name: string;
    gmt_create: Date;
  }>`
    select id, comment_id, content, from_uid, from_name, to_name, gmt_create from discussion_reply
    where comment_id in (${sql.join(ids)}) and status = 0 and gmt_create <= ${until}
      and from_uid in (${sql.join([...authors])})
    order by gmt_create, id`.execute(db);
  return comments.rows.map((c) => ({
    id: c.id,
    content: c.content,
    fromUid: c.from_uid,
    fromName: c.from_name,
    gmtCreate: new Date(c.gmt_create),
    replies: replies.rows
      .filter((r) => r.comment_id === c.id)
      .map((r) => ({
        id: r.id,
        content: r.content,
        fromUid: r.from_uid,
        fromName: r.from_name,
        toName: r.to_name,
        gmtCreate: new Date(r.gmt_create),
      })),
  }));
}

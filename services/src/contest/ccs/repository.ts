// Reads of the Contest API (issue #24). Like the contest capability's default adapters, it reads
// the judge, problem, account, site and discussion tables it presents; it never writes.
import { sql, type ColumnType, type Generated, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { CcsImportTables } from '../ccs-import/tables';
import type { Db } from '../repository';

export { findContest, contestProblems } from '../repository';
export type { Db } from '../repository';

const ROOT_ROLE_ID = 1000;

/** Visible contests, newest first (the caller filters by who may see them). */
export async function visibleContestIds(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('contest')
    .select('id')
    .where('visible', '=', true)
    .orderBy('start_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export interface CcsSubmissionRow {
  submitId: number;
  uid: string;
  username: string;
  cpid: number;
  pid: number;
  submitTime: Date;
  status: number;
  score: number | null;
  /** Run time, ms. */
  time: number | null;
  language: string;
  /** When the row last changed: the judgement's end once it is final. */
  modified: Date;
}

export async function contestSubmissions(db: Db, cid: number): Promise<CcsSubmissionRow[]> {
  const rows = await db
    .selectFrom('judge')
    .select([
      'submit_id',
      'uid',
      'username',
      'cpid',
      'pid',
      'submit_time',
      'status',
      'score',
      'time',
      'language',
      'gmt_modified',
    ])
    .where('cid', '=', cid)
    .orderBy('submit_id')
    .execute();
  return rows.map((r) => ({
    submitId: r.submit_id,
    uid: r.uid,
    username: r.username,
    cpid: r.cpid,
    pid: r.pid,
    submitTime: r.submit_time,
    status: r.status,
    score: r.score,
    time: r.time,
    language: r.language,
    modified: r.gmt_modified,
  }));
}

/** The source of one contest submission. */
export async function submissionCode(
  db: Db,
  cid: number,
  submitId: number,
): Promise<{ code: string; language: string; uid: string } | null> {
  const row = await db
    .selectFrom('judge')
    .select(['code', 'language', 'uid'])
    .where('cid', '=', cid)
    .where('submit_id', '=', submitId)
    .executeTakeFirst();
  return row ?? null;
}

export interface CcsCaseRow {
  id: number;
  submitId: number;
  seq: number | null;
  status: number;
  time: number | null;
}

export async function caseResults(db: Db, submitIds: readonly number[]): Promise<CcsCaseRow[]> {
  if (submitIds.length === 0) return [];
  const rows = await db
    .selectFrom('judge_case')
    .select(['id', 'submit_id', 'seq', 'status', 'time'])
    .where('submit_id', 'in', [...submitIds])
    .orderBy('submit_id')
    .orderBy('seq')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, submitId: r.submit_id, seq: r.seq, status: r.status, time: r.time }));
}

export async function problemFacts(
  db: Db,
  pids: readonly number[],
): Promise<Map<number, { timeLimit: number; ioScore: number | null; cases: number }>> {
  const out = new Map<number, { timeLimit: number; ioScore: number | null; cases: number }>();
  if (pids.length === 0) return out;
  const rows = await db
    .selectFrom('problem')
    .select(['id', 'time_limit', 'io_score'])
    .where('id', 'in', [...pids])
    .execute();
  const counts = await db
    .selectFrom('problem_case')
    .select(['pid', (eb) => eb.fn.countAll<string>().as('n')])
    .where('pid', 'in', [...pids])
    .where('status', '=', 0)
    .groupBy('pid')
    .execute();
  const n = new Map(counts.map((c) => [c.pid, Number(c.n)]));
  for (const r of rows)
    out.set(r.id, { timeLimit: r.time_limit, ioScore: r.io_score, cases: n.get(r.id) ?? 0 });
  return out;
}

export interface CcsProfile {
  uid: string;
  username: string;
  realname: string | null;
  nickname: string | null;
  school: string | null;
}

export async function profiles(db: Db, uids: readonly string[]): Promise<CcsProfile[]> {
  if (uids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['uid', 'username', 'realname', 'nickname', 'school'])
    .where('uid', 'in', [...uids])
    .execute();
}

export async function registeredUids(db: Db, cid: number): Promise<string[]> {
  const rows = await db.selectFrom('contest_register').select('uid').where('cid', '=', cid).execute();
  return rows.map((r) => r.uid);
}

export async function superAdminUids(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('user_role').select('uid').where('role_id', '=', ROOT_ROLE_ID).execute();
  return rows.map((r) => r.uid);
}

/** The site's local languages in list order. */
export async function languages(db: Db): Promise<{ name: string; contentType: string }[]> {
  const rows = await db
    .selectFrom('language')
    .select(['name', 'content_type'])
    .where('oj', '=', 'ME')
    .orderBy('seq', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ name: r.name, contentType: r.content_type }));
}

export interface CcsCommentRow {
  id: number;
  content: string;
  fromUid: string;
  fromRole: string;
  created: Date;
}

export interface CcsReplyRow extends CcsCommentRow {
  commentId: number;
  toUid: string;
}

/** The live Q&A of a contest: its comments and their replies. */
export async function contestQa(
  db: Db,
  cid: number,
): Promise<{ comments: CcsCommentRow[]; replies: CcsReplyRow[] }> {
  const comments = await db
    .selectFrom('discussion_comment')
    .select(['id', 'content', 'from_uid', 'from_role', 'gmt_create'])
    .where('cid', '=', cid)
    .where('status', '=', 0)
    .orderBy('id')
    .execute();
  const ids = comments.map((c) => c.id);
  const replies =
    ids.length === 0
      ? []
      : await db
          .selectFrom('discussion_reply')
          .select(['id', 'comment_id', 'content', 'from_uid', 'from_role', 'to_uid', 'gmt_create'])
          .where('comment_id', 'in', ids)
          .where('status', '=', 0)
          .orderBy('id')
          .execute();
  return {
    comments: comments.map((c) => ({
      id: c.id,
      content: c.content,
      fromUid: c.from_uid,
      fromRole: c.from_role,
      created: c.gmt_create,
    })),
    replies: replies.map((r) => ({
      id: r.id,
      commentId: r.comment_id,
      content: r.content,
      fromUid: r.from_uid,
      fromRole: r.from_role,
      toUid: r.to_uid,
      created: r.gmt_create,
    })),
  };
}

// ---- The event feed's stored log (migration 0028_ccs_event_log) ----

interface CcsEventTable {
  token: Generated<string>;
  cid: number;
  view: string;
  type: string;
  obj_id: string | null;
  data: string | null;
  gmt_create: ColumnType<Date, Date | string | undefined, Date | string>;
}
type LogDb = Kysely<Database & { ccs_event: CcsEventTable }>;
const logDb = (db: Db): LogDb => db as unknown as LogDb;

export interface StoredEvent {
  token: number;
  type: string;
  id: string | null;
  /** The object's JSON text; null: deleted. */
  data: string | null;
}

const toStored = (r: {
  token: string | number;
  type: string;
  obj_id: string | null;
  data: string | null;
}) => ({
  token: Number(r.token),
  type: r.type,
  id: r.obj_id,
  data: r.data,
});

/** A view's events after `after` (0: all), in token order. */
export async function feedEventsAfter(
  db: Db | Transaction<Database>,
  cid: number,
  view: string,
  after: number,
): Promise<StoredEvent[]> {
  const rows = await logDb(db as Db)
    .selectFrom('ccs_event')
    .select(['token', 'type', 'obj_id', 'data'])
    .where('cid', '=', cid)
    .where('view', '=', view)
    .where('token', '>', String(after))
    .orderBy('token')
    .execute();
  return rows.map(toStored);
}

/**
 * Appends to one view's log unless another writer appended after `after`: inside a transaction
 * holding the view's advisory lock (so at most one process appends at a time and a view's rows
 * commit in token order: a reader of `token > n` never skips a later-committed smaller token), it
 * checks that the log still ends at `after`, then inserts. Null when it did not: the caller reads
 * what was appended, reads the view again and retries, so no write rests on a read older than the
 * log. Nothing else runs inside the transaction (embedded PGlite has one connection).
 */
/** Events written by one INSERT (5 parameters each, far below PostgreSQL's 65,535). */
const APPEND_SLICE = 2_000;

export async function appendFeedEvents(
  db: Db,
  cid: number,
  view: string,
  after: number,
  add: readonly { type: string; id: string | null; data: string | null }[],
): Promise<StoredEvent[] | null> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`ccs-feed|${cid}|${view}`}))`.execute(trx);
    const ldb = logDb(trx as unknown as Db);
    const newer = await ldb
      .selectFrom('ccs_event')
      .select('token')
      .where('cid', '=', cid)
      .where('view', '=', view)
      .where('token', '>', String(after))
      .limit(1)
      .executeTakeFirst();
    if (newer) return null;
    const stored: StoredEvent[] = [];
    // In slices: one statement carries at most 65,535 parameters (five a row), and a big contest's
    // first admin view is tens of thousands of events. Slices in order keep the tokens in order.
    for (let i = 0; i < add.length; i += APPEND_SLICE) {
      const rows = await ldb
        .insertInto('ccs_event')
        .values(
          add
            .slice(i, i + APPEND_SLICE)
            .map((e) => ({ cid, view, type: e.type, obj_id: e.id, data: e.data })),
        )
        .returning(['token', 'type', 'obj_id', 'data'])
        .execute();
      stored.push(...rows.map(toStored));
    }
    return stored.sort((a, b) => a.token - b.token);
  });
}

// ---- Teams and organisations imported through the Contest API import (ccs-import, 0024) ----

export interface ImportedTeamRow {
  uid: string;
  teamId: string;
  name: string;
  displayName: string | null;
  hidden: boolean;
  org: {
    extId: string;
    name: string;
    formalName: string | null;
    country: string | null;
    icpcId: string | null;
    logoBlob: string | null;
  } | null;
}

/** A contest's imported teams linked to an account, with their organisations. */
export async function importedTeams(db: Db, cid: number): Promise<ImportedTeamRow[]> {
  const rows = await (db as unknown as Kysely<Database & CcsImportTables>)
    .selectFrom('ccs_contest_team as t')
    .leftJoin('ccs_organization as o', 'o.id', 't.organization_id')
    .select([
      't.uid',
      't.team_id',
      't.name',
      't.display_name',
      't.hidden',
      'o.ext_id',
      'o.name as org_name',
      'o.formal_name',
      'o.country',
      'o.icpc_id',
      'o.logo_blob',
    ])
    .where('t.cid', '=', cid)
    .where('t.uid', 'is not', null)
    .execute();
  return rows.map((r) => ({
    uid: r.uid!,
    teamId: r.team_id,
    name: r.name,
    displayName: r.display_name,
    hidden: r.hidden,
    org:
      r.ext_id === null || r.org_name === null
        ? null
        : {
            extId: r.ext_id,
            name: r.org_name,
            formalName: r.formal_name,
            country: r.country,
            icpcId: r.icpc_id,
            logoBlob: r.logo_blob,
          },
  }));
}

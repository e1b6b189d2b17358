// Kysely queries of the judge capability; the only module that touches its tables.
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database } from '../platform/db/schema';
import { jsonb } from '../platform/db/json';
import type { JudgeCaseTable, JudgeTable } from './tables';

type Db = Kysely<Database>;
/** A submission as the capability reads it: never the remote judge's password (it stays in the table). */
export type JudgeRow = Omit<Selectable<JudgeTable>, 'vjudge_password'>;
export type JudgeCaseRow = Selectable<JudgeCaseTable>;
export type NewJudgeCase = Omit<Insertable<JudgeCaseTable>, 'submit_id'>;

const AC = 0;

/** Every column but the code and the remote judge's password. */
const LIST_COLUMNS = [
  'submit_id',
  'pid',
  'display_pid',
  'uid',
  'username',
  'submit_time',
  'status',
  'share',
  'error_message',
  'time',
  'memory',
  'score',
  'length',
  'language',
  'cid',
  'cpid',
  'gid',
  'tid',
  'judger',
  'ip',
  'version',
  'oi_rank_score',
  'vjudge_submit_id',
  'vjudge_username',
  'is_manual',
  'is_remote',
  'counted_status',
  'gmt_create',
  'gmt_modified',
] as const;

/** Every column a submission is read with: the list columns and the code. */
const ROW_COLUMNS = [...LIST_COLUMNS, 'code'] as const;

export async function insertSubmission(db: Db, row: Insertable<JudgeTable>): Promise<JudgeRow> {
  return db.insertInto('judge').values(row).returning(ROW_COLUMNS).executeTakeFirstOrThrow();
}

/** The submission a user's Idempotency-Key already stored, if any (issue #22.3). */
export async function findSubmissionByKey(db: Db, uid: string, key: string): Promise<JudgeRow | undefined> {
  const hit = await db
    .selectFrom('judge_submit_key')
    .select('submit_id')
    .where('uid', '=', uid)
    .where('key', '=', key)
    .executeTakeFirst();
  return hit ? findSubmission(db, Number(hit.submit_id)) : undefined;
}

/**
 * Ties the key to the submission in the submission's transaction. False when the user's key is
 * taken: a concurrent submit with the same key committed first (this insert waited for it).
 */
export async function claimSubmitKey(db: Db, uid: string, key: string, submitId: number): Promise<boolean> {
  const row = await db
    .insertInto('judge_submit_key')
    .values({ uid, key, submit_id: submitId })
    .onConflict((oc) => oc.columns(['uid', 'key']).doNothing())
    .returning('submit_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Bounds every statement and lock wait of the current transaction to `ms` (SET LOCAL: it ends
 * with the transaction), so a blocked or slow database fails the statement instead of holding it.
 */
export async function boundTransaction(trx: Db, ms: number): Promise<void> {
  const bound = Math.max(1, Math.floor(ms));
  await sql`select set_config('statement_timeout', ${String(bound)}, true), set_config('lock_timeout', ${String(bound)}, true)`.execute(
    trx,
  );
}

export function findSubmission(db: Db, submitId: number): Promise<JudgeRow | undefined> {
  return db.selectFrom('judge').select(ROW_COLUMNS).where('submit_id', '=', submitId).executeTakeFirst();
}

/** The row, locked until the transaction ends (serialises verdicts, rejudges and cancels). */
export function lockSubmission(db: Db, submitId: number): Promise<JudgeRow | undefined> {
  return db
    .selectFrom('judge')
    .select(ROW_COLUMNS)
    .where('submit_id', '=', submitId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateSubmission(
  db: Db,
  submitId: number,
  patch: Updateable<JudgeTable>,
): Promise<JudgeRow> {
  return db
    .updateTable('judge')
    .set({ ...patch, gmt_modified: new Date() })
    .where('submit_id', '=', submitId)
    .returning(ROW_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** What the verdict path decides on and publishes: the row without its code and texts. */
const VERDICT_STATE_COLUMNS = [
  'submit_id',
  'pid',
  'uid',
  'cid',
  'gid',
  'status',
  'version',
  'counted_status',
  'time',
  'memory',
  'score',
  'judger',
] as const;
export type VerdictState = Pick<JudgeRow, (typeof VERDICT_STATE_COLUMNS)[number]>;

export function findVerdictState(db: Db, submitId: number): Promise<VerdictState | undefined> {
  return db
    .selectFrom('judge')
    .select(VERDICT_STATE_COLUMNS)
    .where('submit_id', '=', submitId)
    .executeTakeFirst();
}

/** Several rows, locked in id order (so two batches never wait on each other crosswise). */
export function lockVerdictStates(db: Db, submitIds: readonly number[]): Promise<VerdictState[]> {
  if (submitIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('judge')
    .select(VERDICT_STATE_COLUMNS)
    .where('submit_id', 'in', submitIds)
    .orderBy('submit_id')
    .forUpdate()
    .execute();
}

/** counted_status := status on these rows. */
export async function markCounted(db: Db, submitIds: readonly number[]): Promise<void> {
  if (submitIds.length === 0) return;
  await db
    .updateTable('judge')
    .set((eb) => ({ counted_status: eb.ref('status') }))
    .where('submit_id', 'in', submitIds)
    .execute();
}

/**
 * A running row's status move (Compiling, Judging), guarded like storeVerdict and, like it,
 * committed without waiting for the WAL flush: progress is transient (a crash may lose a move,
 * the verdict still lands), and it should not cost a disk flush per report.
 */
export async function moveStatus(
  db: Db,
  submitId: number,
  version: number,
  from: number,
  patch: { status: number; judger: string | null },
): Promise<VerdictState | undefined> {
  const row = await db
    .updateTable('judge')
    .set({ ...patch, gmt_modified: new Date() })
    .where('submit_id', '=', submitId)
    .where('version', '=', version)
    .where('status', '=', from)
    .returning(VERDICT_STATE_COLUMNS)
    .returning(sql<string>`set_config('synchronous_commit', 'off', true)`.as('async_commit'))
    .executeTakeFirst();
  if (!row) return undefined;
  const { async_commit: _, ...moved } = row;
  return moved;
}

export interface StoredVerdict {
  submitId: number;
  version: number;
  /** The statuses the decision holds for: the write only happens while the row has one of them. */
  from: readonly number[];
  patch: Updateable<JudgeTable>;
  cases: NewJudgeCase[];
}

/**
 * Writes a verdict and its case results in one statement (one round trip, atomic without an explicit
 * transaction): the row update is guarded by (version, status), and the cases are replaced only
 * when the row was updated. Returns the updated row, or undefined when the row had moved on.
 *
 * The statement commits without waiting for its WAL flush (synchronous_commit off for this one
 * transaction: ~0.3 ms instead of a ~2-4 ms fsync here). It is visible to every reader at once;
 * it becomes durable with the next synchronous commit, because the WAL is flushed in order. The
 * caller must therefore make a synchronous commit after it (the verdict's follow-up transaction)
 * before it acknowledges the result: a crash in between loses at most an unacknowledged verdict,
 * which the redelivered result writes again.
 */
export async function storeVerdict(db: Db, v: StoredVerdict): Promise<Omit<JudgeRow, 'code'> | undefined> {
  const updated = () =>
    db
      .updateTable('judge')
      .set({ ...v.patch, gmt_modified: new Date() })
      .where('submit_id', '=', v.submitId)
      .where('version', '=', v.version)
      .where('status', 'in', v.from)
      .returningAll();
  const casesJson = jsonb(v.cases);
  return db
    .with('upd', updated)
    .with('del', (qb) =>
      qb
        .deleteFrom('judge_case')
        .where('submit_id', '=', v.submitId)
        .where(({ exists, selectFrom }) => exists(selectFrom('upd').select('upd.submit_id')))
        .returning('judge_case.id'),
    )
    .with('ins', (qb) =>
      qb
        .insertInto('judge_case')
        .columns([
          'submit_id',
          'pid',
          'uid',
          'case_id',
          'status',
          'time',
          'memory',
          'score',
          'user_output',
          'group_num',
          'seq',
          'mode',
          'sample_io',
        ])
        .expression(
          sql`select upd.submit_id, c.pid, c.uid, c.case_id, c.status, c.time, c.memory, c.score,
                c.user_output, c.group_num, c.seq, c.mode, c.sample_io
              from upd, jsonb_to_recordset(${casesJson}) as c(pid bigint, uid text, case_id text,
                status integer, time integer, memory integer, score integer, user_output text,
                group_num integer, seq integer, mode text, sample_io jsonb)`,
        )
        .returning('judge_case.id'),
    )
    .selectFrom('upd')
    .select(LIST_COLUMNS) // not the code: up to 64 KB back per verdict for nothing
    .select(sql<string>`set_config('synchronous_commit', 'off', true)`.as('async_commit'))
    .executeTakeFirst()
    .then((row) => {
      if (!row) return undefined;
      const { async_commit: _, ...stored } = row;
      return stored;
    });
}

export function findSubmissions(db: Db, ids: readonly number[]): Promise<JudgeRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('judge').select(ROW_COLUMNS).where('submit_id', 'in', ids).execute();
}

export interface ListFilter {
  uid?: string;
  status?: number;
  /** LIKE on the display id, or exact when `exactProblem`. */
  problemId?: string;
  exactProblem?: boolean;
  /** LIKE on the username. */
  username?: string;
  /** Group submissions of this group; null = non-group only. */
  gid: number | null;
}

// Case-insensitive like the original (MySQL general_ci collation).
const likeEscape = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Public status list: cid = 0, newest first. */
export async function listSubmissions(
  db: Db,
  filter: ListFilter,
  limit: number,
  offset: number,
): Promise<{ rows: Omit<JudgeRow, 'code'>[]; total: number }> {
  let q = db.selectFrom('judge').where('cid', '=', 0);
  q = filter.gid === null ? q.where('gid', 'is', null) : q.where('gid', '=', filter.gid);
  if (filter.uid !== undefined) q = q.where('uid', '=', filter.uid);
  if (filter.status !== undefined) q = q.where('status', '=', filter.status);
  if (filter.problemId)
    q = filter.exactProblem
      ? q.where('display_pid', '=', filter.problemId)
      : q.where('display_pid', 'ilike', likeEscape(filter.problemId));
  if (filter.username) q = q.where('username', 'ilike', likeEscape(filter.username));
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .select(LIST_COLUMNS)
    .orderBy('submit_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total) };
}

// ---- case results ----

export async function replaceCases(db: Db, submitId: number, cases: NewJudgeCase[]): Promise<void> {
  await db.deleteFrom('judge_case').where('submit_id', '=', submitId).execute();
  if (cases.length) {
    await db
      .insertInto('judge_case')
      .values(cases.map((c) => ({ ...c, submit_id: submitId })))
      .execute();
  }
}

export async function deleteCases(db: Db, submitId: number): Promise<void> {
  await db.deleteFrom('judge_case').where('submit_id', '=', submitId).execute();
}

export function listCases(db: Db, submitId: number): Promise<JudgeCaseRow[]> {
  return db
    .selectFrom('judge_case')
    .selectAll()
    .where('submit_id', '=', submitId)
    .orderBy('seq', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

// ---- first accepted submission per user and problem ----

/** Records the accepted submission unless the user already has one for the problem. */
export async function addAccepted(db: Db, uid: string, pid: number, submitId: number): Promise<void> {
  await addAcceptedMany(db, [{ uid, pid, submit_id: submitId }]);
}

/** The same for several (the first of a user and problem wins, as does an existing record). */
export async function addAcceptedMany(
  db: Db,
  rows: readonly { uid: string; pid: number; submit_id: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('user_acproblem')
    .values(rows.map(({ uid, pid, submit_id }) => ({ uid, pid, submit_id })))
    .onConflict((oc) => oc.columns(['uid', 'pid']).doNothing())
    .execute();
}

/**
 * Drops the AC record that points at this submission; another accepted, non-contest,
 * non-group submission of the same user and problem (if any) takes its place.
 */
export async function removeAccepted(db: Db, uid: string, pid: number, submitId: number): Promise<void> {
  const removed = await db.deleteFrom('user_acproblem').where('submit_id', '=', submitId).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return;
  const other = await db
    .selectFrom('judge')
    .select(['submit_id', 'gmt_create'])
    .where('uid', '=', uid)
    .where('pid', '=', pid)
    .where('cid', '=', 0)
    .where('gid', 'is', null)
    .where('status', '=', AC)
    .where('submit_id', '<>', submitId)
    .orderBy('submit_id', 'asc')
    .executeTakeFirst();
  if (other) {
    await db
      .insertInto('user_acproblem')
      .values({ uid, pid, submit_id: other.submit_id, gmt_create: other.gmt_create })
      .onConflict((oc) => oc.columns(['uid', 'pid']).doNothing())
      .execute();
  }
}

export function lastAccepted(db: Db, uid: string, pid: number, cid: number): Promise<JudgeRow | undefined> {
  return db
    .selectFrom('judge')
    .select(ROW_COLUMNS)
    .where('uid', '=', uid)
    .where('pid', '=', pid)
    .where('cid', '=', cid)
    .where('status', '=', AC)
    .orderBy('submit_id', 'desc')
    .executeTakeFirst();
}

// ---- submit frequency ----

/**
 * Opens a window for `key` lasting `seconds` unless one is still open.
 * Atomic across processes: the upsert only wins when the old window has closed.
 */
export async function takeRateWindow(db: Db, key: string, seconds: number): Promise<boolean> {
  const until = new Date(Date.now() + seconds * 1000);
  const row = await db
    .insertInto('judge_rate_window')
    .values({ key, until })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ until }).where('judge_rate_window.until', '<=', new Date()),
    )
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

// ---- self-test runs ----

export async function insertTestRun(
  db: Db,
  key: string,
  uid: string,
  ttlSeconds: number,
  echo: unknown,
): Promise<void> {
  await db
    .insertInto('judge_test_run')
    .values({
      test_key: key,
      uid,
      status: 5,
      result: jsonb(echo),
      expires_at: new Date(Date.now() + ttlSeconds * 1000),
    })
    .execute();
  // Housekeeping: forget expired runs (they are never read again).
  await db.deleteFrom('judge_test_run').where('expires_at', '<', new Date()).execute();
}

export function findTestRun(db: Db, key: string) {
  return db
    .selectFrom('judge_test_run')
    .selectAll()
    .where('test_key', '=', key)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/** Stores a finished self-test once (later duplicates find no pending row). */
export async function finishTestRun(
  db: Db,
  key: string,
  status: number,
  result: unknown,
  ttlSeconds: number,
): Promise<boolean> {
  const r = await db
    .updateTable('judge_test_run')
    .set({ status, result: jsonb(result), expires_at: new Date(Date.now() + ttlSeconds * 1000) })
    .where('test_key', '=', key)
    .where('status', '=', 5)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes a finished run; true when this call deleted it (first reader wins). */
export async function consumeTestRun(db: Db, key: string): Promise<boolean> {
  const r = await db
    .deleteFrom('judge_test_run')
    .where('test_key', '=', key)
    .where('status', '<>', 5)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// ---- ranks and statistics ----

export interface RankUserRow {
  uid: string;
  username: string;
  nickname: string | null;
  signature: string | null;
  avatar: string | null;
  title_name: string | null;
  title_color: string | null;
  ac: number;
  total: number;
  score: number;
}

/** Active users matching `search` (username, nickname or realname). */
function rankBase(db: Db, search: string | undefined) {
  let q = db.selectFrom('users as u').where('u.status', '=', 0);
  if (search) {
    const like = likeEscape(search);
    q = q.where((eb) =>
      eb.or([
        eb('u.username', 'ilike', like),
        eb('u.nickname', 'ilike', like),
        eb('u.realname', 'ilike', like),
      ]),
    );
  }
  return q;
}

export async function rankList(
  db: Db,
  type: 0 | 1,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: RankUserRow[]; total: number }> {
  const base = rankBase(db, search);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const ac = sql<number>`(select count(*) from user_acproblem a where a.uid = u.uid)`;
  const siteTotal = sql<number>`(select count(*) from judge j where j.uid = u.uid and j.cid = 0 and j.gid is null)`;
  const allTotal = sql<number>`(select count(*) from judge j where j.uid = u.uid)`;
  const score = sql<number>`coalesce((select sum(m) from (select max(j.oi_rank_score) as m from judge j
      where j.uid = u.uid and j.cid = 0 and j.gid is null and j.oi_rank_score is not null group by j.pid) s), 0)`;
  let q = base.select([
    'u.uid',
    'u.username',
    'u.nickname',
    'u.signature',
    'u.avatar',
    'u.title_name',
    'u.title_color',
    ac.as('ac'),
    (type === 0 ? siteTotal : allTotal).as('total'),
    score.as('score'),
  ]);
  q =
    type === 0
      ? q.orderBy('ac', 'desc').orderBy('total', 'asc')
      : q.orderBy('score', 'desc').orderBy('ac', 'desc');
  const rows = await q.orderBy('u.gmt_create', 'asc').orderBy('u.uid').limit(limit).offset(offset).execute();
  return {
    rows: rows.map((r) => ({ ...r, ac: Number(r.ac), total: Number(r.total), score: Number(r.score) })),
    total: Number(total),
  };
}

/** Top 10 by problems first accepted since `since`; ties: newest account first. */
export async function recentAcRank(db: Db, since: Date): Promise<RankUserRow[]> {
  const ac = sql<number>`(select count(*) from user_acproblem a where a.uid = u.uid and a.gmt_create >= ${since})`;
  const rows = await db
    .selectFrom('users as u')
    .where('u.status', '=', 0)
    .select([
      'u.uid',
      'u.username',
      'u.nickname',
      'u.signature',
      'u.avatar',
      'u.title_name',
      'u.title_color',
      ac.as('ac'),
    ])
    .orderBy('ac', 'desc')
    .orderBy('u.gmt_create', 'desc')
    .limit(10)
    .execute();
  return rows.map((r) => ({ ...r, ac: Number(r.ac), total: 0, score: 0 }));
}

/** Submissions (all, and accepted) per UTC day since `since`. */
export async function dailyCounts(
  db: Db,
  since: Date,
): Promise<{ day: string; total: number; ac: number }[]> {
  const day = sql<string>`to_char(gmt_create at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .selectFrom('judge')
    .select([
      day.as('day'),
      (eb) => eb.fn.countAll<number>().as('total'),
      sql<number>`count(*) filter (where status = 0)`.as('ac'),
    ])
    .where('gmt_create', '>=', since)
    .groupBy(day)
    .execute();
  return rows.map((r) => ({ day: r.day, total: Number(r.total), ac: Number(r.ac) }));
}

export async function countSiteSubmissions(db: Db, uid: string): Promise<number> {
  const r = await db
    .selectFrom('judge')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('uid', '=', uid)
    .where('cid', '=', 0)
    .where('gid', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function solvedPids(db: Db, uid: string): Promise<number[]> {
  const rows = await db
    .selectFrom('user_acproblem')
    .select('pid')
    .where('uid', '=', uid)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.pid);
}

export async function maxRankScores(db: Db, uid: string): Promise<number[]> {
  const rows = await db
    .selectFrom('judge')
    .select((eb) => eb.fn.max('oi_rank_score').as('m'))
    .where('uid', '=', uid)
    .where('cid', '=', 0)
    .where('gid', 'is', null)
    .where('oi_rank_score', 'is not', null)
    .groupBy('pid')
    .execute();
  return rows.map((r) => Number(r.m));
}

export async function heatmapCounts(
  db: Db,
  uid: string,
  since: Date,
): Promise<{ date: string; count: number }[]> {
  const day = sql<string>`to_char(gmt_create at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .selectFrom('judge')
    .select([day.as('date'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('uid', '=', uid)
    .where('cid', '=', 0)
    .where('gmt_create', '>=', since)
    .groupBy(day)
    .execute();
  return rows.map((r) => ({ date: r.date, count: Number(r.count) }));
}

/** Per problem: accepted (0) if any AC, else the latest status; problems never submitted are absent. */
export async function userProblemStatuses(
  db: Db,
  uid: string,
  pids: readonly number[],
  gid: number | null,
): Promise<Map<number, number>> {
  if (pids.length === 0) return new Map();
  let q = db
    .selectFrom('judge')
    .select(['pid', 'status', 'submit_id'])
    .where('uid', '=', uid)
    .where('cid', '=', 0)
    .where('pid', 'in', pids);
  q = gid === null ? q.where('gid', 'is', null) : q.where('gid', '=', gid);
  const rows = await q.orderBy('submit_id', 'asc').execute();
  const out = new Map<number, number>();
  for (const r of rows) {
    if (out.get(r.pid) === AC) continue;
    out.set(r.pid, r.status);
  }
  return out;
}

/** Per problem of a contest: accepted (0) if any AC, else the latest status. */
export async function userContestProblemStatuses(
  db: Db,
  uid: string,
  pids: readonly number[],
  cid: number,
): Promise<Map<number, number>> {
  if (pids.length === 0) return new Map();
  const rows = await db
    .selectFrom('judge')
    .select(['pid', 'status'])
    .where('uid', '=', uid)
    .where('cid', '=', cid)
    .where('pid', 'in', pids)
    .orderBy('submit_id', 'asc')
    .execute();
  const out = new Map<number, number>();
  for (const r of rows) if (out.get(r.pid) !== AC) out.set(r.pid, r.status);
  return out;
}

// ---- contest submissions ----

export interface ContestListFilter {
  cid: number;
  /** true: admin test runs before the start; false: from the start on. */
  beforeStart: boolean;
  startTime: Date;
  uid?: string;
  status?: number;
  problemId?: string;
  exactProblem?: boolean;
  username?: string;
  /** Only rows before this time... */
  before: Date | null;
  /** ...except this user's own rows (ACM), when set. */
  ownUid: string | null;
}

/** One contest's status list, newest submit time first. */
export async function listContestSubmissions(
  db: Db,
  f: ContestListFilter,
  limit: number,
  offset: number,
): Promise<{ rows: Omit<JudgeRow, 'code'>[]; total: number }> {
  let q = db.selectFrom('judge').where('cid', '=', f.cid);
  q = f.beforeStart ? q.where('submit_time', '<', f.startTime) : q.where('submit_time', '>=', f.startTime);
  if (f.uid !== undefined) q = q.where('uid', '=', f.uid);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.problemId)
    q = f.exactProblem
      ? q.where('display_pid', '=', f.problemId)
      : q.where('display_pid', 'ilike', likeEscape(f.problemId));
  if (f.username) q = q.where('username', 'ilike', likeEscape(f.username));
  if (f.before) {
    const before = f.before;
    const own = f.ownUid;
    q =
      own === null
        ? q.where('submit_time', '<', before)
        : q.where((eb) => eb.or([eb('submit_time', '<', before), eb('uid', '=', own)]));
  }
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .select(LIST_COLUMNS)
    .orderBy('submit_time', 'desc')
    .orderBy('submit_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total) };
}

/** Ids of every submission of problem `pid` in contest `cid`, oldest first. */
export async function contestProblemSubmissionIds(db: Db, cid: number, pid: number): Promise<number[]> {
  const rows = await db
    .selectFrom('judge')
    .select('submit_id')
    .where('cid', '=', cid)
    .where('pid', '=', pid)
    .orderBy('submit_id')
    .execute();
  return rows.map((r) => r.submit_id);
}

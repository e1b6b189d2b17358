// The contest archive's own queries: the sources of a contest's submissions in batches (export),
// the look-ups an import resolves against, and the import's writes in one transaction.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { jsonb } from '../../platform/db/json';
import type { AwardConfig } from '@oj/protocol/contest/scoreboard';

export type Db = Kysely<Database>;

/** Sources of these submissions of contest `cid` (one batch). */
export async function sources(
  db: Db,
  cid: number,
  submitIds: readonly number[],
): Promise<{ submitId: number; language: string; code: string }[]> {
  if (submitIds.length === 0) return [];
  const rows = await db
    .selectFrom('judge')
    .select(['submit_id', 'language', 'code'])
    .where('cid', '=', cid)
    .where('submit_id', 'in', [...submitIds])
    .execute();
  return rows.map((r) => ({ submitId: r.submit_id, language: r.language, code: r.code }));
}

/** Problems whose public id is one of `problemIds`: problem_id → {pid, problemId}. */
export async function problemsById(
  db: Db,
  problemIds: readonly string[],
): Promise<Map<string, { pid: number; problemId: string }>> {
  if (problemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('problem')
    .select(['id', 'problem_id'])
    .where('problem_id', 'in', [...new Set(problemIds)])
    .execute();
  return new Map(rows.map((r) => [r.problem_id, { pid: r.id, problemId: r.problem_id }]));
}

/** The contest's problems with their problems' public ids. */
export async function contestProblemRows(
  db: Db,
  cid: number,
): Promise<{ cpid: number; displayId: string; color: string | null; problemId: string }[]> {
  const rows = await db
    .selectFrom('contest_problem as cp')
    .innerJoin('problem as p', 'p.id', 'cp.pid')
    .select(['cp.id as cpid', 'cp.display_id', 'cp.color', 'p.problem_id'])
    .where('cp.cid', '=', cid)
    .execute();
  return rows.map((r) => ({
    cpid: r.cpid,
    displayId: r.display_id,
    color: r.color,
    problemId: r.problem_id,
  }));
}

export async function languageNames(db: Db): Promise<string[]> {
  return (await db.selectFrom('language').select('name').execute()).map((r) => r.name);
}

export async function usersByName(db: Db, names: readonly string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['uid', 'username'])
    .where('username', 'in', [...new Set(names)])
    .execute();
  return new Map(rows.map((r) => [r.username, r.uid]));
}

export interface NewContest {
  uid: string;
  author: string;
  title: string;
  description: string;
  type: number;
  auth: number;
  pwd: string | null;
  startTime: Date;
  endTime: Date;
  sealRank: boolean;
  sealRankTime: Date | null;
  rankShowName: string;
  oiRankScoreType: string;
  starAccount: string[];
  awardType: number;
  awardConfig: AwardConfig[];
  openRank: boolean;
}

export interface NewSubmission {
  pid: number;
  displayPid: string;
  cpid: number;
  uid: string;
  username: string;
  submitTime: Date;
  judgedAt: Date;
  status: number;
  score: number | null;
  time: number | null;
  code: string;
  language: string;
}

/** The whole import: the contest, its problems, registrations and final submissions; one transaction. */
export async function insertContestArchive(
  db: Db,
  c: NewContest,
  problems: { pid: number; displayId: string; displayTitle: string; color: string | null }[],
  uids: readonly string[],
  /** Submissions by the display id of their problem. */
  subs: (Omit<NewSubmission, 'cpid'> & { displayId: string })[],
): Promise<number> {
  return db.transaction().execute(async (trx: Transaction<Database>) => {
    const { id: cid } = await trx
      .insertInto('contest')
      .values({
        uid: c.uid,
        author: c.author,
        title: c.title,
        description: c.description,
        type: c.type,
        auth: c.auth,
        pwd: c.pwd,
        start_time: c.startTime,
        end_time: c.endTime,
        duration: Math.round((c.endTime.getTime() - c.startTime.getTime()) / 1000),
        seal_rank: c.sealRank,
        seal_rank_time: c.sealRankTime,
        rank_show_name: c.rankShowName,
        oi_rank_score_type: c.oiRankScoreType,
        star_account: jsonb(c.starAccount),
        award_type: c.awardType,
        award_config: jsonb(c.awardConfig),
        open_rank: c.openRank,
        visible: false,
        gid: null,
        account_limit_rule: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cpids = new Map<string, number>();
    for (const p of problems) {
      const r = await trx
        .insertInto('contest_problem')
        .values({ cid, pid: p.pid, display_id: p.displayId, display_title: p.displayTitle, color: p.color })
        .returning('id')
        .executeTakeFirstOrThrow();
      cpids.set(p.displayId, r.id);
    }
    if (uids.length > 0)
      await trx
        .insertInto('contest_register')
        .values(uids.map((uid) => ({ cid, uid, status: 0 })))
        .execute();
    for (let i = 0; i < subs.length; i += 500) {
      await trx
        .insertInto('judge')
        .values(
          subs.slice(i, i + 500).map((s) => ({
            pid: s.pid,
            display_pid: s.displayPid,
            uid: s.uid,
            username: s.username,
            submit_time: s.submitTime,
            status: s.status,
            error_message: null,
            time: s.time,
            memory: null,
            score: s.score,
            length: s.code.length,
            code: s.code,
            language: s.language,
            cid,
            cpid: cpids.get(s.displayId)!,
            gid: null,
            tid: null,
            judger: null,
            ip: null,
            oi_rank_score: s.score,
            vjudge_submit_id: null,
            vjudge_username: null,
            vjudge_password: null,
            is_manual: false,
            // Imported verdicts are final and were counted where they were judged: the problem
            // counters here are not moved (counted = status).
            counted_status: s.status,
            gmt_create: s.submitTime,
            gmt_modified: s.judgedAt,
          })),
        )
        .execute();
    }
    return cid;
  });
}

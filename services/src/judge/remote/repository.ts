// The remote judge's queries: the account pool (atomic lease, release, renewal) and run state.
import { sql, type Kysely } from 'kysely';
import { camelDb } from '../../platform/db';
import type { RemoteJudgeTables } from './tables';

type Db = Kysely<unknown>;
const q = (db: Db) => camelDb<RemoteJudgeTables>(db);

export async function countAccounts(db: Db, oj: string): Promise<number> {
  const r = await q(db)
    .selectFrom('remoteJudgeAccount')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('oj', '=', oj)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Takes one free account of the pool (or one whose holder stopped renewing) in one statement:
 * `FOR UPDATE SKIP LOCKED` picks a row nobody else is taking, the update marks it leased.
 */
export async function leaseAccount(db: Db, oj: string, holder: string, leaseMs: number) {
  const r = await sql<{ id: number; oj: string; username: string; password_enc: string }>`
    update remote_judge_account set status = 0, leased_by = ${holder},
      lease_until = now() + ${leaseMs} * interval '1 millisecond', gmt_modified = now()
    where id = (
      select id from remote_judge_account
      where oj = ${oj} and (status = 1 or lease_until < now())
      order by gmt_modified, id limit 1 for update skip locked)
    returning id, oj, username, password_enc`.execute(db);
  const row = r.rows[0];
  return row ? { id: row.id, oj: row.oj, username: row.username, passwordEnc: row.password_enc } : null;
}

export async function renewAccounts(db: Db, holder: string, ids: number[], leaseMs: number): Promise<void> {
  if (!ids.length) return;
  await sql`update remote_judge_account set lease_until = now() + ${leaseMs} * interval '1 millisecond'
            where leased_by = ${holder} and status = 0 and id in (${sql.join(ids)})`.execute(db);
}

export async function releaseAccount(db: Db, id: number, holder: string): Promise<void> {
  await q(db)
    .updateTable('remoteJudgeAccount')
    .set({ status: 1, leasedBy: null, leaseUntil: null, gmtModified: new Date() })
    .where('id', '=', id)
    .where('leasedBy', '=', holder)
    .execute();
}

export async function findAccount(db: Db, id: number) {
  return q(db).selectFrom('remoteJudgeAccount').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listAccounts(db: Db, oj: string | undefined) {
  let query = q(db)
    .selectFrom('remoteJudgeAccount')
    .select(['id', 'oj', 'username', 'status', 'leasedBy', 'leaseUntil', 'gmtCreate', 'gmtModified'])
    .orderBy('oj')
    .orderBy('id');
  if (oj) query = query.where('oj', '=', oj);
  return query.execute();
}

export async function insertAccount(db: Db, oj: string, username: string, passwordEnc: string) {
  return q(db)
    .insertInto('remoteJudgeAccount')
    .values({ oj, username, passwordEnc })
    .onConflict((oc) => oc.columns(['oj', 'username']).doUpdateSet({ passwordEnc, gmtModified: new Date() }))
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateAccount(db: Db, id: number, username: string, passwordEnc: string | null) {
  const r = await q(db)
    .updateTable('remoteJudgeAccount')
    .set({ username, ...(passwordEnc ? { passwordEnc } : {}), gmtModified: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteAccount(db: Db, id: number) {
  const r = await q(db).deleteFrom('remoteJudgeAccount').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function findRun(db: Db, submitId: number) {
  return q(db).selectFrom('remoteJudgeRun').selectAll().where('submitId', '=', submitId).executeTakeFirst();
}

/** A new judging starts a fresh run row (the remote run id of an older judging is forgotten). */
export async function startRun(db: Db, submitId: number, version: number, oj: string, accountId: number) {
  await q(db)
    .insertInto('remoteJudgeRun')
    .values({ submitId, version, oj, accountId, runId: null, finalStatus: null, submissions: 1 })
    .onConflict((oc) =>
      oc.column('submitId').doUpdateSet((eb) => ({
        version,
        oj,
        accountId,
        runId: null,
        finalStatus: null,
        submissions: eb('remoteJudgeRun.submissions', '+', 1),
        gmtModified: new Date(),
      })),
    )
    .execute();
}

export async function setRunId(db: Db, submitId: number, runId: string) {
  await q(db)
    .updateTable('remoteJudgeRun')
    .set({ runId, gmtModified: new Date() })
    .where('submitId', '=', submitId)
    .execute();
}

/** A re-poll adopts the run for the new judging (version) without submitting again. */
export async function adoptRun(db: Db, submitId: number, version: number) {
  await q(db)
    .updateTable('remoteJudgeRun')
    .set({ version, finalStatus: null, gmtModified: new Date() })
    .where('submitId', '=', submitId)
    .execute();
}

export async function finishRun(db: Db, submitId: number, finalStatus: number) {
  await q(db)
    .updateTable('remoteJudgeRun')
    .set({ finalStatus, gmtModified: new Date() })
    .where('submitId', '=', submitId)
    .execute();
}

/** What the worker needs of a submission and its problem. */
export async function findSubmissionForRemote(db: Db, submitId: number) {
  const r = await sql<{
    submit_id: number;
    version: number;
    status: number;
    code: string;
    language: string;
    cid: number;
    problem_id: string;
    is_remote: boolean;
  }>`select j.submit_id, j.version, j.status, j.code, j.language, j.cid, p.problem_id, p.is_remote
     from judge j join problem p on p.id = j.pid where j.submit_id = ${submitId}`.execute(db);
  const row = r.rows[0];
  return row ? { ...row, submit_id: Number(row.submit_id) } : null;
}

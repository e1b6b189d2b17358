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

/** platform_kv key: per pool, the fingerprint of the switch lists last applied to it. */
const SWITCH_APPLIED_KEY = 'remote-judge.switch-accounts';

export interface PoolFromSwitch {
  oj: string;
  fingerprint: string;
  /** A pool never applied counts as having applied empty lists. */
  emptyFingerprint: string;
  accounts: { username: string; passwordEnc: string }[];
}

/**
 * Replaces the pools whose switch lists changed since last applied (one transaction; the applied
 * record is locked first, so processes doing this at once queue up and the later one finds nothing
 * to do). Returns the pools replaced.
 */
export async function replacePoolsFromSwitch(db: Db, wanted: PoolFromSwitch[]): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`insert into platform_kv (key, value) values (${SWITCH_APPLIED_KEY}, '{}'::jsonb)
              on conflict (key) do nothing`.execute(trx);
    const r = await sql<{ value: Record<string, string> }>`
      select value from platform_kv where key = ${SWITCH_APPLIED_KEY} for update`.execute(trx);
    const applied: Record<string, string> = { ...(r.rows[0]?.value ?? {}) };
    const replaced: string[] = [];
    for (const w of wanted) {
      if ((applied[w.oj] ?? w.emptyFingerprint) === w.fingerprint) continue;
      const names = w.accounts.map((a) => a.username);
      let drop = q(trx).deleteFrom('remoteJudgeAccount').where('oj', '=', w.oj);
      if (names.length) drop = drop.where('username', 'not in', names);
      await drop.execute();
      for (const a of w.accounts) {
        await q(trx)
          .insertInto('remoteJudgeAccount')
          .values({ oj: w.oj, username: a.username, passwordEnc: a.passwordEnc })
          .onConflict((oc) =>
            oc
              .columns(['oj', 'username'])
              .doUpdateSet({ passwordEnc: a.passwordEnc, gmtModified: new Date() }),
          )
          .execute();
      }
      applied[w.oj] = w.fingerprint;
      replaced.push(w.oj);
    }
    if (replaced.length)
      await sql`update platform_kv set value = ${JSON.stringify(applied)}::jsonb
                where key = ${SWITCH_APPLIED_KEY}`.execute(trx);
    return replaced;
  });
}

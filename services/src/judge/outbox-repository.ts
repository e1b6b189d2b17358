// The judge outbox's queries (table judge_outbox, migration 0012): one row per judging that is not
// final yet. Times are the database's (now()), so processes on different hosts agree on them.
import { sql, type Kysely } from 'kysely';
import { camelDb } from '../platform/db/camel';
import type { Database } from '../platform/db/schema';
import type { JudgeOutboxTables } from './tables';

type Db = Kysely<Database>;
const outbox = (db: Db) => camelDb<JudgeOutboxTables>(db as unknown as Kysely<unknown>);
const inMs = (ms: number) => sql<Date>`now() + ${Math.round(ms)}::int * interval '1 millisecond'`;

export interface OutboxEntry {
  submitId: number;
  version: number;
  enqueued: number;
  /** The submission as it is now (null: deleted). */
  status: number | null;
  currentVersion: number | null;
}

/** A new judging to queue (inside the transaction that commits it); older versions are dropped. */
export async function addJudging(db: Db, submitId: number, version: number, dueInMs: number): Promise<void> {
  const o = outbox(db);
  await o.deleteFrom('judgeOutbox').where('submitId', '=', submitId).where('version', '<', version).execute();
  await o
    .insertInto('judgeOutbox')
    .values({ submitId, version, dueAt: inMs(dueInMs) as unknown as Date })
    .onConflict((oc) => oc.columns(['submitId', 'version']).doNothing())
    .execute();
}

/** After a put on the queue (or a failed one): when to look again. */
export async function scheduleNext(
  db: Db,
  submitId: number,
  version: number,
  dueInMs: number,
  enqueued: boolean,
): Promise<void> {
  await outbox(db)
    .updateTable('judgeOutbox')
    .set((eb) => ({
      dueAt: inMs(dueInMs) as unknown as Date,
      enqueued: enqueued ? eb('enqueued', '+', 1) : eb.ref('enqueued'),
    }))
    .where('submitId', '=', submitId)
    .where('version', '=', version)
    .execute();
}

/**
 * Takes the rows that are due (skipping those another process is taking) and pushes them `aheadMs`
 * into the future, so nobody else takes them while this process queues them.
 */
export async function takeDue(db: Db, limit: number, aheadMs: number): Promise<OutboxEntry[]> {
  return outbox(db)
    .transaction()
    .execute(async (o) => {
      const rows = await o
        .selectFrom('judgeOutbox as o')
        .leftJoin('judge as j', 'j.submitId', 'o.submitId')
        .select(['o.submitId', 'o.version', 'o.enqueued', 'j.status', 'j.version as currentVersion'])
        .where('o.dueAt', '<=', sql<Date>`now()`)
        .orderBy('o.dueAt')
        .limit(limit)
        .forUpdate('o')
        .skipLocked()
        .execute();
      if (rows.length > 0) {
        await o
          .updateTable('judgeOutbox')
          .set({ dueAt: inMs(aheadMs) as unknown as Date })
          .where((eb) =>
            eb.or(rows.map((r) => eb.and([eb('submitId', '=', r.submitId), eb('version', '=', r.version)]))),
          )
          .execute();
      }
      return rows.map((r) => ({
        submitId: Number(r.submitId),
        version: r.version,
        enqueued: r.enqueued,
        status: r.status ?? null,
        currentVersion: r.currentVersion ?? null,
      }));
    });
}

/** The judging is over (final, superseded or gone): forget it. */
export async function removeJudgings(db: Db, items: readonly { submitId: number; version: number }[]) {
  if (items.length === 0) return;
  await outbox(db)
    .deleteFrom('judgeOutbox')
    .where((eb) =>
      eb.or(items.map((i) => eb.and([eb('submitId', '=', i.submitId), eb('version', '<=', i.version)]))),
    )
    .execute();
}

/** What a granted claim found: the submission's status and version now (null: no such row). */
export interface ClaimedState {
  status: number;
  version: number;
}

/**
 * A runner asks to judge: granted when nobody holds a live lease (or it already does). The row is
 * then not due for `sweepAfterMs` (the lease renewals keep pushing that forward). A grant comes
 * with the submission's status and version, read in the same statement (one round trip: claims
 * are on the path of every judging).
 */
export async function claim(
  db: Db,
  submitId: number,
  version: number,
  runner: string,
  leaseMs: number,
  sweepAfterMs: number,
): Promise<{ outcome: 'claimed'; state: ClaimedState | null } | { outcome: 'held' | 'missing' }> {
  const o = outbox(db);
  const claimed = await o
    .updateTable('judgeOutbox')
    .set({
      claimedBy: runner,
      leaseUntil: inMs(leaseMs) as unknown as Date,
      dueAt: inMs(sweepAfterMs) as unknown as Date,
    })
    .where('submitId', '=', submitId)
    .where('version', '=', version)
    .where((eb) =>
      eb.or([
        eb('claimedBy', 'is', null),
        eb('claimedBy', '=', runner),
        eb('leaseUntil', 'is', null),
        eb('leaseUntil', '<', sql<Date>`now()`),
      ]),
    )
    .returning([
      sql<number | null>`(select j.status from judge j where j.submit_id = ${submitId})`.as('status'),
      sql<number | null>`(select j.version from judge j where j.submit_id = ${submitId})`.as(
        'currentVersion',
      ),
    ])
    .executeTakeFirst();
  if (claimed) {
    const { status, currentVersion } = claimed;
    return {
      outcome: 'claimed',
      state: status === null || currentVersion === null ? null : { status, version: currentVersion },
    };
  }
  const row = await o
    .selectFrom('judgeOutbox')
    .select('submitId')
    .where('submitId', '=', submitId)
    .where('version', '=', version)
    .executeTakeFirst();
  return { outcome: row ? 'held' : 'missing' };
}

/** A runner is still working on these: its leases last `leaseMs` more. */
export async function renewLeases(
  db: Db,
  runner: string,
  tasks: readonly { submitId: number; version: number }[],
  leaseMs: number,
  sweepAfterMs: number,
): Promise<void> {
  if (tasks.length === 0) return;
  await outbox(db)
    .updateTable('judgeOutbox')
    .set({ leaseUntil: inMs(leaseMs) as unknown as Date, dueAt: inMs(sweepAfterMs) as unknown as Date })
    .where('claimedBy', '=', runner)
    .where((eb) =>
      eb.or(tasks.map((t) => eb.and([eb('submitId', '=', t.submitId), eb('version', '=', t.version)]))),
    )
    .execute();
}

/**
 * A runner has queued its results for these: held for `holdMs` under a mark that is not the runner's
 * own name, so no copy of the task is granted again, not even to the runner that judged it (a
 * redelivery to it after its result was queued, or to it restarted under the same name).
 */
export async function holdJudged(
  db: Db,
  runner: string,
  tasks: readonly { submitId: number; version: number }[],
  holdMs: number,
  sweepAfterMs: number,
): Promise<void> {
  if (tasks.length === 0) return;
  await outbox(db)
    .updateTable('judgeOutbox')
    .set({
      claimedBy: judgedMark(runner),
      leaseUntil: inMs(holdMs) as unknown as Date,
      dueAt: inMs(sweepAfterMs) as unknown as Date,
    })
    .where('claimedBy', 'in', [runner, judgedMark(runner)])
    .where((eb) =>
      eb.or(tasks.map((t) => eb.and([eb('submitId', '=', t.submitId), eb('version', '=', t.version)]))),
    )
    .execute();
}

/** Who holds a judging whose result is queued: never equal to a runner's name. */
const judgedMark = (runner: string) => `${runner} (result queued)`;

/** One-process start: the in-process queue died with the last process; every row is due now, unclaimed. */
export async function releaseAll(db: Db): Promise<number> {
  const result = await outbox(db)
    .updateTable('judgeOutbox')
    .set({ dueAt: sql<Date>`now()` as unknown as Date, claimedBy: null, leaseUntil: null })
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

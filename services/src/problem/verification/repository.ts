// Rows of import verification runs (migration 0025_problem_verification). Only this file touches them.
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { jsonb } from '../../platform/db/json';
import type { TimeLimitRule } from '../packages/types';

type Db = Kysely<Database>;

export interface VerifyInsert {
  pid: number;
  verify_key: string;
  seq: number;
  path: string;
  language: string;
  code: string;
  expected: string[];
  created_by: string;
  /** Set on a row held back until the time limit is derived (not queued yet). */
  message?: string | null;
  /** The rule the problem's time limit is derived by (a Kattis package without one), kept for "verify again". */
  time_limit_rule?: TimeLimitRule | null;
}

export async function insertRuns(db: Db, rows: VerifyInsert[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('problem_verification')
    .values(
      rows.map((r) => ({
        ...r,
        expected: jsonb(r.expected),
        time_limit_rule: r.time_limit_rule ? jsonb(r.time_limit_rule) : null,
      })),
    )
    .execute();
}

/** Drops a problem's earlier run (a new one replaces it). */
export async function deleteRuns(db: Db, pid: number): Promise<void> {
  await db.deleteFrom('problem_verification').where('pid', '=', pid).execute();
}

const COLUMNS = [
  'id',
  'pid',
  'verify_key',
  'seq',
  'path',
  'language',
  'code',
  'expected',
  'status',
  'time',
  'memory',
  'message',
  'time_limit_rule',
] as const;

export async function runsOf(db: Db, pid: number) {
  return db
    .selectFrom('problem_verification')
    .select(COLUMNS)
    .where('pid', '=', pid)
    .orderBy('seq')
    .execute();
}

export type VerifyRunRow = Awaited<ReturnType<typeof runsOf>>[number];

/** Stores a result once: a row already judged keeps its first result (redeliveries are no-ops). */
export async function finishRun(
  db: Db,
  key: string,
  v: { status: number; time: number; memory: number; message: string | null },
): Promise<VerifyRunRow | undefined> {
  return db
    .updateTable('problem_verification')
    .set({ ...v, gmt_modified: new Date() })
    .where('verify_key', '=', key)
    .where('status', 'is', null)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** Rows of a problem not judged yet: those queued, and those held back (message starting with `heldPrefix`). */
export async function unfinishedCounts(
  db: Db,
  pid: number,
  heldPrefix: string,
): Promise<{ queued: number; held: number }> {
  const rows = await db
    .selectFrom('problem_verification')
    .select(['message'])
    .where('pid', '=', pid)
    .where('status', 'is', null)
    .execute();
  const held = rows.filter((r) => r.message?.startsWith(heldPrefix)).length;
  return { queued: rows.length - held, held };
}

/**
 * Takes the held-back rows of a problem to queue them (their mark cleared): one caller gets
 * them, a concurrent one none (the update re-checks the mark under the row lock).
 */
export async function takeHeldRows(db: Db, pid: number, heldPrefix: string) {
  const held = await db
    .selectFrom('problem_verification')
    .select(['id', 'message'])
    .where('pid', '=', pid)
    .where('status', 'is', null)
    .where('message', 'like', `${heldPrefix.replace(/[%_\\]/g, '\\$&')}%`)
    .execute();
  if (!held.length) return [];
  const taken = await db
    .updateTable('problem_verification')
    .set({ message: null, gmt_modified: new Date() })
    .where(
      'id',
      'in',
      held.map((h) => h.id),
    )
    .where('status', 'is', null)
    .where('message', 'is not', null)
    .returning(['verify_key', 'language', 'code'])
    .execute();
  return taken.map((t) => ({ ...t, mark: held[0]!.message! }));
}

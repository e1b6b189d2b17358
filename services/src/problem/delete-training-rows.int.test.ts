// Deleting a problem takes its training rows with it (issue #23 item 17): before, training_problem
// kept rows pointing at the deleted problem, so trainings listed a problem that no longer existed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DB_KINDS } from '../../test/support/db';
import * as repo from './repository';
import { createHarness, type Harness } from './test-harness';

describe.each(DB_KINDS)('deleting a problem (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h?.close());

  it('removes the training rows that held it, and only those', async () => {
    const db = h.ctx.db;
    const pid = async (problemId: string) =>
      Number(
        (
          await sql<{ id: number }>`insert into problem (problem_id, title, author, auth, description)
            values (${problemId}, ${problemId}, 'root', 1, '') returning id`.execute(db)
        ).rows[0]!.id,
      );
    const gone = await pid('TRDEL1');
    const kept = await pid('TRDEL2');
    const tid = Number(
      (
        await sql<{
          id: string;
        }>`insert into training (title, author) values ('T', 'root') returning id`.execute(db)
      ).rows[0]!.id,
    );
    await sql`insert into training_problem (tid, pid, display_id)
      values (${tid}, ${gone}, 'A'), (${tid}, ${kept}, 'B')`.execute(db);

    const res = await h.call('root', 'DELETE', `/api/admin/problem?pid=${gone}`);
    expect(res.json().status).toBe(200);
    expect(await repo.findProblem(db, gone)).toBeUndefined();
    const rows = await sql<{ pid: string }>`select pid from training_problem where tid = ${tid}`.execute(db);
    expect(rows.rows.map((r) => Number(r.pid))).toEqual([kept]);
  });
});

// The durable hand-off to the judge queue (issue #11): a bus outage at submit delays judging and
// never fails it, a committed row nobody queued is queued by the sweeper, claims keep a judging on
// one runner at a time, and the one-process start rebuilds its in-process queue from the outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import { JudgeStatus, Subjects } from '@oj/protocol';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../../test/support/db';
import {
  RunnerStandIn,
  USERS,
  eventually,
  makeProblem,
  seedUsers,
  startHarness,
  tokenOf,
  type Harness,
} from './test-harness';

const CODE = 'int main() { return 0; }';

/** The memory bus with a switch that makes every enqueue fail, as a NATS outage does. */
function flaky(inner: Bus): Bus & { down: boolean } {
  const bus = {
    ...inner,
    down: false,
    enqueue: (queue: string, payload: unknown, opts?: { id?: string }) =>
      bus.down ? Promise.reject(new Error('bus: connection lost')) : inner.enqueue(queue, payload, opts),
  };
  return bus;
}

describe.each(DB_KINDS)('judge outbox on %s', (kind) => {
  let tdb: TestDatabase;
  let bus: Bus & { down: boolean };
  let h: Harness;
  let runner: RunnerStandIn;

  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    await seedUsers(tdb);
    bus = flaky(createMemoryBus());
    h = await startHarness(tdb, bus);
    h.problems.add(makeProblem(1));
    runner = await new RunnerStandIn(bus).start();
  });
  afterAll(async () => {
    await runner?.close();
    await h?.close();
    await bus?.close();
    await tdb?.drop();
  });

  const submit = async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/submit-problem-judge',
      headers: { authorization: tokenOf(USERS.alice) },
      payload: { pid: '1001', language: 'C++', code: CODE, isRemote: false },
    });
    const body = res.json() as { status: number; msg: string; data: { submitId: number; status: number } };
    expect(body.status, body.msg).toBe(200);
    return body.data;
  };
  const outboxRows = (submitId: number) =>
    sql<{ version: number; enqueued: number; claimed_by: string | null }>`
      select version, enqueued, claimed_by from judge_outbox where submit_id = ${submitId}`
      .execute(tdb.db)
      .then((r) => r.rows);
  const tasksOf = (submitId: number) =>
    runner.tasks.filter((t) => t.kind === 'submission' && t.submitId === submitId).length;

  it('a bus outage at submit leaves the submission Pending; it is queued once the bus is back', async () => {
    bus.down = true;
    const data = await submit();
    expect(data.status).toBe(JudgeStatus.PENDING);
    const row = await tdb.db
      .selectFrom('judge')
      .select(['status', 'error_message'])
      .where('submit_id', '=', data.submitId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(JudgeStatus.PENDING);
    expect(await outboxRows(data.submitId)).toMatchObject([{ version: 0, enqueued: 0 }]);
    expect(tasksOf(data.submitId)).toBe(0);
    bus.down = false;
    await runner.waitForSubmission(data.submitId, 0, 15_000);
    expect(tasksOf(data.submitId)).toBe(1);
    // Counted once put on the queue (the runner may see the task before the row says so).
    await eventually(
      () => outboxRows(data.submitId),
      (rows) => rows[0]?.enqueued === 1,
    );
  });

  it('a row committed by a process that died before queueing it is queued by the sweeper', async () => {
    // What a crash right after the commit leaves: the submission and its outbox row, no task.
    const inserted = await tdb.db
      .insertInto('judge')
      .values({
        pid: 1,
        display_pid: '1001',
        uid: USERS.bob.uid,
        username: USERS.bob.username,
        length: CODE.length,
        code: CODE,
        language: 'C++',
        gid: null,
        ip: null,
      } as never)
      .returning('submit_id')
      .executeTakeFirstOrThrow();
    await sql`insert into judge_outbox (submit_id, version) values (${inserted.submit_id}, 0)`.execute(
      tdb.db,
    );
    await runner.waitForSubmission(inserted.submit_id, 0, 15_000);
    expect(tasksOf(inserted.submit_id)).toBe(1);
  });

  it('claims: one runner at a time, the next one after the lease lapsed, none once final', async () => {
    const data = await submit();
    await runner.waitForSubmission(data.submitId);
    const claim = (runnerName: string) =>
      h.judge.service.claimTask({ submitId: data.submitId, version: 0, runner: runnerName });
    expect(await claim('r1')).toBe('judge');
    expect(await claim('r1')).toBe('judge'); // its own redelivery
    expect(await claim('r2')).toBe('busy');
    await h.judge.service.renewLeases({
      runner: 'r1',
      tasks: [{ submitId: data.submitId, version: 0 }],
      at: 0,
    });
    expect(await claim('r2')).toBe('busy');
    // r1 died: its lease lapses.
    await sql`update judge_outbox set lease_until = now() - interval '1 second'
              where submit_id = ${data.submitId}`.execute(tdb.db);
    expect(await claim('r2')).toBe('judge');
    expect((await outboxRows(data.submitId))[0]!.claimed_by).toBe('r2');
    // The verdict lands: the judging is over, its outbox row goes, any later delivery is dropped.
    const task = await runner.waitForSubmission(data.submitId);
    await runner.finish(runner.resultFor(task, JudgeStatus.ACCEPTED));
    await eventually(
      () => outboxRows(data.submitId),
      (rows) => rows.length === 0,
    );
    expect(await claim('r3')).toBe('drop');
  });

  it('a judged task stays held until its result is stored: a copy claimed meanwhile is not judged', async () => {
    const data = await submit();
    await runner.waitForSubmission(data.submitId);
    const claim = (runnerName: string) =>
      h.judge.service.claimTask({ submitId: data.submitId, version: 0, runner: runnerName });
    expect(await claim('r1')).toBe('judge');
    // r1 has queued its result and stops renewing; the result is not stored yet.
    await h.judge.service.holdJudged({
      runner: 'r1',
      tasks: [{ submitId: data.submitId, version: 0 }],
      at: 0,
      judged: true,
    });
    // Where a running lease (TASK_LEASE_MS) would have lapsed by now, the hold has not.
    await sql`update judge_outbox set lease_until = lease_until - interval '6 seconds'
              where submit_id = ${data.submitId}`.execute(tdb.db);
    expect(await claim('r2')).toBe('busy');
    // Nor to r1 itself: a copy redelivered to it after its result was queued (it once judged that
    // copy again, 0.5 s later, once the NATS store had been wiped).
    expect(await claim('r1')).toBe('busy');
    const task = await runner.waitForSubmission(data.submitId);
    await runner.finish(runner.resultFor(task, JudgeStatus.ACCEPTED));
    await eventually(
      () => outboxRows(data.submitId),
      (rows) => rows.length === 0,
    );
    expect(await claim('r2')).toBe('drop');
  });

  it('the sweeper re-queues a row with no recorded put under its first id: a put that did happen is not doubled', async () => {
    const data = await submit();
    await runner.waitForSubmission(data.submitId);
    // What a process killed between the put and its record leaves: the task queued, enqueued = 0.
    await sql`update judge_outbox set enqueued = 0, due_at = now() - interval '1 second'
              where submit_id = ${data.submitId}`.execute(tdb.db);
    await eventually(
      () => outboxRows(data.submitId),
      (rows) => rows[0]?.enqueued === 1,
    );
    expect(tasksOf(data.submitId)).toBe(1);
  });

  it('a result waiting for the database elsewhere: its judging is neither queued nor judged again', async () => {
    const data = await submit();
    await runner.waitForSubmission(data.submitId);
    const enqueuedBefore = (await outboxRows(data.submitId))[0]!.enqueued;
    // Another process holds this judging's result until its database is back (issue #23).
    await bus.publish(Subjects.judgeResultWaiting, { submitId: data.submitId, version: 0 });
    const claim = () => h.judge.service.claimTask({ submitId: data.submitId, version: 0, runner: 'r5' });
    await eventually(claim, (answer) => answer === 'drop');
    // Due for the sweeper (no claim, no lease for a while): it is not put on the queue again.
    await sql`update judge_outbox set due_at = now() - interval '1 second', claimed_by = null
              where submit_id = ${data.submitId}`.execute(tdb.db);
    await eventually(
      () =>
        sql<{ due: boolean }>`select due_at > now() as due from judge_outbox
                                  where submit_id = ${data.submitId}`.execute(tdb.db),
      (r) => r.rows[0]?.due === true,
    );
    expect((await outboxRows(data.submitId))[0]!.enqueued).toBe(enqueuedBefore);
    expect(tasksOf(data.submitId)).toBe(1);
  });

  it('a stale version is dropped after a rejudge', async () => {
    const data = await submit();
    await runner.waitForSubmission(data.submitId);
    const task = await runner.waitForSubmission(data.submitId);
    await runner.finish(runner.resultFor(task, JudgeStatus.WRONG_ANSWER));
    await eventually(
      () => outboxRows(data.submitId),
      (rows) => rows.length === 0,
    );
    await h.judge.service.rejudge(data.submitId);
    expect(await outboxRows(data.submitId)).toMatchObject([{ version: 1 }]);
    const claim = (version: number) =>
      h.judge.service.claimTask({ submitId: data.submitId, version, runner: 'r9' });
    expect(await claim(0)).toBe('drop');
    expect(await claim(1)).toBe('judge');
  });

  it('the one-process start rebuilds its in-process queue from the outbox', async () => {
    const data = await submit();
    await runner.waitForSubmission(data.submitId);
    await h.judge.service.claimTask({ submitId: data.submitId, version: 0, runner: 'gone' });
    // The process dies (queue and runner with it) and starts again on the same database.
    await runner.close();
    await h.close();
    const bus2 = createMemoryBus();
    const h2 = await startHarness(tdb, bus2);
    h2.problems.add(makeProblem(1));
    const runner2 = await new RunnerStandIn(bus2).start();
    try {
      await runner2.waitForSubmission(data.submitId, 0, 15_000);
      const unfinished = await sql<{ n: number }>`
        select count(*)::int as n from judge where status in (5, 6, 7)`.execute(tdb.db);
      // Every unfinished judging of this database was queued again, each once.
      await runner2.waitForTasks(unfinished.rows[0]!.n, 15_000);
      const ids = runner2.tasks.map((t) => (t.kind === 'submission' ? t.submitId : 0));
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await runner2.close();
      await h2.close();
      await bus2.close();
    }
  });
});

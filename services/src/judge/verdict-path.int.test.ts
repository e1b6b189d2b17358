// The verdict path in two steps: the verdict row and its cases are committed and pushed first,
// the follow-up writes (problem counters, AC record) come after and are redone on redelivery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import type { SubmissionUpdate } from '@oj/protocol/realtime/events';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../../test/support/db';
import * as repo from './repository';
import { createJudgeService } from './service';
import {
  RunnerStandIn,
  USERS,
  eventually,
  makeProblem,
  seedUsers,
  silentLog,
  startHarness,
  type Harness,
} from './test-harness';
import type { AuthUser } from '../platform/http/access';

describe.each(DB_KINDS)('verdict path on %s', (kind) => {
  let tdb: TestDatabase;
  let bus: Bus;
  let h: Harness;
  let runner: RunnerStandIn;
  const updates: SubmissionUpdate[] = [];

  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    await seedUsers(tdb);
    bus = createMemoryBus();
    h = await startHarness(tdb, bus);
    runner = await new RunnerStandIn(bus).start();
    await bus.subscribe<SubmissionUpdate>(Subjects.submissionUpdatedAll, (u) => void updates.push(u));
    h.problems.add(makeProblem(1));
    h.problems.add(makeProblem(2));
  });
  afterAll(async () => {
    await runner?.close();
    await h?.close();
    await bus?.close();
    await tdb?.drop();
  });

  const submitAndTake = async (user: AuthUser, pid: string) => {
    const view = await h.judge.service.submit(user, { pid, language: 'C++', code: 'int main(){}' }, null);
    return runner.waitForSubmission(view.submitId!);
  };
  const row = (id: number) =>
    tdb.db.selectFrom('judge').selectAll().where('submit_id', '=', id).executeTakeFirstOrThrow();
  const acRecords = (uid: string, pid: number) =>
    tdb.db.selectFrom('user_acproblem').selectAll().where('uid', '=', uid).where('pid', '=', pid).execute();

  it('a failing follow-up does not hold the push back; the redelivered result counts the verdict once', async () => {
    const task = await submitAndTake(USERS.alice, '1001');
    const id = task.submitId;
    const acBefore = h.problems.count(1, 0);
    h.problems.failVerdicts = 1;
    await runner.finish(runner.resultFor(task, 0));

    // The verdict and its cases are stored and pushed although the counters failed...
    await eventually(
      async () => updates.filter((u) => u.submitId === id && u.reason === 'result'),
      (l) => l.length === 1,
    );
    const pushed = await row(id);
    expect(pushed.status).toBe(0);
    expect(
      await tdb.db.selectFrom('judge_case').select('id').where('submit_id', '=', id).execute(),
    ).toHaveLength(2);
    expect(pushed.counted_status).toBeNull();
    expect(await acRecords(USERS.alice.uid, 1)).toHaveLength(0);
    expect(h.problems.failVerdicts).toBe(0);

    // ...and the result, given back, is settled on its redelivery (1 s later).
    const settled = await eventually(
      () => row(id),
      (r) => r.counted_status === 0,
      5000,
    );
    expect(settled.status).toBe(0);
    expect(h.problems.count(1, 0)).toBe(acBefore + 1);
    expect((await acRecords(USERS.alice.uid, 1)).map((a) => a.submit_id)).toEqual([id]);
    // The redelivery pushed the stored verdict again (issue #23): the same verdict twice.
    const results = updates.filter((u) => u.submitId === id && u.reason === 'result');
    expect(results.map((u) => u.status)).toEqual([0, 0]);
    await eventually(
      async () => updates.filter((u) => u.submitId === id && u.reason === 'counted'),
      (l) => l.length === 1,
    );

    // Applying it once more (a late duplicate) counts nothing.
    const calls = h.problems.verdictCalls;
    await h.judge.service.applyResult(runner.resultFor(task, 0));
    expect(h.problems.verdictCalls).toBe(calls);
    expect(h.problems.count(1, 0)).toBe(acBefore + 1);
    expect(updates.filter((u) => u.submitId === id && u.reason === 'counted')).toHaveLength(1);
  });

  it('verdicts arriving together are settled together, each counted once', async () => {
    h.problems.add(makeProblem(3));
    const before = { ac: h.problems.count(3, 0), wa: h.problems.count(3, -1) };
    const users = [USERS.alice, USERS.bob, USERS.alice, USERS.root, USERS.admin, USERS.bob];
    const tasks = [];
    for (const u of users) tasks.push(await submitAndTake(u, '1003'));
    // The first follow-up write fails: redone (item by item, or on redelivery) and still counted once.
    h.problems.failVerdicts = 1;
    const statuses = [0, 0, 0, -1, 0, -1];
    await Promise.all(tasks.map((t, i) => runner.finish(runner.resultFor(t, statuses[i]!))));
    for (const t of tasks)
      await eventually(
        () => row(t.submitId),
        (r) => r.counted_status === r.status && r.status !== 5,
      );
    expect(h.problems.count(3, 0) - before.ac).toBe(4);
    expect(h.problems.count(3, -1) - before.wa).toBe(2);
    // alice accepted twice: one AC record; bob's WA does not take his AC away.
    expect(await acRecords(USERS.alice.uid, 3)).toHaveLength(1);
    expect((await acRecords(USERS.bob.uid, 3)).map((a) => a.submit_id)).toEqual([tasks[1]!.submitId]);
    expect((await acRecords(USERS.admin.uid, 3)).map((a) => a.submit_id)).toEqual([tasks[4]!.submitId]);
    expect(await acRecords(USERS.root.uid, 3)).toHaveLength(0);
  });

  it('a problem without test data ends the submission as System Error at submit, counted', async () => {
    h.problems.add(makeProblem(5, { testCases: [] }));
    const code = 'int main(){return 1;}';
    const view = await h.judge.service.submit(USERS.bob, { pid: '1005', language: 'C++', code }, null);
    expect(view).toMatchObject({ status: 4, errorMessage: 'test case has not found', code });
    const r = await row(view.submitId!);
    expect(r).toMatchObject({ status: 4, counted_status: 4 });
    expect(h.problems.count(5, 4)).toBe(1);
  });

  it('a result taken by another process than the one that queued it is written after reading the row', async () => {
    const task = await submitAndTake(USERS.root, '1001');
    await runner.progress(task, 6);
    await eventually(
      () => row(task.submitId),
      (r) => r.status === 6,
    );
    const other = createJudgeService({ db: tdb.db, bus, log: silentLog, problems: h.problems });
    await other.applyResult(runner.resultFor(task, -1));
    expect(await row(task.submitId)).toMatchObject({ status: -1, counted_status: -1, judger: 'runner-1' });
    expect(
      await tdb.db.selectFrom('judge_case').select('id').where('submit_id', '=', task.submitId).execute(),
    ).toHaveLength(2);
    await eventually(
      async () => updates.filter((u) => u.submitId === task.submitId && u.reason === 'result'),
      (l) => l.length === 1,
    );
    // The process that queued it, handed the same result later, finds it done.
    await h.judge.service.applyResult(runner.resultFor(task, 0));
    expect((await row(task.submitId)).status).toBe(-1);
  });

  it("a runner's back-to-back reports are applied in order: Compiling is not lost to Judging", async () => {
    const tasks = [];
    for (let i = 0; i < 8; i++) tasks.push(await submitAndTake(USERS.admin, '1001'));
    // Published without waiting in between, as a runner does.
    await Promise.all(tasks.map(async (t) => Promise.all([runner.progress(t, 6), runner.progress(t, 7)])));
    for (const t of tasks) {
      const pushed = await eventually(
        async () => updates.filter((u) => u.submitId === t.submitId).map((u) => u.status),
        (l) => l.includes(7),
      );
      expect(pushed).toEqual([5, 6, 7]);
    }
  });

  it('reports sent just before the result are pushed before the verdict', async () => {
    const tasks = [];
    for (let i = 0; i < 8; i++) tasks.push(await submitAndTake(USERS.admin, '1002'));
    await Promise.all(
      tasks.map(async (t) => {
        const case1 = runner.resultFor(t, 0).cases[0]!;
        await Promise.all([
          runner.progress(t, 6),
          runner.progress(t, 7, { total: 2 }),
          runner.progress(t, 7, { total: 2, case: case1 }),
          runner.finish(runner.resultFor(t, 0)),
        ]);
      }),
    );
    for (const t of tasks) {
      const pushed = await eventually(
        async () => updates.filter((u) => u.submitId === t.submitId && u.reason !== 'counted'),
        (l) => l.some((u) => u.reason === 'result'),
      );
      expect(pushed.map((u) => u.status)).toEqual([5, 6, 7, 7, 0]);
    }
  });

  it('the verdict write is guarded by the status it was decided on', async () => {
    const task = await submitAndTake(USERS.bob, '1001');
    const id = task.submitId;
    await runner.progress(task, 7);
    await eventually(
      () => row(id),
      (r) => r.status === 7,
    );
    // A progress move decided on a status the row no longer has is not written either.
    expect(await repo.moveStatus(tdb.db, id, 0, 6, { status: 7, judger: 'late' })).toBeUndefined();
    expect((await row(id)).judger).toBe('runner-1');
    const store = (from: number[]) =>
      repo.storeVerdict(tdb.db, {
        submitId: id,
        version: 0,
        from,
        patch: { status: -1, time: 3, memory: 4, judger: 'runner-1' },
        cases: [{ pid: 1, uid: USERS.bob.uid, case_id: '1', status: -1, time: 3, memory: 4, seq: 1 }],
      });
    // Decided on Pending (or Compiling), but the row is Judging now: nothing is written.
    expect(await store([5, 6])).toBeUndefined();
    expect((await row(id)).status).toBe(7);
    expect(
      await tdb.db.selectFrom('judge_case').select('id').where('submit_id', '=', id).execute(),
    ).toHaveLength(0);
    // Decided on the current status: row and cases in one go.
    const stored = await store([5, 6, 7]);
    expect(stored).toMatchObject({ submit_id: id, status: -1, time: 3, judger: 'runner-1' });
    const cases = await tdb.db.selectFrom('judge_case').selectAll().where('submit_id', '=', id).execute();
    expect(cases.map((c) => [c.case_id, c.status, c.seq])).toEqual([['1', -1, 1]]);
    // Its asynchronous commit was for that statement only (PGlite: the very same session).
    const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(tdb.db);
    expect(rows[0]!.synchronous_commit).toBe('on');
    // The wrong version writes nothing either.
    expect(
      await repo.storeVerdict(tdb.db, { submitId: id, version: 1, from: [-1], patch: {}, cases: [] }),
    ).toBeUndefined();
  });

  it("a problem change reaches the verdict path's problem cache", async () => {
    const task = await submitAndTake(USERS.bob, '1002');
    // The problem becomes OI after the submission was queued (and its problem remembered).
    h.problems.add(makeProblem(2, { type: 1, ioScore: 100, difficulty: 1 }));
    await bus.publish(Subjects.problemChanged, { at: Date.now() });
    await new Promise((r) => setTimeout(r, 20));
    await h.judge.service.applyResult(runner.resultFor(task, 0, { score: 100 }));
    const r = await row(task.submitId);
    expect(r.score).toBe(100);
    expect(r.oi_rank_score).not.toBeNull();
  });
  it('a redelivered result of a row already final pushes the stored verdict again', async () => {
    // The process that stored the verdict may have died before its push (issue #23): the
    // redelivery finds the row final, and publishes it (clients ignore repeats).
    const task = await submitAndTake(USERS.alice, '1001');
    const id = task.submitId;
    const result = runner.resultFor(task, 0);
    const results = () => updates.filter((u) => u.submitId === id && u.reason === 'result');
    await h.judge.service.applyResult(result);
    await eventually(
      async () => results(),
      (l) => l.length === 1,
    );
    await h.judge.service.applyResult(result);
    const pushed = await eventually(
      async () => results(),
      (l) => l.length === 2,
    );
    const stored = await row(id);
    for (const u of pushed) expect(u).toMatchObject({ status: stored.status, version: 0, time: stored.time });
    expect(
      await tdb.db.selectFrom('judge_case').select('id').where('submit_id', '=', id).execute(),
    ).toHaveLength(2);
  });
});

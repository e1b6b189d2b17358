// The contest submission endpoints against the real contest capability: list visibility
// and seal rules, masking, the status check, contest-problem rejudge and their refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../../test/support/db';
import type { AuthUser } from '../platform/http/access';
import { MIN, startContestHarness, type ContestHarness } from './contest-test-setup';
import { RunnerStandIn, USERS, tokenOf } from './test-harness';

describe.each(DB_KINDS)('contest submission endpoints on %s', (kind) => {
  let tdb: TestDatabase;
  let bus: Bus;
  let h: ContestHarness;
  let runner: RunnerStandIn;
  const now = Date.now();
  let acm = 0;
  let oi = 0;
  let scheduled = 0;
  const ids = {} as Record<
    'aliceEarly' | 'aliceLate' | 'bobLate' | 'beforeStart' | 'oiBobEarly' | 'oiBobLate',
    number
  >;

  async function row(
    cid: number,
    target: { pid: number; cpid: number },
    user: AuthUser,
    at: number,
    status = 0,
  ): Promise<number> {
    const r = await tdb.db
      .insertInto('judge')
      .values({
        pid: target.pid,
        display_pid: 'A',
        uid: user.uid,
        username: user.username,
        submit_time: new Date(at),
        status,
        length: 42,
        time: 15,
        memory: 2048,
        code: 'int main(){}',
        language: 'C++',
        cid,
        cpid: target.cpid,
      })
      .returning('submit_id')
      .executeTakeFirstOrThrow();
    return r.submit_id;
  }

  const call = async (method: 'GET' | 'POST', url: string, user: AuthUser | null, payload?: object) => {
    const res = await h.app.inject({
      method,
      url,
      headers: user ? { authorization: tokenOf(user) } : {},
      payload,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes vary per endpoint
    return { http: res.statusCode, body: res.json() as { status: number; msg: string; data: any } };
  };
  const list = (cid: number, user: AuthUser | null, onlyMine = false) =>
    call(
      'GET',
      `/api/contest-submissions?contestID=${cid}&beforeContestSubmit=false&onlyMine=${onlyMine}&containsEnd=true`,
      user,
    );

  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    bus = createMemoryBus();
    h = await startContestHarness(tdb, bus);
    runner = await new RunnerStandIn(bus).start();
    // Both running and sealed 30 minutes ago.
    acm = await h.createContest();
    oi = await h.createContest({ type: 1 });
    scheduled = await h.createContest({
      startTime: new Date(now + 60 * MIN).toISOString(),
      endTime: new Date(now + 120 * MIN).toISOString(),
      sealRankTime: new Date(now + 90 * MIN).toISOString(),
    });
    const a = await h.addProblem(acm, 'A');
    const o = await h.addProblem(oi, 'A', 1);
    ids.aliceEarly = await row(acm, a, USERS.alice, now - 60 * MIN);
    ids.aliceLate = await row(acm, a, USERS.alice, now - 10 * MIN);
    ids.bobLate = await row(acm, a, USERS.bob, now - 5 * MIN, -1);
    ids.beforeStart = await row(acm, a, USERS.admin, now - 180 * MIN);
    ids.oiBobEarly = await row(oi, o, USERS.bob, now - 60 * MIN);
    ids.oiBobLate = await row(oi, o, USERS.bob, now - 10 * MIN);
  });
  afterAll(async () => {
    await runner?.close();
    await h?.close();
    await bus?.close();
    await tdb?.drop();
  });

  it('ACM while sealed: a contestant sees rows before the seal plus their own, others masked', async () => {
    const r = await list(acm, USERS.bob);
    expect(r.body.status).toBe(200);
    const got = r.body.data.records as { submitId: number; uid: string; time: number | null }[];
    expect(got.map((x) => x.submitId)).toEqual([ids.bobLate, ids.aliceEarly]);
    expect(r.body.data.total).toBe(2);
    expect(got[0]).toMatchObject({ time: 15, memory: 2048, length: 42, status: -1 });
    expect(got[1]).toMatchObject({
      uid: USERS.alice.uid,
      time: null,
      memory: null,
      length: null,
      pid: null,
      displayPid: null,
      displayId: 'A',
      title: 'Title A',
      cid: acm,
      oiRankScore: null,
      ip: null,
    });
  });

  it('the creator sees every row unmasked; admin test runs only with beforeContestSubmit', async () => {
    const r = await list(acm, USERS.admin);
    expect(r.body.data.records.map((x: { submitId: number }) => x.submitId)).toEqual([
      ids.bobLate,
      ids.aliceLate,
      ids.aliceEarly,
    ]);
    expect(r.body.data.records[1]).toMatchObject({ time: 15, length: 42 });
    const before = await call(
      'GET',
      `/api/contest-submissions?contestID=${acm}&beforeContestSubmit=true&onlyMine=false`,
      USERS.admin,
    );
    expect(before.body.data.records.map((x: { submitId: number }) => x.submitId)).toEqual([ids.beforeStart]);
    const mine = await list(acm, USERS.alice, true);
    expect(mine.body.data.records.map((x: { submitId: number }) => x.submitId)).toEqual([
      ids.aliceLate,
      ids.aliceEarly,
    ]);
  });

  it('OI while sealed hides even the caller’s own later rows', async () => {
    const r = await list(oi, USERS.bob);
    expect(r.body.data.records.map((x: { submitId: number }) => x.submitId)).toEqual([ids.oiBobEarly]);
  });

  it('refuses anonymous callers, bad queries and callers the contest shuts out', async () => {
    expect((await list(acm, null)).http).toBe(401);
    const missing = await call(
      'GET',
      `/api/contest-submissions?contestID=${acm}&beforeContestSubmit=false`,
      USERS.bob,
    );
    expect(missing.http).toBe(400);
    const early = await list(scheduled, USERS.bob);
    expect(early.body.status).toBe(403);
    const none = await list(987_654, USERS.bob);
    expect(none.body.status).not.toBe(200);
  });

  it('the status check keeps sealed results back and masks others for non-admins', async () => {
    const body = {
      cid: acm,
      submitIds: [ids.aliceEarly, ids.aliceLate, String(ids.bobLate), ids.oiBobEarly],
    };
    const bob = await call('POST', '/api/check-contest-submissions-status', USERS.bob, body);
    expect(bob.body.status).toBe(200);
    expect(Object.keys(bob.body.data)).toEqual([String(ids.aliceEarly)]);
    expect(bob.body.data[ids.aliceEarly]).toMatchObject({
      status: 0,
      time: null,
      memory: null,
      length: null,
      code: null,
    });
    const admin = await call('POST', '/api/check-contest-submissions-status', USERS.admin, body);
    expect(Object.keys(admin.body.data).sort()).toEqual(
      [ids.aliceEarly, ids.aliceLate, ids.bobLate].map(String).sort(),
    );
    expect(admin.body.data[ids.aliceLate]).toMatchObject({ time: 15, length: 42, displayPid: null });
    const noCid = await call('POST', '/api/check-contest-submissions-status', USERS.bob, { submitIds: [1] });
    expect(noCid.body).toMatchObject({ status: 404, msg: '查询比赛id不能为空' });
    const empty = await call('POST', '/api/check-contest-submissions-status', USERS.bob, {
      cid: acm,
      submitIds: [],
    });
    expect(empty.body).toMatchObject({ status: 200, data: {} });
    expect((await call('POST', '/api/check-contest-submissions-status', null, body)).http).toBe(401);
  });

  it('rejudging a contest problem is for root only and requeues every submission of it', async () => {
    const [target] = await tdb.db
      .selectFrom('contest_problem')
      .select(['pid'])
      .where('cid', '=', acm)
      .execute();
    const url = `/api/admin/judge/rejudge-contest-problem?cid=${acm}&pid=${target!.pid}`;
    expect((await call('GET', url, USERS.admin)).http).toBe(403);
    expect((await call('GET', url, USERS.bob)).http).toBe(403);
    const before = runner.tasks.length;
    const r = await call('GET', url, USERS.root);
    expect(r.body).toMatchObject({
      status: 200,
      data: null,
      msg: '重判成功！该题目对应的全部提交已进入判题队列！',
    });
    await runner.waitForTasks(before + 4);
    const rows = await tdb.db
      .selectFrom('judge')
      .select(['status', 'version'])
      .where('cid', '=', acm)
      .execute();
    expect(rows.every((x) => x.status === 5 && x.version === 1)).toBe(true);
    const none = await call(
      'GET',
      `/api/admin/judge/rejudge-contest-problem?cid=${oi}&pid=${target!.pid}`,
      USERS.root,
    );
    expect(none.body).toMatchObject({ status: 400, msg: '当前该题目无提交，不可重判！' });
  });
});

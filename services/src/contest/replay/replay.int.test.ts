// Contest replay (issue #27 item 4) on PostgreSQL and the memory bus, with two API processes
// (two contest capabilities sharing the database and the bus, each with its own lease name) on a
// clock the test moves:
// - the replay clock: start paused, resume at a speed, pause, seek (forward past the seal, back),
//   60×; the board at each moment equals the original board recomputed then;
// - two viewers reading through different processes see the same board at the same version
//   (the non-holder asks the holder), and the pushes carry the moment;
// - one clock holder: the second process never takes a held replay; when the holder stops, it
//   takes the replay over at the stored moment;
// - a non-admin is refused start and control (service and HTTP).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Subjects } from '@oj/protocol';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import type { ReplayPushed } from '@oj/protocol/contest/replay';
import { recordStatusOf, Scoreboard, type BoardSubmission } from '@oj/protocol/contest/scoreboard';
import { createTestDatabase, type TestDatabase } from '../../../test/support/db';
import { createContestCapability, type ContestCapability } from '..';
import {
  MIN,
  contestIdByTitle,
  runningContest,
  startContestHarness,
  type ContestHarness,
} from '../../judge/contest-test-setup';
import { USERS, testAuthenticator, testContext, tokenOf } from '../../judge/test-harness';
import { buildApp, type App } from '../../platform/http/app';
import { accountTableUsers } from '../adapters';
import * as repo from '../repository';
import { boardConfigOf } from '../rules';
import { RM } from './messages';

const DURATION = 60 * MIN;
const NEVER = 1_000_000_000; // tick interval: the test ticks by hand

describe('contest replay (postgres, memory bus, two processes)', () => {
  let tdb: TestDatabase;
  let bus: Bus;
  let h: ContestHarness;
  let a: ContestCapability;
  let b: ContestCapability;
  let app: App;
  let clock = Date.now();
  let cid = 0;
  let start = 0;
  const recorded: BoardSubmission[] = [];
  const pushes: ReplayPushed[] = [];

  beforeAll(async () => {
    tdb = await createTestDatabase('postgres');
    bus = createMemoryBus();
    h = await startContestHarness(tdb, bus);
    const opts = (me: string) => ({ now: () => clock, replay: { me, tickMs: NEVER, leaseMs: 3000 } });
    a = createContestCapability(testContext(tdb.db, bus), opts('process-a'));
    b = createContestCapability(testContext(tdb.db, bus), opts('process-b'));
    await a.start!();
    await b.start!();
    // Process b's HTTP routes.
    app = await buildApp({ authenticator: testAuthenticator });
    await b.routes!(app);
    await app.ready();
    await bus.subscribe<ReplayPushed>(Subjects.replayAll, (p) => void pushes.push(p));

    start = clock - 2 * DURATION;
    const title = `replay ${Math.random()}`;
    await a.service.adminCreate(
      USERS.admin,
      runningContest(title, start, {
        type: 0,
        startTime: new Date(start).toISOString(),
        endTime: new Date(start + DURATION).toISOString(),
        sealRank: true,
        sealRankTime: new Date(start + 40 * MIN).toISOString(),
        autoRealRank: false,
      }),
    );
    cid = await contestIdByTitle(tdb.db, title);
    const cps = new Map<string, number>();
    for (const d of ['A', 'B']) {
      const r = await tdb.db
        .insertInto('problem')
        .values({ problem_id: `R-${cid}-${d}`, title: d, type: 0 } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const cp = await a.service.saveContestProblem({
        cid,
        pid: r.id,
        displayId: d,
        displayTitle: d,
        color: null,
      });
      cps.set(d, cp.id);
    }
    // [user, problem, minute, status]: before the seal (40 min) and after it.
    const subs: [typeof USERS.alice, string, number, number][] = [
      [USERS.alice, 'A', 5, -1],
      [USERS.alice, 'A', 8, 0],
      [USERS.bob, 'A', 12, 0],
      [USERS.bob, 'B', 20, 0],
      [USERS.mute, 'B', 30, 0],
      [USERS.alice, 'B', 45, 0],
      [USERS.mute, 'A', 50, 0],
      [USERS.mute, 'A', 58, 0],
    ];
    for (const [user, problem, minute, status] of subs) {
      const row = await tdb.db
        .insertInto('judge')
        .values({
          pid: 1,
          display_pid: problem,
          uid: user.uid,
          username: user.username,
          submit_time: new Date(start + minute * MIN),
          status,
          score: status === 0 ? 100 : 0,
          time: 5,
          length: 1,
          code: 'x',
          language: 'C',
          cid,
          cpid: cps.get(problem)!,
        } as never)
        .returning('submit_id')
        .executeTakeFirstOrThrow();
      recorded.push({
        submitId: Number(row.submit_id),
        uid: user.uid,
        username: user.username,
        displayId: problem,
        submitTime: start + minute * MIN,
        status: recordStatusOf(status),
        score: status === 0 ? 100 : 0,
        useTime: 5,
      });
    }
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await a?.stop!();
    await b?.stop!();
    await h?.close();
    await bus?.close();
    await tdb?.drop();
  });

  /** The original board recomputed at `elapsed` ms. */
  async function expected(elapsed: number, sealed: boolean) {
    const contest = (await repo.findContest(tdb.db, cid))!;
    const config = boardConfigOf(contest, [USERS.admin.uid, USERS.root.uid]);
    const profiles = await accountTableUsers(tdb.db).profiles([...new Set(recorded.map((r) => r.uid))]);
    return Scoreboard.recompute(
      config,
      recorded.filter((r) => r.submitTime - start <= elapsed),
      profiles,
    ).rows({ sealed, page: 1, size: 100 }).records;
  }

  const waitFor = async (what: string, pred: () => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!pred()) {
      if (Date.now() > deadline) throw new Error(`waited for ${what}: ${JSON.stringify(pushes.slice(-3))}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('runs one clock: speed, pause, seek past the seal and back, 60×; every viewer sees the same moment', async () => {
    // A non-admin cannot start a replay; the contest's creator can (paused at 0).
    await expect(a.replay.service.start(USERS.alice, { cid })).rejects.toMatchObject({
      message: RM.NO_PERMISSION,
    });
    const s = await a.replay.service.start(USERS.admin, { cid });
    expect([s.paused, s.anchorElapsed, s.duration]).toEqual([true, 0, DURATION]);
    const rid = s.rid;
    expect(a.replay.engine.holds(rid)).toBe(true);
    // The other process never takes a held replay (one clock holder).
    await b.replay.engine.tick({ sweep: true });
    expect(b.replay.engine.holds(rid)).toBe(false);

    // Resume at 10×: a minute later the replay shows 10 minutes.
    await a.replay.service.control(USERS.admin, { rid, paused: false, speed: 10 });
    clock += 60_000;
    await a.replay.engine.tick();
    await waitFor('a push at 10 min', () => pushes.some((p) => p.rid === rid && p.elapsed === 10 * MIN));
    // Two viewers, one through each process: the same page at the same version.
    const viaA = await a.replay.service.board(USERS.alice, { rid, limit: 100 });
    const viaB = await b.replay.service.board(USERS.bob, { rid, limit: 100 });
    expect(viaA.elapsed).toBe(10 * MIN);
    expect(viaB.elapsed).toBe(10 * MIN);
    expect(viaB.version).toBe(viaA.version);
    expect(viaB.records).toEqual(viaA.records);
    expect(viaA.records).toEqual(await expected(10 * MIN, false));
    expect(viaA.canControl).toBe(false);
    expect((await b.replay.service.board(USERS.admin, { rid })).canControl).toBe(true);
    expect(b.replay.engine.holds(rid)).toBe(false);

    // Pause: the clock stays where it was.
    await b.replay.service.control(USERS.admin, { rid, paused: true });
    clock += 5 * 60_000;
    await a.replay.engine.tick();
    expect((await b.replay.service.board(USERS.bob, { rid })).elapsed).toBe(10 * MIN);

    // Seek past the seal (40 min): the sealed board of 50 min; viewers are told to read again.
    const before = pushes.length;
    await b.replay.service.control(USERS.admin, { rid, seek: 50 * MIN });
    await waitFor('a reload at 50 min', () =>
      pushes.slice(before).some((p) => p.rid === rid && p.reload && p.elapsed === 50 * MIN),
    );
    const sealed = await b.replay.service.board(USERS.bob, { rid, limit: 100 });
    expect([sealed.elapsed, sealed.sealed]).toEqual([50 * MIN, true]);
    expect(sealed.records).toEqual(await expected(50 * MIN, true));
    // The admin's unsealed view: the same moment without the seal.
    await a.replay.service.control(USERS.admin, { rid, unsealed: true });
    const open = await a.replay.service.board(USERS.bob, { rid, limit: 100 });
    expect([open.elapsed, open.sealed]).toEqual([50 * MIN, false]);
    expect(open.records).toEqual(await expected(50 * MIN, false));
    await a.replay.service.control(USERS.admin, { rid, unsealed: false });

    // Seek back to 15 min.
    await a.replay.service.control(USERS.admin, { rid, seek: 15 * MIN });
    const back = await b.replay.service.board(USERS.alice, { rid, limit: 100 });
    expect([back.elapsed, back.sealed]).toEqual([15 * MIN, false]);
    expect(back.records).toEqual(await expected(15 * MIN, false));

    // 60×: ten seconds later, ten minutes on; the deltas of what happened meanwhile are pushed.
    await a.replay.service.control(USERS.admin, { rid, paused: false, speed: 60 });
    const mark = pushes.length;
    clock += 10_000;
    await a.replay.engine.tick();
    await waitFor('deltas at 25 min', () =>
      pushes.slice(mark).some((p) => p.rid === rid && p.elapsed === 25 * MIN && (p.deltas?.length ?? 0) > 0),
    );
    const moved = pushes.slice(mark).find((p) => p.elapsed === 25 * MIN && p.deltas?.length)!;
    // bob's 20-minute AC on B is the change between 15 and 25 minutes.
    expect(moved.deltas!.map((d) => d.uid)).toEqual([USERS.bob.uid]);
    expect((await a.replay.service.board(USERS.bob, { rid, limit: 100 })).records).toEqual(
      await expected(25 * MIN, false),
    );

    // A non-admin may watch but not control (service and HTTP, with the envelope's 403).
    await expect(a.replay.service.control(USERS.alice, { rid, paused: true })).rejects.toMatchObject({
      message: RM.NO_PERMISSION,
    });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/contest/replay/control',
      headers: { authorization: tokenOf(USERS.alice) },
      payload: { rid, paused: true },
    });
    expect(refused.json()).toMatchObject({ status: 403, msg: RM.NO_PERMISSION });
    const startRefused = await app.inject({
      method: 'POST',
      url: '/api/contest/replay/start',
      headers: { authorization: tokenOf(USERS.bob) },
      payload: { cid },
    });
    expect(startRefused.json()).toMatchObject({ status: 403 });
    const badSpeed = await app.inject({
      method: 'POST',
      url: '/api/contest/replay/control',
      headers: { authorization: tokenOf(USERS.admin) },
      payload: { rid, speed: 61 },
    });
    expect(badSpeed.json().status).toBe(400);

    // The holder stops: its lease is released and the other process takes the replay over at the
    // stored moment (it ticks alone from then on).
    await a.replay.engine.stop();
    await b.replay.engine.tick({ sweep: true });
    expect(b.replay.engine.holds(rid)).toBe(true);
    clock += 5_000; // 60× → 5 more minutes
    const taken = await b.replay.service.board(USERS.bob, { rid, limit: 100 });
    expect(taken.elapsed).toBe(30 * MIN);
    expect(taken.records).toEqual(await expected(30 * MIN, false));

    // Closed: viewers are told, the board is gone.
    await b.replay.service.control(USERS.admin, { rid, close: true });
    expect(b.replay.engine.holds(rid)).toBe(false);
    await expect(b.replay.service.board(USERS.bob, { rid })).rejects.toMatchObject({
      message: RM.REPLAY_MISSING,
    });
  }, 120_000);

  it('a running contest cannot be replayed', async () => {
    const running = await h.createContest({
      startTime: new Date(Date.now() - MIN).toISOString(),
      endTime: new Date(Date.now() + 60 * MIN).toISOString(),
    });
    await expect(h.contest.replay.service.start(USERS.admin, { cid: running })).rejects.toMatchObject({
      message: RM.NOT_ENDED,
    });
  });
});

// Virtual participation (issue #27) on PostgreSQL and the memory bus.
// 1. Random recorded contests (ACM and OI, with and without seal) are taken virtually on a
//    controlled clock: the ghost board at several elapsed times equals the original board
//    recomputed from the submissions made before that time (property test).
// 2. A real submission during a virtual participation: the submit gate opens for it, its verdict
//    moves the ghost board by a pushed delta, and the official board and counts do not change.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Subjects } from '@oj/protocol';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import { recordStatusOf, Scoreboard, type BoardSubmission } from '@oj/protocol/contest/scoreboard';
import { ghostSealed } from '@oj/protocol/contest/virtual';
import type { VirtualBoardPushed } from '@oj/protocol/contest/virtual-schemas';
import { createTestDatabase, type TestDatabase } from '../../../test/support/db';
import { createContestCapability, type ContestCapability } from '..';
import {
  MIN,
  contestIdByTitle,
  runningContest,
  startContestHarness,
  type ContestHarness,
} from '../../judge/contest-test-setup';
import { RunnerStandIn, USERS, testContext, tokenOf } from '../../judge/test-harness';
import { boardConfigOf, timesOf } from '../rules';
import * as repo from '../repository';
import { accountTableUsers } from '../adapters';
import { VM } from './messages';

const DURATION = 60 * MIN;

describe('virtual participation (postgres, memory bus)', () => {
  let tdb: TestDatabase;
  let bus: Bus;
  let h: ContestHarness;
  let clocked: ContestCapability;
  let clock = Date.now();

  beforeAll(async () => {
    tdb = await createTestDatabase('postgres');
    bus = createMemoryBus();
    h = await startContestHarness(tdb, bus);
    // The same capability on a clock the test moves (the ghost board property test).
    clocked = createContestCapability(testContext(tdb.db, bus), { now: () => clock });
    await clocked.start!();
  });
  afterAll(async () => {
    await clocked?.stop!();
    await h?.close();
    await bus?.close();
    await tdb?.drop();
  });

  const sub = fc.record({
    user: fc.constantFrom(USERS.alice, USERS.bob, USERS.mute, USERS.admin),
    problem: fc.constantFrom('A', 'B'),
    /** Seconds from the start; some after the end (practice). */
    at: fc.integer({ min: 0, max: 70 * 60 }),
    status: fc.constantFrom(0, -1, 1, 4),
    score: fc.integer({ min: 0, max: 100 }),
  });

  it('the ghost board at several elapsed times equals the original board recomputed then (ACM, OI, seal)', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          type: fc.constantFrom<0 | 1>(0, 1),
          seal: fc.option(fc.integer({ min: 5, max: 55 }), { nil: null }),
          autoRealRank: fc.boolean(),
          subs: fc.array(sub, { minLength: 1, maxLength: 25 }),
          stops: fc.uniqueArray(fc.integer({ min: 0, max: 62 * 60 }), { minLength: 2, maxLength: 4 }),
        }),
        async (c) => {
          clock = Date.now() + round * 3 * DURATION; // each round starts after the last one ended
          const start = clock - 2 * DURATION;
          const title = `virtual ${++round} ${Math.random()}`;
          await clocked.service.adminCreate(
            USERS.admin,
            runningContest(title, start, {
              type: c.type,
              startTime: new Date(start).toISOString(),
              endTime: new Date(start + DURATION).toISOString(),
              sealRank: c.seal !== null,
              sealRankTime: c.seal === null ? null : new Date(start + c.seal * MIN).toISOString(),
              autoRealRank: c.autoRealRank,
            }),
          );
          const cid = await contestIdByTitle(tdb.db, title);
          const cps = new Map<string, number>();
          for (const d of ['A', 'B']) {
            const r = await tdb.db
              .insertInto('problem')
              .values({ problem_id: `V-${cid}-${d}`, title: d, type: c.type } as never)
              .returning('id')
              .executeTakeFirstOrThrow();
            const cp = await clocked.service.saveContestProblem({
              cid,
              pid: r.id,
              displayId: d,
              displayTitle: d,
              color: null,
            });
            cps.set(d, cp.id);
          }
          const recorded: BoardSubmission[] = [];
          for (const s of c.subs) {
            const row = await tdb.db
              .insertInto('judge')
              .values({
                pid: 1,
                display_pid: s.problem,
                uid: s.user.uid,
                username: s.user.username,
                submit_time: new Date(start + s.at * 1000),
                status: s.status,
                score: s.status === 0 ? 100 : s.score,
                time: 5,
                length: 1,
                code: 'x',
                language: 'C',
                cid,
                cpid: cps.get(s.problem)!,
              } as never)
              .returning('submit_id')
              .executeTakeFirstOrThrow();
            recorded.push({
              submitId: Number(row.submit_id),
              uid: s.user.uid,
              username: s.user.username,
              displayId: s.problem,
              submitTime: start + s.at * 1000,
              status: recordStatusOf(s.status),
              score: s.status === 0 ? 100 : s.score,
              useTime: 5,
            });
          }
          const contest = (await repo.findContest(tdb.db, cid))!;
          const config = boardConfigOf(contest, [USERS.admin.uid, USERS.root.uid]);
          const times = timesOf(contest);
          // USERS.root never took part: it takes the contest virtually.
          const v = await clocked.virtual.service.start(USERS.root, { cid });
          const profiles = await accountTableUsers(tdb.db).profiles([...new Set(recorded.map((r) => r.uid))]);
          for (const sec of [...c.stops].sort((a, b) => a - b)) {
            clock = v.startedAt + sec * 1000;
            const e = Math.min(DURATION, sec * 1000);
            const got = await clocked.virtual.service.board(USERS.root, { vid: v.vid, limit: 100 });
            const sealed = config.sealRankTime !== null && ghostSealed(times, e);
            const expected = Scoreboard.recompute(
              config,
              recorded.filter((r) => r.submitTime < start + DURATION && r.submitTime - start <= e),
              profiles,
            ).rows({ sealed, page: 1, size: 100 });
            expect(got.records).toEqual(expected.records);
            expect(got.sealed).toBe(sealed);
            expect(got.elapsed).toBe(e);
          }
          clock = v.endsAt + 1;
        },
      ),
      { numRuns: 6 },
    );
  }, 120_000);

  it("shows the Q&A answers that existed at the elapsed time, not later ones nor participants' questions", async () => {
    clock = Date.now() + 1000 * DURATION; // after the property test's rounds
    const start = clock - 2 * DURATION;
    const title = `virtual qa ${Math.random()}`;
    await clocked.service.adminCreate(
      USERS.admin,
      runningContest(title, start, {
        startTime: new Date(start).toISOString(),
        endTime: new Date(start + DURATION).toISOString(),
      }),
    );
    const cid = await contestIdByTitle(tdb.db, title);
    const comment = async (from: typeof USERS.admin, minute: number, content: string) =>
      (
        await tdb.db
          .insertInto('discussion_comment')
          .values({
            cid,
            content,
            from_uid: from.uid,
            from_name: from.username,
            from_role: 'user',
            gmt_create: new Date(start + minute * MIN),
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const reply = async (commentId: number, from: typeof USERS.admin, minute: number, content: string) =>
      tdb.db
        .insertInto('discussion_reply')
        .values({
          comment_id: commentId,
          from_uid: from.uid,
          from_name: from.username,
          from_role: 'user',
          to_uid: USERS.alice.uid,
          to_name: USERS.alice.username,
          content,
          gmt_create: new Date(start + minute * MIN),
        } as never)
        .execute();
    const early = await comment(USERS.admin, 5, 'A: n fits in int');
    await reply(early, USERS.admin, 6, 'also m');
    await reply(early, USERS.admin, 40, 'and k (later)');
    await reply(early, USERS.alice, 7, 'a participant reply');
    await comment(USERS.admin, 30, 'B: the sample is wrong');
    await comment(USERS.alice, 3, 'a participant question');

    const v = await clocked.virtual.service.start(USERS.mute, { cid });
    clock = v.startedAt + 10 * MIN;
    const at10 = await clocked.virtual.service.clarifications(USERS.mute, v.vid);
    expect(at10.map((c) => [c.content, c.replies.map((r) => r.content)])).toEqual([
      ['A: n fits in int', ['also m']],
    ]);
    clock = v.startedAt + 45 * MIN;
    const at45 = await clocked.virtual.service.clarifications(USERS.mute, v.vid);
    expect(at45.map((c) => [c.content, c.replies.map((r) => r.content)])).toEqual([
      ['B: the sample is wrong', []],
      ['A: n fits in int', ['also m', 'and k (later)']],
    ]);
    // Only the participant reads them.
    await expect(clocked.virtual.service.clarifications(USERS.bob, v.vid)).rejects.toMatchObject({
      message: VM.NOT_YOURS,
    });
    clock = v.endsAt + 1;
  });

  describe('a submission during the participation', () => {
    let runner: RunnerStandIn;
    let cid = 0;
    const pushes: VirtualBoardPushed[] = [];

    beforeAll(async () => {
      runner = await new RunnerStandIn(bus).start();
      const now = Date.now();
      cid = await h.createContest({
        startTime: new Date(now - 3 * MIN).toISOString(),
        endTime: new Date(now - 1 * MIN).toISOString(),
        sealRank: false,
        sealRankTime: null,
        openRank: true,
        allowEndSubmit: false,
      });
      await h.addProblem(cid, 'A');
      await bus.subscribe<VirtualBoardPushed>(Subjects.virtualBoardAll, (p) => void pushes.push(p));
    });
    afterAll(async () => {
      await runner?.close();
    });

    const submit = (token: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/submit-problem-judge',
        headers: { authorization: token },
        payload: {
          pid: 'A',
          cid,
          language: 'C++',
          code: `int main(){} // ${Math.random()}`,
          isRemote: false,
        },
      });

    it('opens the ended contest to the participant only; the verdict moves the ghost board by a push; the official board stays', async () => {
      // Bob took part (an AC during the contest), recorded directly.
      const contest = (await repo.findContest(tdb.db, cid))!;
      const cp = (await repo.contestProblems(tdb.db, cid))[0]!;
      await tdb.db
        .insertInto('judge')
        .values({
          pid: cp.pid,
          display_pid: 'A',
          uid: USERS.bob.uid,
          username: USERS.bob.username,
          submit_time: new Date(contest.startTime.getTime() + 30_000),
          status: 0,
          time: 5,
          length: 1,
          code: 'x',
          language: 'C',
          cid,
          cpid: cp.id,
        } as never)
        .execute();
      const official = async () =>
        JSON.parse(
          (await h.contest.scoreboards.page(contest, { sealed: false, page: 1, size: 50 })).json.toString(),
        ).data.records;
      const before = await official();
      expect(before.map((r: { uid: string }) => r.uid)).toEqual([USERS.bob.uid]);

      // Before starting: the ended contest refuses alice's submission.
      expect((await submit(tokenOf(USERS.alice))).json().status).toBe(403);
      // Bob took part: no virtual participation for him.
      await expect(h.contest.virtual.service.start(USERS.bob, { cid })).rejects.toMatchObject({
        message: VM.TOOK_PART,
      });
      const v = await h.contest.virtual.service.start(USERS.alice, { cid });
      expect(v.running).toBe(true);
      // One running participation per user.
      const other = await h.createContest({
        startTime: new Date(Date.now() - 3 * MIN).toISOString(),
        endTime: new Date(Date.now() - 1 * MIN).toISOString(),
      });
      await expect(h.contest.virtual.service.start(USERS.alice, { cid: other })).rejects.toMatchObject({
        message: VM.ONE_RUNNING,
      });
      // The ghost board: bob's AC came 30 s in; alice is at ~0 s: nobody yet.
      const first = await h.contest.virtual.service.board(USERS.alice, { vid: v.vid });
      expect(first.records).toEqual([]);
      // Another user cannot read alice's ghost board.
      await expect(h.contest.virtual.service.board(USERS.bob, { vid: v.vid })).rejects.toMatchObject({
        message: VM.NOT_YOURS,
      });

      const res = await submit(tokenOf(USERS.alice));
      expect(res.json(), res.body).toMatchObject({ status: 200 });
      const task = await runner.waitForSubmission(res.json().data.submitId as number);
      await runner.finish(runner.resultFor(task, 0));
      const deadline = Date.now() + 10_000;
      let push: VirtualBoardPushed | undefined;
      while (
        !(push = pushes.find((p) => p.vid === v.vid && p.deltas?.some((d) => d.uid === USERS.alice.uid)))
      ) {
        if (Date.now() > deadline) throw new Error(`no ghost board push: ${JSON.stringify(pushes)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(push.uid).toBe(USERS.alice.uid);
      const after = await h.contest.virtual.service.board(USERS.alice, { vid: v.vid });
      expect(after.records.map((r) => [r.uid, r.rank])).toEqual([[USERS.alice.uid, 1]]);
      // Official board and header counts: unchanged.
      expect(await official()).toEqual(before);
      const counts = await h.contest.scoreboards.page(contest, { sealed: false, page: 1, size: 50 });
      expect(JSON.parse(counts.json.toString()).data.total).toBe(1);
      // Bob still cannot submit: the gate opened only for alice's participation.
      expect((await submit(tokenOf(USERS.bob))).json().status).toBe(403);
      // The participation shows on alice's page (running, no result yet).
      const mine = await h.contest.virtual.service.ofUser(USERS.alice, USERS.alice.username);
      expect(mine.map((m) => [m.cid, m.running])).toEqual([[cid, true]]);
    }, 60_000);

    it('a contest open to practice after the end: practice shows on its after-contest board, virtual submissions never', async () => {
      const now = Date.now();
      const open = await h.createContest({
        startTime: new Date(now - 3 * MIN).toISOString(),
        endTime: new Date(now - 1 * MIN).toISOString(),
        sealRank: false,
        sealRankTime: null,
        openRank: true,
        allowEndSubmit: true,
      });
      await h.addProblem(open, 'A');
      const c = (await repo.findContest(tdb.db, open))!;
      const judged = async (token: string) => {
        const res = await h.app.inject({
          method: 'POST',
          url: '/api/submit-problem-judge',
          headers: { authorization: token },
          payload: {
            pid: 'A',
            cid: open,
            language: 'C++',
            code: `int main(){} // ${Math.random()}`,
            isRemote: false,
          },
        });
        expect(res.json(), res.body).toMatchObject({ status: 200 });
        const submitId = res.json().data.submitId as number;
        await runner.finish(runner.resultFor(await runner.waitForSubmission(submitId), 0));
        return submitId;
      };
      const withAfter = async () =>
        JSON.parse(
          (
            await h.contest.scoreboards.page(c, { sealed: false, containsEnd: true, page: 1, size: 50 })
          ).json.toString(),
        ).data.records.map((r: { uid: string }) => r.uid);
      // bob takes it virtually and gets an AC; alice practises (her participation is in another contest) and gets one too.
      const v = await h.contest.virtual.service.start(USERS.bob, { cid: open });
      await judged(tokenOf(USERS.bob));
      await judged(tokenOf(USERS.alice));
      const deadline = Date.now() + 10_000;
      while (!(await withAfter()).includes(USERS.alice.uid)) {
        if (Date.now() > deadline) throw new Error('the practice AC never reached the after-contest board');
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await withAfter()).toEqual([USERS.alice.uid]);
      // bob's AC is on his ghost board only.
      const ghost = await h.contest.virtual.service.board(USERS.bob, { vid: v.vid });
      expect(ghost.records.map((r) => r.uid)).toEqual([USERS.bob.uid]);
    }, 60_000);
  });
});

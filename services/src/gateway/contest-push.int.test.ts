// Contest pushes through the gateway against the real contest capability: room checks
// over bus request/reply, rank/announcement to the contest room, print and first-AC to
// the admin room only, and no leak of sealed verdicts to other contestants.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect as natsConnect } from '@nats-io/transport-node';
import { io as connect, type Socket } from 'socket.io-client';
import { createMemoryBus, createNatsBus, type Bus } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import {
  ClientEvents,
  ServerEvents,
  type ContestFirstAcPushed,
  type ContestRankChanged,
  type SubmissionUpdate,
  type SubscribeAck,
} from '@oj/protocol/realtime/events';
import type { SubmissionJudgeTask } from '@oj/protocol/judge/schemas';
import type { AcmRankRow } from '@oj/protocol/contest/scoreboard';
import { DB_KINDS, createTestDatabase, type DbKind, type TestDatabase } from '../../test/support/db';
import { RunnerStandIn, USERS, testAuthenticator, tokenOf } from '../judge/test-harness';
import { startContestHarness, type ContestHarness } from '../judge/contest-test-setup';
import type { AuthUser } from '../platform/http/access';
import { createGateway, type Gateway } from './index';

/** A connected client recording every event it is pushed, with arrival times. */
class Client {
  readonly got: { event: string; payload: unknown; at: number }[] = [];
  private constructor(readonly socket: Socket) {
    socket.onAny((event: string, payload: unknown) => this.got.push({ event, payload, at: Date.now() }));
  }
  static async open(url: string, user: AuthUser | null): Promise<Client> {
    const socket = connect(url, {
      transports: ['websocket'],
      auth: user ? { token: tokenOf(user) } : {},
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err) => reject(err));
    });
    return new Client(socket);
  }
  ask(event: string, payload: unknown): Promise<SubscribeAck> {
    return this.socket.timeout(3000).emitWithAck(event, payload) as Promise<SubscribeAck>;
  }
  of(event: string, since = 0) {
    return this.got.filter((g) => g.event === event && g.at >= since);
  }
  async waitFor(event: string, match: (p: unknown) => boolean, since = 0, timeoutMs = 3000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.of(event, since).find((g) => match(g.payload));
      if (hit) return hit;
      if (Date.now() > deadline) throw new Error(`no ${event} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

const settle = () => new Promise((r) => setTimeout(r, 300));

const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

function defineContestPushSuite(label: string, kind: DbKind, makeBus: () => Promise<Bus>) {
  describe(label, () => {
    let tdb: TestDatabase;
    let bus: Bus;
    let h: ContestHarness;
    let gateway: Gateway;
    let runner: RunnerStandIn;
    let url: string;
    let cid = 0;
    let openCid = 0;
    const clients: Client[] = [];
    const open = async (user: AuthUser | null) => {
      const c = await Client.open(url, user);
      clients.push(c);
      return c;
    };

    beforeAll(async () => {
      tdb = await createTestDatabase(kind);
      bus = await makeBus();
      h = await startContestHarness(tdb, bus);
      // Running, sealed for contestants (seal time passed), no outside board.
      cid = await h.createContest();
      await h.addProblem(cid, 'A');
      openCid = await h.createContest({ openRank: true });
      gateway = await createGateway({
        httpServer: h.app.server,
        bus,
        authenticator: testAuthenticator,
        judge: h.judge.service,
      });
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      url = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
      runner = await new RunnerStandIn(bus).start();
    });
    afterAll(async () => {
      for (const c of clients) c.socket.close();
      await runner?.close();
      await gateway?.close();
      await h?.close();
      await bus?.close();
      await tdb?.drop();
    });

    async function submit(user: AuthUser): Promise<SubmissionJudgeTask> {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/submit-problem-judge',
        headers: { authorization: tokenOf(user) },
        payload: { pid: 'A', cid, language: 'C++', code: 'int main(){}', isRemote: false },
      });
      expect(res.json()).toMatchObject({ status: 200 });
      return runner.waitForSubmission(res.json().data.submitId as number);
    }

    it('the contest service decides who joins which room', async () => {
      const bob = await open(USERS.bob);
      expect(await bob.ask(ClientEvents.subscribeContest, { cid })).toEqual({ ok: true, admin: false });
      const creator = await open(USERS.admin);
      expect(await creator.ask(ClientEvents.subscribeContest, { cid })).toEqual({ ok: true, admin: true });
      const anon = await open(null);
      expect(await anon.ask(ClientEvents.subscribeContest, { cid })).toEqual({ ok: false, error: 'denied' });
      expect(await anon.ask(ClientEvents.subscribeContest, { cid: openCid })).toEqual({
        ok: true,
        admin: false,
      });
      expect(await anon.ask(ClientEvents.subscribeContest, { cid: 999_999 })).toEqual({
        ok: false,
        error: 'not-found',
      });
      expect(await anon.ask(ClientEvents.subscribeContest, { cid: 'x' })).toEqual({
        ok: false,
        error: 'bad-request',
      });
      expect(
        await tdb.db.selectFrom('contest').select('id').where('id', '=', cid).executeTakeFirst(),
      ).toBeTruthy();
    });

    it('a verdict reaches the contest room as a rank event within a second; sealed verdicts stay with the owner', async () => {
      const alice = await open(USERS.alice);
      const bob = await open(USERS.bob);
      const creator = await open(USERS.admin);
      for (const c of [alice, bob, creator])
        expect(await c.ask(ClientEvents.subscribeContest, { cid })).toMatchObject({ ok: true });
      const task = await submit(USERS.alice);
      const finishedAt = Date.now();
      await runner.finish(runner.resultFor(task, 0));
      const rank = await bob.waitFor(
        ServerEvents.contestRank,
        (p) => (p as { cid: number }).cid === cid,
        finishedAt,
      );
      expect(rank.at - finishedAt).toBeLessThan(1000);
      expect(Object.keys(rank.payload as object).sort()).toEqual(['at', 'cid']);
      // The owner gets her verdict...
      await alice.waitFor(
        ServerEvents.submissionUpdated,
        (p) => (p as SubmissionUpdate).submitId === task.submitId && (p as SubmissionUpdate).status === 0,
      );
      // ...the first AC goes to the contest admin room...
      const firstAc = await creator.waitFor(
        ServerEvents.contestFirstAc,
        (p) => (p as ContestFirstAcPushed).submitId === task.submitId,
      );
      expect(firstAc.payload).toMatchObject({ cid, uid: USERS.alice.uid, displayId: 'A' });
      await settle();
      // ...and nothing of it reaches another contestant.
      expect(bob.of(ServerEvents.submissionUpdated)).toEqual([]);
      expect(bob.of(ServerEvents.contestFirstAc)).toEqual([]);
      // A second AC on the same problem is no first AC.
      const again = await submit(USERS.alice);
      const since = Date.now();
      await runner.finish(runner.resultFor(again, 0));
      await bob.waitFor(ServerEvents.contestRank, () => true, since);
      await settle();
      expect(
        creator.of(ServerEvents.contestFirstAc).map((g) => (g.payload as ContestFirstAcPushed).submitId),
      ).toEqual([task.submitId]);
    });

    it('rank pushes carry deltas: the contest room only the sealed board, the admin room the real one', async () => {
      const bob = await open(USERS.bob);
      const creator = await open(USERS.admin);
      expect(await bob.ask(ClientEvents.subscribeContest, { cid })).toEqual({ ok: true, admin: false });
      expect(await creator.ask(ClientEvents.subscribeContest, { cid })).toEqual({ ok: true, admin: true });
      // Bob reads the board (it is loaded in memory) and learns the version his page is at.
      const page = await h.contest.service.rank(USERS.bob, { cid, currentPage: 1, limit: 50 });
      expect(JSON.parse(page.json.toString())).toMatchObject({ status: 200 });
      const bobVersion = String(page.version);
      expect(bobVersion).toMatch(/^sealed\//);
      const task = await submit(USERS.alice);
      const since = Date.now();
      await runner.finish(runner.resultFor(task, 0));
      const push = await bob.waitFor(
        ServerEvents.contestRank,
        (p) => (p as ContestRankChanged).cid === cid && !!(p as ContestRankChanged).boards,
        since,
      );
      const boards = (push.payload as ContestRankChanged).boards!;
      // Only the sealed view, starting at the version of bob's page.
      expect(boards.map((d) => d.variant)).toEqual(['sealed']);
      const [sealed] = boards;
      expect(`${sealed!.variant}/${sealed!.prevVersion}`).toBe(bobVersion);
      expect(sealed!.uid).toBe(USERS.alice.uid);
      // The AC after the seal is a try on the sealed board, and nothing in the push says more.
      expect((sealed!.row as AcmRankRow).submissionInfo.A).toMatchObject({ errorNum: 0 });
      expect((sealed!.row as AcmRankRow).submissionInfo.A?.isAC).toBeUndefined();
      expect(JSON.stringify(push.payload)).not.toContain('isAC');
      // Contest admins get the real board through their own room.
      const real = await creator.waitFor(
        ServerEvents.contestRankAdmin,
        (p) => (p as ContestRankChanged).cid === cid,
        since,
      );
      const realBoards = (real.payload as ContestRankChanged).boards!;
      expect(realBoards.map((d) => d.variant)).toEqual(['real']);
      expect((realBoards[0]!.row as AcmRankRow).submissionInfo.A?.isAC).toBe(true);
      await settle();
      expect(bob.of(ServerEvents.contestRankAdmin)).toEqual([]);
      // The same page fetched again is at the pushed version.
      const after = await h.contest.service.rank(USERS.bob, { cid, currentPage: 1, limit: 50 });
      expect(after.version).toBe(`sealed/${sealed!.version}`);
    });

    it('print jobs reach contest admins only; announcements reach the contest room', async () => {
      const bob = await open(USERS.bob);
      const creator = await open(USERS.admin);
      expect(await bob.ask(ClientEvents.subscribeContest, { cid })).toEqual({ ok: true, admin: false });
      expect(await creator.ask(ClientEvents.subscribeContest, { cid })).toEqual({ ok: true, admin: true });
      await h.contest.service.submitPrint(USERS.bob, { cid, content: 'x'.repeat(60) });
      const print = await creator.waitFor(ServerEvents.contestPrint, () => true);
      expect(print.payload).toMatchObject({ cid, username: USERS.bob.username });
      await h.contest.service.addAnnouncement(USERS.admin, {
        cid,
        announcement: { title: 'Clarification', content: 'A is fine', status: 0 },
      });
      const news = await bob.waitFor(ServerEvents.contestAnnouncement, () => true);
      expect(news.payload).toMatchObject({ cid, title: 'Clarification' });
      await settle();
      expect(bob.of(ServerEvents.contestPrint)).toEqual([]);
    });

    // Issue #26 item 13: an admin's answer reaches the asker's open page (user room), not others.
    it('a Q&A reply reaches the admin room and the user rooms it names, without the list', async () => {
      const alice = await open(USERS.alice);
      const bob = await open(USERS.bob);
      const creator = await open(USERS.admin);
      expect(await creator.ask(ClientEvents.subscribeContest, { cid })).toEqual({ ok: true, admin: true });
      const since = Date.now();
      await bus.publish(Subjects.contestEvent(cid, 'comment'), {
        cid,
        commentId: 7,
        replyId: 9,
        fromUid: USERS.admin.uid,
        fromName: USERS.admin.username,
        at: since,
        toUids: [USERS.bob.uid],
      });
      const got = await bob.waitFor(ServerEvents.contestComment, () => true, since);
      expect(got.payload).toEqual({
        cid,
        commentId: 7,
        replyId: 9,
        fromUid: USERS.admin.uid,
        fromName: USERS.admin.username,
        at: since,
      });
      await creator.waitFor(ServerEvents.contestComment, () => true, since);
      await settle();
      expect(alice.of(ServerEvents.contestComment, since)).toEqual([]);
      expect(bob.of(ServerEvents.contestComment, since)).toHaveLength(1);
    });
  });
}

for (const kind of DB_KINDS)
  defineContestPushSuite(
    `contest pushes through the gateway on ${kind} with the memory bus`,
    kind,
    async () => createMemoryBus(),
  );

const runId = `${process.pid}${randomBytes(4).toString('hex')}`;
defineContestPushSuite('contest pushes through the gateway on postgres with NATS JetStream', 'postgres', () =>
  createNatsBus({
    servers: NATS_URL,
    streamPrefix: `TEST_${runId}`,
    subjectPrefix: `test-${runId}`,
    name: 'contest-push-test',
  }),
);

afterAll(async () => {
  // This run's streams go with it.
  const nc = await natsConnect({ servers: NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    const ours: string[] = [];
    for await (const name of jsm.streams.names()) if (name.startsWith(`TEST_${runId}`)) ours.push(name);
    for (const name of ours) await jsm.streams.delete(name);
  } finally {
    await nc.close();
  }
});

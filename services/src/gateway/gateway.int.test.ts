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
  type SubmissionUpdate,
  type SubscribeAck,
} from '@oj/protocol/realtime/events';
import type { SubmissionJudgeTask } from '@oj/protocol/judge/schemas';
import { DB_KINDS, createTestDatabase, type DbKind, type TestDatabase } from '../../test/support/db';
import {
  RunnerStandIn,
  USERS,
  eventually,
  makeProblem,
  seedUsers,
  startHarness,
  testAuthenticator,
  tokenOf,
  type Harness,
} from '../judge/test-harness';
import type { AuthUser } from '../platform/http/access';
import { createGateway, remoteWatchPolicy, type Gateway } from './index';

const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const CODE = 'int main() { return 0; }';

/** A connected client that records every submission update it is pushed. */
class Watcher {
  readonly updates: SubmissionUpdate[] = [];
  private constructor(readonly socket: Socket) {
    socket.on(ServerEvents.submissionUpdated, (u: SubmissionUpdate) => this.updates.push(u));
  }
  static async open(url: string, user: AuthUser | null, token?: string): Promise<Watcher> {
    const socket = connect(url, {
      transports: ['websocket'],
      auth: token !== undefined ? { token } : user ? { token: tokenOf(user) } : {},
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err) => reject(err));
    });
    return new Watcher(socket);
  }
  ask(event: string, payload: unknown): Promise<SubscribeAck> {
    return this.socket.timeout(3000).emitWithAck(event, payload) as Promise<SubscribeAck>;
  }
  /** Resolves when updates of `submitId` reach the given statuses (pushed, never polled). */
  async statusesOf(submitId: number, expected: number[], timeoutMs = 5000): Promise<number[]> {
    const seen = () => this.updates.filter((u) => u.submitId === submitId).map((u) => u.status);
    const deadline = Date.now() + timeoutMs;
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        const s = seen();
        if (s.length >= expected.length) return resolve();
        if (Date.now() > deadline)
          return reject(new Error(`pushed ${JSON.stringify(s)}, expected ${JSON.stringify(expected)}`));
        this.socket.once(ServerEvents.submissionUpdated, check);
        setTimeout(check, 100);
      };
      check();
    });
    return seen();
  }
  close() {
    this.socket.close();
  }
}

function defineGatewaySuite(label: string, kind: DbKind, makeBus: () => Promise<Bus>) {
  describe(label, () => {
    let tdb: TestDatabase;
    let bus: Bus;
    let h: Harness;
    let gateway: Gateway;
    let runner: RunnerStandIn;
    let url: string;
    const sockets: Watcher[] = [];
    const open = async (user: AuthUser | null, token?: string) => {
      const w = await Watcher.open(url, user, token);
      sockets.push(w);
      return w;
    };

    beforeAll(async () => {
      tdb = await createTestDatabase(kind);
      await seedUsers(tdb);
      bus = await makeBus();
      h = await startHarness(tdb, bus);
      h.problems.add(makeProblem(1));
      h.problems.add(makeProblem(2, { auth: 2 }));
      gateway = await createGateway({
        httpServer: h.app.server,
        bus,
        authenticator: testAuthenticator,
        judge: h.judge.service,
      });
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      const addr = h.app.server.address() as { port: number };
      url = `http://127.0.0.1:${addr.port}`;
      runner = await new RunnerStandIn(bus).start();
    });
    afterAll(async () => {
      for (const s of sockets) s.close();
      await runner?.close();
      await gateway?.close();
      await h?.close();
      await bus?.close();
      await tdb?.drop();
    });

    async function submitAndTake(user: AuthUser): Promise<SubmissionJudgeTask> {
      const before = runner.tasks.length;
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/submit-problem-judge',
        headers: { authorization: tokenOf(user) },
        payload: { pid: '1001', language: 'C++', code: CODE, isRemote: false },
      });
      const id = res.json().data.submitId as number;
      await runner.waitForTasks(before + 1);
      return runner.tasks.find(
        (t): t is SubmissionJudgeTask => t.kind === 'submission' && t.submitId === id,
      )!;
    }

    it('pushes Pending, Compiling, Judging and the verdict to the owner, with no polling', async () => {
      const alice = await open(USERS.alice);
      const task = await submitAndTake(USERS.alice);
      await runner.progress(task, 6);
      await alice.statusesOf(task.submitId, [5, 6]);
      await runner.progress(task, 7, { total: 2 });
      await alice.statusesOf(task.submitId, [5, 6, 7]);
      let counted!: () => void;
      const countedOnBus = new Promise<void>((resolve) => (counted = resolve));
      const off = await bus.subscribe<SubmissionUpdate>(Subjects.submissionUpdated(task.submitId), (u) => {
        if (u.reason === 'counted') counted();
      });
      await runner.finish(runner.resultFor(task, 0));
      expect(await alice.statusesOf(task.submitId, [5, 6, 7, 0])).toEqual([5, 6, 7, 0]);
      // The bus-only 'counted' event (counters caught up) is not relayed to sockets.
      await countedOnBus;
      await off();
      await new Promise((r) => setTimeout(r, 100));
      expect(alice.updates.filter((u) => u.submitId === task.submitId).map((u) => u.reason)).not.toContain(
        'counted',
      );
      const verdict = alice.updates.at(-1)!;
      expect(verdict).toMatchObject({
        submitId: task.submitId,
        uid: USERS.alice.uid,
        status: 0,
        reason: 'result',
      });
      expect(verdict).not.toHaveProperty('code');
    });

    it("a rejudge pushes the new verdict to a watcher of someone else's submission", async () => {
      const task = await submitAndTake(USERS.alice);
      await runner.finish(runner.resultFor(task, -1));
      const stored = () =>
        tdb.db
          .selectFrom('judge')
          .select('status')
          .where('submit_id', '=', task.submitId)
          .executeTakeFirstOrThrow();
      await eventually(stored, (r) => r.status === -1);
      const bob = await open(USERS.bob);
      expect(await bob.ask(ClientEvents.subscribeSubmission, { submitId: task.submitId })).toEqual({
        ok: true,
      });
      const before = runner.tasks.length;
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/admin/judge/rejudge?submitId=${task.submitId}`,
        headers: { authorization: tokenOf(USERS.root) },
      });
      expect(res.json().status).toBe(200);
      await runner.waitForTasks(before + 1);
      const again = runner.tasks.at(-1) as SubmissionJudgeTask;
      expect(again.version).toBe(1);
      await runner.finish(runner.resultFor(again, 0));
      expect(await bob.statusesOf(task.submitId, [5, 0])).toEqual([5, 0]);
      expect(bob.updates.map((u) => u.reason)).toEqual(['rejudge', 'result']);
    });

    it('problem rooms carry public problems only; rooms need a valid request', async () => {
      const anon = await open(null);
      expect(await anon.ask(ClientEvents.subscribeProblem, { pid: 1 })).toEqual({ ok: true });
      expect(await anon.ask(ClientEvents.subscribeProblem, { pid: 2 })).toEqual({
        ok: false,
        error: 'denied',
      });
      expect(await anon.ask(ClientEvents.subscribeProblem, { pid: 99 })).toEqual({
        ok: false,
        error: 'not-found',
      });
      expect(await anon.ask(ClientEvents.subscribeSubmission, { submitId: 'x' })).toEqual({
        ok: false,
        error: 'bad-request',
      });
      const task = await submitAndTake(USERS.bob);
      await runner.finish(runner.resultFor(task, 0));
      expect(await anon.statusesOf(task.submitId, [5, 0])).toEqual([5, 0]);
    });

    it('contest submissions are watched only by their owner and admins; bad tokens are refused', async () => {
      const row = await tdb.db
        .insertInto('judge')
        .values({
          pid: 1,
          display_pid: 'A',
          uid: USERS.alice.uid,
          username: 'alice',
          length: 4,
          code: CODE,
          language: 'C++',
          cid: 7,
        })
        .returning('submit_id')
        .executeTakeFirstOrThrow();
      const bob = await open(USERS.bob);
      expect(await bob.ask(ClientEvents.subscribeSubmission, { submitId: row.submit_id })).toEqual({
        ok: false,
        error: 'denied',
      });
      // The REST decision (judge/access.ts): a site admin is not the contest's admin (compat X2, X35).
      const admin = await open(USERS.admin);
      expect(await admin.ask(ClientEvents.subscribeSubmission, { submitId: row.submit_id })).toEqual({
        ok: false,
        error: 'denied',
      });
      const root = await open(USERS.root);
      expect(await root.ask(ClientEvents.subscribeSubmission, { submitId: row.submit_id })).toEqual({
        ok: true,
      });
      await expect(Watcher.open(url, null, 'not-a-token')).rejects.toThrow(/unauthorized/);
    });

    it("a revoked account's sockets are told and dropped; others stay", async () => {
      const bob = await open(USERS.bob);
      const alice = await open(USERS.alice);
      const told = new Promise<void>((resolve) =>
        bob.socket.once(ServerEvents.sessionRevoked, () => resolve()),
      );
      const gone = new Promise<void>((resolve) => bob.socket.once('disconnect', () => resolve()));
      await bus.publish(Subjects.accountRevoked(USERS.bob.uid), { uid: USERS.bob.uid });
      await told;
      await gone;
      expect(bob.socket.connected).toBe(false);
      expect(alice.socket.connected).toBe(true);
    });

    it('a second gateway on its own port asks the judge service over the bus and gets the same pushes', async () => {
      const second = await createGateway({
        port: 0,
        host: '127.0.0.1',
        bus,
        authenticator: testAuthenticator,
        judge: remoteWatchPolicy(bus),
      });
      try {
        const other = await Watcher.open(`http://127.0.0.1:${second.port}`, USERS.bob);
        sockets.push(other);
        const contest = await tdb.db
          .insertInto('judge')
          .values({
            pid: 1,
            display_pid: 'B',
            uid: USERS.alice.uid,
            username: 'alice',
            length: 4,
            code: CODE,
            language: 'C++',
            cid: 8,
          })
          .returning('submit_id')
          .executeTakeFirstOrThrow();
        expect(await other.ask(ClientEvents.subscribeSubmission, { submitId: contest.submit_id })).toEqual({
          ok: false,
          error: 'denied',
        });
        expect(await other.ask(ClientEvents.subscribeProblem, { pid: 1 })).toEqual({ ok: true });
        const here = await open(USERS.alice);
        const task = await submitAndTake(USERS.alice);
        await runner.finish(runner.resultFor(task, 0));
        expect(await other.statusesOf(task.submitId, [5, 0])).toEqual([5, 0]);
        expect(await here.statusesOf(task.submitId, [5, 0])).toEqual([5, 0]);
      } finally {
        await second.close();
      }
    });
  });
}

for (const kind of DB_KINDS) {
  defineGatewaySuite(`gateway on ${kind} with the memory bus`, kind, async () => createMemoryBus());
}

const runId = `${process.pid}${randomBytes(4).toString('hex')}`;
defineGatewaySuite('gateway on postgres with NATS JetStream', 'postgres', () =>
  createNatsBus({
    servers: NATS_URL,
    streamPrefix: `TEST_${runId}`,
    subjectPrefix: `test-${runId}`,
    name: 'gateway-test',
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

// Issue #22 item 1: one board per contest across API processes. Two contest capabilities on
// their own NATS connections (two API processes on one prefix, one PostgreSQL) and two gateways:
// one of them holds the contest's board lease, pages read through either are at the holder's
// version, and every viewer gets exactly one rank push per verdict whose delta chains from the
// previous one. When the holder stops, the other process takes the board over.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect as natsConnect } from '@nats-io/transport-node';
import { io as connect, type Socket } from 'socket.io-client';
import { createNatsBus, type Bus } from '@oj/protocol/bus';
import {
  ClientEvents,
  ServerEvents,
  type ContestRankChanged,
  type SubscribeAck,
} from '@oj/protocol/realtime/events';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { RunnerStandIn, USERS, testAuthenticator, testContext, tokenOf } from '../judge/test-harness';
import { startContestHarness, type ContestHarness } from '../judge/contest-test-setup';
import type { AuthUser } from '../platform/http/access';
import { createGateway, type Gateway } from '../gateway';
import { createContestCapability, type ContestCapability } from './index';

const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const runId = `${process.pid}${randomBytes(4).toString('hex')}`;
const natsBus = (name: string) =>
  createNatsBus({ servers: NATS_URL, streamPrefix: `TEST_${runId}`, subjectPrefix: `test-${runId}`, name });

/** A viewer socket recording the contest's rank pushes. */
class Viewer {
  readonly pushes: ContestRankChanged[] = [];
  private waiters: (() => void)[] = [];
  private constructor(readonly socket: Socket) {
    socket.on(ServerEvents.contestRank, (p: ContestRankChanged) => {
      this.pushes.push(p);
      for (const w of this.waiters.splice(0)) w();
    });
  }
  static async open(url: string, user: AuthUser): Promise<Viewer> {
    const socket = connect(url, {
      transports: ['websocket'],
      auth: { token: tokenOf(user) },
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return new Viewer(socket);
  }
  ask(event: string, payload: unknown): Promise<SubscribeAck> {
    return this.socket.timeout(5000).emitWithAck(event, payload) as Promise<SubscribeAck>;
  }
  /** Resolves once a push matching `match` has arrived (event-driven; the test's timeout bounds it). */
  async until(match: (p: ContestRankChanged) => boolean): Promise<void> {
    while (!this.pushes.some(match)) await new Promise<void>((r) => this.waiters.push(r));
  }
  /** Resolves once `n` pushes have arrived (event-driven; the test's own timeout bounds it). */
  async count(n: number): Promise<void> {
    while (this.pushes.length < n) await new Promise<void>((r) => this.waiters.push(r));
  }
}

describe('one board per contest across two API processes (postgres, NATS)', () => {
  let tdb: TestDatabase;
  let bus1: Bus;
  let bus2: Bus;
  let h: ContestHarness;
  let api2: ContestCapability;
  let gateways: Gateway[] = [];
  let runner: RunnerStandIn;
  let cid = 0;
  const viewers: Viewer[] = [];

  beforeAll(async () => {
    tdb = await createTestDatabase('postgres');
    bus1 = await natsBus('board-holder-api-1');
    bus2 = await natsBus('board-holder-api-2');
    h = await startContestHarness(tdb, bus1);
    api2 = createContestCapability(testContext(tdb.db, bus2));
    await api2.start!();
    // Running, not sealed, board open to contestants.
    cid = await h.createContest({ sealRank: false, sealRankTime: null, openRank: true });
    await h.addProblem(cid, 'A');
    await h.addProblem(cid, 'B');
    for (const bus of [bus1, bus2])
      gateways.push(
        await createGateway({
          port: 0,
          host: '127.0.0.1',
          bus,
          authenticator: testAuthenticator,
          judge: h.judge.service,
        }),
      );
    runner = await new RunnerStandIn(bus1).start();
  });
  afterAll(async () => {
    for (const v of viewers) v.socket.close();
    await runner?.close();
    for (const g of gateways) await g.close();
    gateways = [];
    await api2?.stop!();
    await h?.close();
    await bus1?.close();
    await bus2?.close();
    await tdb?.drop();
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

  async function verdict(user: AuthUser, status: number, pid = 'A'): Promise<void> {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/submit-problem-judge',
      headers: { authorization: tokenOf(user) },
      payload: { pid, cid, language: 'C++', code: `int main(){} // ${Math.random()}`, isRemote: false },
    });
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    const task = await runner.waitForSubmission(res.json().data.submitId as number);
    await runner.finish(runner.resultFor(task, status));
  }

  const versionOf = async (api: ContestCapability) =>
    String((await api.service.rank(USERS.bob, { cid, currentPage: 1, limit: 50 })).version);

  it('pages read through either process share the holder version; each viewer gets one chained delta per verdict', async () => {
    for (const g of gateways) {
      const v = await Viewer.open(`http://127.0.0.1:${g.port}`, USERS.bob);
      viewers.push(v);
      expect(await v.ask(ClientEvents.subscribeContest, { cid })).toMatchObject({ ok: true });
    }
    // The second process reads first (it takes the lease); the first reads through it.
    const start = await versionOf(api2);
    expect(await versionOf(h.contest)).toBe(start);
    expect(api2.scoreboards.holds(cid) !== h.contest.scoreboards.holds(cid)).toBe(true);

    // WA, WA, AC by alice, then WA and AC by bob: each verdict moves the board.
    const steps: [AuthUser, number][] = [
      [USERS.alice, -1],
      [USERS.alice, -1],
      [USERS.alice, 0],
      [USERS.bob, -1],
      [USERS.bob, 0],
    ];
    for (const [i, [user, status]] of steps.entries()) {
      await verdict(user, status);
      for (const v of viewers) await v.count(i + 1);
    }
    for (const v of viewers) {
      let at = start.slice(start.indexOf('/') + 1);
      // Exactly one push per verdict, each with the real board's delta from the version before.
      expect(v.pushes).toHaveLength(steps.length);
      for (const p of v.pushes) {
        const real = p.boards?.find((d) => d.variant === 'real');
        expect(real, JSON.stringify(p)).toBeDefined();
        expect(real!.reload).toBeUndefined();
        expect(real!.prevVersion).toBe(at);
        at = real!.version;
      }
      // A page read now, through either process, is at the last pushed version.
      expect(await versionOf(api2)).toBe(`real/${at}`);
      expect(await versionOf(h.contest)).toBe(`real/${at}`);
    }
  });

  it('a subscribe asking for its page gets it as a snapshot from the holder, through either gateway', async () => {
    const view = { page: 1, size: 50, removeStar: false, containsEnd: false, outside: false };
    for (const v of viewers) {
      const ack = await v.ask(ClientEvents.subscribeContest, { cid, view });
      const body = await api2.service.rank(USERS.bob, { cid, currentPage: 1, limit: 50 });
      expect(ack).toMatchObject({ ok: true, admin: false });
      const snapshot = (ack as { snapshot?: { json: string; version: string } }).snapshot;
      expect(snapshot?.version).toBe(String(body.version));
      expect(snapshot?.json).toBe(body.json.toString());
    }
  });

  it('when the holder stops, the other process takes the board over and its deltas chain again', async () => {
    const holder = api2.scoreboards.holds(cid) ? api2 : h.contest;
    const other = holder === api2 ? h.contest : api2;
    // The one-process harness keeps its own capability running: stop the scoreboards only.
    await holder.scoreboards.stop();
    const before = viewers.map((v) => v.pushes.length);
    // The first verdict after the hand-over: the new holder tells viewers to read the board again.
    await verdict(USERS.alice, -1, 'B');
    for (const [i, v] of viewers.entries()) await v.count(before[i]! + 1);
    expect(other.scoreboards.holds(cid)).toBe(true);
    const start = await versionOf(other);
    expect(await versionOf(holder)).toBe(start);
    await verdict(USERS.alice, 0, 'B');
    // The AC's delta starts at the version of the page read from the new holder, on both gateways.
    for (const v of viewers)
      await v.until((p) => p.boards?.some((d) => `${d.variant}/${d.prevVersion}` === start) ?? false);
    expect(await versionOf(holder)).toBe(await versionOf(other));
  });
});

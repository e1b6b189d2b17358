// Issue #22 item 2: spectators read nothing per verdict. A simulated web client (the web board's
// own push logic, followRankPush) reads the outside board once, then follows the contest room:
// verdicts before the seal apply as deltas with the problem header's counts, the seal moves the
// page to the sealed board by a push, and a verdict after the seal applies to it. Rank reads over
// the whole run: the first one only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import { ClientEvents, ServerEvents, type ContestRankChanged } from '@oj/protocol/realtime/events';
import { followRankPush, type RankPage } from '@oj/protocol/contest/rank-delta';
import type { RankRow } from '@oj/protocol/contest/scoreboard';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { RunnerStandIn, USERS, testAuthenticator, tokenOf } from '../judge/test-harness';
import { MIN, startContestHarness, type ContestHarness } from '../judge/contest-test-setup';
import type { AuthUser } from '../platform/http/access';
import { createGateway, type Gateway } from '../gateway';

const SEAL_IN_MS = 4000;

describe('the seal and the header counts reach a viewer by push (postgres, memory bus)', () => {
  let tdb: TestDatabase;
  let bus: Bus;
  let h: ContestHarness;
  let gateway: Gateway;
  let runner: RunnerStandIn;
  let socket: Socket;
  let cid = 0;
  let sealAt = 0;

  beforeAll(async () => {
    tdb = await createTestDatabase('postgres');
    bus = createMemoryBus();
    h = await startContestHarness(tdb, bus);
    const now = Date.now();
    sealAt = now + SEAL_IN_MS;
    cid = await h.createContest({
      startTime: new Date(now - 60 * MIN).toISOString(),
      endTime: new Date(now + 60 * MIN).toISOString(),
      sealRank: true,
      sealRankTime: new Date(sealAt).toISOString(),
      openRank: true,
    });
    await h.addProblem(cid, 'A');
    gateway = await createGateway({
      port: 0,
      host: '127.0.0.1',
      bus,
      authenticator: testAuthenticator,
      judge: h.judge.service,
    });
    runner = await new RunnerStandIn(bus).start();
    socket = connect(`http://127.0.0.1:${gateway.port}`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  });
  afterAll(async () => {
    socket?.close();
    await runner?.close();
    await gateway?.close();
    await h?.close();
    await bus?.close();
    await tdb?.drop();
  });

  async function verdict(user: AuthUser, status: number): Promise<void> {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/submit-problem-judge',
      headers: { authorization: tokenOf(user) },
      payload: { pid: 'A', cid, language: 'C++', code: `int main(){} // ${Math.random()}`, isRemote: false },
    });
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    const task = await runner.waitForSubmission(res.json().data.submitId as number);
    await runner.finish(runner.resultFor(task, status));
  }

  it('applies verdicts and the seal without reading the board again; header counts come with the deltas', async () => {
    // The simulated web client: one page, its version, the header counts, and every rank read.
    const client = {
      page: null as RankPage<RankRow> | null,
      version: null as string | null,
      counts: new Map<string, [number, number]>(),
      reads: 0,
      fetches: 0,
      changed: () => undefined as void,
    };
    const read = async () => {
      client.reads++;
      const body = await h.contest.service.outsideRank(null, { cid, currentPage: 1, limit: 50 });
      client.page = JSON.parse(body.json.toString()).data as RankPage<RankRow>;
      client.version = body.version ?? null;
    };
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise<void>((r) => (client.changed = r));
    };
    socket.on(ServerEvents.contestRank, (p: ContestRankChanged) => {
      const out = followRankPush(
        { page: client.page, version: client.version, plain: true, removeStar: false, pinUid: null },
        p.boards,
      );
      if (out.kind === 'apply' || out.kind === 'current') {
        if (out.kind === 'apply') [client.page, client.version] = [out.page, out.version];
        for (const [displayId, ac, total] of out.delta.counts ?? [])
          client.counts.set(displayId, [ac, total]);
      } else {
        client.fetches++;
        void read().then(() => client.changed());
      }
      client.changed();
    });
    expect(await socket.timeout(5000).emitWithAck(ClientEvents.subscribeContest, { cid })).toMatchObject({
      ok: true,
    });
    await read();
    expect(client.version).toMatch(/^real\//);
    expect(Date.now()).toBeLessThan(sealAt); // the set-up left the seal ahead

    // Before the seal: a WA and an AC by alice, both applied from the pushes, counts included.
    await verdict(USERS.alice, -1);
    await until(() => client.counts.get('A')?.[1] === 1);
    expect(client.counts.get('A')).toEqual([0, 1]);
    await verdict(USERS.alice, 0);
    await until(() => client.counts.get('A')?.[0] === 1);
    expect(client.counts.get('A')).toEqual([1, 2]);
    expect(client.page!.records.map((r) => r.uid)).toEqual([USERS.alice.uid]);

    // The seal: the page moves to the sealed board by a push.
    await until(() => client.version?.startsWith('sealed/') ?? false);
    expect(Date.now()).toBeGreaterThanOrEqual(sealAt);

    // After it: bob's AC is a try on the sealed board, applied from the push; the sealed counts
    // stay at the seal's.
    await verdict(USERS.bob, 0);
    await until(() => client.page!.records.length === 2);
    expect(client.counts.get('A')).toEqual([1, 2]);
    expect(client.fetches).toBe(0);
    expect(client.reads).toBe(1);
    // What the client shows is what a read shows now.
    const fresh = await h.contest.service.outsideRank(null, { cid, currentPage: 1, limit: 50 });
    expect(fresh.version).toBe(client.version);
    const shown = JSON.parse(fresh.json.toString()).data as RankPage<RankRow>;
    expect(shown.records).toEqual(client.page!.records);
    expect(shown.total).toBe(client.page!.total);
  }, 60_000);
});

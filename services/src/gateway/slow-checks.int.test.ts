// Issue #22 item 4: a subscribe is never refused because the deciding service was slow. The
// watch-check handlers below hold their first question past the gateway's 3 s request timeout
// (until the gateway asks again); the subscribe is still granted. Contest room grants are reused
// per viewer until a contest event drops them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import {
  ClientEvents,
  CONTEST_WATCH_CHECK_SUBJECT,
  WATCH_CHECK_SUBJECT,
  type SubscribeAck,
} from '@oj/protocol/realtime/events';
import { USERS, testAuthenticator, tokenOf } from '../judge/test-harness';
import { askPatiently, contestGrantCache, createGateway, remoteWatchPolicy, type Gateway } from './index';

/** A responder whose first question is answered only once a second one arrives (a slow service). */
function slowFirstAnswer<A>(answer: A) {
  let asked = 0;
  let releaseFirst: (() => void) | null = null;
  return {
    get asked() {
      return asked;
    },
    handler: async (): Promise<A> => {
      asked++;
      if (asked === 1) await new Promise<void>((r) => (releaseFirst = r));
      else releaseFirst?.();
      return answer;
    },
  };
}

describe('subscribes during a slow API', () => {
  let bus: Bus;
  let gateway: Gateway;
  let socket: Socket;
  const contestCheck = slowFirstAnswer('ok' as const);
  const judgeCheck = slowFirstAnswer('ok' as const);

  beforeAll(async () => {
    bus = createMemoryBus();
    await bus.reply(CONTEST_WATCH_CHECK_SUBJECT, contestCheck.handler);
    await bus.reply(WATCH_CHECK_SUBJECT, judgeCheck.handler);
    gateway = await createGateway({
      port: 0,
      host: '127.0.0.1',
      bus,
      authenticator: testAuthenticator,
      judge: remoteWatchPolicy(bus),
    });
    socket = connect(`http://127.0.0.1:${gateway.port}`, {
      transports: ['websocket'],
      auth: { token: tokenOf(USERS.bob) },
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
    await gateway?.close();
    await bus?.close();
  });

  const ask = (event: string, payload: unknown) =>
    socket.timeout(20_000).emitWithAck(event, payload) as Promise<SubscribeAck>;

  it('subscribe:contest waits out a check slower than the request timeout and is granted', async () => {
    const started = Date.now();
    expect(await ask(ClientEvents.subscribeContest, { cid: 7 })).toEqual({ ok: true, admin: false });
    // It really was slower than one request's timeout: the gateway asked twice.
    expect(contestCheck.asked).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
  }, 30_000);

  it('subscribe:submission does the same', async () => {
    expect(await ask(ClientEvents.subscribeSubmission, { submitId: 41 })).toEqual({ ok: true });
    expect(judgeCheck.asked).toBe(2);
  }, 30_000);

  it('a contest grant is reused until a contest event drops it', async () => {
    expect(await ask(ClientEvents.subscribeContest, { cid: 7 })).toEqual({ ok: true, admin: false });
    expect(contestCheck.asked).toBe(2);
    await bus.publish(Subjects.contestChanged(7), { cid: 7 });
    // The memory bus delivers in order: the gateway has dropped the grant before this answer.
    expect(await ask(ClientEvents.subscribeContest, { cid: 7 })).toEqual({ ok: true, admin: false });
    expect(contestCheck.asked).toBe(3);
  });
});

describe('askPatiently and the grant cache', () => {
  it('asks again after timeouts and no-responders, not after an answer that is an error', async () => {
    let n = 0;
    const transient = Object.assign(new Error('t'), { code: 'BUS_NO_RESPONDERS' });
    expect(
      await askPatiently(
        async () => (++n < 3 ? Promise.reject(transient) : 'ok'),
        () => true,
        10_000,
      ),
    ).toBe('ok');
    expect(n).toBe(3);
    const answer = Object.assign(new Error('boom'), { code: 'BUS_RESPONDER_ERROR' });
    await expect(
      askPatiently(
        () => Promise.reject(answer),
        () => true,
        10_000,
      ),
    ).rejects.toBe(answer);
    // A socket gone: stop asking.
    await expect(
      askPatiently(
        () => Promise.reject(transient),
        () => false,
        10_000,
      ),
    ).rejects.toBe(transient);
  });

  it('keeps grants only, per viewer, for the TTL', async () => {
    let clock = 0;
    const cache = contestGrantCache(1000, () => clock);
    let asked = 0;
    const ask = (d: 'ok' | 'denied') => async () => (asked++, d);
    await cache.decide(USERS.bob, 1, ask('denied'));
    await cache.decide(USERS.bob, 1, ask('ok'));
    expect(asked).toBe(2);
    await cache.decide(USERS.bob, 1, ask('ok'));
    expect(asked).toBe(2);
    await cache.decide(USERS.alice, 1, ask('ok'));
    expect(asked).toBe(3);
    clock += 1000;
    await cache.decide(USERS.bob, 1, ask('ok'));
    expect(asked).toBe(4);
    cache.dropUser(USERS.bob.uid);
    await cache.decide(USERS.bob, 1, ask('ok'));
    expect(asked).toBe(5);
  });
});

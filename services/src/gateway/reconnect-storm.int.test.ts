// Issue #22 item 6 at CI size: 500 sockets on a gateway that restarts all come back. The clients
// use the web client's reconnection pacing (web/src/api/socket.ts RECONNECT_OPTIONS: exponential
// backoff from 0.5 s to 10 s, ±50 % jitter); the gateway listens with a large backlog and does
// no per-connection work beyond the token check.
import { afterAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import { ClientEvents, CONTEST_WATCH_CHECK_SUBJECT, type SubscribeAck } from '@oj/protocol/realtime/events';
import { USERS, testAuthenticator, tokenOf } from '../judge/test-harness';
import { createGateway, remoteWatchPolicy, type Gateway } from './index';

const SOCKETS = 500;
/** The same values as the web client's RECONNECT_OPTIONS. */
const RECONNECT = { reconnectionDelay: 500, reconnectionDelayMax: 10_000, randomizationFactor: 0.5 };

describe('a reconnect storm after a gateway restart', () => {
  let bus: Bus;
  let gateway: Gateway | null = null;
  const sockets: Socket[] = [];

  afterAll(async () => {
    for (const s of sockets) s.close();
    await gateway?.close();
    await bus?.close();
  });

  const start = (port = 0) =>
    createGateway({
      port,
      host: '127.0.0.1',
      bus,
      authenticator: testAuthenticator,
      judge: remoteWatchPolicy(bus),
    });

  it(`${SOCKETS} sockets reconnect to the restarted gateway and join their rooms again`, async () => {
    bus = createMemoryBus();
    await bus.reply(CONTEST_WATCH_CHECK_SUBJECT, () => 'ok');
    gateway = await start();
    const port = gateway.port!;
    let connects = 0;
    let joined = 0;
    let waiting: (() => void) | null = null;
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise<void>((r) => (waiting = r));
    };
    for (let i = 0; i < SOCKETS; i++) {
      const s = connect(`http://127.0.0.1:${port}`, {
        transports: ['websocket'],
        auth: i % 2 ? { token: tokenOf(USERS.bob) } : {},
        forceNew: true,
        ...RECONNECT,
      });
      // Like the web client: every (re)connect joins the contest room again.
      s.on('connect', () => {
        connects++;
        s.emit(ClientEvents.subscribeContest, { cid: 1 }, (ack: SubscribeAck) => {
          if (ack.ok) joined++;
          waiting?.();
        });
        waiting?.();
      });
      sockets.push(s);
    }
    await until(() => connects === SOCKETS && joined === SOCKETS);
    expect(gateway.io.of('/').sockets.size).toBe(SOCKETS);

    // The gateway goes away (every transport closed) and comes back on the same port.
    await gateway.close();
    gateway = await start(port);
    await until(() => connects === 2 * SOCKETS && joined === 2 * SOCKETS);
    expect(gateway.io.of('/').sockets.size).toBe(SOCKETS);
    expect(sockets.every((s) => s.connected)).toBe(true);
  }, 120_000);
});

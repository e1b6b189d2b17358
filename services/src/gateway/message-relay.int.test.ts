// The gateway's message relay (issue 13) on real NATS: unread counts reach only their user's
// sockets, a site-wide notice reaches every signed-in socket (not anonymous ones), and a
// discussion comment reaches the sockets that joined that discussion's room.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createNatsBus, type Bus, type Unsubscribe } from '@oj/protocol/bus';
import {
  MessageClientEvents,
  MessageServerEvents,
  MessageSubjects,
  type DiscussionWatchCheckRequest,
} from '@oj/protocol/realtime/message';
import { USERS, testAuthenticator, tokenOf } from '../judge/test-harness';
import type { AuthUser } from '../platform/http/access';
import { createGateway, type Gateway } from './index';

const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

describe('message relay over NATS', () => {
  let bus: Bus;
  let gateway: Gateway;
  let stopChecks: Unsubscribe | undefined;
  const sockets: Socket[] = [];
  const open = async (user: AuthUser | null) => {
    const s = connect(`http://127.0.0.1:${gateway.port}`, {
      transports: ['websocket'],
      auth: user ? { token: tokenOf(user) } : {},
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    sockets.push(s);
    return s;
  };
  const next = (s: Socket, ev: string) => new Promise<unknown>((resolve) => s.once(ev, resolve));
  const none = (s: Socket, ev: string) => {
    const got: unknown[] = [];
    s.on(ev, (p) => got.push(p));
    return got;
  };

  beforeAll(async () => {
    const tag = randomBytes(4).toString('hex');
    bus = await createNatsBus({ servers: NATS_URL, streamPrefix: `MR${tag}`, subjectPrefix: `mr${tag}` });
    gateway = await createGateway({
      port: 0,
      host: '127.0.0.1',
      bus,
      authenticator: testAuthenticator,
      judge: { canWatchSubmission: async () => 'denied', canWatchProblem: async () => 'denied' },
      contest: { canWatchContest: async () => 'denied' },
    });
    // The discussion service's answer to the room check: discussion 9 is readable, 13 is not.
    stopChecks = await bus.reply<DiscussionWatchCheckRequest, string>(
      MessageSubjects.discussionWatchCheck,
      (q) => (q.did === 9 ? 'ok' : q.did === 13 ? 'denied' : 'not-found'),
    );
  });
  afterAll(async () => {
    await stopChecks?.();
    for (const s of sockets) s.close();
    await gateway?.close();
    await bus?.close();
  });

  it('routes unread counts, notices and discussion comments to the right sockets', async () => {
    const alice = await open(USERS.alice);
    const bob = await open(USERS.bob);
    const anon = await open(null);
    const bobUnread = none(bob, MessageServerEvents.unread);
    const anonNotice = none(anon, MessageServerEvents.notice);

    const counts = { comment: 1, reply: 0, like: 0, sys: 0, mine: 0 };
    const got = next(alice, MessageServerEvents.unread);
    await bus.publish(MessageSubjects.unread(USERS.alice.uid), {
      uid: USERS.alice.uid,
      counts,
      kind: 'comment',
      at: 1,
    });
    expect(await got).toMatchObject({ uid: USERS.alice.uid, counts });

    const gotA = next(alice, MessageServerEvents.notice);
    const gotB = next(bob, MessageServerEvents.notice);
    await bus.publish(MessageSubjects.broadcast, { id: 5, at: 2 });
    expect(await gotA).toEqual({ id: 5, at: 2 });
    expect(await gotB).toEqual({ id: 5, at: 2 });

    expect(await anon.timeout(3000).emitWithAck(MessageClientEvents.subscribeDiscussion, { did: 9 })).toEqual(
      { ok: true },
    );
    // The room admits only whom the discussion service's decision admits.
    expect(
      await anon.timeout(3000).emitWithAck(MessageClientEvents.subscribeDiscussion, { did: 13 }),
    ).toEqual({ ok: false, error: 'denied' });
    expect(
      await anon.timeout(3000).emitWithAck(MessageClientEvents.subscribeDiscussion, { did: 14 }),
    ).toEqual({ ok: false, error: 'not-found' });
    expect(
      await anon.timeout(3000).emitWithAck(MessageClientEvents.subscribeDiscussion, { did: 'x' }),
    ).toMatchObject({
      ok: false,
      error: 'bad-request',
    });
    const aliceComments = none(alice, MessageServerEvents.discussionComment);
    const comment = next(anon, MessageServerEvents.discussionComment);
    await bus.publish(MessageSubjects.discussionComment(9), { did: 9, commentId: 3, replyId: null, at: 3 });
    expect(await comment).toEqual({ did: 9, commentId: 3, replyId: null, at: 3 });

    // a last event to each socket so anything misrouted before it has arrived too
    const flush = next(bob, MessageServerEvents.unread);
    await bus.publish(MessageSubjects.unread(USERS.bob.uid), { uid: USERS.bob.uid, counts, at: 4 });
    await flush;
    expect(bobUnread.length).toBe(1);
    expect(anonNotice).toEqual([]);
    expect(aliceComments).toEqual([]);
  });
});

// The message center's push (issue 13): a user's unread counts to their user room, site-wide
// notices to every signed-in socket, new discussion comments to the discussion's readers. Kept
// beside the gateway's own relays; index.ts only adds these subscriptions.
import type { Server, Socket } from 'socket.io';
import { Value } from '@sinclair/typebox/value';
import type { Bus, Unsubscribe } from '@oj/protocol/bus';
import { Rooms } from '@oj/protocol';
import type { SubscribeAck } from '@oj/protocol/realtime/events';
import {
  DiscussionCommentPushedSchema,
  MessageClientEvents,
  MessageRooms,
  MessageServerEvents,
  MessageSubjects,
  NoticeBroadcastSchema,
  SubscribeDiscussionSchema,
  UnreadPushedSchema,
  type DiscussionWatchCheckRequest,
} from '@oj/protocol/realtime/message';
import type { AuthUser } from '../platform/http/access';

type Ack = (answer: SubscribeAck) => void;

/** Discussion rooms one socket may hold. */
const MAX_DISCUSSION_ROOMS = 20;

export async function relayMessages(
  io: Server,
  bus: Bus,
  log?: { warn(obj: object, msg?: string): void },
): Promise<Unsubscribe[]> {
  io.on('connection', (socket: Socket) => {
    const user = (socket.data as { user: AuthUser | null }).user;
    if (user) void socket.join(MessageRooms.signedIn);
    // A discussion's readers learn that a comment arrived; the comments themselves are read over
    // REST, which applies the discussion's access rules.
    socket.on(MessageClientEvents.subscribeDiscussion, async (payload: unknown, ack?: Ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (!Value.Check(SubscribeDiscussionSchema, payload)) return reply({ ok: false, error: 'bad-request' });
      const did = (payload as { did: number }).did;
      const room = MessageRooms.discussion(did);
      const held = [...socket.rooms].filter((r) => r.startsWith('discussion:')).length;
      if (held >= MAX_DISCUSSION_ROOMS && !socket.rooms.has(room))
        return reply({ ok: false, error: 'denied' });
      // The discussion service decides, as for its comment reads (a group's discussion: members).
      try {
        const decision = await bus.request<'ok' | 'not-found' | 'denied'>(
          MessageSubjects.discussionWatchCheck,
          { did, viewer: user } satisfies DiscussionWatchCheckRequest,
          { timeoutMs: 3000 },
        );
        if (decision !== 'ok') return reply({ ok: false, error: decision });
      } catch (err) {
        log?.warn({ err }, 'discussion watch check failed');
        return reply({ ok: false, error: 'denied' });
      }
      await socket.join(room);
      reply({ ok: true });
    });
    socket.on(MessageClientEvents.unsubscribeDiscussion, async (payload: unknown, ack?: Ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (!Value.Check(SubscribeDiscussionSchema, payload)) return reply({ ok: false, error: 'bad-request' });
      await socket.leave(MessageRooms.discussion((payload as { did: number }).did));
      reply({ ok: true });
    });
  });

  return Promise.all([
    bus.subscribe<unknown>(MessageSubjects.unreadAll, (payload) => {
      if (!Value.Check(UnreadPushedSchema, payload)) return log?.warn({}, 'malformed unread event dropped');
      io.to(Rooms.user(payload.uid)).emit(MessageServerEvents.unread, payload);
    }),
    bus.subscribe<unknown>(MessageSubjects.broadcast, (payload) => {
      if (!Value.Check(NoticeBroadcastSchema, payload))
        return log?.warn({}, 'malformed notice event dropped');
      io.to(MessageRooms.signedIn).emit(MessageServerEvents.notice, payload);
    }),
    bus.subscribe<unknown>(MessageSubjects.discussionCommentAll, (payload) => {
      if (!Value.Check(DiscussionCommentPushedSchema, payload))
        return log?.warn({}, 'malformed comment event dropped');
      io.to(MessageRooms.discussion(payload.did)).emit(MessageServerEvents.discussionComment, payload);
    }),
  ]);
}

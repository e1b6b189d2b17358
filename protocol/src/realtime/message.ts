/**
 * Push of the message center and of discussion comments (issue 13): subjects, rooms, socket
 * events and payloads. Browser-safe.
 */
import { Type, type Static } from '@sinclair/typebox';
import { UnreadCounts } from '../message/schemas';

export const MessageSubjects = {
  /** A user's unread counts changed: the payload carries the new counts (their user room). */
  unread: (uid: string) => `oj.message.unread.${uid}`,
  unreadAll: 'oj.message.unread.>',
  /** An "All" notice was published or edited: every connected signed-in socket refetches its counts. */
  broadcast: 'oj.message.broadcast',
  /** A comment or reply was posted under a discussion: its readers' room. */
  discussionComment: (did: number | string) => `oj.discussion.comment.${did}`,
  discussionCommentAll: 'oj.discussion.comment.>',
  /**
   * Request/reply: may `viewer` join a discussion's room? The discussion service answers with
   * the decision its comment reads apply ('ok' | 'not-found' | 'denied'; issue #23 item 9).
   */
  discussionWatchCheck: 'oj.discussion.watch-check',
} as const;

/** The question of the discussion watch check (the viewer as the gateway authenticated it). */
export interface DiscussionWatchCheckRequest {
  did: number;
  viewer: { uid: string; username: string; roleIds: number[]; roles: string[]; permissions: string[] } | null;
}

export const MessageRooms = {
  discussion: (did: number | string) => `discussion:${did}`,
  /** Every signed-in socket (site-wide notices). */
  signedIn: 'signed-in',
} as const;

import { MessageClientEvents, MessageServerEvents } from './names';

/** Event names live in names.ts (no TypeBox there, for the browser). */
export { MessageClientEvents, MessageServerEvents };

export const UnreadPushedSchema = Type.Object({
  uid: Type.String(),
  counts: UnreadCounts,
  /** Which list gained or lost items, so an open list of that kind refetches. */
  kind: Type.Optional(Type.String()),
  at: Type.Number(),
});
export type UnreadPushed = Static<typeof UnreadPushedSchema>;

export const NoticeBroadcastSchema = Type.Object({ id: Type.Integer(), at: Type.Number() });
export type NoticeBroadcast = Static<typeof NoticeBroadcastSchema>;

export const DiscussionCommentPushedSchema = Type.Object({
  did: Type.Integer(),
  commentId: Type.Integer(),
  replyId: Type.Union([Type.Integer(), Type.Null()]),
  at: Type.Number(),
});
export type DiscussionCommentPushed = Static<typeof DiscussionCommentPushedSchema>;

export const SubscribeDiscussionSchema = Type.Object({ did: Type.Integer({ minimum: 1 }) });

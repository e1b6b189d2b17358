/**
 * socket.io events between the gateway and browsers. The gateway pushes domain
 * events (already persisted) to rooms; clients ask to join rooms with acknowledgements.
 * Browser-safe: no node imports.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { RankDelta } from '../contest/rank-delta';
import { ClientEvents, ServerEvents } from './names';

/** Event names live in names.ts (no TypeBox there, for the browser). */
export { ClientEvents, ServerEvents };

/** What caused a submission update. */
export const SubmissionUpdateReasonSchema = Type.Union([
  Type.Literal('submitted'),
  Type.Literal('progress'),
  Type.Literal('result'),
  Type.Literal('rejudge'),
  Type.Literal('resubmit'),
  Type.Literal('cancel'),
  Type.Literal('manual'),
  /**
   * Bus only, never relayed to sockets: the follow-up writes of a site verdict (problem counters,
   * AC record) are stored. The 'result' event goes out before them, so the verdict is not held up.
   */
  Type.Literal('counted'),
]);
export type SubmissionUpdateReason = Static<typeof SubmissionUpdateReasonSchema>;

/**
 * Domain event on `Subjects.submissionUpdated(id)` and socket event `submission:updated`.
 * Carries no code and no error text: clients fetch details through the REST API,
 * which applies the visibility rules.
 */
export const SubmissionUpdateSchema = Type.Object({
  submitId: Type.Integer(),
  uid: Type.String(),
  pid: Type.Integer(),
  cid: Type.Integer(),
  gid: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.Integer(),
  version: Type.Integer(),
  reason: SubmissionUpdateReasonSchema,
  time: Type.Union([Type.Integer(), Type.Null()]),
  memory: Type.Union([Type.Integer(), Type.Null()]),
  score: Type.Union([Type.Integer(), Type.Null()]),
  judger: Type.Union([Type.String(), Type.Null()]),
  /** Progress: cases finished so far / to judge, when the runner says. */
  casesDone: Type.Optional(Type.Integer()),
  casesTotal: Type.Optional(Type.Integer()),
  /** Milliseconds since the epoch when the server published it. */
  at: Type.Integer(),
});
export type SubmissionUpdate = Static<typeof SubmissionUpdateSchema>;

/** Body of every subscribe/unsubscribe request. */
export const SubscribeSubmissionSchema = Type.Object({ submitId: Type.Integer({ minimum: 1 }) });
export const SubscribeProblemSchema = Type.Object({ pid: Type.Integer({ minimum: 1 }) });
export const SubscribeContestSchema = Type.Object({
  cid: Type.Integer({ minimum: 1 }),
  /**
   * The board page the subscriber shows (issue #22): the ack carries it as a snapshot, read on
   * the contest's board holder, so a (re)subscribing viewer need not fetch it. Plain pages only.
   */
  view: Type.Optional(
    Type.Object({
      page: Type.Integer({ minimum: 1, maximum: 100_000 }),
      size: Type.Integer({ minimum: 1, maximum: 500 }),
      removeStar: Type.Boolean(),
      containsEnd: Type.Boolean(),
      /** The outside board (no own row pinned). */
      outside: Type.Boolean(),
    }),
  ),
});
export type ContestBoardView = NonNullable<Static<typeof SubscribeContestSchema>['view']>;
export const SubscribeTrainingSchema = Type.Object({ tid: Type.Integer({ minimum: 1 }) });

/**
 * The ack answer: ok, or a reason (not-found, denied, bad-request). `subscribe:contest`
 * also says whether the contest-admin room was joined.
 */
export type SubscribeAck =
  | {
      ok: true;
      admin?: boolean;
      /** The asked board page (`view`): its rank endpoint's JSON body and `<variant>/<version>`. */
      snapshot?: { json: string; version: string };
    }
  /** `unavailable`: the deciding service did not answer for a long while (not a refusal: retry later). */
  | { ok: false; error: 'bad-request' | 'not-found' | 'denied' | 'unavailable' };

/**
 * Request/reply subject a gateway in its own process uses to ask the judge service
 * whether a viewer may watch a room. (To be moved into `Subjects` by its owner.)
 */
export const WATCH_CHECK_SUBJECT = 'oj.judge.watch-check';

export interface WatchCheckRequest {
  kind: 'submission' | 'problem';
  id: number;
  viewer: { uid: string; username: string; roleIds: number[]; roles: string[]; permissions: string[] } | null;
}

// ---------- contests ----------

/**
 * One board variant's change (protocol/src/contest/rank-delta.ts RankDelta): only the fields
 * every delta has are checked here; rows are the REST rank rows.
 */
export const RankDeltaHeadSchema = Type.Object({
  variant: Type.Union([Type.Literal('real'), Type.Literal('withAfter'), Type.Literal('sealed')]),
  version: Type.String(),
  prevVersion: Type.String(),
});

/**
 * Domain event on `Subjects.contestEvent(cid, 'rank')` (socket `contest:rank`, contest room)
 * and `Subjects.contestEvent(cid, 'rank-admin')` (socket `contest:rank-admin`, admin room).
 * `boards`: one delta per board variant a viewer of that room can be shown (absent: the
 * board was not in memory, refetch). The contest room only ever gets the sealed view's
 * deltas while the contest is sealed.
 */
export const ContestRankChangedSchema = Type.Object({
  cid: Type.Integer(),
  at: Type.Integer(),
  boards: Type.Optional(Type.Array(RankDeltaHeadSchema)),
});
export type ContestRankChanged = Omit<Static<typeof ContestRankChangedSchema>, 'boards'> & {
  boards?: RankDelta[];
};

/** Domain event on `Subjects.contestEvent(cid, 'announcement')` and socket event `contest:announcement`. */
export const ContestAnnouncementPushedSchema = Type.Object({
  cid: Type.Integer(),
  id: Type.Integer(),
  title: Type.String(),
  at: Type.Integer(),
});
export type ContestAnnouncementPushed = Static<typeof ContestAnnouncementPushedSchema>;

/** Domain event on `Subjects.contestEvent(cid, 'print')` and socket event `contest:print` (admins). */
export const ContestPrintPushedSchema = Type.Object({
  cid: Type.Integer(),
  id: Type.Integer(),
  username: Type.String(),
  realname: Type.Union([Type.String(), Type.Null()]),
  at: Type.Integer(),
});
export type ContestPrintPushed = Static<typeof ContestPrintPushedSchema>;

/** Domain event on `Subjects.contestEvent(cid, 'first-ac')` and socket event `contest:first-ac` (admins). */
export const ContestFirstAcPushedSchema = Type.Object({
  cid: Type.Integer(),
  submitId: Type.Integer(),
  uid: Type.String(),
  username: Type.String(),
  /** The contest's display id of the problem, e.g. "A". */
  displayId: Type.String(),
  at: Type.Integer(),
});
export type ContestFirstAcPushed = Static<typeof ContestFirstAcPushedSchema>;

/**
 * Domain event on `Subjects.contestEvent(cid, 'comment')` and socket event `contest:comment` (admins;
 * a reply also reaches the user rooms of `toUids`, issue #26 item 13).
 */
export const ContestCommentPushedSchema = Type.Object({
  cid: Type.Integer(),
  /** The comment (for a reply: the comment replied to). */
  commentId: Type.Integer(),
  /** The reply id, or null for a new comment. */
  replyId: Type.Union([Type.Integer(), Type.Null()]),
  fromUid: Type.String(),
  fromName: Type.String(),
  at: Type.Integer(),
  /**
   * Users besides the admin room who hear of it in their user room (a reply: the question's
   * author and the addressee, not the replier). The gateway drops the field before relaying.
   */
  toUids: Type.Optional(Type.Array(Type.String(), { maxItems: 8 })),
});
export type ContestCommentPushed = Static<typeof ContestCommentPushedSchema>;

/** Contest event kinds the gateway relays: bus kind → socket event and room kind. */
export const CONTEST_PUSHES = [
  { kind: 'rank', event: ServerEvents.contestRank, schema: ContestRankChangedSchema, adminOnly: false },
  {
    kind: 'rank-admin',
    event: ServerEvents.contestRankAdmin,
    schema: ContestRankChangedSchema,
    adminOnly: true,
  },
  {
    kind: 'announcement',
    event: ServerEvents.contestAnnouncement,
    schema: ContestAnnouncementPushedSchema,
    adminOnly: false,
  },
  { kind: 'print', event: ServerEvents.contestPrint, schema: ContestPrintPushedSchema, adminOnly: true },
  {
    kind: 'first-ac',
    event: ServerEvents.contestFirstAc,
    schema: ContestFirstAcPushedSchema,
    adminOnly: true,
  },
  {
    kind: 'comment',
    event: ServerEvents.contestComment,
    schema: ContestCommentPushedSchema,
    adminOnly: true,
  },
] as const;

/**
 * Request/reply subject a gateway uses to ask the contest service who may join a
 * contest's rooms (outside `oj.contest.>` so event subscribers never see it).
 */
export const CONTEST_WATCH_CHECK_SUBJECT = 'oj.contest-watch.check';

/** 'admin': contest room and admin room; 'ok': contest room only. */
export type ContestWatchDecision = 'admin' | 'ok' | 'not-found' | 'denied';

export interface ContestWatchCheckRequest {
  cid: number;
  viewer: WatchCheckRequest['viewer'];
}

/**
 * Wire shapes of virtual participation (issue #27): request bodies and queries, the
 * participation as the client reads it, and the ghost board push.
 */
import { Type, type Static } from '@sinclair/typebox';
import { EnvelopeOf } from '../envelope';
import { Nullable } from '../nullable';
import { rankPageFields } from './group-responses';
import { AnnouncementVO } from './responses';
import type { RankDelta } from './rank-delta';

export const VirtualStartBody = Type.Object({
  cid: Type.Integer({ minimum: 1 }),
  /** The contest password (private and protected contests). */
  password: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
});
export type VirtualStartBody = Static<typeof VirtualStartBody>;

export const VirtualBoardQuery = Type.Object({
  vid: Type.Integer({ minimum: 1 }),
  currentPage: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
export type VirtualBoardQuery = Static<typeof VirtualBoardQuery>;

export const VirtualVidQuery = Type.Object({ vid: Type.Integer({ minimum: 1 }) });
export type VirtualVidQuery = Static<typeof VirtualVidQuery>;

export const VirtualOfUserQuery = Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) });
export type VirtualOfUserQuery = Static<typeof VirtualOfUserQuery>;

export const VirtualFinalBoardQuery = Type.Object({
  cid: Type.Integer({ minimum: 1 }),
  currentPage: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
export type VirtualFinalBoardQuery = Static<typeof VirtualFinalBoardQuery>;

/** A virtual participation as the client reads it (times in epoch milliseconds). */
export const VirtualParticipation = Type.Object({
  vid: Type.Integer(),
  cid: Type.Integer(),
  title: Type.String(),
  uid: Type.String(),
  username: Type.String(),
  /** 0 ACM, 1 OI. */
  type: Type.Integer(),
  startedAt: Type.Number(),
  endsAt: Type.Number(),
  /** The server's clock when answered (the client corrects its offset once). */
  now: Type.Number(),
  /** The original contest's times, for the clock machine (virtualTimes shifts them). */
  contest: Type.Object({
    startTime: Type.Number(),
    endTime: Type.Number(),
    sealRank: Type.Boolean(),
    sealRankTime: Nullable(Type.Number()),
    autoRealRank: Type.Boolean(),
  }),
  running: Type.Boolean(),
  /** Once the clock ran out: rank among the original participants, AC count or score, penalty. */
  result: Nullable(Type.Object({ rank: Type.Number(), primary: Type.Number(), time: Type.Number() })),
});
export type VirtualParticipation = Static<typeof VirtualParticipation>;

export const VirtualParticipationEnvelope = EnvelopeOf(VirtualParticipation);
/** current / of-contest: the participation, or null when there is none. */
export const OptionalVirtualParticipationEnvelope = EnvelopeOf(Nullable(VirtualParticipation));
export const VirtualParticipationListEnvelope = EnvelopeOf(Type.Array(VirtualParticipation));

/** A page of the participant's ghost board, with what a viewer needs to follow its pushes. */
export const GhostPage = Type.Object({
  ...rankPageFields,
  /** `<variant>/<version>` (as x-oj-board-version): pushes chain from it. */
  version: Type.String(),
  /** Elapsed ms of the participant's clock. */
  elapsed: Type.Number(),
  sealed: Type.Boolean(),
});
export type GhostPage = Static<typeof GhostPage>;
export const GhostPageEnvelope = EnvelopeOf(GhostPage);

/** The final board with the finished virtual participants; their uids mark their rows. */
export const VirtualFinalBoard = Type.Object({
  ...rankPageFields,
  virtualUids: Type.Array(Type.String()),
});
export type VirtualFinalBoard = Static<typeof VirtualFinalBoard>;
export const VirtualFinalBoardEnvelope = EnvelopeOf(VirtualFinalBoard);

export const VirtualAnnouncementsEnvelope = EnvelopeOf(Type.Array(AnnouncementVO));

/** A reply on a contest Q&A post, as of the participant's elapsed time. */
export const ClarificationReply = Type.Object({
  id: Type.Integer(),
  content: Type.String(),
  fromUid: Type.String(),
  fromName: Type.String(),
  toName: Type.String(),
  gmtCreate: Type.String(),
});

/** A contest Q&A post (by the contest's admins) as of the participant's elapsed time. */
export const Clarification = Type.Object({
  id: Type.Integer(),
  content: Type.String(),
  fromUid: Type.String(),
  fromName: Type.String(),
  gmtCreate: Type.String(),
  replies: Type.Array(ClarificationReply),
});
export type Clarification = Static<typeof Clarification>;
export const ClarificationListEnvelope = EnvelopeOf(Type.Array(Clarification));

/** Socket `contest:virtual-board` (user room): the participant's ghost board moved. */
export interface VirtualBoardPushed {
  vid: number;
  uid: string;
  /** Elapsed milliseconds of the participant's clock. */
  elapsed: number;
  /** `<variant>/<version>` the board is at after the deltas. */
  version: string;
  /** Deltas in order; absent or with `reload`: read the page again. */
  deltas?: RankDelta[];
  reload?: true;
  /** The clock ran out. */
  ended?: true;
}

/**
 * Wire shapes of virtual participation (issue #27): request bodies and queries, the
 * participation as the client reads it, and the ghost board push.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../nullable';
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
export interface VirtualParticipation {
  vid: number;
  cid: number;
  title: string;
  uid: string;
  username: string;
  /** 0 ACM, 1 OI. */
  type: number;
  startedAt: number;
  endsAt: number;
  /** The server's clock when answered (the client corrects its offset once). */
  now: number;
  /** The original contest's times, for the clock machine (virtualTimes shifts them). */
  contest: {
    startTime: number;
    endTime: number;
    sealRank: boolean;
    sealRankTime: number | null;
    autoRealRank: boolean;
  };
  running: boolean;
  /** Once the clock ran out: rank among the original participants, AC count or score, penalty. */
  result: { rank: number; primary: number; time: number } | null;
}

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

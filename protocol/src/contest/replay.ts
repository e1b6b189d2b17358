/**
 * Contest replay (issue #27 item 4): one clock over an ended contest, held by one server process
 * and shown to a room of viewers. Browser-safe: no node imports.
 *
 * The clock is stored as an anchor: at `anchorAt` (epoch ms) it showed `anchorElapsed`, and it
 * runs `speed` contest milliseconds per real millisecond unless paused. Every process (and every
 * viewer, between pushes) computes the same moment from the same stored anchor.
 */
import { Type, type Static } from '@sinclair/typebox';
import { EnvelopeOf } from '../envelope';
import { rankPageFields } from './group-responses';
import type { RankDelta } from './rank-delta';

export const REPLAY_MIN_SPEED = 1;
export const REPLAY_MAX_SPEED = 60;

/** A replay's clock as stored and pushed. */
export const ReplayState = Type.Object({
  rid: Type.Integer(),
  cid: Type.Integer(),
  /** The contest's duration in ms: the clock stops there. */
  duration: Type.Number(),
  speed: Type.Number(),
  paused: Type.Boolean(),
  anchorElapsed: Type.Number(),
  anchorAt: Type.Number(),
  /** The admin chose the unsealed board; otherwise the seal applies at its elapsed time. */
  unsealed: Type.Boolean(),
  /** Bumped by every control (pause, resume, speed, seek, view). */
  revision: Type.Integer(),
  closed: Type.Boolean(),
});
export type ReplayState = Static<typeof ReplayState>;
export const ReplayStateEnvelope = EnvelopeOf(ReplayState);

/** The open replays of a contest, and whether the caller may start one. */
export const ContestReplays = Type.Object({
  canStart: Type.Boolean(),
  replays: Type.Array(ReplayState),
});
export type ContestReplays = Static<typeof ContestReplays>;
export const ContestReplaysEnvelope = EnvelopeOf(ContestReplays);

/** Elapsed contest milliseconds of a replay clock at `now`, held within [0, duration]. */
export function replayElapsed(
  s: Pick<ReplayState, 'duration' | 'speed' | 'paused' | 'anchorElapsed' | 'anchorAt'>,
  now: number,
): number {
  const run = s.paused ? 0 : Math.max(0, now - s.anchorAt) * s.speed;
  return Math.max(0, Math.min(s.duration, s.anchorElapsed + run));
}

/**
 * The clock after a control at `now`: the anchor moves to now (so what was shown stays shown),
 * then the change applies. A clock that reached the end pauses there.
 */
export function controlReplay(
  s: ReplayState,
  now: number,
  c: { paused?: boolean; speed?: number; seek?: number; unsealed?: boolean },
): ReplayState {
  const at = c.seek ?? replayElapsed(s, now);
  const next: ReplayState = {
    ...s,
    anchorAt: now,
    anchorElapsed: Math.max(0, Math.min(s.duration, at)),
    speed: c.speed ?? s.speed,
    paused: c.paused ?? s.paused,
    unsealed: c.unsealed ?? s.unsealed,
    revision: s.revision + 1,
  };
  if (next.anchorElapsed >= next.duration) next.paused = true;
  return next;
}

export const ReplayStartBody = Type.Object({
  cid: Type.Integer({ minimum: 1 }),
  speed: Type.Optional(Type.Number({ minimum: REPLAY_MIN_SPEED, maximum: REPLAY_MAX_SPEED })),
  /** Show the unsealed board (the seal does not apply). */
  unsealed: Type.Optional(Type.Boolean()),
});
export type ReplayStartBody = Static<typeof ReplayStartBody>;

export const ReplayControlBody = Type.Object({
  rid: Type.Integer({ minimum: 1 }),
  paused: Type.Optional(Type.Boolean()),
  speed: Type.Optional(Type.Number({ minimum: REPLAY_MIN_SPEED, maximum: REPLAY_MAX_SPEED })),
  /** Elapsed contest milliseconds to jump to (clamped to the duration). */
  seek: Type.Optional(Type.Integer({ minimum: 0 })),
  unsealed: Type.Optional(Type.Boolean()),
  /** End the replay. */
  close: Type.Optional(Type.Boolean()),
});
export type ReplayControlBody = Static<typeof ReplayControlBody>;

export const ReplayRidQuery = Type.Object({ rid: Type.Integer({ minimum: 1 }) });
export type ReplayRidQuery = Static<typeof ReplayRidQuery>;

export const ReplayBoardQuery = Type.Object({
  rid: Type.Integer({ minimum: 1 }),
  currentPage: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
export type ReplayBoardQuery = Static<typeof ReplayBoardQuery>;

export const SubscribeReplaySchema = Type.Object({
  cid: Type.Integer({ minimum: 1 }),
  rid: Type.Integer({ minimum: 1 }),
});

/** Socket `contest:replay` (the replay's room): the clock changed or the board moved. */
export interface ReplayPushed {
  cid: number;
  rid: number;
  state: ReplayState;
  /** Elapsed ms the board is at. */
  elapsed: number;
  /** `<variant>/<version>` the board is at after the deltas. */
  version: string;
  sealed: boolean;
  deltas?: RankDelta[];
  /** Read the page again (seek back, seal began or ended, view changed). */
  reload?: true;
}

/** A page of the replay board, with what a viewer needs to follow the pushes. */
export const ReplayBoardPage = Type.Object({
  ...rankPageFields,
  /** `<variant>/<version>` the board is at (as x-oj-board-version). */
  version: Type.String(),
  elapsed: Type.Number(),
  sealed: Type.Boolean(),
  state: ReplayState,
  /** The caller may control the replay (admin or the contest's creator). */
  canControl: Type.Boolean(),
});
export type ReplayBoardPage = Static<typeof ReplayBoardPage>;
export const ReplayBoardPageEnvelope = EnvelopeOf(ReplayBoardPage);

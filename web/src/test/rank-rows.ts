// Scoreboard rows for the rank board tests.
import type { AcmRankRow } from '@oj/protocol/contest/scoreboard';
import type { TrainingRankRow } from '@oj/protocol/training/schemas';

/** An ACM row with no award, no profile fields and no per-problem cells; username = uid. */
export function acmRow(uid: string, rank: number, ac: number, totalTime: number): AcmRankRow {
  return {
    rank,
    isWinAward: false,
    awardName: null,
    awardBackground: null,
    awardColor: null,
    uid,
    username: uid,
    realname: null,
    nickname: null,
    school: null,
    gender: null,
    avatar: null,
    totalTime,
    total: ac,
    ac,
    submissionInfo: {},
  };
}

/** A training rank row with no profile fields, no run time and no cells; username = uid. */
export function trainingRow(uid: string, ac = 0, over: Partial<TrainingRankRow> = {}): TrainingRankRow {
  return {
    uid,
    username: uid,
    realname: null,
    nickname: null,
    school: null,
    gender: null,
    avatar: null,
    ac,
    totalRunTime: 0,
    submissionInfo: {},
    ...over,
  };
}

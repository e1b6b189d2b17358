// Scoreboard rows for the rank board tests.
import type { AcmRankRow } from '@oj/protocol/contest/scoreboard';

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

// Ports other capabilities read submissions through (account pages, problem list markers).
import type { Kysely } from 'kysely';
import { JudgeStatus } from '@oj/protocol';
import type { Database } from '../platform/db/schema';
import * as repo from './repository';
import type { ProblemStatusPort, SubmissionStatsPort } from './ports';

export function createSubmissionStats(db: Kysely<Database>): SubmissionStatsPort {
  return {
    totalSubmissions: (uid) => repo.countSiteSubmissions(db, uid),
    solvedProblemIds: (uid) => repo.solvedPids(db, uid),
    scoreList: (uid) => repo.maxRankScores(db, uid),
    heatmap: (uid, since) => repo.heatmapCounts(db, uid, since),
  };
}

export function createProblemStatus(db: Kysely<Database>): ProblemStatusPort {
  return {
    async statusFor(uid, pids, gid = null) {
      const found = await repo.userProblemStatuses(db, uid, pids, gid);
      return new Map(pids.map((pid) => [pid, found.get(pid) ?? JudgeStatus.NOT_SUBMITTED]));
    },
  };
}

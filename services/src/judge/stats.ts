// Ports other capabilities read submissions through (account pages, problem list markers).
import type { Kysely } from 'kysely';
import { JudgeStatus } from '@oj/protocol';
import type { Database } from '../platform/db/schema';
import * as repo from './repository';
import type { ProblemPort, ProblemStatus, ProblemStatusPort, SubmissionStatsPort } from './ports';

export function createSubmissionStats(db: Kysely<Database>, problems: ProblemPort): SubmissionStatsPort {
  return {
    async totalsFor(uid) {
      const [total, scoreList] = await Promise.all([
        repo.countSiteSubmissions(db, uid),
        repo.maxRankScores(db, uid),
      ]);
      return { total, scoreList };
    },
    async solvedProblems(uid) {
      const pids = await repo.solvedPids(db, uid);
      const summaries = await problems.summariesOf(pids);
      return pids.flatMap((id) => {
        const s = summaries.get(id);
        return s ? [{ id, problemId: s.problemId, difficulty: s.difficulty }] : [];
      });
    },
    heatmap: (uid, since) => repo.heatmapCounts(db, uid, since),
  };
}

/**
 * Status markers: non-contest lists → accepted (0) if ever accepted, else the latest status;
 * contest lists → the same over that contest's submissions (score of the latest for OI is the
 * contest capability's business; it is null here). Never submitted → -10.
 */
export function createProblemStatus(db: Kysely<Database>): ProblemStatusPort {
  return {
    async statusFor(uid, pids, scope) {
      const found = scope.contest
        ? await repo.userContestProblemStatuses(db, uid, pids, scope.cid ?? 0)
        : await repo.userProblemStatuses(db, uid, pids, scope.gid);
      return new Map<number, ProblemStatus>(
        pids.map((pid) => [pid, { status: found.get(pid) ?? JudgeStatus.NOT_SUBMITTED, score: null }]),
      );
    },
  };
}

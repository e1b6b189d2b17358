// The dashboard (reference §4.1): counts, the caller's sessions, and the live parts.
import type { Kysely } from 'kysely';
import { toDateStr } from '@oj/protocol';
import type { DashboardInfo, SessionVO } from '@oj/protocol/admin/schemas';
import type { Database } from '../platform/db/schema';
import { recentSessions } from '../account';
import * as repo from './repository';

export interface DashboardDeps {
  db: Kysely<Database>;
  now: () => Date;
}

const sessionVO = (s: {
  id: string | number;
  uid: string;
  ip: string | null;
  user_agent: string | null;
  gmt_create: Date;
}): SessionVO => ({
  id: Number(s.id),
  uid: s.uid,
  ip: s.ip,
  userAgent: s.user_agent,
  gmtCreate: toDateStr(s.gmt_create),
  gmtModified: toDateStr(s.gmt_create),
});

export function createDashboardService(d: DashboardDeps) {
  return {
    async info(): Promise<DashboardInfo> {
      const now = d.now();
      const midnight = new Date(now);
      midnight.setHours(0, 0, 0, 0);
      const [userNum, todayJudgeNum, contests] = await Promise.all([
        repo.countUsers(d.db),
        repo.countSubmissionsSince(d.db, midnight),
        repo.contestCounts(d.db, now),
      ]);
      return {
        userNum,
        todayJudgeNum,
        recentContestNum: contests.recent,
        runningContestNum: contests.running,
      };
    },
    /** The caller's previous session (the one before this login), or the only one. */
    async previousSession(uid: string): Promise<SessionVO | null> {
      const rows = await recentSessions(d.db, uid, 2);
      const pick = rows[1] ?? rows[0];
      return pick ? sessionVO(pick) : null;
    },
    async recentSessions(uid: string): Promise<SessionVO[]> {
      return (await recentSessions(d.db, uid, 10)).map(sessionVO);
    },
    async rateSeed(): Promise<Map<number, number>> {
      return repo.submissionsPerMinute(d.db, new Date(d.now().getTime() - 61 * 60_000));
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;

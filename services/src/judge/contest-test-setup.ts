// Shared set-up of the contest push and contest submission integration tests: the judge
// harness plus the real contest capability on the same database and bus, and helpers
// to create contests and problems through the contest service.
import type { Bus } from '@oj/protocol/bus';
import type { TestDatabase } from '../../test/support/db';
import { createContestCapability, type ContestCapability } from '../contest';
import {
  USERS,
  makeProblem,
  seedUsers,
  startHarness,
  testContext,
  type Harness,
  type MemoryProblems,
} from './test-harness';

export const MIN = 60_000;

type ContestInput = Parameters<ContestCapability['service']['adminCreate']>[1];

/**
 * The settings of a visible ACM contest by USERS.admin that started two hours before `now` and
 * ends an hour after it, board open and not sealed; `over` wins.
 */
export function runningContest(title: string, now: number, over: Record<string, unknown> = {}): ContestInput {
  return {
    title,
    description: 'd',
    type: 0,
    auth: 0,
    startTime: new Date(now - 120 * MIN).toISOString(),
    endTime: new Date(now + 60 * MIN).toISOString(),
    sealRank: false,
    sealRankTime: null,
    autoRealRank: true,
    openRank: true,
    openPrint: false,
    rankShowName: 'username',
    oiRankScoreType: 'Recent',
    starAccount: [],
    awardType: 0,
    awardConfigList: [],
    uid: USERS.admin.uid,
    author: USERS.admin.username,
    visible: true,
    ...over,
  };
}

/**
 * Inserts problem `<prefix>-<cid>-<displayId>`, hands it to the judge's problem port and links it
 * to contest `cid` as `displayId`.
 */
export async function linkNewProblem(
  db: TestDatabase['db'],
  contest: ContestCapability,
  problems: MemoryProblems,
  at: { cid: number; displayId: string; prefix: string; type?: 0 | 1 },
): Promise<{ pid: number; cpid: number }> {
  const { cid, displayId, type = 0 } = at;
  const problemId = `${at.prefix}-${cid}-${displayId}`;
  const r = await db
    .insertInto('problem')
    .values({ problem_id: problemId, title: `Problem ${problemId}`, type } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  problems.add(makeProblem(r.id, { problemId, type }));
  const cp = await contest.service.saveContestProblem({
    cid,
    pid: r.id,
    displayId,
    displayTitle: `Title ${displayId}`,
    color: null,
  });
  return { pid: r.id, cpid: cp.id };
}

/** The id of the contest titled `title` (titles are unique in these tests). */
export async function contestIdByTitle(db: TestDatabase['db'], title: string): Promise<number> {
  const row = await db
    .selectFrom('contest')
    .select('id')
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ContestHarness extends Harness {
  contest: ContestCapability;
  /** Creates a contest (creator USERS.admin) from the given settings; returns its id. */
  createContest(over?: Record<string, unknown>): Promise<number>;
  /** Creates a problem in the database and the judge's problem port, linked as `displayId`. */
  addProblem(cid: number, displayId: string, type?: 0 | 1): Promise<{ pid: number; cpid: number }>;
}

export async function startContestHarness(tdb: TestDatabase, bus: Bus): Promise<ContestHarness> {
  await seedUsers(tdb);
  await tdb.db.insertInto('user_role').values({ uid: USERS.root.uid, role_id: 1000 }).execute();
  const ctx = testContext(tdb.db, bus);
  const contest = createContestCapability(ctx);
  const h = await startHarness(tdb, bus, {
    contests: contest.submitPort,
    contestViews: contest.submissionViews,
  });
  await contest.start!();
  const now = Date.now();
  let seq = 0;
  return {
    ...h,
    contest,
    async createContest(over = {}) {
      const title = `contest ${++seq} ${Math.random()}`;
      await contest.service.adminCreate(
        USERS.admin,
        runningContest(title, now, {
          sealRank: true,
          sealRankTime: new Date(now - 30 * MIN).toISOString(),
          openRank: false,
          openPrint: true,
          ...over,
        }),
      );
      return contestIdByTitle(tdb.db, title);
    },
    addProblem: (cid, displayId, type = 0) =>
      linkNewProblem(tdb.db, contest, h.problems, { cid, displayId, type, prefix: 'CP' }),
    async close() {
      await contest.stop!();
      await h.close();
    },
  };
}

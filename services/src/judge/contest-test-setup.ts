// Shared set-up of the contest push and contest submission integration tests: the judge
// harness plus the real contest capability on the same database and bus, and helpers
// to create contests and problems through the contest service.
import type { Bus } from '@oj/protocol/bus';
import type { AppContext } from '../platform/context';
import type { Config } from '../platform/config';
import type { TestDatabase } from '../../test/support/db';
import { createContestCapability, type ContestCapability } from '../contest';
import { USERS, makeProblem, seedUsers, silentLog, startHarness, type Harness } from './test-harness';

export const MIN = 60_000;

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
  const ctx = {
    config: {} as Config,
    db: tdb.db,
    bus,
    blobs: null as never,
    log: silentLog,
  } satisfies AppContext;
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
      await contest.service.adminCreate(USERS.admin, {
        title,
        description: 'd',
        type: 0,
        auth: 0,
        startTime: new Date(now - 120 * MIN).toISOString(),
        endTime: new Date(now + 60 * MIN).toISOString(),
        sealRank: true,
        sealRankTime: new Date(now - 30 * MIN).toISOString(),
        autoRealRank: true,
        openRank: false,
        openPrint: true,
        rankShowName: 'username',
        oiRankScoreType: 'Recent',
        starAccount: [],
        awardType: 0,
        awardConfigList: [],
        uid: USERS.admin.uid,
        author: USERS.admin.username,
        visible: true,
        ...over,
      });
      const row = await tdb.db
        .selectFrom('contest')
        .select('id')
        .where('title', '=', title)
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async addProblem(cid, displayId, type = 0) {
      const problemId = `CP-${cid}-${displayId}`;
      const r = await tdb.db
        .insertInto('problem')
        .values({ problem_id: problemId, title: `Problem ${problemId}`, type } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      h.problems.add(makeProblem(r.id, { problemId, type }));
      const cp = await contest.service.saveContestProblem({
        cid,
        pid: r.id,
        displayId,
        displayTitle: `Title ${displayId}`,
        color: null,
      });
      return { pid: r.id, cpid: cp.id };
    },
    async close() {
      await contest.stop!();
      await h.close();
    },
  };
}

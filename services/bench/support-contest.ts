// Shared by the scoreboard HTTP benches: a running public ACM contest (13 problems, outside
// board open, not sealed) served by Fastify with the judge and contest capabilities, the
// socket.io gateway attached, PostgreSQL (a fresh database) and the in-process bus (or NATS_URL),
// a background board of `boardUsers` participants and `boardSubmissions` judged submissions
// inserted in SQL (participant n is uid bg-<n>, token tok-bg-<n>), and a stand-in judge runner
// working the real task queue.
import { sql } from 'kysely';
import { createMemoryBus, createNatsBus, type Bus } from '@oj/protocol/bus';
import { createContestCapability, type ContestCapability } from '../src/contest';
import { createGateway } from '../src/gateway';
import { createJudgeCapability } from '../src/judge';
import {
  MemoryProblems,
  RunnerStandIn,
  USERS,
  makeUser,
  seedUsers,
  testAuthenticator,
  testContext,
  OPEN_SWITCHES,
} from '../src/judge/test-harness';
import type { Authenticator } from '../src/platform/http/access';
import { buildApp, type App } from '../src/platform/http/app';
import type { DatabaseHandle } from '../src/platform/db';
import { contestIdByTitle, linkNewProblem, runningContest } from '../src/judge/contest-test-setup';
import { createTestDatabase } from '../test/support/db';

const MIN = 60_000;
const PROBLEMS = 13;

/** The rank request a board viewer sends first: page 1 of 50, no filters, as JSON. */
export function firstRankPageBody(cid: number): string {
  return JSON.stringify({
    cid,
    currentPage: 1,
    limit: 50,
    forceRefresh: false,
    removeStar: false,
    concernedList: [],
    containsEnd: false,
  });
}

export interface ContestServer {
  app: App;
  url: string;
  cid: number;
  problemIds: { pid: number; cpid: number; displayId: string }[];
  runner: RunnerStandIn;
  contest: ContestCapability;
  bus: Bus;
  db: DatabaseHandle['db'];
  close(): Promise<void>;
}

export async function startContestServer(opts: {
  boardUsers: number;
  boardSubmissions: number;
}): Promise<ContestServer> {
  const BOARD_USERS = opts.boardUsers;
  const BOARD_SUBMISSIONS = opts.boardSubmissions;
  const tdb = await createTestDatabase('postgres');
  const bus: Bus = process.env.NATS_URL
    ? await createNatsBus({
        servers: process.env.NATS_URL,
        name: 'bench-spectators',
        streamPrefix: `BENCH_${process.pid}`,
        subjectPrefix: `bench-${process.pid}`,
      })
    : createMemoryBus();
  await seedUsers(tdb);
  const ctx = testContext(tdb.db, bus);
  const problems = new MemoryProblems();
  const contest = createContestCapability(ctx);
  const judge = createJudgeCapability(ctx, {
    problems,
    switches: async () => OPEN_SWITCHES,
    contests: contest.submitPort,
    contestViews: contest.submissionViews,
  });
  // The fixed test users, plus one contestant per background participant: token `tok-bg-<n>`.
  const authenticator: Authenticator = {
    async authenticate(token, mayRenew) {
      const m = /^tok-bg-(\d+)$/.exec(token);
      if (!m) return testAuthenticator.authenticate(token, mayRenew);
      return { kind: 'ok', user: makeUser(`bg-${m[1]}`, `bg${m[1]}`, 1002), token };
    },
  };
  const app = await buildApp({ authenticator });
  await judge.routes!(app);
  await contest.routes!(app);
  await app.ready();
  await judge.start!();
  await contest.start!();
  const gateway = await createGateway({
    httpServer: app.server,
    bus,
    authenticator,
    judge: judge.service,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const runner = await new RunnerStandIn(bus).start();

  // A running public contest with an outside board, not sealed, 13 problems.
  const now = Date.now();
  const start = now - 120 * MIN;
  const title = `spectators ${now}`;
  await contest.service.adminCreate(USERS.admin, runningContest(title, now));
  const cid = await contestIdByTitle(tdb.db, title);
  const problemIds: { pid: number; cpid: number; displayId: string }[] = [];
  for (let i = 0; i < PROBLEMS; i++) {
    const displayId = String.fromCharCode(65 + i);
    const { pid, cpid } = await linkNewProblem(tdb.db, contest, problems, { cid, displayId, prefix: 'SP' });
    problemIds.push({ pid, cpid, displayId });
  }

  // The board's background: BOARD_USERS participants and BOARD_SUBMISSIONS judged submissions.
  await sql`insert into users (uid, username, password_hash, nickname, school, gmt_create)
    select 'bg-' || g, 'bg' || g, 'x', 'nick' || g, 'school' || (g % 300), now()
    from generate_series(1, ${BOARD_USERS}::int) g`.execute(tdb.db);
  const statuses = [0, 0, -1, -1, 1, -2];
  await sql`insert into judge (pid, display_pid, uid, username, submit_time, status, length, code, language, cid, cpid, time)
    select p.pid, p.display_pid, 'bg-' || u, 'bg' || u,
           to_timestamp(${start / 1000}::float8 + (random() * 7000)),
           (${sql.raw(`array[${statuses.join(',')}]`)})[1 + floor(random() * ${statuses.length})::int],
           10, 'int main(){}', 'C++', ${cid}::bigint, p.cpid, 10
    from generate_series(1, ${BOARD_SUBMISSIONS}::int) g
    cross join lateral (select 1 + floor(random() * ${BOARD_USERS})::int + g * 0 as u) uu
    cross join lateral (
      select * from (values ${sql.join(
        problemIds.map((p) => sql`(${p.pid}::bigint, ${p.displayId}::text, ${p.cpid}::bigint)`),
      )}) v(pid, display_pid, cpid)
      order by random() + g * 0 limit 1
    ) p`.execute(tdb.db);

  return {
    app,
    url,
    cid,
    problemIds,
    runner,
    contest,
    bus,
    db: tdb.db,
    async close() {
      await runner.close();
      await gateway.close();
      await contest.stop!();
      await judge.stop!();
      await app.close();
      await bus.close();
      await tdb.drop();
    },
  };
}

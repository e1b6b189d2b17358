// Group list and group rank latency under concurrent HTTP requests (issue #14): 10,000 groups and
// 200,000 memberships on PostgreSQL, first pages with C concurrent keep-alive connections for
// DURATION seconds each. The load generator (autocannon) runs in a child process; server and
// client share the machine's cores (load average reported next to every figure).
// Requests: the list (anonymous; a user with memberships, whose hidden groups are listed too;
// onlyMine), the rank of a typical group (20 members) and of the largest (2,000 members, 40,000
// submissions), ACM and OI, first pages and searched ones (searchUser set: since issue #29 both are
// sliced from the group's ranked list kept 10 s in memory; before, a search ran the query).
// Env: CONNECTIONS ("32"), DURATION (5). Run: npx tsx bench/group.ts (from services/).
// Writes bench-results/group.json.
import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { createMemoryBus } from '@oj/protocol/bus';
import { buildApp } from '../src/platform/http/app';
import { makeUser, testContext, tokenAuthenticator } from '../src/judge/test-harness';
import { createGroupCapability } from '../src/group';
import { createTestDatabase } from '../test/support/db';
import { report, startLoadChild } from './support';

const CONNECTIONS = (process.env.CONNECTIONS ?? '32').split(',').map(Number);
const DURATION = Number(process.env.DURATION ?? 5);
const GROUPS = 10_000;
const MEMBERSHIPS = 200_000;
const USERS = 20_000;
const BIG_GROUP_MEMBERS = 2_000;
const BIG_GROUP_SUBMISSIONS = 40_000;

interface Job {
  url: string;
  token: string | null;
  connections: number;
}
interface Outcome {
  requests: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  non2xx: number;
  badEnvelopes: number;
}

async function loadMain() {
  process.on('message', async (job: Job) => {
    let badEnvelopes = 0;
    const r = await autocannon({
      url: job.url,
      connections: job.connections,
      duration: DURATION,
      headers: job.token ? { authorization: job.token } : {},
      setupClient: (client) =>
        client.on('body', (body: Buffer) => {
          if (!body.toString('utf8', 0, 14).includes('"status":200')) badEnvelopes++;
        }),
    });
    process.send!({
      requests: r.requests.total,
      requestsPerSec: Math.round(r.requests.average),
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      maxMs: r.latency.max,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
      badEnvelopes,
    } satisfies Outcome);
  });
  process.send!('ready');
}

async function serverMain() {
  const tdb = await createTestDatabase('postgres');
  const seedStarted = performance.now();
  // Users u1..uN; groups 1000.. owned by u1..; memberships: every group 19 distinct members plus its
  // owner (auth 5), the big group 2,000; a mix of applying (1), refused (2), members, admins.
  await sql`insert into users (uid, username, password_hash, nickname)
    select 'u' || i, 'user' || i, 'x', 'nick' || i from generate_series(1, ${USERS}) i`.execute(tdb.db);
  await sql`insert into "group" (name, short_name, brief, description, owner, uid, auth, visible, code)
    select 'Group ' || i, 'g' || i, 'brief of group ' || i, 'description', 'user' || (i % ${USERS} + 1),
      'u' || (i % ${USERS} + 1), 1 + i % 3, i % 10 <> 0, 'ABC123'
    from generate_series(1, ${GROUPS}) i`.execute(tdb.db);
  await sql`insert into group_member (gid, uid, auth)
    select g.id, g.uid, 5 from "group" g`.execute(tdb.db);
  const perGroup = Math.floor((MEMBERSHIPS - GROUPS - BIG_GROUP_MEMBERS) / GROUPS);
  await sql`insert into group_member (gid, uid, auth)
    select g.id, 'u' || ((g.id * 7919 + k * 104729) % ${USERS} + 1),
      case when k % 10 = 0 then 1 when k % 10 = 1 then 2 when k % 10 = 2 then 4 else 3 end
    from "group" g cross join generate_series(1, ${perGroup}) k
    where g.id <> 1000
    on conflict do nothing`.execute(tdb.db);
  await sql`insert into group_member (gid, uid, auth)
    select 1000, 'u' || i, 3 from generate_series(2, ${BIG_GROUP_MEMBERS}) i
    on conflict do nothing`.execute(tdb.db);
  await sql`insert into judge (pid, display_pid, uid, username, status, length, code, language, cid, gid, oi_rank_score)
    select 1 + i % 50, 'P', 'u' || (2 + i % ${BIG_GROUP_MEMBERS - 1}), 'x', case when i % 3 = 0 then 0 else -1 end,
      1, 'c', 'C', case when i % 7 = 0 then 5 else 0 end, 1000, (i % 101)
    from generate_series(1, ${BIG_GROUP_SUBMISSIONS}) i`.execute(tdb.db);
  // A typical group gets 200 submissions.
  await sql`insert into judge (pid, display_pid, uid, username, status, length, code, language, cid, gid, oi_rank_score)
    select 1 + i % 10, 'P', m.uid, 'x', case when i % 2 = 0 then 0 else -1 end, 1, 'c', 'C', 0, 5000, 100
    from (select uid, row_number() over () as n from group_member where gid = 5000) m
    cross join generate_series(1, 10) i`.execute(tdb.db);
  await sql`analyze`.execute(tdb.db);
  const counts = await sql<{ g: string; m: string }>`select (select count(*) from "group") as g,
    (select count(*) from group_member) as m`.execute(tdb.db);
  const seedMs = Math.round(performance.now() - seedStarted);

  const bus = createMemoryBus();
  const group = createGroupCapability(testContext(tdb.db, bus));
  const viewer = makeUser('u2', 'user2', 1002);
  const typicalMember = (
    await sql<{ uid: string }>`select uid from group_member where gid = 5000 and auth = 3 limit 1`.execute(
      tdb.db,
    )
  ).rows[0]!.uid;
  const typical = makeUser(typicalMember, 'typical', 1002);
  const app = await buildApp({ authenticator: tokenAuthenticator({ viewer, typical }) });
  await group.routes!(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const scenarios: [string, string, string | null][] = [
    ['list anonymous', `${base}/api/get-group-list?currentPage=1&limit=15&onlyMine=false`, null],
    [
      'list member (visible or mine)',
      `${base}/api/get-group-list?currentPage=1&limit=15&onlyMine=false`,
      'viewer',
    ],
    ['list onlyMine', `${base}/api/get-group-list?currentPage=1&limit=15&onlyMine=true`, 'viewer'],
    ['list keyword', `${base}/api/get-group-list?currentPage=1&limit=15&keyword=group%2099`, null],
    ['rank typical ACM', `${base}/api/get-group-rank-list?gid=5000&type=0&currentPage=1&limit=30`, 'typical'],
    [
      'rank typical OI searched',
      `${base}/api/get-group-rank-list?gid=5000&type=1&limit=30&searchUser=u`,
      'typical',
    ],
    ['rank big ACM', `${base}/api/get-group-rank-list?gid=1000&type=0&currentPage=1&limit=30`, 'viewer'],
    [
      'rank big OI searched',
      `${base}/api/get-group-rank-list?gid=1000&type=1&limit=30&searchUser=user`,
      'viewer',
    ],
  ];

  const child = await startLoadChild<Job, Outcome>(import.meta.url);
  const run = (job: Job) => child.run(job);
  const results: Record<string, unknown>[] = [];
  for (const connections of CONNECTIONS) {
    for (const [name, url, token] of scenarios) {
      const o = await run({ url, token, connections });
      const row = { name, connections, ...o, load1m: Math.round(os.loadavg()[0]! * 10) / 10 };
      results.push(row);
      console.log(JSON.stringify(row));
    }
  }
  child.kill();
  await app.close();
  await bus.close();
  await tdb.drop();
  report('group', {
    groups: Number(counts.rows[0]!.g),
    memberships: Number(counts.rows[0]!.m),
    bigGroup: { members: BIG_GROUP_MEMBERS, submissions: BIG_GROUP_SUBMISSIONS },
    seedMs,
    durationSec: DURATION,
    results,
    machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10) },
    node: process.version,
  });
}

if (process.argv[2] === '--load') await loadMain();
else await serverMain();

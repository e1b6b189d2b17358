// Contest API event feed bench (issue #24 item 2): CLIENTS anonymous clients (default 1,000) follow
// `GET /api/ccs/contests/{id}/event-feed` of a running ACM contest; VERDICTS verdicts (default 20)
// are judged one after another, and for each the clock runs from the moment the stand-in runner
// sends the result to the moment each client has read the submission's judgement event with its
// judgement type. Memory per idle client: RSS and heap (after a GC when run with --expose-gc) of the
// server process once every client is connected and idle, minus the same before they connected,
// divided by CLIENTS. The clients run in a child process (their sockets are not the server's
// memory). The server is the judge, contest and Contest API capabilities on a fresh PostgreSQL
// database and the in-process bus, as the Contest API's integration test composes them, with a
// background board of BOARD_USERS participants and BOARD_SUBMISSIONS judged submissions (defaults
// 200 / 1,000) so that each refresh reads a contest of a realistic size. Aims: p99 ≤ 100 ms,
// ≤ 20 KB per idle client. Writes bench-results/ccs-feed.json.
// Run: npm run bench:ccs-feed -w @oj/services  (env CLIENTS, VERDICTS, BOARD_USERS, BOARD_SUBMISSIONS)
import { fork } from 'node:child_process';
import { request, Agent } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { createMemoryBus } from '@oj/protocol/bus';
import { createCcsCapability } from '../src/contest/ccs';
import { RunnerStandIn, USERS, testAuthenticator, testContext } from '../src/judge/test-harness';
import { startContestHarness } from '../src/judge/contest-test-setup';
import { buildApp } from '../src/platform/http/app';
import { verifyCredentials } from '../src/account';
import { createTestDatabase } from '../test/support/db';
import { report } from './support';

const CLIENTS = Number(process.env.CLIENTS ?? 1000);
const VERDICTS = Number(process.env.VERDICTS ?? 20);
const BOARD_USERS = Number(process.env.BOARD_USERS ?? 200);
const BOARD_SUBMISSIONS = Number(process.env.BOARD_SUBMISSIONS ?? 1000);
const AIM_P99_MS = 100;
const AIM_BYTES_PER_CLIENT = 20 * 1024;

type ToChild =
  { kind: 'connect'; url: string; n: number } | { kind: 'await'; id: string } | { kind: 'close' };
type FromChild =
  | { kind: 'ready' }
  | { kind: 'connected'; failed: number }
  | { kind: 'arrived'; id: string; at: number[]; missing: number };

// ---- The clients (child process) ----

function clients() {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  /** Per client: judgement ids seen with a judgement type, and when. */
  const seen: Map<string, number>[] = [];
  const reqs: ReturnType<typeof request>[] = [];
  let wanted: { id: string; done: () => void } | null = null;
  const send = (m: FromChild) => process.send!(m);

  function check() {
    if (wanted && seen.every((s) => s.has(wanted!.id))) wanted.done();
  }

  function open(url: string, i: number): Promise<boolean> {
    return new Promise((resolve) => {
      const mine = new Map<string, number>();
      seen[i] = mine;
      const req = request(url, { agent }, (res) => {
        if (res.statusCode !== 200) {
          resolve(false);
          return;
        }
        let buf = '';
        // Headers are the sign of a followed feed (a resumed one may have nothing to send yet).
        resolve(true);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = Date.now();
          buf += chunk;
          const parts = buf.split('\n');
          buf = parts.pop()!;
          for (const l of parts) {
            if (!l.trim()) continue;
            const e = JSON.parse(l) as {
              type: string;
              id: string;
              data: { judgement_type_id?: string } | null;
            };
            if (e.type === 'judgements' && e.data?.judgement_type_id && !mine.has(e.id)) mine.set(e.id, at);
          }
          check();
        });
      });
      req.on('error', () => resolve(false));
      req.end();
      reqs.push(req);
    });
  }

  process.on('message', async (m: ToChild) => {
    if (m.kind === 'connect') {
      let failed = 0;
      // In waves of 100, as a crowd arriving over a few seconds would.
      for (let i = 0; i < m.n; i += 100) {
        const oks = await Promise.all(
          Array.from({ length: Math.min(100, m.n - i) }, (_, k) => open(m.url, i + k)),
        );
        failed += oks.filter((ok) => !ok).length;
      }
      send({ kind: 'connected', failed });
    } else if (m.kind === 'await') {
      const id = m.id;
      const timer = setTimeout(() => finish(), 30_000);
      const finish = () => {
        clearTimeout(timer);
        wanted = null;
        const at = seen.map((s) => s.get(id)).filter((t): t is number => t !== undefined);
        send({ kind: 'arrived', id, at, missing: seen.length - at.length });
      };
      wanted = { id, done: finish };
      check();
    } else {
      for (const r of reqs) r.destroy();
      process.exit(0);
    }
  });
  send({ kind: 'ready' });
}

// ---- The server and the measure (parent) ----

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

async function settle(): Promise<{ rss: number; heap: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 200));
  }
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
}

async function main() {
  const load0 = loadavg();
  const tdb = await createTestDatabase('postgres');
  const bus = createMemoryBus();
  const h = await startContestHarness(tdb, bus);
  await tdb.db
    .insertInto('language')
    .values({
      name: 'C++',
      description: 'G++',
      content_type: 'text/x-c++src',
      compile_command: null,
      template: null,
      code_template: null,
      is_spj: false,
      oj: 'ME',
      seq: 1,
    })
    .execute();
  const app = await buildApp({ authenticator: testAuthenticator });
  const ccs = createCcsCapability(testContext(tdb.db, bus), {
    contest: h.contest,
    credentials: (u, p) => verifyCredentials(tdb.db, u, p),
  });
  await ccs.routes!(app);
  await app.ready();
  await ccs.start!();
  const runner = await new RunnerStandIn(bus).start();
  // A running ACM contest, not sealed, board open: the public sees every judgement.
  const cid = await h.createContest({ sealRank: false, sealRankTime: null, openRank: true });
  const problems = [];
  for (const label of ['A', 'B', 'C', 'D', 'E'])
    problems.push({ label, ...(await h.addProblem(cid, label)) });
  await sql`insert into users (uid, username, password_hash, nickname, school, gmt_create)
    select 'bg-' || g, 'bg' || g, 'x', 'nick' || g, 'school' || (g % 50), now()
    from generate_series(1, ${BOARD_USERS}::int) g`.execute(tdb.db);
  await sql`insert into contest_register (cid, uid, status)
    select ${cid}::bigint, 'bg-' || g, 0 from generate_series(1, ${BOARD_USERS}::int) g`
    .execute(tdb.db)
    .catch(() => undefined); // registrations only add teams without submissions
  const statuses = [0, 0, -1, -1, 1, -2];
  await sql`insert into judge (pid, display_pid, uid, username, submit_time, status, length, code, language, cid, cpid, time, judger)
    select p.pid, p.display_pid, 'bg-' || u, 'bg' || u,
           now() - interval '100 minutes' + (random() * interval '90 minutes'),
           (${sql.raw(`array[${statuses.join(',')}]`)})[1 + floor(random() * ${statuses.length})::int],
           10, 'int main(){}', 'C++', ${cid}::bigint, p.cpid, 10, 'bench'
    from generate_series(1, ${BOARD_SUBMISSIONS}::int) g
    cross join lateral (select 1 + floor(random() * ${BOARD_USERS})::int + g * 0 as u) uu
    cross join lateral (
      select * from (values ${sql.join(
        problems.map((p) => sql`(${p.pid}::bigint, ${p.label}::text, ${p.cpid}::bigint)`),
      )}) v(pid, display_pid, cpid)
      order by random() + g * 0 limit 1
    ) p`.execute(tdb.db);

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${address}/api/ccs/contests/${cid}/event-feed`;
  // One client first: the feed is built (the whole contest read once) before the baseline; its
  // last token is where the crowd resumes (FROM_START=1: every client reads the whole feed first).
  const t0warm = Date.now();
  const whole = await fetch(`${url}?stream=false`).then((r) => r.text());
  const warm = Date.now() - t0warm;
  const lastToken = (JSON.parse(whole.trimEnd().split('\n').pop()!) as { token: string }).token;
  const crowdUrl = process.env.FROM_START === '1' ? url : `${url}?since_token=${lastToken}`;

  const child = fork(fileURLToPath(import.meta.url), ['--clients'], { execArgv: ['--import', 'tsx'] });
  const inbox: FromChild[] = [];
  let wake: () => void = () => undefined;
  child.on('message', (m: FromChild) => {
    inbox.push(m);
    wake();
  });
  const next = async <K extends FromChild['kind']>(kind: K): Promise<Extract<FromChild, { kind: K }>> => {
    for (;;) {
      const i = inbox.findIndex((m) => m.kind === kind);
      if (i >= 0) return inbox.splice(i, 1)[0] as Extract<FromChild, { kind: K }>;
      await new Promise<void>((r) => (wake = r));
    }
  };
  await next('ready');
  const before = await settle();
  const t0 = Date.now();
  child.send({ kind: 'connect', url: crowdUrl, n: CLIENTS } satisfies ToChild);
  const { failed } = await next('connected');
  const connectMs = Date.now() - t0;
  const after = await settle();

  const latencies: number[] = [];
  let missing = 0;
  for (let k = 0; k < VERDICTS; k++) {
    const view = await h.judge.service.submit(
      USERS.alice,
      { pid: 'A', cid, language: 'C++', code: `int main(){} // ${k}`, isRemote: false },
      null,
      null,
    );
    const id = String(view.submitId);
    const task = await runner.waitForSubmission(view.submitId!);
    child.send({ kind: 'await', id } satisfies ToChild);
    const sent = Date.now();
    await runner.finish(runner.resultFor(task, k % 3 === 0 ? 0 : -1));
    const got = await next('arrived');
    latencies.push(...got.at.map((t) => t - sent));
    missing += got.missing;
  }
  latencies.sort((a, b) => a - b);
  child.send({ kind: 'close' } satisfies ToChild);

  const p50 = pct(latencies, 50);
  const p99 = pct(latencies, 99);
  const rssPerClient = (after.rss - before.rss) / CLIENTS;
  const heapPerClient = (after.heap - before.heap) / CLIENTS;
  const load1 = loadavg();
  const result = {
    clients: CLIENTS,
    failedConnections: failed,
    verdicts: VERDICTS,
    boardUsers: BOARD_USERS,
    boardSubmissions: BOARD_SUBMISSIONS,
    gcExposed: typeof (globalThis as { gc?: unknown }).gc === 'function',
    firstFeedMs: warm,
    firstFeedBytes: whole.length,
    crowdResumes: crowdUrl !== url,
    connectAllMs: connectMs,
    deliveries: latencies.length,
    missedDeliveries: missing,
    verdictToEventP50Ms: p50,
    verdictToEventP99Ms: p99,
    verdictToEventMaxMs: latencies[latencies.length - 1] ?? NaN,
    p99OfAim: Number((p99 / AIM_P99_MS).toFixed(2)),
    rssPerIdleClientBytes: Math.round(rssPerClient),
    heapPerIdleClientBytes: Math.round(heapPerClient),
    rssPerClientOfAim: Number((rssPerClient / AIM_BYTES_PER_CLIENT).toFixed(2)),
    heapPerClientOfAim: Number((heapPerClient / AIM_BYTES_PER_CLIENT).toFixed(2)),
    loadAverageBefore: load0.map((x) => Number(x.toFixed(2))),
    loadAverageAfter: load1.map((x) => Number(x.toFixed(2))),
  };
  console.log(
    `ccs-feed: ${CLIENTS} clients (${failed} failed), ${VERDICTS} verdicts: verdict → judgement event ` +
      `p50 ${p50} ms, p99 ${p99} ms (${result.p99OfAim}× the 100 ms aim), ${missing} missed; ` +
      `per idle client RSS ${(rssPerClient / 1024).toFixed(1)} KB, heap ${(heapPerClient / 1024).toFixed(1)} KB ` +
      `(${result.rssPerClientOfAim}× / ${result.heapPerClientOfAim}× the 20 KB aim); ` +
      `load average ${load0.map((x) => x.toFixed(1)).join(' ')} → ${load1.map((x) => x.toFixed(1)).join(' ')}`,
  );
  report('ccs-feed', result);
  await ccs.stop!();
  await runner.close();
  await app.close();
  await h.close();
  await bus.close();
  await tdb.drop();
}

if (process.argv.includes('--clients')) clients();
else
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );

// Rank page latency under concurrent HTTP requests (issue #6): the real rank endpoints
// (POST /api/get-contest-outside-scoreboard anonymous, POST /api/get-contest-rank as a
// contestant: pinned own row) of a running contest, page 1 / 50 rows, with C concurrent
// keep-alive connections for DURATION seconds each, while verdicts keep changing the board
// (one every VERDICT_MS through the live path, so cached rows are rebuilt after each).
// The load generator (autocannon) runs in a child process; server and client share the
// machine's 2 cores (load reported). Auth is the test token authenticator (no JWT cost).
// Env: CONNECTIONS ("1,8,32"), DURATION (5), VERDICT_MS (200), BOARD_USERS (10000),
// BOARD_SUBMISSIONS (500000).
// Run: npx tsx bench/scoreboard-http.ts (from services/). Writes bench-results/scoreboard-http.json.
import os from 'node:os';
import autocannon from 'autocannon';
import { USERS, tokenOf } from '../src/judge/test-harness';
import { report, startLoadChild } from './support';
import { firstRankPageBody, startContestServer } from './support-contest';

const CONNECTIONS = (process.env.CONNECTIONS ?? '1,8,32').split(',').map(Number);
const DURATION = Number(process.env.DURATION ?? 5);
const VERDICT_MS = Number(process.env.VERDICT_MS ?? 200);
const BOARD_USERS = Number(process.env.BOARD_USERS ?? 10_000);
const BOARD_SUBMISSIONS = Number(process.env.BOARD_SUBMISSIONS ?? 500_000);

interface Job {
  url: string;
  path: string;
  token: string | null;
  cid: number;
  connections: number;
}

interface Outcome {
  requests: number;
  requestsPerSec: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  non2xx: number;
}

async function loadMain() {
  process.on('message', async (job: Job) => {
    const r = await autocannon({
      url: job.url + job.path,
      method: 'POST',
      connections: job.connections,
      duration: DURATION,
      // As a browser: gzip accepted (pages every viewer shares are sent gzipped).
      headers: {
        'content-type': 'application/json',
        'accept-encoding': 'gzip',
        ...(job.token ? { authorization: job.token } : {}),
      },
      body: firstRankPageBody(job.cid),
    });
    const outcome: Outcome = {
      requests: r.requests.total,
      requestsPerSec: Math.round(r.requests.average),
      p50Ms: r.latency.p50,
      p90Ms: r.latency.p90,
      p99Ms: r.latency.p99,
      maxMs: r.latency.max,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
    };
    process.send!(outcome);
  });
  process.send!('ready');
}

async function serverMain() {
  const server = await startContestServer({ boardUsers: BOARD_USERS, boardSubmissions: BOARD_SUBMISSIONS });
  const { app, url, cid, problemIds, runner } = server;
  const body = { cid, currentPage: 1, limit: 50 };
  // Load the board once (the first request of a contest reads every submission).
  const loadStarted = performance.now();
  const first = await app.inject({
    method: 'POST',
    url: '/api/get-contest-outside-scoreboard',
    payload: body,
  });
  const boardLoadMs = Math.round(performance.now() - loadStarted);
  if (first.json().status !== 200) throw new Error(`rank page failed: ${first.body.slice(0, 200)}`);

  // Verdicts keep coming: alice submits and the stand-in runner answers (accepted or wrong).
  let verdicts = 0;
  let stop = false;
  const verdictLoop = (async () => {
    for (let i = 0; !stop; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/submit-problem-judge',
        headers: { authorization: tokenOf(USERS.alice) },
        payload: {
          pid: problemIds[i % problemIds.length]!.displayId,
          cid,
          language: 'C++',
          code: 'int main(){}',
        },
      });
      const task = await runner.waitForSubmission(
        (res.json() as { data: { submitId: number } }).data.submitId,
      );
      await runner.finish(runner.resultFor(task, i % 3 === 0 ? 0 : -1));
      verdicts++;
      await new Promise((resolve) => setTimeout(resolve, VERDICT_MS));
    }
  })();

  const child = await startLoadChild<Job, Outcome>(import.meta.url);
  const run = (job: Job) => child.run(job);

  const results: Record<
    string,
    Outcome & { connections: number; serverCpuMsPerRequest: number; load1m: number }
  >[] = [];
  for (const connections of CONNECTIONS) {
    for (const [name, path, token] of [
      ['outside', '/api/get-contest-outside-scoreboard', null],
      ['inner', '/api/get-contest-rank', tokenOf(USERS.alice)],
    ] as const) {
      const cpu = process.cpuUsage();
      const o = await run({ url, path, token, cid, connections });
      const d = process.cpuUsage(cpu);
      const row = {
        [name]: {
          connections,
          ...o,
          serverCpuMsPerRequest:
            Math.round(((d.user + d.system) / 1000 / Math.max(1, o.requests)) * 1000) / 1000,
          load1m: Math.round(os.loadavg()[0]! * 10) / 10,
        },
      };
      results.push(row);
      console.log(JSON.stringify(row));
    }
  }
  stop = true;
  await verdictLoop;
  child.kill();
  await server.close();
  report('scoreboard-http', {
    boardUsers: BOARD_USERS,
    boardSubmissions: BOARD_SUBMISSIONS,
    boardLoadMs,
    durationSec: DURATION,
    verdictEveryMs: VERDICT_MS,
    verdictsDuringRun: verdicts,
    results,
    machine: { cpus: os.cpus().length, loadAverage1m: Math.round(os.loadavg()[0]! * 10) / 10 },
    node: process.version,
  });
}

if (process.argv[2] === '--load') await loadMain();
else await serverMain();

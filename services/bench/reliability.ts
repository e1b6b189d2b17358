// Reliability measures (issue #11), on real processes started from their bundles (a fresh
// PostgreSQL database, a private nats-server on a port of its own, API / gateway / runners as
// child processes, see test/faults/cluster.ts):
// - runner SIGKILL mid-judge → the verdict of the task it held (the task judges ~1 s);
// - gateway restart (SIGTERM, then a new process) → the first verdict push on a client that was
//   connected before, while verdicts keep flowing;
// - API SIGKILL → its first answer once started again (what the cluster supervisor does);
// - mixed reads (problem list, submission list, contest rank) on one API process at 32
//   connections with verdicts flowing, at OJ_DB_POOL 10 and 20 (the default).
// Prints os.loadavg() next to the figures; writes bench-results/reliability.json.
import { loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { JudgeStatus } from '@oj/protocol';
import type { Database } from '../src/platform/db/schema';
import { createContestCapability } from '../src/contest';
import { runningContest } from '../src/judge/contest-test-setup';
import { makeUser, silentLog, testContext } from '../src/judge/test-harness';
import { createMemoryBus } from '@oj/protocol/bus';
import {
  FINAL,
  PROGRAMS,
  PrivateNats,
  PushClient,
  Rest,
  answering,
  apiProcess,
  ensureBuilt,
  freePort,
  gatewayProcess,
  runnerProcess,
  until,
  type Proc,
} from '../test/faults/cluster';
import { firstRankPageBody } from './support-contest';
import { freshPostgres, report } from './support';

const ROOT_PASSWORD = 'bench-root-1';
/** BENCH_QUICK=1: one round of each and short loads (a smoke run of the bench itself). */
const QUICK = process.env.BENCH_QUICK === '1';
const REPEAT = QUICK ? 1 : 3;
const load = () => loadavg().map((n) => Number(n.toFixed(2)));

async function main() {
  ensureBuilt();
  const loadBefore = load();
  console.log(`loadavg before: ${loadBefore.join(' ')}`);
  const nats = new PrivateNats(await freePort());
  await nats.start();
  const database = await freshPostgres();
  const env = {
    DATABASE_URL: database.url,
    NATS_URL: nats.url,
    OJ_NATS_PREFIX: 'bench',
    OJ_ROOT_PASSWORD: ROOT_PASSWORD,
    OJ_ATTACH_GATEWAY: 'false',
    LOG_LEVEL: 'warn',
    OJ_DATA_DIR: join(tmpdir(), 'oj-bench-unused'),
  };
  const apiPort = await freePort();
  const base = `http://127.0.0.1:${apiPort}`;
  let api = apiProcess('api', apiPort, env).start();
  await answering(base, 180_000);
  const gatewayPort = await freePort();
  const gateway = gatewayProcess('gateway', gatewayPort, { ...env, LOG_LEVEL: 'info' }).start();
  await gateway.waitFor(/push gateway listening/);
  const runners: Proc[] = ['bench-a', 'bench-b'].map((n) =>
    runnerProcess(n, { ...env, LOG_LEVEL: 'info' }).start(),
  );
  for (const r of runners) await r.waitFor(/ready:/, 180_000);
  const rest = new Rest(base);
  await rest.login('root', ROOT_PASSWORD);
  await rest.openSubmitInterval();
  const client = new PushClient(`http://127.0.0.1:${gatewayPort}`, rest.token!, rest);
  await client.connected();
  const results: Record<string, unknown> = {};

  try {
    // ---- runner SIGKILL → verdict of its task ----
    const runnerKill: { verdictMs: number }[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const r = await rest.submit(PROGRAMS.slowAc(0.2));
      const id = r.data.submitId;
      const judging = await until(
        () => client.updates.find((u) => u.submitId === id && u.status === JudgeStatus.JUDGING && u.judger),
        (u) => !!u,
        'judging',
      );
      const holder = runners.find((p) => p.name === judging!.judger)!;
      await holder.stop('SIGKILL');
      const killedAt = Date.now();
      await until(
        () => client.finals.get(id),
        (f) => !!f,
        'the verdict',
        60_000,
        10,
      );
      runnerKill.push({ verdictMs: client.finals.get(id)!.at - killedAt });
      holder.start();
      await holder.waitFor(/ready:/, 180_000);
    }
    results.runnerSigkillToVerdictMs = runnerKill.map((x) => x.verdictMs);
    console.log(
      `runner SIGKILL → verdict: ${JSON.stringify(results.runnerSigkillToVerdictMs)} ms (load ${load()})`,
    );

    // ---- gateway restart → first verdict push on a connected client ----
    const gatewayRestart: { fromSigtermMs: number; fromSpawnMs: number }[] = [];
    for (let i = 0; i < REPEAT; i++) {
      let flowing = true;
      const flow = (async () => {
        while (flowing) {
          const r = await rest.submit(PROGRAMS.ac).catch(() => null);
          if (r?.status === 200) client.watch(r.data.submitId);
          await new Promise((res) => setTimeout(res, 150));
        }
      })();
      await until(
        () => client.updates.length,
        (n) => n > 0,
        'a first push',
      );
      const sigterm = Date.now();
      await gateway.stop('SIGTERM');
      const spawned = Date.now();
      gateway.start();
      await until(
        () => client.updates.find((u) => u.reason === 'result' && u.at > spawned),
        (u) => !!u,
        'a verdict push after the restart',
        60_000,
        5,
      );
      const first = Date.now();
      gatewayRestart.push({ fromSigtermMs: first - sigterm, fromSpawnMs: first - spawned });
      flowing = false;
      await flow;
    }
    results.gatewayRestartToFirstPushMs = gatewayRestart;
    console.log(`gateway restart → first push: ${JSON.stringify(gatewayRestart)} (load ${load()})`);

    // ---- API SIGKILL → first answer ----
    const apiRestart: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      await api.stop('SIGKILL');
      const killedAt = Date.now();
      api = apiProcess('api', apiPort, env).start();
      await answering(base, 120_000);
      apiRestart.push(Date.now() - killedAt);
    }
    results.apiSigkillToAnswerMs = apiRestart;
    console.log(`API SIGKILL → first answer: ${JSON.stringify(apiRestart)} ms (load ${load()})`);

    // ---- mixed reads at 32 connections, verdicts flowing ----
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 2 }) }),
    });
    const contest = createContestCapability(testContext(db, createMemoryBus(), silentLog));
    const rootUser = makeUser('1', 'root', 1000);
    await contest.service.adminCreate(rootUser, runningContest('bench board', Date.now()) as never);
    const { id: cid } = await db
      .selectFrom('contest')
      .select('id')
      .where('title', '=', 'bench board')
      .executeTakeFirstOrThrow();
    await db.destroy();
    const mixed: Record<string, unknown> = {};
    for (const pool of ['10', '20']) {
      await api.stop('SIGTERM');
      api = apiProcess('api', apiPort, { ...env, OJ_DB_POOL: pool }).start();
      await answering(base, 120_000);
      let flowing = true;
      let verdicts = 0;
      // Five submissions a second, not waiting for each answer (the API is saturated by the reads).
      const flow = (async () => {
        while (flowing) {
          void rest
            .submit(PROGRAMS.ac)
            .then((r) => r.status === 200 && client.watch(r.data.submitId))
            .catch(() => null);
          await new Promise((res) => setTimeout(res, 200));
        }
      })();
      const finalsBefore = client.finals.size;
      const loadAt = load();
      const r = await autocannon({
        url: base,
        connections: 32,
        duration: QUICK ? 3 : 10,
        requests: [
          { method: 'GET', path: '/api/get-problem-list?currentPage=1&limit=20' },
          { method: 'GET', path: '/api/get-submission-list?onlyMine=false&currentPage=1&limit=20' },
          {
            method: 'POST',
            path: '/api/get-contest-outside-scoreboard',
            headers: { 'content-type': 'application/json' },
            body: firstRankPageBody(cid),
          },
        ],
      });
      flowing = false;
      await flow;
      verdicts = client.finals.size - finalsBefore;
      mixed[`pool${pool}`] = {
        requestsPerSec: Math.round(r.requests.average),
        p50Ms: r.latency.p50,
        p99Ms: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
        verdictsDuring: verdicts,
        loadavg: loadAt,
      };
      console.log(`mixed reads, OJ_DB_POOL=${pool}: ${JSON.stringify(mixed[`pool${pool}`])}`);
    }
    results.mixedReads32 = mixed;
    // Every submission of the bench gets its verdict.
    const open = () => [...client.watched].filter((id) => !FINAL(client.finals.get(id)?.status ?? 5));
    await until(open, (ids) => ids.length === 0, 'the last verdicts', 120_000, 200).catch(() => undefined);
    await client.resync();
    results.unfinishedAtEnd = open().length;
  } finally {
    client.close();
    for (const p of [...runners, gateway, api]) await p.stop();
    await database.drop();
    await nats.dispose();
  }
  report(QUICK ? 'reliability-smoke' : 'reliability', {
    loadavgBefore: loadBefore,
    loadavgAfter: load(),
    ...results,
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

// Fault injection (issue #11): a cluster of real processes — two API processes, a standalone
// gateway, two judge runners — on a fresh PostgreSQL database and a private nats-server, then the
// one-process start on its own. Each case kills or cuts something while submissions flow; at the
// end every submission has its right verdict, none is unfinished, none was judged twice, the
// problem counters match the rows, and every connected client has every verdict.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, Subjects } from '@oj/protocol';
import { createNatsBus, natsNamespace, type Bus } from '@oj/protocol/bus';
import type { JudgeProgress, JudgeResult } from '@oj/protocol/judge/schemas';
import { TASK_ACK_DEADLINE_MS } from '@oj/protocol/judge/lease';
import { BENCH_PG_URL, freshPostgres } from '../../bench/support';
import { loadOrBuildTemplate } from '../../src/platform/db/pglite-template';
import {
  FINAL,
  PROGRAMS,
  PrivateNats,
  PushClient,
  Rest,
  answering,
  apiProcess,
  embeddedProcess,
  ensureBuilt,
  freePort,
  gatewayProcess,
  runnerProcess,
  until,
  type Proc,
} from './cluster';

const AC = JudgeStatus.ACCEPTED;
const WA = JudgeStatus.WRONG_ANSWER;
const ROOT_PASSWORD = 'faults-root-1';

describe('cluster under faults (PostgreSQL, private NATS, 2 API, gateway, 2 runners)', () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  let sqlClient: pg.Client;
  let nats: PrivateNats;
  const api: Proc[] = [];
  const apiBase: string[] = [];
  let gateway: Proc;
  let gatewayUrl: string;
  const runners: Proc[] = [];
  let rest: Rest;
  const clients: PushClient[] = [];
  /** submitId → the verdict it must end with. */
  const expected = new Map<number, number>();
  /** Judgings started per submission (a runner's Compiling report opens each), seen on the bus. */
  const judgings = new Map<number, number>();
  /** Who started each judging and when, and the case each submission was made in: for failure messages. */
  const judgingLog = new Map<number, string[]>();
  const caseOf = new Map<number, string>();
  /** Submissions judged twice by design (their first runner was killed mid-judge). */
  const judgedAgainOnPurpose = new Set<number>();
  let monitor: Bus;
  let runnerEnv: Record<string, string> = {};

  const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await sqlClient.query<R>(text, values)).rows;

  const track = (id: number, verdict: number) => {
    expected.set(id, verdict);
    caseOf.set(id, expect.getState().currentTestName ?? '?');
    for (const c of clients) c.watch(id);
  };

  async function submit(via: Rest, code: string, verdict: number): Promise<number> {
    const r = await via.submit(code);
    expect(r.status, r.msg).toBe(200);
    track(r.data.submitId, verdict);
    return r.data.submitId;
  }

  const statusOf = async (ids: number[]) =>
    new Map(
      (
        await query<{ submit_id: string; status: number }>(
          'select submit_id, status from judge where submit_id = any($1::bigint[])',
          [ids],
        )
      ).map((r) => [Number(r.submit_id), r.status]),
    );

  const allFinal = (ids: number[], timeoutMs = 90_000) =>
    until(
      () => statusOf(ids),
      (m) => ids.every((id) => m.has(id) && FINAL(m.get(id)!)),
      `submissions ${ids.join(',')} to be final`,
      timeoutMs,
      100,
    );

  beforeAll(async () => {
    ensureBuilt();
    nats = new PrivateNats(await freePort());
    await nats.start();
    database = await freshPostgres();
    sqlClient = new pg.Client({ connectionString: database.url });
    await sqlClient.connect();
    monitor = await createNatsBus({
      servers: nats.url,
      name: 'faults-monitor',
      ...natsNamespace('faults'),
      onHandlerError: () => {},
      log: () => {},
    });
    await monitor.subscribe<JudgeProgress>(Subjects.judgeProgressAll, (p) => {
      if (p.kind === 'submission' && p.submitId !== undefined && p.status === JudgeStatus.COMPILING) {
        judgings.set(p.submitId, (judgings.get(p.submitId) ?? 0) + 1);
        judgingLog.set(p.submitId, [...(judgingLog.get(p.submitId) ?? []), `${p.judger} at ${Date.now()}`]);
      }
    });
    const env = {
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      OJ_NATS_PREFIX: 'faults',
      OJ_ROOT_PASSWORD: ROOT_PASSWORD,
      OJ_ATTACH_GATEWAY: 'false',
      LOG_LEVEL: 'info',
      OJ_DATA_DIR: join(tmpdir(), 'oj-faults-unused'),
      // The faults here are kills and outages, not overload: a loaded test machine's event-loop lag
      // must not shed the requests the cases count on.
      OJ_SHED_MAX_LAG_MS: '0',
    };
    // The first API process migrates and seeds alone; then the others join.
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      api.push(apiProcess(`api-${i}`, port, env).start());
      apiBase.push(`http://127.0.0.1:${port}`);
      await api[i]!.waitFor(/listening on/, 120_000);
    }
    const gatewayPort = await freePort();
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    gateway = gatewayProcess('gateway', gatewayPort, env).start();
    runnerEnv = env;
    for (const name of ['runner-a', 'runner-b']) runners.push(runnerProcess(name, env).start());
    await gateway.waitFor(/push gateway listening/);
    for (const r of runners) await r.waitFor(/ready:/, 120_000);
    rest = new Rest(apiBase[0]!);
    await rest.login('root', ROOT_PASSWORD);
    await rest.openSubmitInterval();
    for (let i = 0; i < 3; i++) clients.push(new PushClient(gatewayUrl, rest.token!, rest));
    for (const c of clients) await c.connected();
  }, 300_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    for (const p of [...runners, gateway, ...api]) await p?.stop();
    await monitor?.close();
    await sqlClient?.end().catch(() => undefined);
    await database?.drop();
    await nats?.dispose();
  }, 60_000);

  it('NATS down for a few seconds at submit: judging is delayed, never failed', async () => {
    await nats.stop();
    const ids = await Promise.all([
      submit(rest, PROGRAMS.ac, AC),
      submit(rest, PROGRAMS.wa, WA),
      submit(rest, PROGRAMS.ac, AC),
      submit(rest, PROGRAMS.ac, AC),
    ]);
    // Committed and answered as Pending while the bus is away (formerly: Submitted Failed).
    expect([...(await statusOf(ids)).values()]).toEqual([5, 5, 5, 5]);
    // Reads that need only the database are answered by both API processes while the bus is
    // still away (issue #23.4: nothing that does not need the bus waits for it).
    for (const base of apiBase) {
      const reader = new Rest(base);
      await reader.login('root', ROOT_PASSWORD);
      const list = await reader.call<{ total: number }>(
        'GET',
        '/api/get-problem-list?currentPage=1&limit=10',
      );
      expect(list.status).toBe(200);
      expect(list.data?.total).toBeGreaterThan(0);
    }
    await nats.start();
    const done = await allFinal(ids);
    for (const id of ids) expect(done.get(id)).toBe(expected.get(id));
  }, 180_000);

  it('a process killed after the commit, before queueing: the outbox queues it', async () => {
    // (a) exactly what such a crash leaves behind: the row and its outbox row, no task.
    const [problem] = await query<{ id: number }>("select id from problem where problem_id = '1000'");
    const [row] = await query<{ submit_id: string }>(
      `insert into judge (pid, display_pid, uid, username, status, length, code, language, cid, cpid)
       values ($1, '1000', '1', 'root', 5, $2, $3, 'Python3', 0, 0) returning submit_id`,
      [problem!.id, PROGRAMS.ac.length, PROGRAMS.ac],
    );
    const orphan = Number(row!.submit_id);
    await query('insert into judge_outbox (submit_id, version) values ($1, 0)', [orphan]);
    track(orphan, AC);

    // (b) an API process SIGKILLed while submissions to it are in flight.
    const killed = new Rest(apiBase[1]!);
    killed.token = rest.token;
    const before = Number(
      (await query<{ m: string }>('select coalesce(max(submit_id), 0) as m from judge'))[0]!.m,
    );
    const inFlight = Array.from({ length: 4 }, () => killed.submit(PROGRAMS.ac).catch(() => null));
    await until(
      () => query<{ n: number }>('select count(*)::int as n from judge where submit_id > $1', [before]),
      (r) => r[0]!.n >= 1,
      'a submission to api-1 to commit',
      30_000,
      5,
    );
    await api[1]!.stop('SIGKILL');
    await Promise.all(inFlight);
    const committed = (
      await query<{ submit_id: string }>(
        'select submit_id from judge where submit_id > $1 and submit_id <> $2',
        [before, orphan],
      )
    ).map((r) => Number(r.submit_id));
    for (const id of committed) track(id, AC);
    api[1]!.start();
    const restartMs = await answering(apiBase[1]!);
    console.log(`[faults] api-1 answers again ${restartMs} ms after its restart`);
    const done = await allFinal([orphan, ...committed]);
    for (const id of [orphan, ...committed]) expect(done.get(id)).toBe(AC);
  }, 180_000);

  it('a runner SIGKILLed mid-judge: another runner takes the task over within seconds', async () => {
    const id = await submit(rest, PROGRAMS.slowAc(1.2), AC);
    judgedAgainOnPurpose.add(id);
    const judging = await until(
      () =>
        clients[0]!.updates.find((u) => u.submitId === id && u.status === JudgeStatus.JUDGING && u.judger),
      (u) => !!u,
      'the task to be judging',
      60_000,
    );
    const holder = runners.find((r) => r.name === judging!.judger)!;
    expect(holder).toBeDefined();
    await holder.stop('SIGKILL');
    const killedAt = Date.now();
    const other = await until(
      () =>
        clients[0]!.updates.find(
          (u) => u.submitId === id && u.judger && u.judger !== holder.name && u.at >= killedAt - 50,
        ),
      (u) => !!u,
      'another runner to take the task',
      60_000,
    );
    const takeoverMs = other!.at - killedAt;
    const done = await allFinal([id]);
    console.log(
      `[faults] runner SIGKILL → taken over after ${takeoverMs} ms, verdict after ${Date.now() - killedAt} ms`,
    );
    expect(done.get(id)).toBe(AC);
    // Redelivered within the ack deadline (6 s), then judged again (5 cases × 1.2 s), with room for
    // a loaded machine (the bench measures it: services/bench/reliability.ts).
    expect(takeoverMs).toBeLessThan(TASK_ACK_DEADLINE_MS + 6_000 + 15_000);
    holder.start();
    await holder.waitFor(/ready:/, 120_000);
  }, 180_000);

  it('PostgreSQL backends terminated mid-transaction: requests fail or succeed, processes live on', async () => {
    const ids: number[] = [];
    for (let round = 0; round < 3; round++) {
      const submits = Array.from({ length: 4 }, (_, i) => rest.submit(i % 2 ? PROGRAMS.wa : PROGRAMS.ac));
      const reads = Array.from({ length: 4 }, () =>
        rest.call('GET', '/api/get-submission-list?onlyMine=false&limit=20').catch(() => null),
      );
      await query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()`,
      );
      const answers = await Promise.all(submits.map((p) => p.catch(() => null)));
      await Promise.all(reads);
      answers.forEach((a, i) => {
        if (a?.status === 200) {
          track(a.data.submitId, i % 2 ? WA : AC);
          ids.push(a.data.submitId);
        } else expect(a === null || a.status >= 400).toBe(true); // an envelope error, never a hang
      });
    }
    for (const p of [...api, gateway])
      expect(p.alive, `${p.name} died:\n${p.output.slice(-2000)}`).toBe(true);
    for (const base of apiBase) await answering(base, 10_000);
    // Rows committed by requests whose answer was lost are judged as well.
    const unanswered = (
      await query<{ submit_id: string; code: string }>(
        'select submit_id, code from judge where submit_id <> all($1::bigint[]) and status in (5, 6, 7)',
        [[...expected.keys()]],
      )
    ).map((r) => {
      track(Number(r.submit_id), r.code === PROGRAMS.wa ? WA : AC);
      return Number(r.submit_id);
    });
    await allFinal([...ids, ...unanswered]);
  }, 180_000);

  it('a gateway restart: connected clients reconnect by themselves and get every verdict', async () => {
    const before = await Promise.all([0, 1, 2].map(() => submit(rest, PROGRAMS.slowAc(0.3), AC)));
    const reconnects = clients.map((c) => c.reconnects);
    const from = gateway.output.length;
    await gateway.stop('SIGTERM');
    expect(gateway.output.slice(from)).not.toMatch(/Error/);
    gateway.start();
    await gateway.waitFor(/push gateway listening/);
    const restartedAt = Date.now();
    await until(
      () => clients.every((c, i) => c.reconnects > reconnects[i]! && c.socket.connected),
      (ok) => ok,
      'every client to reconnect',
      30_000,
    );
    const after = await Promise.all([0, 1, 2].map(() => submit(rest, PROGRAMS.ac, AC)));
    await allFinal([...before, ...after]);
    await until(
      () => clients.every((c) => [...before, ...after].every((id) => c.finals.has(id))),
      (ok) => ok,
      'every client to have every verdict',
      30_000,
    );
    const firstPush = Math.min(
      ...clients.flatMap((c) =>
        c.updates.filter((u) => u.reason === 'result' && u.at >= restartedAt).map((u) => u.at),
      ),
    );
    console.log(
      `[faults] gateway restart → first verdict push ${firstPush - restartedAt} ms after it listened`,
    );
    // Verdicts of submissions made after the restart arrive by push.
    for (const c of clients) for (const id of after) expect(c.finals.get(id)?.via).toBe('push');
  }, 180_000);

  it('PostgreSQL away for 25 s while verdicts come in: they wait for it and are stored, none judged twice', async () => {
    const ids = await Promise.all([
      submit(rest, PROGRAMS.slowAc(1), AC),
      submit(rest, PROGRAMS.slowAc(1), AC),
    ]);
    await until(
      () => statusOf(ids),
      (m) => ids.every((id) => m.get(id) === JudgeStatus.JUDGING),
      'both submissions to be judging',
    );
    // The outage, for this test's database only (the server is shared): no new connection is
    // accepted, and every open one is cut.
    const name = new URL(database.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: BENCH_PG_URL });
    await admin.connect();
    const from = api.map((p) => p.output.length);
    let restoredAt = 0;
    sqlClient.on('error', () => undefined); // this test's own connection is cut as well
    try {
      await admin.query(`alter database ${name} with allow_connections false`);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      const cutAt = Date.now();
      await sqlClient.end().catch(() => undefined);
      // Both results reached an API process while the database was away...
      await until(
        () => api.map((p, i) => p.output.slice(from[i])).join(''),
        (out) => ids.every((id) => out.includes(`submission:${id}:0`)),
        'both results to meet the outage',
        60_000,
        200,
      );
      // ...and the outage lasts 25 s in all (the fault itself, not a wait for an effect).
      await new Promise((r) => setTimeout(r, Math.max(0, cutAt + 25_000 - Date.now())));
    } finally {
      await admin.query(`alter database ${name} with allow_connections true`);
      restoredAt = Date.now();
      await admin.end();
      sqlClient = new pg.Client({ connectionString: database.url });
      await sqlClient.connect();
    }
    const done = await allFinal(ids);
    console.log(`[faults] PostgreSQL back → both verdicts stored ${Date.now() - restoredAt} ms later`);
    for (const id of ids) expect(done.get(id)).toBe(AC);
    // Formerly the results were dead-lettered and the outbox queued the tasks again: judged twice.
    // Wait past the outbox's look-again time (30 s after the last lease renewal, before the cut).
    await until(
      () =>
        query<{ n: number }>(
          'select count(*)::int as n from judge_outbox where submit_id = any($1::bigint[])',
          [ids],
        ),
      (r) => r[0]!.n === 0,
      'the outbox rows to go',
    );
    for (const id of ids) expect(judgings.get(id), `judgings of ${id}`).toBe(1);
  }, 240_000);

  it('NATS wiped (a new node, a lost volume): processes recreate what they need; test data comes back', async () => {
    const from = new Map([...api, ...runners].map((p) => [p, p.output.length]));
    await nats.wipe();
    // The processes that stay up: their queues work again (streams and consumers created again).
    const ids = await Promise.all([submit(rest, PROGRAMS.ac, AC), submit(rest, PROGRAMS.wa, WA)]);
    const done = await allFinal(ids);
    for (const id of ids) expect(done.get(id)).toBe(expected.get(id));
    const since = (p: Proc) => p.output.slice(from.get(p));
    expect(api.map(since).join('')).toMatch(
      /consumer workers of oj\.queue\.judge-result was missing on the server: created again/,
    );
    expect(runners.map(since).join('')).toMatch(
      /consumer workers of oj\.queue\.judge-task was missing on the server: created again/,
    );
    // The test data is gone from the bucket: a runner with no local copy gets it back from PostgreSQL.
    for (const r of runners) await r.stop();
    const freshTmp = mkdtempSync(join(tmpdir(), 'oj-faults-runner-'));
    chmodSync(freshTmp, 0o755); // the sandbox uid reaches its work directory through it
    const fresh = runnerProcess('runner-c', { ...runnerEnv, TMPDIR: freshTmp }).start();
    try {
      await fresh.waitFor(/ready:/, 120_000);
      const id = await submit(rest, PROGRAMS.ac, AC);
      const verdict = (await allFinal([id])).get(id);
      const [why] = await query<{ error_message: string | null }>(
        'select error_message from judge where submit_id = $1',
        [id],
      );
      // Formerly: System Error, "test case has not found".
      expect(verdict, `${why?.error_message}\n${fresh.output.slice(-3000)}`).toBe(AC);
      expect(api.map(since).join('')).toMatch(/put back from PostgreSQL/);
    } finally {
      await fresh.stop();
      rmSync(freshTmp, { recursive: true, force: true });
      for (const r of runners) r.start();
      for (const r of runners) await r.waitFor(/ready:/, 120_000);
    }
  }, 300_000);

  // Issue #23.2: an API process killed between storing a verdict and pushing it leaves the row final
  // and the result unacknowledged; the result comes again to a process that finds the row final.
  // It must push the stored verdict (formerly: nothing, and the client never learnt the verdict).
  it('a result delivered again for a row already final: the stored verdict is pushed again', async () => {
    const listener = new PushClient(gatewayUrl, rest.token!, rest);
    try {
      await listener.connected();
      const id = await submit(rest, PROGRAMS.ac, AC);
      await allFinal([id]);
      const resultPushes = () => listener.updates.filter((u) => u.submitId === id && u.reason === 'result');
      const before = (await until(resultPushes, (us) => us.length > 0, 'the verdict to be pushed')).length;
      const [row] = await query<{ version: number }>('select version from judge where submit_id = $1', [id]);
      // What the redelivery carries (a runner's result for this judging), sent under another message
      // id so the queue's de-duplication keeps it; its own verdict differs from the stored one.
      const redelivered: JudgeResult = {
        kind: 'submission',
        submitId: id,
        version: row!.version,
        dedupeId: `submission:${id}:${row!.version}`,
        status: WA,
        time: 0,
        memory: 0,
        score: null,
        errorMessage: null,
        cases: [],
        judger: 'faults-redelivery',
      };
      await monitor.enqueue(Subjects.judgeResultQueue, redelivered, { id: `faults-redelivery-${id}` });
      const pushes = await until(
        resultPushes,
        (us) => us.length > before,
        'the stored verdict to be pushed again',
      );
      expect(pushes.map((u) => u.status)).toEqual(pushes.map(() => AC));
      expect((await statusOf([id])).get(id)).toBe(AC);
    } finally {
      listener.close();
    }
  }, 120_000);

  it('at the end: right verdicts, none unfinished, none judged twice, counters match, clients have all', async () => {
    const rows = await query<{ submit_id: string; status: number; counted_status: number | null }>(
      'select submit_id, status, counted_status from judge where cid = 0',
    );
    expect(rows.filter((r) => !FINAL(r.status))).toEqual([]);
    for (const r of rows)
      expect(r.status, `submission ${r.submit_id}`).toBe(expected.get(Number(r.submit_id)));
    expect(new Set(rows.map((r) => Number(r.submit_id)))).toEqual(new Set(expected.keys()));
    // One verdict per judging: five case rows each, one 'result' push per client.
    const cases = await query<{ submit_id: string; n: number }>(
      'select submit_id, count(*)::int as n from judge_case group by submit_id',
    );
    for (const c of cases) expect(c.n, `cases of ${c.submit_id}`).toBe(5);
    // One judging each (but the one whose runner was killed on purpose), as its runner reported it.
    for (const [id, n] of judgings)
      if (expected.has(id) && !judgedAgainOnPurpose.has(id))
        expect(
          n,
          `judgings of ${id} (made in "${caseOf.get(id)}": ${judgingLog.get(id)?.join(', ')}; runners said: ${runners
            .flatMap((r) => r.output.split('\n').filter((l) => l.includes(`task ${id}:`)))
            .join(' | ')})`,
        ).toBe(1);
    // A verdict may be pushed again (a redelivered result, issue #23): the same verdict each time.
    for (const c of clients)
      for (const [id, verdict] of expected)
        for (const u of c.updates.filter((x) => x.submitId === id && x.reason === 'result'))
          expect(u.status, `pushed verdict of ${id}`).toBe(verdict);
    // Counters: settled for every row, and the problem's counters equal the rows.
    await until(
      () =>
        query<{ n: number }>(
          'select count(*)::int as n from judge where counted_status is distinct from status',
        ),
      (r) => r[0]!.n === 0,
      'every verdict to be counted',
    );
    const [count] = await query<{ total: number; ac: number; wa: number }>(
      "select c.total, c.ac, c.wa from problem_count c join problem p on p.id = c.pid where p.problem_id = '1000'",
    );
    const want = {
      total: rows.length,
      ac: rows.filter((r) => r.status === AC).length,
      wa: rows.filter((r) => r.status === WA).length,
    };
    expect(count).toEqual(want);
    // Every connected client has every verdict (by push, or caught up after its reconnect).
    for (const c of clients)
      for (const [id, verdict] of expected)
        expect(c.finals.get(id)?.status, `client verdict of ${id}`).toBe(verdict);
  }, 120_000);
});

describe('one-process start killed mid-judge, then restarted', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'oj-faults-embedded-'));
  let port: number;
  let proc: Proc;

  beforeAll(async () => {
    ensureBuilt();
    await loadOrBuildTemplate(true); // what npm start's prestart prepares
    port = await freePort();
    proc = embeddedProcess('embedded', port, {
      OJ_DATA_DIR: dataDir,
      OJ_ROOT_PASSWORD: ROOT_PASSWORD,
      DATABASE_URL: '',
      NATS_URL: '',
      LOG_LEVEL: 'info',
    });
  }, 180_000);

  afterAll(async () => {
    await proc?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('every submission ends with its verdict after the restart, each judged once', async () => {
    const base = `http://127.0.0.1:${port}`;
    proc.start();
    await proc.waitFor(/embedded judge runner started|embedded judge runner could not start/, 180_000);
    expect(proc.output).toMatch(/embedded judge runner started/);
    await proc.waitFor(/listening on/, 60_000);
    const rest = new Rest(base);
    await rest.login('root', ROOT_PASSWORD);
    await rest.openSubmitInterval();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await rest.submit(i === 5 ? PROGRAMS.wa : PROGRAMS.slowAc(0.4));
      expect(r.status, r.msg).toBe(200);
      ids.push(r.data.submitId);
    }
    await until(
      () => rest.statuses(ids),
      (m) => [...m.values()].some((s) => s === JudgeStatus.JUDGING || s === JudgeStatus.COMPILING),
      'a judging to start',
      60_000,
      20,
    );
    await proc.stop('SIGKILL');
    const from = 0;
    proc.start();
    await proc.waitFor(/listening on/, 180_000, from);
    expect(proc.output).toMatch(/judge queue rebuilt from the database/);
    const client = new PushClient(base, rest.token!, rest);
    await client.connected();
    for (const id of ids) client.watch(id);
    const done = await until(
      () => rest.statuses(ids),
      (m) => ids.every((id) => FINAL(m.get(id) ?? 5)),
      'every submission to be final after the restart',
      120_000,
      200,
    );
    ids.forEach((id, i) => expect(done.get(id)).toBe(i === 5 ? WA : AC));
    for (const id of ids) expect(client.resultPushes(id)).toBeLessThanOrEqual(1);
    client.close();
  }, 300_000);
});

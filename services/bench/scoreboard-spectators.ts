// Spectator push benchmark (issue #6): CLIENTS socket.io clients (default 5,000) watch a
// running contest's outside scoreboard through the real gateway. Per round one verdict is
// applied through the live path (judge result queue → judge service transaction → domain
// event → contest scoreboard → rank event → gateway → contest room) and the clock runs from
// the moment the result is enqueued until:
//   - push: the last client received `contest:rank`;
//   - board: the last client holds the new board, doing what the web client does on a push
//     (web/src/contest/RankBoard.tsx: a throttled reload, immediate for the first push, of
//     POST /api/get-contest-outside-scoreboard, page 1, 50 rows, over its kept-alive connection).
// Also timed: the rank event on the bus (verdict → contest scoreboard → publish), seen by the server.
// The server (Fastify + gateway + PostgreSQL + in-process bus, or NATS_URL) runs in this process;
// the clients run in PROCS child processes, all sharing the machine's 2 cores (load is reported).
// MODE=inner: the clients are contestants (tokens of board participants) fetching the contest
// rank, where each page is per caller (own row pinned) instead of one page shared by all.
// Env: CLIENTS (5000), PROCS (1), FETCH (1; 0 = clients only take the push), MODE (outside), ROUNDS (5),
// BOARD_USERS (10000), BOARD_SUBMISSIONS (500000), NATS_URL.
// Run: npx tsx bench/scoreboard-spectators.ts (from services/). Writes bench-results/scoreboard-spectators.json.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';
import { Subjects } from '@oj/protocol';
import { ClientEvents, ServerEvents, type SubscribeAck } from '@oj/protocol/realtime/events';
import type { SubmissionJudgeTask } from '@oj/protocol/judge/schemas';
import { USERS, tokenOf } from '../src/judge/test-harness';
import { startContestServer } from './support-contest';
import { report } from './support';

const CLIENTS = Number(process.env.CLIENTS ?? 5000);
const PROCS = Math.max(1, Number(process.env.PROCS ?? 1));
const FETCH = process.env.FETCH !== '0';
/** outside: anonymous spectators of the outside board; inner: contestants (own row pinned) on the contest rank. */
const MODE = process.env.MODE === 'inner' ? 'inner' : 'outside';
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const BOARD_USERS = Number(process.env.BOARD_USERS ?? 10_000);
const BOARD_SUBMISSIONS = Number(process.env.BOARD_SUBMISSIONS ?? 500_000);
const PROBLEMS = 13;

/** A clock both processes read the same way (ms, sub-millisecond). */
const clock = () => performance.timeOrigin + performance.now();

// ---------------------------------------------------------------- client process

type ToClient = { kind: 'arm'; round: number };
type FromClient =
  | { kind: 'ready'; connected: number; joined: number }
  | {
      kind: 'round';
      round: number;
      pushes: number[];
      boards: number[];
      failed: number;
      cpuMs: number;
      gzipped: number;
      bytes: number;
    };

async function clientMain(url: string, cid: number, count: number, first: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, keepAliveMsecs: 60_000 });
  const body = JSON.stringify({
    cid,
    currentPage: 1,
    limit: 50,
    forceRefresh: false,
    removeStar: false,
    concernedList: [],
    containsEnd: false,
  });
  const target = new URL(
    MODE === 'inner' ? '/api/get-contest-rank' : '/api/get-contest-outside-scoreboard',
    url,
  );
  /** One rank page request as the web client sends it; resolves when the body is in. */
  const fetchBoard = (token: string | null) =>
    new Promise<boolean>((resolve) => {
      const req = http.request(
        target,
        {
          method: 'POST',
          agent,
          // As a browser: gzip accepted (the server gzips pages every viewer shares).
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'accept-encoding': 'gzip',
            ...(token ? { authorization: token } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          // Success is the envelope's status; the body is not parsed (a browser parses its own
          // page in parallel with the others, this process would do 5,000 of them in a row).
          res.on('end', () => {
            let bytes = Buffer.concat(chunks);
            if (res.headers['content-encoding'] === 'gzip') bytes = gunzipSync(bytes);
            gzipped += res.headers['content-encoding'] === 'gzip' ? 1 : 0;
            received += Buffer.concat(chunks).length;
            resolve(res.statusCode === 200 && bytes.subarray(0, 14).toString() === '{"status":200,');
          });
        },
      );
      req.on('error', () => resolve(false));
      req.end(body);
    });

  let round = -1;
  let gzipped = 0;
  let received = 0;
  let pushes: number[] = [];
  let boards: number[] = [];
  let failed = 0;
  let cpu = process.cpuUsage();
  const sockets: Socket[] = [];
  let joined = 0;
  let flushed = true;
  const flush = () => {
    if (flushed) return;
    flushed = true;
    const d = process.cpuUsage(cpu);
    const msg: FromClient = {
      kind: 'round',
      round,
      pushes,
      boards,
      failed,
      cpuMs: (d.user + d.system) / 1000,
      gzipped,
      bytes: received,
    };
    process.send!(msg);
  };
  let done = 0;
  for (let i = 0; i < count; i += 250) {
    const batch = Array.from({ length: Math.min(250, count - i) }, async (_, j) => {
      // Inner mode: client n is contestant bg-n (a participant of the board, so its row is pinned).
      const token = MODE === 'inner' ? `tok-bg-${first + i + j + 1}` : null;
      const s = connect(url, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: token ? { token } : {},
      });
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      // The web client's throttle: the first push of a quiet period reloads at once.
      let armedFor = -1;
      s.on(ServerEvents.contestRank, (p: { cid?: number }) => {
        if (p?.cid !== cid || armedFor === round) return;
        armedFor = round;
        pushes.push(clock());
        if (!FETCH) {
          if (++done === count) flush();
          return;
        }
        void fetchBoard(token).then((ok) => {
          if (ok) boards.push(clock());
          else failed++;
          if (++done === count) flush();
        });
      });
      const ack = (await s
        .timeout(10_000)
        .emitWithAck(ClientEvents.subscribeContest, { cid })) as SubscribeAck;
      if (ack.ok) joined++;
      // The page was loaded once before (a kept-alive connection, a loaded board).
      await fetchBoard(token);
      sockets.push(s);
    });
    await Promise.all(batch);
  }
  process.on('message', (m: ToClient) => {
    if (m.kind !== 'arm') return;
    round = m.round;
    pushes = [];
    boards = [];
    failed = 0;
    gzipped = 0;
    received = 0;
    done = 0;
    flushed = false;
    cpu = process.cpuUsage();
    // Clients that never got the push are reported as missing, not waited for.
    const mine = round;
    setTimeout(() => {
      if (round === mine) flush();
    }, 20_000);
  });
  process.send!({ kind: 'ready', connected: sockets.filter((s) => s.connected).length, joined });
}

// ---------------------------------------------------------------- server process

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}
const round2 = (x: number) => Math.round(x * 100) / 100;

async function serverMain() {
  const server = await startContestServer({ boardUsers: BOARD_USERS, boardSubmissions: BOARD_SUBMISSIONS });
  const { app, url, cid, problemIds, runner, bus } = server;
  // When the contest scoreboard published the rank event (before the gateway relays it).
  let rankEventAt = 0;
  const stopWatch = await bus.subscribe(Subjects.contestEvent(cid, 'rank'), () => {
    rankEventAt ||= clock();
  });

  // The clients: connected, joined to the contest room, the board loaded once each.
  const here = fileURLToPath(import.meta.url);
  const children: ChildProcess[] = Array.from({ length: PROCS }, (_, i) =>
    fork(
      here,
      [
        '--clients',
        url,
        String(cid),
        String(Math.floor((CLIENTS * (i + 1)) / PROCS) - Math.floor((CLIENTS * i) / PROCS)),
        String(Math.floor((CLIENTS * i) / PROCS)),
      ],
      {
        execArgv: ['--import', 'tsx'],
      },
    ),
  );
  const nextMessage = <K extends FromClient['kind']>(child: ChildProcess, kind: K, timeoutMs = 600_000) =>
    new Promise<Extract<FromClient, { kind: K }>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${kind} from the clients`)), timeoutMs);
      const on = (m: FromClient) => {
        if (m.kind !== kind) return;
        clearTimeout(timer);
        child.off('message', on);
        resolve(m as Extract<FromClient, { kind: K }>);
      };
      child.on('message', on);
    });
  const setupStarted = Date.now();
  const readies = await Promise.all(children.map((c) => nextMessage(c, 'ready')));
  const ready = {
    connected: readies.reduce((n, r) => n + r.connected, 0),
    joined: readies.reduce((n, r) => n + r.joined, 0),
  };
  const setupMs = Date.now() - setupStarted;

  // Per round: alice submits (pending: no board change), then the measured verdict.
  const rounds: {
    rankEventMs: number;
    pushLastMs: number;
    pushP50Ms: number;
    boardLastMs: number;
    boardP50Ms: number;
    received: number;
    boards: number;
    failed: number;
    gzipped: number;
    bodyBytes: number;
    serverCpuMs: number;
    clientCpuMs: number;
    load1m: number;
  }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/submit-problem-judge',
      headers: { authorization: tokenOf(USERS.alice) },
      payload: { pid: problemIds[r % PROBLEMS]!.displayId, cid, language: 'C++', code: 'int main(){}' },
    });
    const submitId = (res.json() as { data: { submitId: number } }).data.submitId;
    const task: SubmissionJudgeTask = await runner.waitForSubmission(submitId);
    // Past the web client's push throttle (RANK_PUSH_MIN_MS in web/src/contest/RankBoard.tsx) of the previous round.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    for (const c of children) c.send({ kind: 'arm', round: r } satisfies ToClient);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const done = Promise.all(children.map((c) => nextMessage(c, 'round', 60_000)));
    const cpu = process.cpuUsage();
    rankEventAt = 0;
    const t0 = clock();
    await runner.finish(runner.resultFor(task, 0));
    const parts = await done;
    const d = process.cpuUsage(cpu);
    const m = {
      pushes: parts.flatMap((p) => p.pushes),
      boards: parts.flatMap((p) => p.boards),
      failed: parts.reduce((n, p) => n + p.failed, 0),
      cpuMs: parts.reduce((n, p) => n + p.cpuMs, 0),
      gzipped: parts.reduce((n, p) => n + p.gzipped, 0),
      bytes: parts.reduce((n, p) => n + p.bytes, 0),
    };
    const pushes = m.pushes.map((t) => t - t0).sort((a, b) => a - b);
    const boards = m.boards.map((t) => t - t0).sort((a, b) => a - b);
    rounds.push({
      rankEventMs: round2(rankEventAt - t0),
      pushLastMs: round2(pushes[pushes.length - 1] ?? NaN),
      pushP50Ms: round2(percentile(pushes, 0.5)),
      boardLastMs: round2(boards[boards.length - 1] ?? NaN),
      boardP50Ms: round2(percentile(boards, 0.5)),
      received: pushes.length,
      boards: boards.length,
      failed: m.failed,
      gzipped: m.gzipped,
      bodyBytes: m.bytes,
      serverCpuMs: round2((d.user + d.system) / 1000),
      clientCpuMs: round2(m.cpuMs),
      load1m: round2(os.loadavg()[0]!),
    });
    console.log(JSON.stringify(rounds[rounds.length - 1]));
  }

  for (const c of children) c.kill();
  await stopWatch();
  await server.close();

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  report('scoreboard-spectators', {
    clients: CLIENTS,
    clientProcesses: PROCS,
    mode: MODE,
    fetch: FETCH,
    connected: ready.connected,
    joined: ready.joined,
    boardUsers: BOARD_USERS,
    boardSubmissions: BOARD_SUBMISSIONS,
    bus: process.env.NATS_URL ? 'nats' : 'memory',
    setupMs,
    medianRankEventMs: median(rounds.map((r) => r.rankEventMs)),
    medianPushLastMs: median(rounds.map((r) => r.pushLastMs)),
    medianBoardLastMs: median(rounds.map((r) => r.boardLastMs)),
    rounds,
    machine: { cpus: os.cpus().length, loadAverage1m: round2(os.loadavg()[0]!) },
    node: process.version,
  });
}

if (process.argv[2] === '--clients')
  await clientMain(
    process.argv[3]!,
    Number(process.argv[4]),
    Number(process.argv[5]),
    Number(process.argv[6]),
  );
else await serverMain();

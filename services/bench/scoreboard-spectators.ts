// Spectator push benchmark (issue #6): CLIENTS socket.io clients (default 5,000) watch a
// running contest's outside scoreboard through the real gateway. Per round one verdict is
// applied through the live path (judge result queue → judge service transaction → domain
// event → contest scoreboard → rank event → gateway → contest room) and the clock runs from
// the moment the result is enqueued until:
//   - push: the last client received `contest:rank`;
//   - board: the last client holds the new board, doing what the web client does on a push
//     (web/src/contest/RankBoard.tsx, rank-delta.ts): the push's delta for the page's variant is
//     applied to the page it holds (page 1, 50 rows, at the version of the x-oj-board-version
//     header); without a delta that applies, a fetch after a random 0-400 ms (the web's jitter)
//     of POST /api/get-contest-outside-scoreboard over its kept-alive connection.
//     Each client process applies its clients' deltas one after another (browsers do it in
//     parallel), so the last client's time includes that serial work.
// Also timed: the rank event on the bus (verdict → contest scoreboard → publish), seen by the server.
// The server (Fastify + gateway + PostgreSQL + in-process bus, or NATS_URL) runs in this process;
// the clients run in PROCS child processes, all sharing the machine's 2 cores (load is reported).
// MODE=inner: the clients are contestants (tokens of board participants) fetching the contest
// rank, where each page is per caller (own row pinned) instead of one page shared by all.
// Env: CLIENTS (5000), PROCS (1), FETCH (1; 0 = clients only take the push), MODE (outside), ROUNDS (5),
// DELTA (1; 0 = the old client: every push fetches the page), MOVER (page2; alice),
// BOARD_USERS (10000), BOARD_SUBMISSIONS (500000), NATS_URL.
// Run: npx tsx bench/scoreboard-spectators.ts (from services/). Writes bench-results/scoreboard-spectators.json.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';
import { Subjects } from '@oj/protocol';
import {
  ClientEvents,
  ServerEvents,
  type ContestRankChanged,
  type SubscribeAck,
} from '@oj/protocol/realtime/events';
import type { RankPage } from '@oj/protocol/contest/rank-delta';
import type { AcmRankRow, RankRow } from '@oj/protocol/contest/scoreboard';
import { jitter, onRankPush } from '../../web/src/contest/rank-delta';
import type { SubmissionJudgeTask } from '@oj/protocol/judge/schemas';
import { USERS, tokenOf } from '../src/judge/test-harness';
import { firstRankPageBody, startContestServer } from './support-contest';
import { report } from './support';

const CLIENTS = Number(process.env.CLIENTS ?? 5000);
const PROCS = Math.max(1, Number(process.env.PROCS ?? 1));
const FETCH = process.env.FETCH !== '0';
const DELTA = process.env.DELTA !== '0';
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
      applied: number;
      fetched: number;
      /** Client 0's page after the round equals a fresh fetch (null: not checked). */
      verified: boolean | null;
      /** The pushed move (the outside board's) as client 0 got it: from → to of board size. */
      move: string | null;
      cpuMs: number;
      gzipped: number;
      bytes: number;
    };

async function clientMain(url: string, cid: number, count: number, first: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, keepAliveMsecs: 60_000 });
  const body = firstRankPageBody(cid);
  const target = new URL(
    MODE === 'inner' ? '/api/get-contest-rank' : '/api/get-contest-outside-scoreboard',
    url,
  );
  /**
   * Pages by version: every client of one version holds the same parsed rows (uid → row), as
   * 5,000 browsers would each hold theirs; this process keeps one copy per version.
   */
  const rowsByVersion = new Map<string, Map<string, RankRow>>();
  const intern = (version: string | null, page: RankPage): RankPage => {
    if (!version) return page;
    let rows = rowsByVersion.get(version);
    if (!rows) {
      if (rowsByVersion.size > 8) rowsByVersion.clear();
      rowsByVersion.set(version, (rows = new Map()));
    }
    const records = page.records.map((r) => {
      const hit = rows.get(r.uid);
      if (hit) return hit;
      rows.set(r.uid, r);
      return r;
    });
    return { ...page, records };
  };
  const pageTexts = new Map<string, RankPage>();
  /** One rank page request as the web client sends it; resolves when the body is in (and parsed, with DELTA). */
  const fetchBoard = (token: string | null) =>
    new Promise<{ ok: boolean; page: RankPage | null; version: string | null }>((resolve) => {
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
            const ok = res.statusCode === 200 && bytes.subarray(0, 14).toString() === '{"status":200,';
            const version = (res.headers['x-oj-board-version'] as string | undefined) ?? null;
            if (!ok || !DELTA) return resolve({ ok, page: null, version });
            // The same bytes parse once (a shared page); per-caller pages parse each.
            const text = bytes.toString('utf8');
            let page = pageTexts.get(text);
            if (!page) {
              page = intern(version, (JSON.parse(text) as { data: RankPage }).data);
              if (pageTexts.size > 4) pageTexts.clear();
              pageTexts.set(text, page);
            }
            resolve({ ok, page, version });
          });
        },
      );
      req.on('error', () => resolve({ ok: false, page: null, version: null }));
      req.end(body);
    });

  let round = -1;
  let gzipped = 0;
  let received = 0;
  let pushes: number[] = [];
  let boards: number[] = [];
  let failed = 0;
  let applied = 0;
  let fetched = 0;
  let cpu = process.cpuUsage();
  const sockets: Socket[] = [];
  let joined = 0;
  let flushed = true;
  /** Client 0 (its token and what it shows): checked against a fresh fetch after each round. */
  let probe: { token: string | null; shown: () => { page: RankPage | null; version: string | null } } | null =
    null;
  let lastMove: string | null = null;
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
      applied,
      fetched,
      verified: null,
      move: lastMove,
      cpuMs: (d.user + d.system) / 1000,
      gzipped,
      bytes: received,
    };
    if (!DELTA || !FETCH || !probe) return void process.send!(msg);
    const held = probe.shown();
    void fetchBoard(probe.token).then((fresh) => {
      msg.verified =
        fresh.version === held.version &&
        JSON.stringify(fresh.page?.records) === JSON.stringify(held.page?.records) &&
        fresh.page?.total === held.page?.total;
      process.send!(msg);
    });
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
      // What this client shows: the page and the version it is at.
      let shown: { page: RankPage | null; version: string | null } = { page: null, version: null };
      const pinUid = MODE === 'inner' ? `bg-${first + i + j + 1}` : null;
      const finish = (ok: boolean) => {
        if (ok) boards.push(clock());
        else failed++;
        if (++done === count) flush();
      };
      // The web client's throttle: the first push of a quiet period reloads at once.
      let armedFor = -1;
      s.on(ServerEvents.contestRank, (p: ContestRankChanged) => {
        if (p?.cid !== cid || armedFor === round) return;
        armedFor = round;
        const m = p.boards?.[0]?.move;
        if (i + j === 0) lastMove = m ? `${m.from}->${m.to}/${m.size}` : null;
        pushes.push(clock());
        if (!FETCH) {
          if (++done === count) flush();
          return;
        }
        if (DELTA) {
          const out = onRankPush({ ...shown, plain: true, removeStar: false, pinUid }, p.boards);
          if (out.kind !== 'fetch') {
            if (out.kind === 'apply') shown = { page: intern(out.version, out.page), version: out.version };
            applied++;
            return finish(true);
          }
        }
        fetched++;
        const go = () =>
          void fetchBoard(token).then((r) => {
            if (r.page) shown = { page: r.page, version: r.version };
            finish(r.ok);
          });
        if (DELTA) setTimeout(go, jitter());
        else go();
      });
      const ack = (await s
        .timeout(10_000)
        .emitWithAck(ClientEvents.subscribeContest, { cid })) as SubscribeAck;
      if (ack.ok) joined++;
      // The page was loaded once before (a kept-alive connection, a loaded board).
      const loaded = await fetchBoard(token);
      shown = { page: loaded.page, version: loaded.version };
      if (i + j === 0) probe = { token, shown: () => shown };
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
    applied = 0;
    fetched = 0;
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

  /**
   * Who gets the verdict. MOVER=page2 (default): the first contestant on page 2 with a problem
   * left solves it, so it moves up, usually onto the page every client shows (page 1) and
   * rows slide; MOVER=alice: alice (at the bottom of the board, page 1 unchanged).
   */
  const mover = async (r: number): Promise<{ token: string; displayId: string }> => {
    const fallback = { token: tokenOf(USERS.alice), displayId: problemIds[r % PROBLEMS]!.displayId };
    if (process.env.MOVER === 'alice') return fallback;
    const res = await app.inject({
      method: 'POST',
      url: '/api/get-contest-outside-scoreboard',
      payload: { cid, currentPage: 2, limit: 50 },
    });
    // The first row of page 2 with a problem left to solve (the top rows may have solved all).
    for (const row of (res.json() as { data: { records: AcmRankRow[] } }).data.records) {
      const open = problemIds.find((p) => !row.submissionInfo[p.displayId]?.isAC);
      if (open && row.uid.startsWith('bg-')) return { token: `tok-${row.uid}`, displayId: open.displayId };
    }
    return fallback;
  };

  // Per round: the mover submits (pending: no board change), then the measured verdict.
  const rounds: {
    rankEventMs: number;
    pushLastMs: number;
    pushP50Ms: number;
    boardLastMs: number;
    boardP50Ms: number;
    received: number;
    boards: number;
    failed: number;
    applied: number;
    fetched: number;
    verified: boolean[];
    moves: (string | null)[];
    gzipped: number;
    bodyBytes: number;
    serverCpuMs: number;
    clientCpuMs: number;
    load1m: number;
  }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const who = await mover(r);
    const res = await app.inject({
      method: 'POST',
      url: '/api/submit-problem-judge',
      headers: { authorization: who.token },
      payload: { pid: who.displayId, cid, language: 'C++', code: 'int main(){}' },
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
      applied: parts.reduce((n, p) => n + p.applied, 0),
      fetched: parts.reduce((n, p) => n + p.fetched, 0),
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
      applied: m.applied,
      fetched: m.fetched,
      verified: parts.map((p) => p.verified).filter((v): v is boolean => v !== null),
      moves: parts.map((p) => p.move),
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
    delta: DELTA,
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

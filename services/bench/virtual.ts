// Virtual participation bench (issue #27): N participants on different clocks over one recorded
// contest of M submissions. One ContestTape for the contest (sorted once); per participant a
// GhostBoard whose clock started at a random point, so the clocks sit at different elapsed times.
// Each round moves every clock by one simulated minute (as the engine's tick does, here without
// waiting for real minutes), makes the deltas of what happened, and publishes one push per
// participant that moved on the in-process bus; a subscriber stamps each push's arrival.
// Reported: main-thread CPU per simulated minute per participant (the aim is ≤ 5 ms), push latency
// p50/p99 (tick start → push received: the whole tick's work before it counts), heap per
// participant, loadavg. Sizes: BENCH_VIRTUAL_N (default 50), BENCH_VIRTUAL_M (default 2,000),
// BENCH_VIRTUAL_MINUTES (default 60); the size is N=1000, M=10000 (not run on the shared
// machine). Run: npx tsx bench/virtual.ts (from services/). Writes bench-results/virtual.json.
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMemoryBus } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import type { BoardConfig, BoardSubmission, RecordStatus } from '@oj/protocol/contest/scoreboard';
import { ContestTape, GhostBoard } from '@oj/protocol/contest/virtual';

const N = Number(process.env.BENCH_VIRTUAL_N ?? 50);
const M = Number(process.env.BENCH_VIRTUAL_M ?? 2_000);
const MINUTES = Number(process.env.BENCH_VIRTUAL_MINUTES ?? 60);
const DURATION_MIN = 300;
const PROBLEMS = 10;
const ORIGINAL_USERS = Math.max(10, Math.round(M / 20));
const MIN = 60_000;

function threadCpuMs(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
}

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function main() {
  const load0 = os.loadavg();
  const random = rng(27);
  const start = Date.UTC(2026, 0, 1, 8);
  const config: BoardConfig = {
    type: 0,
    startTime: start,
    endTime: start + DURATION_MIN * MIN,
    sealRankTime: start + 240 * MIN,
    oiRankScoreType: 'Recent',
    excludedUids: [],
    starUsernames: [],
    awardType: 0,
    awards: [],
    rankShowName: 'username',
  };
  const subs: BoardSubmission[] = [];
  for (let i = 0; i < M; i++) {
    const u = Math.floor(random() * ORIGINAL_USERS);
    subs.push({
      submitId: i + 1,
      uid: `u${u}`,
      username: `user${u}`,
      displayId: String.fromCharCode(65 + Math.floor(random() * PROBLEMS)),
      submitTime: start + Math.floor(random() * DURATION_MIN * MIN),
      status: (random() < 0.4 ? 1 : -1) as RecordStatus,
      score: null,
      useTime: 10,
    });
  }
  const times = {
    startTime: config.startTime,
    endTime: config.endTime,
    sealRank: true,
    sealRankTime: config.sealRankTime,
    autoRealRank: true,
  };
  const tapeCpu0 = threadCpuMs();
  const tape = new ContestTape(config, subs);
  const tapeMs = threadCpuMs() - tapeCpu0;

  const bus = createMemoryBus();
  const latencies: number[] = [];
  let tickStart = 0;
  let received = 0;
  await bus.subscribe(Subjects.virtualBoardAll, () => {
    received++;
    latencies.push(performance.now() - tickStart);
  });

  global.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const clocks: { ghost: GhostBoard; elapsed: number; uid: string }[] = [];
  const buildCpu0 = threadCpuMs();
  for (let i = 0; i < N; i++) {
    // Clocks started at different moments: each sits somewhere in the first 3/4 of the contest.
    const elapsed = Math.floor(random() * (DURATION_MIN - MINUTES)) * MIN;
    const ghost = new GhostBoard(tape, times);
    ghost.advanceTo(elapsed, false);
    clocks.push({ ghost, elapsed, uid: `v${i}` });
  }
  const buildMs = threadCpuMs() - buildCpu0;
  global.gc?.();
  const heapPerParticipant = (process.memoryUsage().heapUsed - heap0) / N;

  let pushes = 0;
  let applied = 0;
  let own = 0;
  const cpu0 = threadCpuMs();
  const wall0 = performance.now();
  for (let m = 0; m < MINUTES; m++) {
    tickStart = performance.now();
    for (const c of clocks) {
      c.elapsed += MIN;
      const step = c.ghost.advanceTo(c.elapsed);
      applied += step.applied;
      const deltas = step.deltas;
      // Now and then the participant's own verdict (one in ten minutes).
      if (random() < 0.1) {
        const d = c.ghost.applyOwn(
          {
            submitId: M + ++own,
            uid: c.uid,
            username: c.uid,
            displayId: String.fromCharCode(65 + Math.floor(random() * PROBLEMS)),
            submitTime: 0,
            status: random() < 0.5 ? 1 : -1,
            score: null,
            useTime: 10,
          },
          c.elapsed,
        );
        if (d) deltas.push(d);
      }
      if (deltas.length || step.variantChanged) {
        pushes++;
        await bus.publish(Subjects.virtualBoard(c.uid), {
          vid: 1,
          uid: c.uid,
          elapsed: c.elapsed,
          version: c.ghost.version,
          ...(step.variantChanged ? { reload: true } : { deltas }),
        });
      }
    }
  }
  const cpuMs = threadCpuMs() - cpu0;
  const wallMs = performance.now() - wall0;
  // Let the last deliveries land.
  const deadline = Date.now() + 5_000;
  while (received < pushes && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  await bus.close();
  latencies.sort((a, b) => a - b);
  const result = {
    at: new Date().toISOString(),
    participants: N,
    submissions: M,
    originalUsers: ORIGINAL_USERS,
    simulatedMinutes: MINUTES,
    tapeSortCpuMs: +tapeMs.toFixed(1),
    clocksBuildCpuMs: +buildMs.toFixed(1),
    cpuMsPerParticipantMinute: +(cpuMs / (N * MINUTES)).toFixed(4),
    wallMs: +wallMs.toFixed(1),
    originalSubmissionsApplied: applied,
    pushes,
    pushesReceived: received,
    pushLatencyMs: { p50: +pct(latencies, 0.5).toFixed(2), p99: +pct(latencies, 0.99).toFixed(2) },
    heapBytesPerParticipant: Math.round(heapPerParticipant),
    loadavg: { start: load0, end: os.loadavg() },
  };
  console.log(JSON.stringify(result, null, 2));
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../bench-results');
  await mkdir(out, { recursive: true });
  await writeFile(path.join(out, 'virtual.json'), JSON.stringify(result, null, 2) + '\n');
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});

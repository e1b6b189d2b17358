// Shared by the account benches (account.ts, login-pool.ts, issue #29.5): the machine's bound for
// password work (one argon2id hash timed alone, in this process, with the site's parameters),
// the load average, and a timing wrapper around the process's password pool that splits a
// sign-in's time into waiting for a worker, the hash itself and the rest (HTTP, database).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import argon2 from 'argon2';
import { ARGON2_OPTIONS } from '../src/account/password-params';
import { passwordPool, usePasswordPool, type PasswordPool } from '../src/account/password-workers';

export const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Median of `n` argon2id hashes timed one at a time (ms): the bound's unit of work. */
export async function argon2MedianMs(n = 11): Promise<number> {
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await argon2.hash(`probe-${i}`, ARGON2_OPTIONS);
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return Number(t[Math.floor(n / 2)]!.toFixed(1));
}

/** Seconds `count` argon2id computations need at least on this machine's cores. */
export function argon2BoundS(count: number, medianMs: number, cores = os.availableParallelism()): number {
  return Number(((count * medianMs) / cores / 1000).toFixed(2));
}

export interface PoolTimes {
  calls: number;
  /** Total ms from the call to its answer (waiting for a worker + the computation). */
  poolMs: number;
}

/** Wraps the process's pool so every verify and hash is timed; returns the running totals. */
export function timePool(): PoolTimes {
  const real: PasswordPool = passwordPool();
  const times: PoolTimes = { calls: 0, poolMs: 0 };
  const timed =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      const s = performance.now();
      try {
        return await f(...a);
      } finally {
        times.calls++;
        times.poolMs += performance.now() - s;
      }
    };
  usePasswordPool({
    size: real.size,
    waiting: (line) => real.waiting(line),
    hash: timed((p: string, line?: 'interactive' | 'batch') => real.hash(p, line)),
    verify: timed((h: string, p: string, line?: 'interactive' | 'batch') => real.verify(h, p, line)),
    close: () => real.close(),
  });
  return times;
}

/** Runs `total` calls of `one` with `concurrency` at once; latencies in ms, sorted. */
export async function burst<T>(total: number, concurrency: number, one: (i: number) => Promise<T>) {
  let next = 0;
  const latencies: number[] = [];
  const results: T[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        results[i] = await one(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0);
  return { results, latencyMs: { p50: pct(0.5), p99: pct(0.99), max: Math.round(latencies.at(-1) ?? 0) } };
}

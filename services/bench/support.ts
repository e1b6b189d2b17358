// Shared helpers for the service benchmarks: a fresh PostgreSQL database, autocannon runs, result files.
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const BENCH_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Creates a uniquely named database and returns its URL and a drop function. */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `oj_bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: BENCH_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: BENCH_PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Starts the bench file at `moduleUrl` again as its load-generator child (`--load`, run through
 * tsx), waits for the child's first message ('ready'), and then sends it one job at a time,
 * resolving with the child's answer to each.
 */
export async function startLoadChild<Job extends object, Outcome>(
  moduleUrl: string,
): Promise<{ run(job: Job): Promise<Outcome>; kill(): void }> {
  const child = fork(fileURLToPath(moduleUrl), ['--load'], { execArgv: ['--import', 'tsx'] });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  return {
    run: (job) =>
      new Promise<Outcome>((resolve) => {
        child.once('message', (m) => resolve(m as Outcome));
        child.send(job);
      }),
    kill: () => {
      child.kill();
    },
  };
}

export interface LoadResult {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export async function load(opts: autocannon.Options): Promise<LoadResult> {
  const r = await autocannon({ duration: 5, connections: 32, ...opts });
  return {
    requestsPerSec: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** Writes bench-results/<name>.json and prints the object as the last line. */
export function report(name: string, result: object): void {
  const dir = new URL('../bench-results', import.meta.url).pathname;
  mkdirSync(dir, { recursive: true });
  const line = JSON.stringify({ bench: name, at: new Date().toISOString(), ...result });
  writeFileSync(join(dir, `${name}.json`), line + '\n');
  console.log(line);
}

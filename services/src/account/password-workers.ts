// The pool of worker threads that hashes and checks passwords (issues #15, #22.5, #29.3): one
// argon2 computation per worker at a time, as many workers as the machine runs in parallel. Every
// password of the process goes through it: sign-ins, registrations and password changes on the
// interactive line, admin batches (insert-batch, generate) on the batch line. A worker takes the
// interactive line first, so a batch cannot hold sign-ins behind thousands of hashes. The
// interactive line is bounded by time: a call waits if the line ahead of it can be served within
// `maxWaitMs` at the measured pace (a client's own timeout is ~10-15 s), and a call still waiting
// at its deadline is refused then; `maxWaiting` only caps the line's memory. A refusal is PoolBusy
// with the seconds after which a retry should find room (the sign-in answers "busy, retry in N s").
// Idle workers are unref'd: the pool never keeps a process alive, and needs no shutdown.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { HashReply, HashRequest } from './password-worker';

export type PasswordLine = 'interactive' | 'batch';

export interface PasswordPool {
  /** Number of worker threads (at most that many argon2 computations run at once). */
  readonly size: number;
  /** Calls waiting for a worker, per line. */
  waiting(line?: PasswordLine): number;
  /** The argon2id hash of `password` (password-params.ts), computed on a worker thread. */
  hash(password: string, line?: PasswordLine): Promise<string>;
  /** Whether `password` matches the stored `hash` (a malformed hash is a mismatch). */
  verify(hash: string, password: string, line?: PasswordLine): Promise<boolean>;
  /** Stops the workers; calls waiting are refused. */
  close(): Promise<void>;
}

/** The interactive line is full: retry after `retryAfterS` seconds. */
export class PoolBusy extends Error {
  override name = 'PoolBusy';
  constructor(readonly retryAfterS: number) {
    super(`too many password checks waiting; retry in ${retryAfterS} s`);
  }
}

export interface PasswordPoolOptions {
  /** Worker threads (default: the machine's parallelism). */
  size?: number;
  /** Interactive calls allowed to wait at most (default 4096); the batch line is unbounded. */
  maxWaiting?: number;
  /** Longest an interactive call may wait for a worker (default 10,000 ms). */
  maxWaitMs?: number;
}

type Result = string | boolean;

interface Task {
  id: number;
  /** performance.now() past which an interactive task still waiting is refused. */
  deadline: number;
  request: HashRequest;
  resolve(result: Result): void;
  reject(err: Error): void;
}

/**
 * The worker's script for a process started as `script` (process.argv[1]): next to a running
 * bundle (`dist/services/password-worker.js`, built by scripts/build.mjs beside main.js and
 * api.js), else the TypeScript source through tsx (development, tests), as eval'd code that
 * registers tsx's loader inside the thread first.
 */
export function passwordWorkerScript(script: string): { file: string; eval: boolean } {
  if (script.endsWith('.js')) {
    const bundled = path.join(path.dirname(script), 'password-worker.js');
    if (existsSync(bundled)) return { file: bundled, eval: false };
  }
  const source = new URL('./password-worker.ts', import.meta.url).href;
  const tsxDir = path.dirname(fileURLToPath(import.meta.resolve('tsx')));
  const api = pathToFileURL(path.join(tsxDir, 'esm/api/index.mjs')).href;
  return {
    file: `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(source)}); });`,
    eval: true,
  };
}

/** Milliseconds one argon2 computation is assumed to take before any was measured. */
const FIRST_GUESS_MS = 50;

export function createPasswordPool(opts: PasswordPoolOptions | number = {}): PasswordPool {
  const {
    size = os.availableParallelism(),
    maxWaiting = 4096,
    maxWaitMs = 10_000,
  } = typeof opts === 'number' ? { size: opts } : opts;
  const entry = passwordWorkerScript(process.argv[1] ?? '');
  const all = new Set<Worker>();
  const idle: Worker[] = [];
  const running = new Map<Worker, Task & { started: number }>();
  const served = new WeakSet<Worker>();
  const lines: Record<PasswordLine, Task[]> = { interactive: [], batch: [] };
  let nextId = 1;
  let closed = false;
  // A moving average of one computation's time, for the "retry in N s" estimate.
  let averageMs = FIRST_GUESS_MS;

  const queued = () => lines.interactive.length + lines.batch.length;
  // Seconds until the interactive line (plus what the workers are running) has drained.
  const drainS = () => Math.max(1, Math.ceil(((lines.interactive.length + size) * averageMs) / size / 1000));

  /** Refuses the interactive calls whose deadline passed while they waited. */
  function expire(now = performance.now()) {
    let n = 0;
    while (n < lines.interactive.length && lines.interactive[n]!.deadline <= now) n++;
    if (!n) return;
    const late = lines.interactive.splice(0, n);
    const retry = drainS();
    for (const t of late) t.reject(new PoolBusy(retry));
  }

  // While sign-ins wait, the oldest one's deadline is watched (unref'd: never keeps the process up).
  let watch: NodeJS.Timeout | undefined;
  function watchDeadlines() {
    if (watch || !lines.interactive.length) return;
    const wait = Math.max(0, lines.interactive[0]!.deadline - performance.now());
    watch = setTimeout(() => {
      watch = undefined;
      expire();
      watchDeadlines();
    }, wait + 1);
    watch.unref();
  }

  // Callers expire the line first (release, pump), so what is taken here has not passed its deadline.
  const nextTask = () => lines.interactive.shift() ?? lines.batch.shift();

  function spawn(): Worker {
    const w = new Worker(entry.file, { eval: entry.eval });
    all.add(w);
    w.on('message', (reply: HashReply) => {
      const task = running.get(w);
      running.delete(w);
      served.add(w);
      if (task && task.id === reply.id) {
        averageMs = averageMs * 0.9 + (performance.now() - task.started) * 0.1;
        if ('hash' in reply) task.resolve(reply.hash);
        else if ('ok' in reply) task.resolve(reply.ok);
        else task.reject(new Error(reply.error));
      }
      release(w);
    });
    w.on('error', (err: Error) => {
      running.get(w)?.reject(err);
      running.delete(w);
      // A worker that never answered cannot start (missing script): refuse the lines, do not respawn.
      if (!served.has(w))
        for (const t of [...lines.interactive.splice(0), ...lines.batch.splice(0)]) t.reject(err);
    });
    w.on('exit', () => {
      all.delete(w);
      const at = idle.indexOf(w);
      if (at >= 0) idle.splice(at, 1);
      running.get(w)?.reject(new Error('password worker exited'));
      running.delete(w);
      if (!closed) pump();
    });
    return w;
  }

  function run(w: Worker, task: Task) {
    running.set(w, { ...task, started: performance.now() });
    w.ref();
    w.postMessage(task.request);
  }

  function release(w: Worker) {
    expire();
    const task = nextTask();
    if (task) return run(w, task);
    idle.push(w);
    w.unref();
  }

  function pump() {
    expire();
    while (queued()) {
      let w = idle.pop();
      if (!w) {
        if (all.size >= size) return;
        w = spawn();
      }
      run(w, nextTask()!);
    }
  }

  function submit<T extends Result>(request: Omit<HashRequest, 'id'>, line: PasswordLine): Promise<T> {
    if (closed) return Promise.reject(new Error('password pool closed'));
    if (line === 'interactive') {
      expire();
      // The line ahead drains at `size` computations per average computation time; a call that
      // would not start within maxWaitMs is refused now rather than after waiting for nothing.
      const startsInMs =
        (Math.floor(lines.interactive.length / size) + (all.size >= size ? 1 : 0)) * averageMs;
      if (lines.interactive.length >= maxWaiting || (idle.length === 0 && startsInMs > maxWaitMs))
        return Promise.reject(new PoolBusy(drainS()));
    }
    return new Promise<T>((resolve, reject) => {
      const id = nextId++;
      lines[line].push({
        id,
        deadline: performance.now() + maxWaitMs,
        request: { ...request, id } as HashRequest,
        resolve: resolve as (r: Result) => void,
        reject,
      });
      pump();
      if (line === 'interactive') watchDeadlines();
    });
  }

  return {
    size,
    waiting: (line) => (line ? lines[line].length : queued()),
    hash: (password, line = 'interactive') => submit<string>({ password }, line),
    verify: (hash, password, line = 'interactive') => submit<boolean>({ password, verify: hash }, line),
    async close() {
      closed = true;
      clearTimeout(watch);
      for (const t of [...lines.interactive.splice(0), ...lines.batch.splice(0)])
        t.reject(new Error('password pool closed'));
      await Promise.all([...all].map((w) => w.terminate()));
    },
  };
}

let shared: PasswordPool | undefined;
let sharedOptions: PasswordPoolOptions = {};

/**
 * Sets the interactive line's bounds of the process's pool (OJ_LOGIN_QUEUE, OJ_LOGIN_WAIT_MS);
 * before its first use.
 */
export function configurePasswordPool(maxWaiting: number, maxWaitMs?: number): void {
  sharedOptions = { maxWaiting, ...(maxWaitMs === undefined ? {} : { maxWaitMs }) };
}

/** Replaces the process's pool (tests and benches: a pool of their own size or behaviour). */
export function usePasswordPool(pool: PasswordPool): void {
  shared = pool;
}

/** The process's pool (created at first use, kept for the life of the process). */
export function passwordPool(): PasswordPool {
  return (shared ??= createPasswordPool(sharedOptions));
}

// A reused pool of worker threads hashing passwords (issue #15: batch user creation), one hash per
// worker at a time, as many workers as the machine runs in parallel. It is for admin batches
// (insert-batch, generate): logins keep passwords.ts's one-at-a-time line, so a batch cannot
// starve sign-ins of CPU for longer than the batch, and a burst of sign-ins cannot grow past it.
// Idle workers are unref'd: the pool never keeps a process alive, and needs no shutdown.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { HashReply } from './password-worker';

export interface PasswordPool {
  /** Number of worker threads (at most that many hashes run at once). */
  readonly size: number;
  /** The argon2id hash of `password` (passwords.ts parameters), computed on a worker thread. */
  hash(password: string): Promise<string>;
  /** Stops the workers; hashes waiting are refused. */
  close(): Promise<void>;
}

interface Task {
  id: number;
  password: string;
  resolve(hash: string): void;
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

export function createPasswordPool(size = os.availableParallelism()): PasswordPool {
  const entry = passwordWorkerScript(process.argv[1] ?? '');
  const all = new Set<Worker>();
  const idle: Worker[] = [];
  const running = new Map<Worker, Task>();
  const served = new WeakSet<Worker>();
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Worker {
    const w = new Worker(entry.file, { eval: entry.eval });
    all.add(w);
    w.on('message', (reply: HashReply) => {
      const task = running.get(w);
      running.delete(w);
      served.add(w);
      if (task && task.id === reply.id) {
        if ('hash' in reply) task.resolve(reply.hash);
        else task.reject(new Error(reply.error));
      }
      release(w);
    });
    w.on('error', (err: Error) => {
      running.get(w)?.reject(err);
      running.delete(w);
      // A worker that never answered cannot start (missing script): refuse the line, do not respawn.
      if (!served.has(w)) for (const t of queue.splice(0)) t.reject(err);
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
    running.set(w, task);
    w.ref();
    w.postMessage({ id: task.id, password: task.password });
  }

  function release(w: Worker) {
    const task = queue.shift();
    if (task) return run(w, task);
    idle.push(w);
    w.unref();
  }

  function pump() {
    while (queue.length) {
      let w = idle.pop();
      if (!w) {
        if (all.size >= size) return;
        w = spawn();
      }
      run(w, queue.shift()!);
    }
  }

  return {
    size,
    hash(password) {
      if (closed) return Promise.reject(new Error('password pool closed'));
      return new Promise<string>((resolve, reject) => {
        queue.push({ id: nextId++, password, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const t of queue.splice(0)) t.reject(new Error('password pool closed'));
      await Promise.all([...all].map((w) => w.terminate()));
    },
  };
}

let shared: PasswordPool | undefined;

/** The process's pool (created at first use, kept for the life of the process). */
export function passwordPool(): PasswordPool {
  return (shared ??= createPasswordPool());
}

// A platform made of real processes for the fault-injection suite and the reliability bench
// (issue #11): a private nats-server on a port of its own (stopped and started by the tests; the
// machine's 127.0.0.1:4222 is never touched), API processes, a standalone gateway and judge
// runners, each a child process running its compiled bundle (scripts/build.mjs), plus clients
// that talk REST and socket.io like the web does. Everything waits for events (log lines, answers,
// pushes), never for fixed times.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { ServerEvents, type SubmissionUpdate } from '@oj/protocol/realtime/events';
import { Client, type Envelope } from '../e2e/harness';

export const repoRoot = new URL('../../../', import.meta.url).pathname;
export const FINAL = (status: number) => ![5, 6, 7, 9].includes(status);

/** Compiles the server processes if their sources changed (what npm start's prestart does). */
export function ensureBuilt(): void {
  const r = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`build failed: ${r.stderr}${r.stdout}`);
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves when `test` holds, re-checked on every `signal` call and at least every `everyMs`. */
export async function until<T>(
  read: () => T | Promise<T>,
  done: (v: T) => boolean,
  what: string,
  timeoutMs = 60_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A child process with its output kept, and waits on its log lines and its exit. */
export class Proc {
  output = '';
  child: ChildProcess | null = null;
  private readonly lineWaiters = new Set<() => void>();
  constructor(
    readonly name: string,
    readonly command: string,
    readonly args: string[],
    readonly env: Record<string, string>,
  ) {}

  start(): this {
    this.output = '';
    const child = spawn(this.command, this.args, {
      cwd: repoRoot,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const onData = (d: Buffer) => {
      this.output += d.toString();
      for (const w of [...this.lineWaiters]) w();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    this.child = child;
    return this;
  }

  get alive(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Waits for output matching `re` written after `from` (an offset into `output`). */
  async waitFor(re: RegExp, timeoutMs = 60_000, from = 0): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!re.test(this.output.slice(from))) {
      if (!this.alive)
        throw new Error(`${this.name} exited while waiting for ${re}:\n${this.output.slice(-3000)}`);
      if (Date.now() > deadline)
        throw new Error(`${this.name}: no ${re} in ${timeoutMs} ms:\n${this.output.slice(-3000)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(done, 200);
        function done() {
          clearTimeout(t);
          waiters.delete(done);
          resolve();
        }
        const waiters = this.lineWaiters;
        waiters.add(done);
      });
    }
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  }
}

/** nats-server with JetStream on a port and store of its own. */
export class PrivateNats {
  readonly storeDir = mkdtempSync(join(tmpdir(), 'oj-faults-nats-'));
  proc: Proc;
  constructor(readonly port: number) {
    this.proc = new Proc(
      'nats',
      'nats-server',
      ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', this.storeDir],
      {},
    );
  }
  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    this.proc.start();
    await this.proc.waitFor(/Server is ready/, 30_000);
  }
  async stop(): Promise<void> {
    await this.proc.stop('SIGTERM');
  }
  /** A new node or a lost volume (issue #23): stopped, its store deleted, started again on the same port. */
  async wipe(): Promise<void> {
    await this.stop();
    rmSync(this.storeDir, { recursive: true, force: true });
    await this.start();
  }
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.storeDir, { recursive: true, force: true });
  }
}

const node = (bundle: string) =>
  [process.execPath, ['--enable-source-maps', join(repoRoot, bundle)]] as const;

export function apiProcess(name: string, port: number, env: Record<string, string>): Proc {
  const [cmd, args] = node('dist/services/api.js');
  return new Proc(name, cmd, [...args], { ...env, PORT: String(port), HOST: '127.0.0.1' });
}

export function gatewayProcess(name: string, port: number, env: Record<string, string>): Proc {
  const [cmd, args] = node('dist/services/gateway.js');
  return new Proc(name, cmd, [...args], { ...env, OJ_GATEWAY_PORT: String(port), HOST: '127.0.0.1' });
}

export function runnerProcess(name: string, env: Record<string, string>): Proc {
  const [cmd, args] = node('dist/judge-runner/main.js');
  return new Proc(name, cmd, [...args], { ...env, OJ_JUDGE_NAME: name, OJ_JUDGE_CONCURRENCY: '1' });
}

export function embeddedProcess(name: string, port: number, env: Record<string, string>): Proc {
  const [cmd, args] = node('dist/services/main.js');
  return new Proc(name, cmd, [...args], { ...env, PORT: String(port), HOST: '127.0.0.1' });
}

/** Waits until an HTTP server answers the website config (any envelope). */
export async function answering(base: string, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  await until(
    async () => {
      try {
        const res = await fetch(`${base}/api/get-website-config`);
        return res.status === 200;
      } catch {
        return false;
      }
    },
    (ok) => ok,
    `${base} to answer`,
    timeoutMs,
    25,
  );
  return Date.now() - started;
}

export type { Envelope };

/** REST the way the web client talks it (the token in `authorization`), plus the fault suite's steps. */
export class Rest extends Client {
  /** Lets one user submit back to back (the site's default interval is 8 s). */
  async openSubmitInterval(): Promise<void> {
    const current = await this.call<Record<string, unknown>>('GET', '/api/admin/switch/info');
    const r = await this.call('PUT', '/api/admin/switch/update', {
      ...current.data,
      defaultSubmitInterval: 0,
    });
    if (r.status !== 200) throw new Error(`switch update failed: ${r.msg}`);
  }

  async submit(
    code: string,
    pid = '1000',
    language = 'Python3',
  ): Promise<Envelope<{ submitId: number; status: number }>> {
    return this.call('POST', '/api/submit-problem-judge', { pid, language, code, isRemote: false });
  }

  async statuses(ids: number[]): Promise<Map<number, number>> {
    const r = await this.call<Record<string, { status: number }>>('POST', '/api/check-submissions-status', {
      submitIds: ids,
    });
    return new Map(Object.entries(r.data ?? {}).map(([id, v]) => [Number(id), v.status]));
  }
}

/**
 * A socket.io client that behaves like web/src/api/socket.ts: it reconnects after any disconnect,
 * and after a reconnect it catches up on the submissions it has not seen finish (REST).
 */
export class PushClient {
  readonly updates: SubmissionUpdate[] = [];
  /** Final statuses learnt by push or by the catch-up after a reconnect. */
  readonly finals = new Map<number, { status: number; via: 'push' | 'resync'; at: number }>();
  readonly watched = new Set<number>();
  reconnects = 0;
  readonly socket: Socket;

  constructor(
    gatewayUrl: string,
    token: string,
    private readonly rest: Rest,
  ) {
    this.socket = io(gatewayUrl, {
      auth: { token },
      transports: ['websocket'],
      reconnectionDelay: 300,
      reconnectionDelayMax: 1000,
    });
    let connectedBefore = false;
    this.socket.on('connect', () => {
      if (connectedBefore) {
        this.reconnects++;
        void this.resync();
      }
      connectedBefore = true;
    });
    // The gateway missed events itself (its NATS connection came back): catch up as well.
    this.socket.on(ServerEvents.resync, () => void this.resync());
    this.socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') setTimeout(() => this.socket.connect(), 300);
    });
    this.socket.on(ServerEvents.submissionUpdated, (u: SubmissionUpdate) => {
      this.updates.push(u);
      if (u.reason === 'result' || FINAL(u.status)) {
        if (!this.finals.has(u.submitId))
          this.finals.set(u.submitId, { status: u.status, via: 'push', at: Date.now() });
      }
    });
  }

  async connected(): Promise<void> {
    await until(
      () => this.socket.connected,
      (c) => c,
      'the socket to connect',
      30_000,
    );
  }

  watch(submitId: number): void {
    this.watched.add(submitId);
  }

  async resync(): Promise<void> {
    const open = [...this.watched].filter((id) => !this.finals.has(id));
    if (open.length === 0) return;
    try {
      const statuses = await this.rest.statuses(open);
      for (const [id, status] of statuses)
        if (FINAL(status) && !this.finals.has(id))
          this.finals.set(id, { status, via: 'resync', at: Date.now() });
    } catch {
      // The next reconnect or the test's final check reads again.
    }
  }

  /** 'result' pushes per submission (a judging pushed twice would show as 2). */
  resultPushes(submitId: number): number {
    return this.updates.filter((u) => u.submitId === submitId && u.reason === 'result').length;
  }

  close(): void {
    this.socket.close();
  }
}

export const PROGRAMS = {
  ac: 'a, b = map(int, input().split())\nprint(a + b)\n',
  wa: 'a, b = map(int, input().split())\nprint(a - b + 1)\n',
  /** Accepted, but slow: each of problem 1000's five cases sleeps first (a judging of ~`s`×5 s). */
  slowAc: (s: number) => `import time\ntime.sleep(${s})\na, b = map(int, input().split())\nprint(a + b)\n`,
};

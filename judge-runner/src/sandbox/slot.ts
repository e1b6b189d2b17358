/**
 * One pre-created sandbox slot: a keeper process (helper/oj-sandbox.c, root, on the host)
 * owning a tmpfs, cgroups and a long-lived bubblewrap whose pid 1 is the zygote that forks
 * each run. This module speaks the keeper's frame protocol; the pool decides reuse.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { killAndRemove } from './cgroup';
import type { SandboxLimits, SandboxStdio } from './limits';
import { isMountPoint } from './workspace';

const exec = promisify(execFile);

export interface SlotConfig {
  helper: string;
  /** Host directory the slot's tmpfs is mounted on (created by the keeper). */
  dir: string;
  /** The slot's cgroup directory in each v1 hierarchy (created by the keeper). */
  cgroups: { memory: string; pids: string; cpuacct: string };
  /** bubblewrap argv up to (not including) `--`; the keeper appends nothing. */
  bwrapArgv: string[];
  seccompFile: string | null;
  tmpfsBytes: number;
  tmpfsInodes: number;
}

/** What the keeper reports for one run. */
export interface SlotRunReport {
  exitCode: number | null;
  signal: number | null;
  killedBy: 'cpu' | 'wall' | null;
  wallUs: number;
  cpuNs: bigint;
  memoryPeakBytes: number;
  oomKills: number;
  setupError: string | null;
  /** The slot must not be reused (tree not dead, cgroup not empty, helper gone). */
  doubt: boolean;
}

export interface SlotRunRequest {
  argv: string[];
  env: Record<string, string>;
  limits: SandboxLimits;
  stdio: SandboxStdio;
}

/** The slot died before the program started: the run can be retried on another slot. */
export class SlotLostError extends Error {
  constructor(
    message: string,
    readonly slot: Slot,
  ) {
    super(message);
  }
}

function frame(pairs: [string, string][]): Buffer {
  const parts: Buffer[] = [];
  for (const [k, v] of pairs) {
    if (k.includes('\0') || v.includes('\0')) throw new Error(`NUL byte in sandbox request field ${k}`);
    parts.push(Buffer.from(`${k}\0${v}\0`));
  }
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(4);
  head.writeUInt32LE(body.length, 0);
  return Buffer.concat([head, body]);
}

function fields(line: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const tok of line.split(' ').slice(1)) {
    const eq = tok.indexOf('=');
    if (eq > 0) m.set(tok.slice(0, eq), tok.slice(eq + 1));
  }
  return m;
}

/** rlimit values exactly as the one-shot launcher's bash `ulimit` set them. */
export function rlimitFields(limits: SandboxLimits): [string, string][] {
  const cpuSec = Math.floor(limits.cpuMs / 1000) + 1;
  return [
    ['cpu_soft', String(cpuSec)],
    ['cpu_hard', String(cpuSec + 1)],
    ['fsize', String(Math.ceil((limits.fileSizeBytes + 1) / 1024) * 1024)],
    ['stack', String(Math.ceil(limits.stackBytes / 1024) * 1024)],
    ['nofile', String(limits.openFiles ?? 256)],
  ];
}

export class Slot {
  /** Set when the keeper exited or the slot was found in doubt. */
  broken = false;
  private lines: string[] = [];
  private waiter: ((line: string | null) => void) | null = null;
  private partial = '';
  private stderrTail = '';
  private exited = false;
  private readonly exit: Promise<void>;

  private constructor(
    readonly config: SlotConfig,
    private readonly proc: ChildProcessWithoutNullStreams,
    /** Host pids of the slot's infrastructure, for tests and diagnostics. */
    readonly pids: { keeper: number; bwrap: number; zygote: number },
  ) {
    this.exit = new Promise((resolve) => proc.once('exit', () => resolve()));
  }

  /** Host path of the slot's /w (bound read-write into the sandbox). */
  get w(): string {
    return join(this.config.dir, 'w');
  }

  /** Host-only directory for the run's stdio files. */
  get io(): string {
    return join(this.config.dir, 'io');
  }

  static async start(config: SlotConfig): Promise<Slot> {
    const opts = [
      '--slot-dir',
      config.dir,
      '--cg-memory',
      config.cgroups.memory,
      '--cg-pids',
      config.cgroups.pids,
      '--cg-cpuacct',
      config.cgroups.cpuacct,
      '--tmpfs-size',
      String(config.tmpfsBytes),
      '--tmpfs-inodes',
      String(config.tmpfsInodes),
      ...(config.seccompFile ? ['--seccomp', config.seccompFile] : []),
    ];
    const proc = spawn(config.helper, ['keeper', ...opts, '--', ...config.bwrapArgv], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {},
    });
    const slot = new Slot(config, proc, { keeper: proc.pid ?? -1, bwrap: -1, zygote: -1 });
    slot.listen();
    const first = await slot.next();
    if (!first?.startsWith('ready ')) {
      await slot.destroy();
      throw new Error(`sandbox slot did not start: ${first ?? ''} ${slot.stderrTail.trim()}`.trim());
    }
    const f = fields(first);
    slot.pids.bwrap = Number(f.get('bwrap'));
    slot.pids.zygote = Number(f.get('zygote'));
    return slot;
  }

  private listen(): void {
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (chunk: string) => {
      this.partial += chunk;
      let nl: number;
      while ((nl = this.partial.indexOf('\n')) >= 0) {
        const line = this.partial.slice(0, nl);
        this.partial = this.partial.slice(nl + 1);
        if (this.waiter) {
          const w = this.waiter;
          this.waiter = null;
          w(line);
        } else this.lines.push(line);
      }
    });
    this.proc.stderr.setEncoding('utf8');
    this.proc.stderr.on('data', (d: string) => {
      this.stderrTail = (this.stderrTail + d).slice(-4096);
    });
    this.proc.stdin.on('error', () => undefined);
    this.proc.once('exit', () => {
      this.exited = true;
      this.broken = true;
      if (this.waiter) {
        const w = this.waiter;
        this.waiter = null;
        w(null);
      }
    });
  }

  /** The next line from the keeper, or null when it has exited. */
  private next(): Promise<string | null> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.exited) return Promise.resolve(null);
    return new Promise((resolve) => (this.waiter = resolve));
  }

  private busy = false;

  /** One request at a time: the keeper answers in order, and a slot serves one run. */
  private async request(pairs: [string, string][]): Promise<string | null> {
    if (this.busy) throw new Error('sandbox slot is already running a request');
    if (this.exited) return null;
    this.busy = true;
    try {
      this.proc.stdin.write(frame(pairs));
      return await this.next();
    } finally {
      this.busy = false;
    }
  }

  async run(req: SlotRunRequest): Promise<SlotRunReport> {
    if (this.broken) throw new SlotLostError('sandbox slot is gone', this);
    const { limits, stdio } = req;
    // The keeper guards the zygote (wall + 10 s); this guards the keeper itself.
    const guard = setTimeout(() => this.proc.kill('SIGKILL'), limits.wallMs + 30_000);
    const line = await this.request([
      ['cmd', 'run'],
      ['memory', String(Math.floor(limits.memoryBytes))],
      // The run's own processes only (the one-shot path counted bwrap's two as well).
      ['pids', String(limits.pids + 1)],
      ['cpu_ms', String(limits.cpuMs)],
      ['wall_ms', String(limits.wallMs)],
      ...rlimitFields(limits),
      ['cwd', '/w'],
      ['stdin', stdio.stdin ?? '/dev/null'],
      ['stdout', stdio.stdout ?? '/dev/null'],
      ['stderr', stdio.stderr ?? '/dev/null'],
      ['outfirst', stdio.openStdoutFirst ? '1' : '0'],
      ...req.argv.map((a): [string, string] => ['arg', a]),
      ...Object.entries(req.env).map(([k, v]): [string, string] => ['env', `${k}=${v}`]),
    ]).finally(() => clearTimeout(guard));
    if (line === null) {
      // The keeper died: before or during the run, we cannot tell; the caller gets SE.
      this.broken = true;
      return lostReport(`sandbox keeper died ${this.stderrTail.trim()}`.trim());
    }
    const f = fields(line);
    const setup = f.get('setup');
    if (f.get('lost') === '1') {
      this.broken = true;
      throw new SlotLostError(`sandbox slot lost before the run started: ${setup ?? line}`, this);
    }
    const code = Number(f.get('code') ?? -1);
    const sig = Number(f.get('sig') ?? 0);
    const killed = f.get('killed');
    const report: SlotRunReport = {
      exitCode: code >= 0 && sig === 0 ? code : null,
      signal: sig > 0 ? sig : null,
      killedBy: killed === 'cpu' || killed === 'wall' ? killed : null,
      wallUs: Number(f.get('wall_us') ?? 0),
      cpuNs: BigInt(f.get('cpu_ns') ?? '0'),
      memoryPeakBytes: Number(f.get('mem') ?? 0),
      oomKills: Number(f.get('oom') ?? 0),
      setupError: setup ? setup.replace(/_/g, ' ') : null,
      doubt: f.get('doubt') !== '0',
    };
    if (!line.startsWith('done ')) report.setupError = `sandbox keeper: ${line}`;
    if (report.doubt) this.broken = true;
    return report;
  }

  /**
   * After a run: empty /w and the io directory (what the runner reads and fills). The keeper
   * empties /tmp and /dev/shm and resets metadata and counters before the next run. Any
   * failure puts the slot in doubt.
   */
  clear(): boolean {
    if (this.broken) return false;
    try {
      for (const dir of [this.w, this.io])
        for (const name of readdirSync(dir)) rmSync(join(dir, name), { recursive: true, force: true });
      return true;
    } catch {
      this.broken = true;
      return false;
    }
  }

  /** Stop the keeper (it tears the sandbox down) and remove anything it could not. */
  async destroy(): Promise<void> {
    this.broken = true;
    if (!this.exited) {
      this.proc.stdin.end(frame([['cmd', 'quit']]));
      const timer = setTimeout(() => this.proc.kill('SIGKILL'), 2000);
      await this.exit;
      clearTimeout(timer);
    }
    // The zygote may still be taking its namespace down: wait until nothing of the slot runs.
    for (let i = 0; i < 600 && Object.values(this.pids).some(running); i++)
      await new Promise((r) => setTimeout(r, 5));
    // A keeper that was killed left its cgroups and mount behind.
    for (const dir of Object.values(this.config.cgroups)) if (existsSync(dir)) await killAndRemove(dir);
    if (existsSync(this.config.dir)) {
      if (isMountPoint(this.config.dir)) await exec('umount', ['-l', this.config.dir]).catch(() => undefined);
      try {
        rmdirSync(this.config.dir);
      } catch {
        // left for the start-up sweep
      }
    }
  }
}

function lostReport(message: string): SlotRunReport {
  return {
    exitCode: null,
    signal: null,
    killedBy: null,
    wallUs: 0,
    cpuNs: 0n,
    memoryPeakBytes: 0,
    oomKills: 0,
    setupError: message,
    doubt: true,
  };
}

/** Alive and not a zombie (a zombie holds no resources; the host's init reaps it). */
function running(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

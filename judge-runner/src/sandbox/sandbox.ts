/**
 * Runs untrusted processes. Default (pooled): pre-created slots (slot.ts, pool.ts), each a
 * long-lived bubblewrap whose pid 1 forks every run into the slot's reused cgroups; a run
 * costs a fork+exec. Fallback (one-shot, `pool: false` or OJ_SANDBOX_POOL=0): bubblewrap
 * namespaces + a fresh cgroup v1 + rlimits per run, polled for CPU and wall time, whole tree
 * killed at the end, cgroup removed. Design notes: docs/architecture.md, "Judge sandbox".
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  constants,
  existsSync,
  fchownSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  RunCgroup,
  detectCgroupRoots,
  removeCgroupRoots,
  sweepStaleCgroups,
  type CgroupRoots,
} from './cgroup';
import { readHead } from './files';
import { assertOwnedPath, ensureHelper } from './helper';
import type { SandboxLimits, SandboxResult, SandboxRunOptions, SandboxStdio } from './limits';
import { SlotPool } from './pool';
import { Slot, SlotLostError, type SlotRunReport } from './slot';
import { buildSeccompFilter } from './seccomp';
import {
  SANDBOX_GID,
  SANDBOX_UID,
  assertTraversable,
  sweepStaleWorkspaces,
  type RunDirs,
  type Workspace,
} from './workspace';

export type { SandboxLimits, SandboxStdio, SandboxRunOptions, SandboxResult } from './limits';

const SIGXCPU = 24;
const SIGXFSZ = 25;
const POLL_MS = 20;

/**
 * The launcher (bash: dash cannot name fds above 9) joins the run cgroups before anything
 * else executes, closes every inherited descriptor but its own (the judge process may have
 * been started with stray non-close-on-exec fds), opens the stdio files, then execs
 * rlimits (ulimit) → setpriv → bwrap → program. FIFO pairs are opened in complementary order by the
 * two launchers so neither blocks forever.
 */
const LAUNCHER = [
  'IFS=:; for f in $OJ_CGROUP_PROCS; do echo $$ > "$f" || exit 121; done; unset IFS',
  'for fd in /proc/$$/fd/*; do fd=${fd##*/}; case $fd in 0|1|2|3) ;; *) eval "exec $fd>&-" 2>/dev/null ;; esac; done',
  'if [ "$OJ_OUT_FIRST" = 1 ]; then exec 1>"$OJ_STDOUT" 0<"$OJ_STDIN"; else exec 0<"$OJ_STDIN" 1>"$OJ_STDOUT"; fi',
  'exec 2>"$OJ_STDERR" 9>"$OJ_CPU_PROCS"',
  'if [ -n "$OJ_SECCOMP" ]; then exec 8<"$OJ_SECCOMP"; fi',
  // rlimits (bash units: -f and -s in KiB): CPU backstop, output size, stack, fds, no core dumps.
  'ulimit -St "$OJ_CPU_SEC" && ulimit -Ht "$((OJ_CPU_SEC + 1))" && ulimit -f "$OJ_FSIZE_KB" && ulimit -s "$OJ_STACK_KB" && ulimit -n "$OJ_NOFILE" && ulimit -c 0 || exit 122',
  'exec "$@"',
].join('\n');

/**
 * First thing inside the sandbox: join the CPU-accounting cgroup through the inherited
 * fd 9, close it, exec the program. So bwrap's own set-up (mounts, ~10 ms of kernel
 * time) is not billed to the submission, while memory and pids cover everything.
 */
const SHIM = 'echo 0 >&9 || exit 121; exec 9>&-; exec "$@"';

/** Read-only host paths the toolchains need; missing ones are skipped. */
const RO_BINDS = [
  '/usr',
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/alternatives',
  '/etc/java-17-openjdk',
  '/etc/mono',
  '/etc/php',
  '/etc/fpc.cfg',
  '/etc/localtime',
  '/var/lib/ghc',
];
/** Where precompiled headers live (languages/pch.ts builds them), bound read-only at PCH_MOUNT. */
export const PCH_MOUNT = '/pch';
export function defaultPchDir(): string {
  return join(tmpdir(), 'oj-judge', 'pch');
}

/** Merged-/usr symlinks (Debian 12). */
const ROOT_LINKS = ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32'];

export interface SandboxOptions {
  /** Child cgroup name under our own cgroup. */
  cgroupName?: string;
  bwrapPath?: string;
  /** Size of the sandbox's private /tmp (one-shot path). */
  tmpSizeBytes?: number;
  /** Apply the seccomp deny-list (default true on x86-64). */
  seccomp?: boolean;
  /**
   * Pre-created, reused sandbox slots (default, unless OJ_SANDBOX_POOL=0). `true` fails when
   * the helper cannot be built; by default the sandbox then falls back to one-shot runs, loudly.
   */
  pool?: boolean;
  /** Slots started ahead of the first run (the runner's concurrency); more are made on demand. */
  slots?: number;
  /** Where slot tmpfs mounts go (every ancestor needs o+x). */
  slotDir?: string;
  /** Cache for the compiled native helper, and the C compiler that builds it (default `cc`). */
  helperCacheDir?: string;
  helperCc?: string;
  /** Size and inode count of each slot's tmpfs (/w, /tmp, /dev/shm and the stdio files). */
  slotTmpfsBytes?: number;
  slotTmpfsInodes?: number;
  log?: (msg: string) => void;
}

/** What a run inside a lease needs besides the directories (which the lease owns). */
export type LeaseRunOptions = Omit<SandboxRunOptions, 'dirs'>;

/** A run's directories and a way to run a program in them, valid inside `withRun`. */
export interface SandboxLease {
  readonly dirs: RunDirs;
  run(opts: LeaseRunOptions): Promise<SandboxResult>;
}

/** Slot numbers are unique in the process: several sandboxes may share its cgroup subtree. */
let slotCounter = 0;
/** Open sandboxes of this process; the last one to close removes the shared cgroup subtree. */
let openSandboxes = 0;

export class Sandbox {
  private readonly fixedArgs: string[];
  private pool: SlotPool | null = null;
  private closed = false;

  private constructor(
    readonly roots: CgroupRoots,
    private readonly bwrap: string,
    tmpSizeBytes: number,
    /** File holding the seccomp BPF program (null: no filter on this architecture). */
    private readonly seccompFile: string | null,
  ) {
    this.fixedArgs = buildFixedBwrapArgs({ tmpfsBytes: tmpSizeBytes });
    if (seccompFile) this.fixedArgs.push('--seccomp', '8');
    openSandboxes++;
  }

  /** Whether runs get the seccomp deny-list. */
  get seccomp(): boolean {
    return this.seccompFile !== null;
  }

  /** 'pool': reused pre-created slots; 'one-shot': a fresh bubblewrap and cgroup per run. */
  get mode(): 'pool' | 'one-shot' {
    return this.pool ? 'pool' : 'one-shot';
  }

  /** The live slots (pooled mode), for tests and diagnostics. */
  slots(): Slot[] {
    return this.pool?.slots() ?? [];
  }

  /** Detect cgroups and bubblewrap, clear leftovers of dead judges. Throws with a clear reason. */
  static async create(opts: SandboxOptions = {}): Promise<Sandbox> {
    const bwrap = opts.bwrapPath ?? '/usr/bin/bwrap';
    if (!existsSync(bwrap)) throw new Error(`bubblewrap not found at ${bwrap} (apt-get install bubblewrap)`);
    for (const tool of ['/bin/bash', '/usr/bin/setpriv']) {
      if (!existsSync(tool)) throw new Error(`${tool} not found (util-linux)`);
    }
    const roots = detectCgroupRoots(opts.cgroupName);
    await sweepStaleCgroups(roots);
    const filter = opts.seccomp === false ? null : buildSeccompFilter();
    let seccompFile: string | null = null;
    if (filter) {
      const dir = mkdtempSync(join(tmpdir(), 'oj-seccomp-'));
      seccompFile = join(dir, 'filter.bpf');
      writeFileSync(seccompFile, filter, { mode: 0o600 });
    }
    const sandbox = new Sandbox(roots, bwrap, opts.tmpSizeBytes ?? 64 * 1024 * 1024, seccompFile);
    const wantPool = opts.pool ?? process.env.OJ_SANDBOX_POOL !== '0';
    if (wantPool) {
      try {
        await sandbox.startPool(opts);
      } catch (err) {
        if (opts.pool === true) {
          await sandbox.close();
          throw err;
        }
        const log = opts.log ?? ((m: string) => console.error(m));
        log(
          `WARNING: judge sandbox falls back to one-shot runs (~10x slower per run): ${(err as Error).message}`,
        );
      }
    }
    return sandbox;
  }

  private async startPool(opts: SandboxOptions): Promise<void> {
    const helper = await ensureHelper(opts.helperCacheDir, opts.helperCc);
    const slotBase = opts.slotDir ?? join(tmpdir(), 'oj-judge', 'slots');
    mkdirSync(slotBase, { recursive: true, mode: 0o711 });
    assertTraversable(slotBase);
    // The keeper mounts a tmpfs there as root: no one else may be able to redirect it.
    assertOwnedPath(slotBase);
    await sweepStaleWorkspaces(slotBase, 'slot');
    const pool = new SlotPool(() => {
      const k = ++slotCounter;
      const dir = join(slotBase, `slot-${process.pid}-${k}`);
      return Slot.start({
        helper,
        dir,
        cgroups: {
          memory: join(this.roots.memory, `slot-${k}`),
          pids: join(this.roots.pids, `slot-${k}`),
          cpuacct: join(this.roots.cpuacct, `slot-${k}`),
        },
        bwrapArgv: [
          this.bwrap,
          ...buildFixedBwrapArgs({ tmp: join(dir, 'tmp'), shm: join(dir, 'shm') }),
          '--ro-bind',
          helper,
          '/.oj-sandbox',
          '--bind',
          join(dir, 'w'),
          '/w',
          '--chdir',
          '/w',
          '--remount-ro',
          '/',
          '--clearenv',
          '--json-status-fd',
          '4',
          ...(this.seccompFile ? ['--seccomp', '5'] : []),
          '--as-pid-1',
          '--',
          '/.oj-sandbox',
          'zygote',
        ],
        seccompFile: this.seccompFile,
        tmpfsBytes: opts.slotTmpfsBytes ?? 512 * 1024 * 1024,
        tmpfsInodes: opts.slotTmpfsInodes ?? 8192,
      });
    });
    this.pool = pool;
    await pool.prewarm(Math.max(1, opts.slots ?? 1));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool?.close();
    if (--openSandboxes === 0) await removeCgroupRoots(this.roots);
    if (this.seccompFile) rmSync(dirname(this.seccompFile), { recursive: true, force: true });
  }

  /**
   * Run `fn` with a run's directories (/w and a host-only io directory) and a runner bound to
   * them; afterwards the directories are wiped (slot) or removed (one-shot). When a slot dies
   * before its program started, `fn` is retried once on another slot.
   */
  async withRun<T>(ws: Workspace, fn: (lease: SandboxLease) => Promise<T>): Promise<T> {
    const pool = this.pool;
    if (!pool) {
      const dirs = ws.newRun();
      try {
        return await fn({ dirs, run: (o) => this.run({ ...o, dirs }) });
      } finally {
        ws.dropRun(dirs);
      }
    }
    for (let attempt = 1; ; attempt++) {
      const slot = await pool.acquire();
      try {
        return await fn({
          dirs: { w: slot.w, io: slot.io },
          run: async (o) => fromSlotReport(await slot.run({ ...o, stdio: o.stdio ?? {} }), o),
        });
      } catch (err) {
        if (!(err instanceof SlotLostError) || err.slot !== slot || attempt >= 2) throw err;
      } finally {
        await pool.release(slot);
      }
    }
  }

  /** One-shot run: a fresh bubblewrap, cgroup and launcher chain for this run only. */
  async run(opts: SandboxRunOptions): Promise<SandboxResult> {
    const { limits } = opts;
    const stdio = opts.stdio ?? {};
    const cg = RunCgroup.create(this.roots, { memoryBytes: limits.memoryBytes, pids: limits.pids + 3 });
    try {
      return await this.runInCgroup(cg, opts, stdio);
    } finally {
      await cg.killAll();
      cg.remove();
    }
  }

  private async runInCgroup(
    cg: RunCgroup,
    opts: SandboxRunOptions,
    stdio: SandboxStdio,
  ): Promise<SandboxResult> {
    const { limits } = opts;
    const cpuSec = Math.floor(limits.cpuMs / 1000) + 1;
    const argv = [
      '/usr/bin/setpriv',
      `--reuid=${SANDBOX_UID}`,
      `--regid=${SANDBOX_GID}`,
      '--clear-groups',
      '--',
      this.bwrap,
      ...this.fixedArgs,
      '--bind',
      opts.dirs.w,
      '/w',
      '--chdir',
      '/w',
      '--remount-ro',
      '/',
      '--clearenv',
      ...Object.entries(opts.env).flatMap(([k, v]) => ['--setenv', k, v]),
      '--json-status-fd',
      '3',
      '--',
      '/bin/sh',
      '-c',
      SHIM,
      'oj-shim',
      ...opts.argv,
    ];
    // As in the pooled keeper: output files belong to the run, so /dev/stdout and /dev/stderr reopen.
    for (const out of [stdio.stdout, stdio.stderr]) giveToSandbox(out);
    const started = performance.now();
    const child = spawn('/bin/bash', ['-c', LAUNCHER, 'oj-launch', ...argv], {
      env: {
        OJ_CGROUP_PROCS: cg.limitProcsFiles().join(':'),
        OJ_CPU_PROCS: cg.cpuProcsFile(),
        OJ_STDIN: stdio.stdin ?? '/dev/null',
        OJ_STDOUT: stdio.stdout ?? '/dev/null',
        OJ_STDERR: stdio.stderr ?? '/dev/null',
        OJ_OUT_FIRST: stdio.openStdoutFirst ? '1' : '0',
        OJ_SECCOMP: this.seccompFile ?? '',
        OJ_CPU_SEC: String(cpuSec),
        OJ_FSIZE_KB: String(Math.ceil((limits.fileSizeBytes + 1) / 1024)),
        OJ_STACK_KB: String(Math.ceil(limits.stackBytes / 1024)),
        OJ_NOFILE: String(limits.openFiles ?? 256),
      },
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    });
    let status = '';
    child.stdio[3]?.on('data', (d: Buffer) => {
      if (status.length < 4096) status += d.toString();
    });
    child.stdio[3]?.on('error', () => undefined);

    let killedBy: 'cpu' | 'wall' | null = null;
    let exited = false;
    const cpuLimitNs = BigInt(limits.cpuMs) * 1_000_000n;
    const kill = (why: 'cpu' | 'wall') => {
      if (killedBy) return;
      killedBy = why;
      void cg.killAll(3000, child.pid).then(() => {
        // bwrap exits once its child is gone; a launcher still blocked (FIFO open) is killed directly.
        setTimeout(() => {
          if (!exited) child.kill('SIGKILL');
        }, 300);
      });
    };
    const poll = setInterval(() => {
      try {
        if (cg.cpuNs() > cpuLimitNs) kill('cpu');
      } catch {
        // cgroup already gone
      }
      if (performance.now() - started > limits.wallMs) kill('wall');
    }, POLL_MS);
    const wallTimer = setTimeout(() => kill('wall'), limits.wallMs);

    const { code, sig } = await new Promise<{ code: number | null; sig: NodeJS.Signals | null }>(
      (resolve) => {
        child.on('error', () => resolve({ code: 127, sig: null }));
        child.on('exit', (c, s) => resolve({ code: c, sig: s }));
      },
    );
    exited = true;
    const wallMs = Math.round(performance.now() - started);
    clearInterval(poll);
    clearTimeout(wallTimer);
    // Orphans (if any) die before we read the final counters.
    await cg.killAll();
    const usage = cg.usage();

    // The shim inside the sandbox joins the CPU cgroup first thing: zero CPU there means
    // the program never started (launcher or bubblewrap failure), which no program can fake.
    if (usage.cpuNs === 0n && killedBy === null) {
      const why = stdio.stderr ? readHead(stdio.stderr, 2048).toString('utf8').trim() : '';
      return setupFailure(
        `sandbox set-up failed (exit ${code ?? sig}${status.includes('child-pid') ? '' : ', no child'}): ${why}`,
        wallMs,
      );
    }

    // bwrap reports a signalled child as 128+signal (an exit(129..192) is indistinguishable).
    let exitCode: number | null = code;
    let signal: number | null = null;
    if (sig) {
      exitCode = null;
      signal = 9;
    } else if (code !== null && code > 128 && code <= 128 + 64) {
      exitCode = null;
      signal = code - 128;
    }
    return finish(
      { exitCode, signal, cpuNs: usage.cpuNs, wallMs, memoryPeakBytes: usage.memoryPeakBytes, killedBy },
      usage.oomKilled,
      limits,
      stdio,
    );
  }
}

/** Create (empty) or take over a regular output file for the sandbox uid; FIFOs and devices are left alone. */
function giveToSandbox(path: string | undefined): void {
  if (!path || path === '/dev/null') return;
  try {
    // Never open a FIFO here: the other party of an interactive pair would see our open and close.
    if (existsSync(path) && !lstatSync(path).isFile()) return;
    const fd = openSync(
      path,
      constants.O_WRONLY |
        constants.O_CREAT |
        constants.O_TRUNC |
        constants.O_NOFOLLOW |
        constants.O_NONBLOCK,
      0o600,
    );
    try {
      if (fstatSync(fd).isFile()) fchownSync(fd, SANDBOX_UID, SANDBOX_GID);
    } finally {
      closeSync(fd);
    }
  } catch {
    // the launcher reports what it cannot open
  }
}

interface RawOutcome {
  exitCode: number | null;
  signal: number | null;
  cpuNs: bigint;
  wallMs: number;
  memoryPeakBytes: number;
  killedBy: 'cpu' | 'wall' | null;
}

/** Verdict flags from the raw outcome (shared by both paths). */
function finish(
  raw: RawOutcome,
  oomKilled: boolean,
  limits: SandboxLimits,
  stdio: SandboxStdio,
): SandboxResult {
  const { signal, exitCode, killedBy } = raw;
  const timeMs = Number(raw.cpuNs / 1_000_000n);
  const ole =
    signal === SIGXFSZ ||
    exceeds(stdio.stdout, stdio.stdoutLimitBytes ?? limits.fileSizeBytes) ||
    exceeds(stdio.stderr, stdio.stderrLimitBytes ?? limits.fileSizeBytes);
  return {
    exitCode,
    signal,
    timeMs,
    wallMs: raw.wallMs,
    memoryKB: Math.floor(raw.memoryPeakBytes / 1024),
    tle: killedBy !== null || signal === SIGXCPU || timeMs > limits.cpuMs,
    mle: oomKilled,
    ole,
    re: signal !== null || exitCode !== 0,
    killedBy,
    setupError: null,
  };
}

function fromSlotReport(rep: SlotRunReport, opts: LeaseRunOptions): SandboxResult {
  const wallMs = Math.round(rep.wallUs / 1000);
  if (rep.setupError) return setupFailure(`sandbox set-up failed: ${rep.setupError}`, wallMs);
  // The child joins cpuacct just before exec: zero CPU means the program never started.
  if (rep.cpuNs === 0n && rep.killedBy === null) {
    const why = opts.stdio?.stderr ? readHead(opts.stdio.stderr, 2048).toString('utf8').trim() : '';
    return setupFailure(`sandbox set-up failed (program did not start): ${why}`, wallMs);
  }
  return finish({ ...rep, wallMs }, rep.oomKills > 0, opts.limits, opts.stdio ?? {});
}

function exceeds(path: string | undefined, limit: number): boolean {
  if (!path || path === '/dev/null') return false;
  try {
    const st = statSync(path);
    return st.isFile() && st.size > limit;
  } catch {
    return false;
  }
}

function setupFailure(message: string, wallMs: number): SandboxResult {
  return {
    exitCode: null,
    signal: null,
    timeMs: 0,
    wallMs,
    memoryKB: 0,
    tle: false,
    mle: false,
    ole: false,
    re: false,
    killedBy: null,
    setupError: message,
  };
}

/** /tmp (and /dev/shm): a bubblewrap tmpfs (one-shot) or the slot's directories (pooled). */
type TmpSpec = { tmpfsBytes: number } | { tmp: string; shm: string };

/**
 * Namespaces and credentials. One-shot: bubblewrap, started as uid 65534, makes the user
 * namespace and runs the program as 65534 in it. Pooled: the keeper has made a user namespace
 * mapping 0 (the zygote) and 65534 (runs) and starts bubblewrap as its root; the zygote keeps
 * only the capabilities it needs to start runs as 65534 and to kill them (helper/oj-sandbox.c).
 */
function namespaceArgs(pooled: boolean): string[] {
  const common = ['--die-with-parent', '--new-session', '--cap-drop', 'ALL', '--hostname', 'executor_server'];
  if (pooled) {
    return [
      ...['--unshare-ipc', '--unshare-pid', '--unshare-net', '--unshare-uts', '--unshare-cgroup-try'],
      ...common,
      ...[
        '--cap-add',
        'CAP_SETUID',
        '--cap-add',
        'CAP_SETGID',
        '--cap-add',
        'CAP_KILL',
        '--cap-add',
        'CAP_SETPCAP',
        // Only to clone each run into a fresh network namespace (the zygote's seccomp filter
        // still refuses mount, unshare and setns; runs drop every capability).
        '--cap-add',
        'CAP_SYS_ADMIN',
        '--cap-add',
        'CAP_CHECKPOINT_RESTORE',
      ],
    ];
  }
  return [
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    ...common,
    '--uid',
    String(SANDBOX_UID),
    '--gid',
    String(SANDBOX_GID),
  ];
}

function buildFixedBwrapArgs(tmp: TmpSpec): string[] {
  const args = namespaceArgs(!('tmpfsBytes' in tmp));
  // Parents of the binds (/etc, /var/lib) are made by bubblewrap, as root in the pooled
  // sandbox: explicitly world-readable, or uid 65534 could not reach what is bound in them.
  const binds = RO_BINDS.filter((p) => existsSync(p));
  const parents = new Set<string>();
  for (const p of binds) for (let d = dirname(p); d !== '/'; d = dirname(d)) parents.add(d);
  for (const d of [...parents].sort((a, b) => a.length - b.length)) {
    if (!binds.includes(d)) args.push('--perms', '0755', '--dir', d);
  }
  for (const p of binds) args.push('--ro-bind', p, p);
  for (const l of ROOT_LINKS) if (existsSync(`/usr/${l}`)) args.push('--symlink', `usr/${l}`, `/${l}`);
  // Precompiled headers: only if the directory is root's alone (compilers trust its contents).
  const pch = defaultPchDir();
  try {
    mkdirSync(pch, { recursive: true, mode: 0o755 });
    assertOwnedPath(pch);
    args.push('--ro-bind', pch, PCH_MOUNT);
  } catch {
    // compiles work without it
  }
  args.push('--dev', '/dev', '--proc', '/proc');
  if ('tmpfsBytes' in tmp) {
    args.push('--size', String(tmp.tmpfsBytes), '--tmpfs', '/tmp');
    args.push('--size', String(tmp.tmpfsBytes), '--tmpfs', '/dev/shm');
  } else args.push('--bind', tmp.tmp, '/tmp', '--bind', tmp.shm, '/dev/shm');
  // The device directory is a tmpfs the sandbox would otherwise keep between runs: read-only
  // (the nodes and /dev/shm are mounts of their own and stay usable).
  args.push('--remount-ro', '/dev');
  // Kernel information a submission has no business reading.
  for (const p of [
    '/proc/kcore',
    '/proc/keys',
    '/proc/timer_list',
    '/proc/sched_debug',
    '/proc/kallsyms',
    '/proc/latency_stats',
  ]) {
    if (existsSync(p)) args.push('--ro-bind-try', '/dev/null', p);
  }
  return args;
}

/**
 * Slot tampering (issue #10): a pooled slot serves run after run, so everything a run can
 * touch must be reset or out of its reach. For each kind of tampering, a program tries it,
 * then an innocent A+B runs in the SAME slot (pool of one) and must get the same verdict,
 * output and report (limits, scheduling, pid, devices, directories, IPC, processes) as an
 * innocent run in a fresh slot, with no more memory or CPU.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Sandbox, Workspace, type SandboxLimits, type SandboxResult } from '../src/sandbox/index';
import { measureCompileSpeed, sandboxProcesses, type MachineSpeed } from './helpers';

const MIB = 1024 * 1024;
const FIXTURES = join(__dirname, 'fixtures', 'tamper');
const innocentLimits: SandboxLimits = {
  cpuMs: 2000,
  wallMs: 6000,
  memoryBytes: 64 * MIB,
  stackBytes: 8 * MIB,
  pids: 16,
  fileSizeBytes: 1 * MIB,
};
/** Generous, so that filling and forking tampers get as far as they can. */
const tamperLimits: SandboxLimits = {
  cpuMs: 4000,
  wallMs: 8000,
  memoryBytes: 640 * MIB,
  stackBytes: 8 * MIB,
  pids: 64,
  fileSizeBytes: 128 * MIB,
};

let root: string;
let sandbox: Sandbox;
let ws: Workspace;
let innocentExe: string;
let tamperExe: string;
let input: string;
/** Bounds on CPU time scale with the measured speed (issue #23 item 21). */
let speed: MachineSpeed;

interface Outcome {
  r: SandboxResult;
  out: string;
  err: string;
  keeper: number;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'oj-jr-tamper-'));
  chmodSync(root, 0o711);
  sandbox = await Sandbox.create({ pool: true, slots: 1, slotDir: join(root, 'slots') });
  ws = await Workspace.create(join(root, 'work'));
  const bin = ws.dir('bin');
  innocentExe = join(bin, 'innocent');
  tamperExe = join(bin, 'tamper');
  speed = measureCompileSpeed(bin);
  execFileSync('gcc', ['-O1', '-o', innocentExe, join(FIXTURES, 'innocent.c')]);
  execFileSync('gcc', ['-O0', '-o', tamperExe, join(FIXTURES, 'tamper.c')]);
  input = join(ws.dir('data'), 'input');
  writeFileSync(input, '1 2\n', { mode: 0o444 });
});
afterAll(async () => {
  await ws?.dispose();
  await sandbox?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});
afterEach(() => {
  expect(sandboxProcesses()).toEqual([]);
});

async function run(exe: string, args: string[], limits: SandboxLimits): Promise<Outcome> {
  return sandbox.withRun(ws, async ({ dirs, run: go }) => {
    writeFileSync(join(dirs.w, 'main'), readFileSync(exe), { mode: 0o555 });
    const stdout = join(dirs.io, 'stdout');
    const stderr = join(dirs.io, 'stderr');
    const r = await go({
      argv: ['/w/main', ...args],
      env: { PATH: '/usr/bin:/bin', HOME: '/w' },
      limits,
      stdio: { stdin: input, stdout, stderr },
    });
    const slots = sandbox.slots();
    return {
      r,
      out: readFileSync(stdout, 'utf8'),
      err: readFileSync(stderr, 'utf8'),
      keeper: slots.length === 1 ? slots[0]!.pids.keeper : -1,
    };
  });
}

const innocent = () => run(innocentExe, [], innocentLimits);

let baseline: Outcome;

describe('a tampering run, then an innocent one in the same slot', () => {
  it('the pool has one slot; the innocent baseline in a fresh slot is A+B with a sane report', async () => {
    expect(sandbox.mode).toBe('pool');
    baseline = await innocent();
    expect(baseline.r.setupError).toBeNull();
    expect(baseline.r.exitCode).toBe(0);
    expect(baseline.out).toBe('3\n');
    // Runs are uid 65534 and always start as pid 2 of the slot's namespace, under pid 1.
    expect(baseline.err).toContain('ids uid=65534 gid=65534 pid=2 ppid=1');
    expect(baseline.err).toContain('io zero=1 null=1 urandom=1');
    expect(baseline.err).toContain('stdio stdout=1 stderr=1');
    expect(baseline.err).toContain('ipc abstract=0 shm=0 msg=0 sem=0');
    expect(baseline.err).toMatch(/sched nice=0 policy=0 cpus=\d+/);
    expect(baseline.err).toMatch(/dir \/dev mode=40755 uid=0 /);
    expect(baseline.err).toContain('uts host=executor_server');
    // CapInh, CapPrm, CapEff, CapBnd, CapAmb: all empty.
    expect(baseline.err).toContain(`caps${' 0000000000000000'.repeat(5)}\n`);
    // A network namespace of its own without sockets: the socket tables hold only their headers.
    expect(baseline.err).toMatch(/^net tcp: +sl +local_address/m);
    expect(baseline.err).toMatch(/^net tcp6: +sl +local_address/m);
    expect(baseline.err).not.toMatch(/^net (tcp|tcp6|udp|udp6|raw): +\d+:/m);
    // readlink of stdin/stdout/stderr names no host path (the test data, the slot's io directory).
    expect(baseline.err).toContain('fdlinks 0=/ 1=/ 2=/\n');
    expect(baseline.err).not.toContain(root);
  });

  const kinds: [string, string][] = [
    ['dev-replace', 'replace, remove, rename and add device nodes and the stdio links'],
    ['dev-chmod', 'chmod/chown/xattr of /dev and its nodes'],
    ['fill', 'fill /dev, /dev/shm, /tmp and /w with big files, POSIX shm'],
    ['pid1-limits', 'prlimit every resource of pid 1 (and of the parent) to 1'],
    ['pid1-sched', 'renice, SCHED_IDLE, CPU affinity, oom_score_adj, comm of pid 1 and of its own uid'],
    ['pid1-signal', 'SIGSTOP/TERM/SEGV/KILL… to pid 1, kill(-1)'],
    ['daemons', 'setsid double-forked daemons and an abstract-socket listener'],
    ['ipc', 'SysV shm (owner changed), message queue with a message, semaphores, POSIX mqueue'],
    ['pid-counter', '300 forks to move the pid counter'],
    ['dirs', 'chmod 0 of /w, /tmp, /dev/shm, unreadable subdirectories, xattrs, times'],
    ['net', 'loopback TCP connections left in TIME_WAIT, listeners, UDP, SNMP counters (v4 and v6)'],
    [
      'process-state',
      'umask, cwd, env, 200 open fds, timers, hostname, chmod of its stdio files, ns_last_pid',
    ],
  ];
  for (const [kind, what] of kinds) {
    it(`${kind}: ${what}`, async () => {
      const before = sandbox.slots()[0]!.pids.keeper;
      const t = await run(tamperExe, [kind], tamperLimits);
      expect(t.r.setupError).toBeNull();
      const r = await innocent();
      expect(r.r.setupError).toBeNull();
      expect({ code: r.r.exitCode, signal: r.r.signal, tle: r.r.tle, mle: r.r.mle }).toEqual({
        code: 0,
        signal: null,
        tle: false,
        mle: false,
      });
      expect(r.out).toBe('3\n');
      expect(r.err).toBe(baseline.err);
      // Resources: no leftover memory charge, no CPU billed from earlier runs.
      expect(r.r.memoryKB).toBeLessThanOrEqual(baseline.r.memoryKB + 1024);
      expect(r.r.timeMs).toBeLessThan(speed.scaled(200));
      // Reset, not replaced: the same slot served both runs.
      expect(t.keeper).toBe(before);
      expect(r.keeper).toBe(before);
    });
  }
});

describe('stdio device paths', () => {
  it('/dev/stdin, /dev/stdout and /dev/stderr can be opened by path and work', async () => {
    const src = join(ws.dir('bin'), 'devstdio.c');
    writeFileSync(
      src,
      [
        '#include <stdio.h>',
        'int main(void) {',
        '  long long a, b;',
        '  FILE *in = fopen("/dev/stdin", "r");',
        '  FILE *out = fopen("/dev/stdout", "w");',
        '  FILE *err = fopen("/dev/stderr", "w");',
        '  if (!in || !out || !err) { perror("open"); return 3; }',
        '  if (fscanf(in, "%lld %lld", &a, &b) != 2) return 4;',
        '  fprintf(out, "%lld\\n", a + b);',
        '  fprintf(err, "to stderr\\n");',
        '  return fclose(out) || fclose(err);',
        '}',
      ].join('\n'),
    );
    const exe = join(ws.dir('bin'), 'devstdio');
    execFileSync('gcc', ['-o', exe, src]);
    const r = await run(exe, [], innocentLimits);
    expect({ code: r.r.exitCode, out: r.out, err: r.err }).toEqual({
      code: 0,
      out: '3\n',
      err: 'to stderr\n',
    });
  });
});

/**
 * cgroup v1 bookkeeping for one sandboxed run: a fresh child cgroup in the memory,
 * pids and cpuacct hierarchies, limits, counters, whole-tree kill and removal.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const CONTROLLERS = ['memory', 'pids', 'cpuacct'] as const;
type Controller = (typeof CONTROLLERS)[number];

export type CgroupRoots = Record<Controller, string>;

/** Mount point of each v1 controller, from /proc/self/mountinfo. */
function controllerMounts(): Partial<Record<Controller, string>> {
  const found: Partial<Record<Controller, string>> = {};
  for (const line of readFileSync('/proc/self/mountinfo', 'utf8').split('\n')) {
    const [pre, post] = line.split(' - ');
    if (!pre || !post) continue;
    const [fstype, , superOpts] = post.split(' ');
    if (fstype !== 'cgroup' || !superOpts) continue;
    const mountPoint = pre.split(' ')[4];
    const opts = superOpts.split(',');
    for (const c of CONTROLLERS) if (opts.includes(c) && mountPoint) found[c] = mountPoint;
  }
  return found;
}

/** Our own path inside each v1 hierarchy, from /proc/self/cgroup. */
function ownPaths(): Partial<Record<Controller, string>> {
  const paths: Partial<Record<Controller, string>> = {};
  for (const line of readFileSync('/proc/self/cgroup', 'utf8').split('\n')) {
    const [, controllers, path] = line.split(':');
    if (!controllers || path === undefined) continue;
    for (const c of controllers.split(','))
      if ((CONTROLLERS as readonly string[]).includes(c)) paths[c as Controller] = path;
  }
  return paths;
}

function tryMkdir(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Where run cgroups go: a `oj-judge` child of our own cgroup when we may create one
 * there (keeps the judge's accounting nested under whoever runs us), else the root
 * of the hierarchy. Throws a clear error when cgroup v1 controllers are missing.
 */
export function detectCgroupRoots(name = 'oj-judge'): CgroupRoots {
  const mounts = controllerMounts();
  const own = ownPaths();
  const roots: Partial<CgroupRoots> = {};
  for (const c of CONTROLLERS) {
    const mount = mounts[c];
    if (!mount)
      throw new Error(
        `cgroup v1 controller "${c}" is not mounted; the judge sandbox needs memory, pids and cpuacct`,
      );
    // One subtree per judge process, so several runners on one host never touch each other's runs.
    const candidates = [
      join(mount, own[c] ?? '/', name, `p${process.pid}`),
      join(mount, name, `p${process.pid}`),
    ];
    const ok = candidates.find((dir) => tryMkdir(dir) && existsSync(join(dir, 'cgroup.procs')));
    if (!ok) throw new Error(`cannot create a child cgroup under ${mount} (tried ${candidates.join(', ')})`);
    roots[c] = ok;
  }
  return roots as CgroupRoots;
}

export interface CgroupLimits {
  memoryBytes: number;
  pids: number;
}

export interface CgroupUsage {
  cpuNs: bigint;
  memoryPeakBytes: number;
  oomKilled: boolean;
}

/** A per-run cgroup in the three hierarchies. */
export class RunCgroup {
  readonly dirs: CgroupRoots;

  private constructor(dirs: CgroupRoots) {
    this.dirs = dirs;
  }

  static create(roots: CgroupRoots, limits: CgroupLimits): RunCgroup {
    const id = `run-${randomBytes(6).toString('hex')}`;
    const dirs = {
      memory: join(roots.memory, id),
      pids: join(roots.pids, id),
      cpuacct: join(roots.cpuacct, id),
    };
    for (const d of Object.values(dirs)) mkdirSync(d);
    const cg = new RunCgroup(dirs);
    try {
      const bytes = String(Math.floor(limits.memoryBytes));
      writeFileSync(join(dirs.memory, 'memory.limit_in_bytes'), bytes);
      // No swap escape: memory+swap capped at the same value where the kernel accounts swap.
      const memsw = join(dirs.memory, 'memory.memsw.limit_in_bytes');
      if (existsSync(memsw)) writeFileSync(memsw, bytes);
      writeFileSync(join(dirs.pids, 'pids.max'), String(limits.pids));
    } catch (err) {
      cg.remove();
      throw err;
    }
    return cg;
  }

  /** Files the launcher writes its pid to before exec, so nothing escapes the limits. */
  limitProcsFiles(): string[] {
    return [join(this.dirs.memory, 'cgroup.procs'), join(this.dirs.pids, 'cgroup.procs')];
  }

  /** The CPU-accounting cgroup, joined by the program itself just before exec. */
  cpuProcsFile(): string {
    return join(this.dirs.cpuacct, 'cgroup.procs');
  }

  cpuNs(): bigint {
    return BigInt(readFileSync(join(this.dirs.cpuacct, 'cpuacct.usage'), 'utf8').trim());
  }

  usage(): CgroupUsage {
    const peak = Number(readFileSync(join(this.dirs.memory, 'memory.max_usage_in_bytes'), 'utf8').trim());
    const oom = readFileSync(join(this.dirs.memory, 'memory.oom_control'), 'utf8');
    const m = /oom_kill (\d+)/.exec(oom);
    return { cpuNs: this.cpuNs(), memoryPeakBytes: peak, oomKilled: m ? Number(m[1]) > 0 : false };
  }

  pids(): number[] {
    try {
      return readFileSync(join(this.dirs.pids, 'cgroup.procs'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  }

  /**
   * SIGKILL every task until the cgroup is empty (the pid-namespace init takes its tree
   * with it). `spare` (the outer bwrap, our direct child) is left to notice its child's
   * death and exit by itself, so the namespace init is reaped by it rather than turning
   * into a zombie of the host's pid 1.
   */
  async killAll(timeoutMs = 3000, spare?: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const pids = this.pids().filter((p) => p !== spare);
      if (pids.length === 0) return true;
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  /** rmdir the three cgroups (they must be empty). Returns false when one could not be removed. */
  remove(): boolean {
    let ok = true;
    for (const d of Object.values(this.dirs)) {
      if (!existsSync(d)) continue;
      try {
        rmdirSync(d);
      } catch {
        ok = false;
      }
    }
    return ok;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** SIGKILL everything in a cgroup subtree and remove it (empty directories only). */
export async function killAndRemove(dir: string): Promise<void> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) await killAndRemove(join(dir, entry.name));
  }
  for (let i = 0; i < 50; i++) {
    const pids = readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean);
    if (pids.length === 0) break;
    for (const pid of pids) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // gone
      }
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  try {
    rmdirSync(dir);
  } catch {
    // still busy; the next start-up tries again
  }
}

/** Remove the subtrees of judge processes that died without cleaning up (start-up hygiene). */
export async function sweepStaleCgroups(roots: CgroupRoots): Promise<void> {
  for (const own of Object.values(roots)) {
    const parent = dirname(own);
    for (const entry of readdirSync(parent, { withFileTypes: true })) {
      const m = /^p(\d+)$/.exec(entry.name);
      if (!entry.isDirectory() || !m || isAlive(Number(m[1]))) continue;
      await killAndRemove(join(parent, entry.name));
    }
  }
}

/** Remove this process's (empty) subtree at shutdown. */
export async function removeCgroupRoots(roots: CgroupRoots): Promise<void> {
  for (const own of Object.values(roots)) if (existsSync(own)) await killAndRemove(own);
}

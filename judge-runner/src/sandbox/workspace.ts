/**
 * A task's scratch space: one size-limited tmpfs mounted on the host. Each sandboxed
 * run gets a fresh `runN/w` (bound at /w, owned by the sandbox uid) and a host-only
 * `runN/io` for stdin/stdout/stderr files the sandbox never sees.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  rmdirSync,
  statSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const SANDBOX_UID = 65534;
export const SANDBOX_GID = 65534;

export interface RunDirs {
  /** Host path bound at /w inside the sandbox. */
  w: string;
  /** Host-only directory for the run's stdio files. */
  io: string;
}

export class Workspace {
  private counter = 0;
  /** A plain directory (not mounted) is only made when something is first put there. */
  private made: boolean;

  private constructor(
    readonly root: string,
    private readonly mounted: boolean,
  ) {
    this.made = mounted;
  }

  private ensureRoot(): void {
    if (this.made) return;
    mkdirSync(this.root, { mode: 0o711 });
    this.made = true;
  }

  /**
   * Mount a fresh tmpfs (size in MiB, bounded inode count) under `baseDir`. With
   * `mount: false`, a plain directory: enough when only the runner writes there (pooled
   * sandbox: programs write in their slot's own tmpfs), and it saves two process spawns.
   */
  static async create(
    baseDir: string,
    sizeMb = 512,
    inodes = 8192,
    opts: { mount?: boolean } = {},
  ): Promise<Workspace> {
    mkdirSync(baseDir, { recursive: true, mode: 0o711 });
    assertTraversable(baseDir);
    const root = join(baseDir, `ws-${process.pid}-${randomBytes(6).toString('hex')}`);
    // Without a mount the directory is made on first use (a cached task may need none).
    if (opts.mount === false) return new Workspace(root, false);
    mkdirSync(root, { mode: 0o711 });
    try {
      await run('mount', [
        '-t',
        'tmpfs',
        '-o',
        `size=${sizeMb}m,nr_inodes=${inodes},mode=0711,nosuid,nodev`,
        'tmpfs',
        root,
      ]);
    } catch (err) {
      rmdirSync(root);
      throw new Error(`cannot mount the work tmpfs at ${root}: ${(err as Error).message}`);
    }
    return new Workspace(root, true);
  }

  /** Host-only directory for artefacts shared by the runs of the task (compiled program). */
  dir(name: string): string {
    this.ensureRoot();
    const d = join(this.root, name);
    mkdirSync(d, { recursive: true, mode: 0o755 });
    return d;
  }

  /** A fresh pair of directories for one sandboxed run. */
  newRun(): RunDirs {
    this.ensureRoot();
    const base = join(this.root, `run${++this.counter}`);
    mkdirSync(base, { mode: 0o711 });
    const w = join(base, 'w');
    const io = join(base, 'io');
    mkdirSync(w, { mode: 0o755 });
    chownSync(w, SANDBOX_UID, SANDBOX_GID);
    mkdirSync(io, { mode: 0o700 });
    return { w, io };
  }

  /** Remove a run's directories (whatever the program left there). */
  dropRun(dirs: RunDirs): void {
    rmSync(join(dirs.w, '..'), { recursive: true, force: true });
  }

  async dispose(): Promise<void> {
    if (this.mounted) await unmount(this.root);
    else if (this.made) rmSync(this.root, { recursive: true, force: true });
  }
}

/** The sandbox uid must be able to reach the bind source: every ancestor needs o+x. */
export function assertTraversable(dir: string): void {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) {
      throw new Error(`work directory ${dir} is not reachable by the sandbox uid: ${d} lacks o+x`);
    }
    if (d === '/') return;
  }
}

/** Unmount (or, when it is a plain directory, remove) a work dir. */
async function unmount(dir: string): Promise<void> {
  if (!isMountPoint(dir)) {
    rmSync(dir, { recursive: true, force: true });
    return;
  }
  try {
    await run('umount', [dir]);
  } catch {
    await run('umount', ['-l', dir]).catch(() => undefined);
  }
  try {
    rmdirSync(dir);
  } catch {
    // not empty means the mount is still there; leave it for the start-up sweep
  }
}

/** Unmount work dirs (or sandbox slots: prefix "slot") of judge processes that died (names carry the pid). */
export async function sweepStaleWorkspaces(baseDir: string, prefix = 'ws'): Promise<void> {
  let entries: string[];
  try {
    entries = readdirSync(baseDir);
  } catch {
    return;
  }
  for (const name of entries) {
    const m = new RegExp(`^${prefix}-(\\d+)-`).exec(name);
    if (!m) continue;
    const pid = Number(m[1]);
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (!alive && lstatSync(join(baseDir, name)).isDirectory()) await unmount(join(baseDir, name));
  }
}

export function isMountPoint(dir: string): boolean {
  return readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .some((l) => l.split(' ')[4] === dir);
}

/** Make a host file readable (not writable) by the sandbox uid. */
export function makeReadOnlyForSandbox(path: string, executable: boolean): void {
  chmodSync(path, executable ? 0o555 : 0o444);
}

/** Limits, stdio and result of one sandboxed run (shared by the pooled and one-shot paths). */
import type { RunDirs } from './workspace';

export interface SandboxLimits {
  /** CPU time (all threads and children) before the run is killed. */
  cpuMs: number;
  /** Wall-clock time before the run is killed. */
  wallMs: number;
  /** cgroup memory limit (the kernel OOM-kills beyond it). */
  memoryBytes: number;
  stackBytes: number;
  /** Processes + threads. */
  pids: number;
  /** Largest file the program may write (RLIMIT_FSIZE); also the stdout/stderr caps below. */
  fileSizeBytes: number;
  openFiles?: number;
}

export interface SandboxStdio {
  /** Host path (regular file or FIFO) for fd 0; /dev/null when absent. */
  stdin?: string;
  /** Host path for fd 1; /dev/null when absent. */
  stdout?: string;
  stdoutLimitBytes?: number;
  stderr?: string;
  stderrLimitBytes?: number;
  /** Open stdout before stdin (the second party of a FIFO pair must, or both block). */
  openStdoutFirst?: boolean;
}

export interface SandboxRunOptions {
  argv: string[];
  env: Record<string, string>;
  dirs: RunDirs;
  limits: SandboxLimits;
  stdio?: SandboxStdio;
}

export interface SandboxResult {
  /** Exit code when the program exited normally. */
  exitCode: number | null;
  /** Signal number when it was killed by one. */
  signal: number | null;
  /** CPU time of the whole cgroup, ms (floor). */
  timeMs: number;
  wallMs: number;
  /** Peak memory of the cgroup, KB (floor). */
  memoryKB: number;
  /** CPU or wall limit reached (killed by us) or SIGXCPU. */
  tle: boolean;
  /** The kernel OOM-killed a task of the run. */
  mle: boolean;
  /** stdout/stderr beyond its cap, or SIGXFSZ. */
  ole: boolean;
  /** Nonzero exit or a signal (before the flags above are considered). */
  re: boolean;
  killedBy: 'cpu' | 'wall' | null;
  /** The sandbox could not be set up (not the program's fault). */
  setupError: string | null;
}

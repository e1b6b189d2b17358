/**
 * Running a compiled program (user solution or checker) for one case in a fresh /w.
 */
import { copyFileSync, linkSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import type { LanguageDef } from '../languages/index';
import {
  readHead,
  type RunDirs,
  type Sandbox,
  type SandboxLimits,
  type SandboxResult,
  type Workspace,
} from '../sandbox/index';

const MIB = 1024 * 1024;
/** User stderr collector (judge.md §1.3). */
export const STDERR_CAP = 16 * MIB;

export interface Program {
  lang: LanguageDef;
  /** Host path of the compiled artefact (or staged source). */
  artefact: string;
}

/** Hard-link (or copy) a read-only host file into the run's /w under `name`. */
export function placeFile(src: string, dirs: RunDirs, name: string): void {
  const dest = join(dirs.w, name);
  try {
    linkSync(src, dest);
  } catch {
    copyFileSync(src, dest);
  }
}

/** Limits of a user run: cpu T+200, wall 3·(T+200), memory M+100 MiB (judge.md §1.3). */
export function userLimits(
  timeLimitMs: number,
  memoryLimitMb: number,
  stackLimitMb: number,
  outputCap: number,
): SandboxLimits {
  return {
    cpuMs: timeLimitMs + 200,
    wallMs: 3 * (timeLimitMs + 200),
    memoryBytes: (memoryLimitMb + 100) * MIB,
    stackBytes: stackLimitMb * MIB,
    pids: 128,
    fileSizeBytes: outputCap,
  };
}

export interface ProgramRun {
  result: SandboxResult;
  /** stdout, or the file-IO output file (bounded by the cap + 1 byte). */
  output: Buffer;
  stderr: Buffer;
}

export interface RunProgramOptions {
  program: Program;
  limits: SandboxLimits;
  /** Host file fed as stdin (absent: /dev/null). */
  stdinFile?: string;
  /** File IO: input copied in as /w/<input>, output read from /w/<output>. */
  fileIO?: { input: string; output: string; inputFile: string };
  /** Extra arguments after the run command (checker argv). */
  args?: string[];
  /** Files to place in /w before the run: name → host path. */
  files?: Record<string, string>;
}

export async function runProgram(
  sandbox: Sandbox,
  ws: Workspace,
  opts: RunProgramOptions,
): Promise<ProgramRun> {
  const { program, limits } = opts;
  const dirs = ws.newRun();
  try {
    placeFile(program.artefact, dirs, program.lang.exe);
    for (const [name, path] of Object.entries(opts.files ?? {})) placeFile(path, dirs, name);
    if (opts.fileIO) placeFile(opts.fileIO.inputFile, dirs, opts.fileIO.input);
    const stdout = join(dirs.io, 'stdout');
    const stderr = join(dirs.io, 'stderr');
    const result = await sandbox.run({
      argv: [...program.lang.run, ...(opts.args ?? [])],
      env: program.lang.runEnv,
      dirs,
      limits,
      stdio: {
        stdin: opts.fileIO ? undefined : opts.stdinFile,
        stdout: opts.fileIO ? undefined : stdout,
        stdoutLimitBytes: limits.fileSizeBytes,
        stderr,
        stderrLimitBytes: Math.min(STDERR_CAP, limits.fileSizeBytes),
      },
    });
    const outPath = opts.fileIO ? join(dirs.w, opts.fileIO.output) : stdout;
    return {
      result,
      output: readHead(outPath, limits.fileSizeBytes + 1),
      stderr: readHead(stderr, STDERR_CAP),
    };
  } finally {
    ws.dropRun(dirs);
  }
}

export interface InteractiveRun {
  user: SandboxResult;
  interactor: SandboxResult;
  interactorStdout: Buffer;
  interactorStderr: Buffer;
  userStderr: Buffer;
}

/**
 * User program and interactor connected by two FIFOs (user stdout → interactor stdin,
 * interactor stdout → user stdin), both sandboxed, run concurrently.
 */
export async function runInteractive(
  sandbox: Sandbox,
  ws: Workspace,
  opts: {
    user: Program;
    userLimits: SandboxLimits;
    interactor: Program;
    interactorLimits: SandboxLimits;
    interactorArgs: string[];
    interactorFiles: Record<string, string>;
  },
): Promise<InteractiveRun> {
  const pipes = mkdtempSync(join(ws.dir('pipes'), 'p-'));
  const toUser = join(pipes, 'to-user');
  const toInteractor = join(pipes, 'to-interactor');
  execFileSync('mkfifo', ['-m', '600', toUser, toInteractor]);
  const uDirs = ws.newRun();
  const iDirs = ws.newRun();
  try {
    placeFile(opts.user.artefact, uDirs, opts.user.lang.exe);
    placeFile(opts.interactor.artefact, iDirs, opts.interactor.lang.exe);
    for (const [name, path] of Object.entries(opts.interactorFiles)) placeFile(path, iDirs, name);
    const [user, interactor] = await Promise.all([
      sandbox.run({
        argv: opts.user.lang.run,
        env: opts.user.lang.runEnv,
        dirs: uDirs,
        limits: opts.userLimits,
        stdio: {
          stdin: toUser,
          stdout: toInteractor,
          stderr: join(uDirs.io, 'stderr'),
          stderrLimitBytes: STDERR_CAP,
        },
      }),
      sandbox.run({
        argv: [...opts.interactor.lang.run, ...opts.interactorArgs],
        env: opts.interactor.lang.runEnv,
        dirs: iDirs,
        limits: opts.interactorLimits,
        stdio: {
          stdin: toInteractor,
          stdout: toUser,
          openStdoutFirst: true,
          stderr: join(iDirs.io, 'stderr'),
          stderrLimitBytes: STDERR_CAP,
        },
      }),
    ]);
    return {
      user,
      interactor,
      interactorStdout: Buffer.alloc(0),
      interactorStderr: readHead(join(iDirs.io, 'stderr'), STDERR_CAP),
      userStderr: readHead(join(uDirs.io, 'stderr'), STDERR_CAP),
    };
  } finally {
    ws.dropRun(uDirs);
    ws.dropRun(iDirs);
  }
}

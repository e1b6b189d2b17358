/**
 * Running a compiled program (user solution or checker) for one case in a fresh /w.
 */
import { chmodSync, copyFileSync, linkSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { runArgv, type LanguageDef } from '../languages/index';
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
  /** The artefact's bytes, when held in memory: written into each run's /w instead of copied. */
  image?: Buffer;
}

/** Put the program into a run's /w under its language's name (read-only, root's). */
export function placeProgram(program: Program, dirs: RunDirs): void {
  if (program.image) {
    // Compiled: executable; staged source (interpreted languages): read-only.
    writeOwnFile(join(dirs.w, program.lang.exe), program.image, program.lang.compile ? 0o555 : 0o444);
  } else placeFile(program.artefact, dirs, program.lang.exe);
}

/** A new root-owned file with exactly this mode (whatever the umask). */
function writeOwnFile(path: string, data: string | Buffer, mode: number): void {
  writeFileSync(path, data, { mode });
  chmodSync(path, mode);
}

/** A case's input: a host file, or text held in memory (written into the run's slot). */
export type RunInput = { path: string } | { data: string };

/** Hard-link (or copy) a read-only host file into the run's /w under `name`. */
export function placeFile(src: string, dirs: RunDirs, name: string): void {
  const dest = join(dirs.w, name);
  try {
    linkSync(src, dest);
  } catch {
    copyFileSync(src, dest);
  }
}

/** The sandbox's memory limit lets a run go this far past the judged limit (judge.md §1.3). */
export const MEMORY_SLACK_MB = 100;

/** Runtime sizing for a run's limits: the judged memory limit is the sandbox's minus the slack. */
export function sizingFor(limits: SandboxLimits): { memoryLimitMb: number; stackLimitMb: number } {
  return {
    memoryLimitMb: Math.max(16, Math.floor(limits.memoryBytes / MIB) - MEMORY_SLACK_MB),
    stackLimitMb: Math.floor(limits.stackBytes / MIB),
  };
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
    memoryBytes: (memoryLimitMb + MEMORY_SLACK_MB) * MIB,
    stackBytes: stackLimitMb * MIB,
    pids: 128,
    fileSizeBytes: outputCap,
  };
}

/** A runtime sized to the memory limit that reports running out of it: MLE (docs/compat.md SB6). */
export function withHeapExhaustion(r: SandboxResult, lang: LanguageDef, stderr: Buffer): SandboxResult {
  if (!lang.outOfMemory || !r.re || r.mle || r.tle || r.setupError) return r;
  return lang.outOfMemory.test(stderr.toString('utf8')) ? { ...r, mle: true } : r;
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
  /** Fed as stdin (absent: /dev/null). */
  stdin?: RunInput;
  /** File IO: the input placed as /w/<input>, output read from /w/<output>. */
  fileIO?: { input: string; output: string; source: RunInput };
  /** Extra arguments after the run command (checker argv). */
  args?: string[];
  /** Files to place in /w before the run: name → host path. */
  files?: Record<string, string>;
  /**
   * Read the output in the slot, before it is emptied (streamed comparison), instead of
   * returning it: `output` is then empty. Gets the output's path and the most bytes to read.
   */
  inspectOutput?: (result: SandboxResult, outputPath: string, maxBytes: number) => void;
  /** Per-stage timing: case.wait (getting a slot), case.release (emptying it). */
  trace?: { add(stage: string, ms: number): void };
}

export async function runProgram(
  sandbox: Sandbox,
  ws: Workspace,
  opts: RunProgramOptions,
): Promise<ProgramRun> {
  const { program, limits, trace } = opts;
  const asked = performance.now();
  let left = 0;
  const out = await sandbox.withRun(ws, async ({ dirs, run }) => {
    trace?.add('case.wait', performance.now() - asked);
    placeProgram(program, dirs);
    for (const [name, path] of Object.entries(opts.files ?? {})) placeFile(path, dirs, name);
    if (opts.fileIO) {
      const src = opts.fileIO.source;
      if ('path' in src) placeFile(src.path, dirs, opts.fileIO.input);
      else writeOwnFile(join(dirs.w, opts.fileIO.input), src.data, 0o444);
    }
    let stdinPath: string | undefined;
    if (opts.stdin && !opts.fileIO) {
      if ('path' in opts.stdin) stdinPath = opts.stdin.path;
      else {
        // Host-only: the slot's io directory is never visible inside the sandbox.
        stdinPath = join(dirs.io, 'stdin');
        writeOwnFile(stdinPath, opts.stdin.data, 0o400);
      }
    }
    const stdout = join(dirs.io, 'stdout');
    const stderr = join(dirs.io, 'stderr');
    const result = await run({
      argv: [...runArgv(program.lang, sizingFor(limits)), ...(opts.args ?? [])],
      env: program.lang.runEnv,
      limits,
      stdio: {
        stdin: stdinPath,
        stdout: opts.fileIO ? undefined : stdout,
        stdoutLimitBytes: limits.fileSizeBytes,
        stderr,
        stderrLimitBytes: Math.min(STDERR_CAP, limits.fileSizeBytes),
      },
    });
    const outPath = opts.fileIO ? join(dirs.w, opts.fileIO.output) : stdout;
    const err = readHead(stderr, STDERR_CAP);
    const judged = withHeapExhaustion(result, program.lang, err);
    const inspect = opts.inspectOutput;
    if (inspect) inspect(judged, outPath, limits.fileSizeBytes + 1);
    left = performance.now();
    return {
      result: judged,
      output: inspect ? Buffer.alloc(0) : readHead(outPath, limits.fileSizeBytes + 1),
      stderr: err,
    };
  });
  trace?.add('case.release', performance.now() - left);
  return out;
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
  return sandbox.withRun(ws, (u) =>
    sandbox.withRun(ws, async (i) => {
      placeProgram(opts.user, u.dirs);
      placeProgram(opts.interactor, i.dirs);
      for (const [name, path] of Object.entries(opts.interactorFiles)) placeFile(path, i.dirs, name);
      // Both settle before either slot is released (a slot must not be reused mid-run).
      const [user, interactor] = await Promise.allSettled([
        u.run({
          argv: runArgv(opts.user.lang, sizingFor(opts.userLimits)),
          env: opts.user.lang.runEnv,
          limits: opts.userLimits,
          stdio: {
            stdin: toUser,
            stdout: toInteractor,
            stderr: join(u.dirs.io, 'stderr'),
            stderrLimitBytes: STDERR_CAP,
          },
        }),
        i.run({
          argv: [...runArgv(opts.interactor.lang, sizingFor(opts.interactorLimits)), ...opts.interactorArgs],
          env: opts.interactor.lang.runEnv,
          limits: opts.interactorLimits,
          stdio: {
            stdin: toInteractor,
            stdout: toUser,
            openStdoutFirst: true,
            stderr: join(i.dirs.io, 'stderr'),
            stderrLimitBytes: STDERR_CAP,
          },
        }),
      ]);
      if (user.status === 'rejected') throw user.reason;
      if (interactor.status === 'rejected') throw interactor.reason;
      const userStderr = readHead(join(u.dirs.io, 'stderr'), STDERR_CAP);
      return {
        user: withHeapExhaustion(user.value, opts.user.lang, userStderr),
        interactor: interactor.value,
        interactorStdout: Buffer.alloc(0),
        interactorStderr: readHead(join(i.dirs.io, 'stderr'), STDERR_CAP),
        userStderr,
      };
    }),
  );
}

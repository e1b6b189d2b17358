/**
 * Bounded compilation in the sandbox (judge.md §1.4, §2.1): compile limits per language,
 * compiler output capped, result cached by content.
 */
import { chmodSync, copyFileSync, fstatSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Sandbox, Workspace } from '../sandbox/index';
import { openRegular, readHead } from '../sandbox/index';
import { closeSync } from 'node:fs';
import { compileCacheKey, type CompileCache } from './cache';
import { warmPrecompiledHeaders } from './pch';
import { LANGUAGES, type LanguageDef } from './table';

const MIB = 1024 * 1024;
/** Compiler stdout/stderr collectors (judge.md §2.1). */
const COMPILE_OUTPUT_CAP = 32 * MIB;
/** Each stream is cut to this much in the CE message (judge.md §1.4). */
const MESSAGE_CAP = 1 * MIB;
/** Largest artefact a compile may produce (go-judge copy-out limit). */
const ARTEFACT_CAP = 256 * MIB;

/** Artefacts up to this size are held in memory and written into each run's slot. */
const IMAGE_CAP = 16 * MIB;

export type CompileOutcome =
  /** `image`: the artefact's bytes (then `artefact` is empty); else `artefact` is its host path. */
  | { ok: true; artefact: string; image?: Buffer; cached: boolean; message: string }
  | { ok: false; kind: 'CE' | 'SE' | 'SF'; message: string };

export interface CompileContext {
  sandbox: Sandbox;
  workspace: Workspace;
  cache: CompileCache | null;
  /** Per-stage timing (bench). */
  trace?: { add(stage: string, ms: number): void };
}

/** Names of extra files must be plain file names inside /w. */
export function isSafeFileName(name: string): boolean {
  return /^[A-Za-z0-9_][A-Za-z0-9_.+-]{0,127}$/.test(name) && !name.includes('..');
}

function writeExtraFiles(dir: string, files: Record<string, string> | undefined): void {
  for (const [name, content] of Object.entries(files ?? {})) {
    if (!name || !content) continue; // HOJ skips empty entries
    if (!isSafeFileName(name)) throw new Error(`invalid extra file name: ${JSON.stringify(name)}`);
    writeFileSync(join(dir, name), content);
  }
}

/** Compile `code` (or stage it for an interpreted language); the artefact is held in memory, or lands in the task's workspace when large. */
export async function compileProgram(
  ctx: CompileContext,
  lang: LanguageDef,
  code: string,
  extraFiles?: Record<string, string>,
  tag = 'user',
): Promise<CompileOutcome> {
  const artefactPath = () => join(ctx.workspace.dir(`artefacts-${tag}`), lang.exe);
  if (!lang.compile) return { ok: true, artefact: '', image: Buffer.from(code), cached: false, message: '' };
  const compileArgv = lang.compile;
  // First C++ compile of this process: build the missing precompiled headers in the background,
  // this language's first.
  if (compileArgv[0] === '/usr/bin/g++') void warmPrecompiledHeaders([lang, ...LANGUAGES]);
  const trace = ctx.trace;
  let t = performance.now();
  const key = compileCacheKey([lang.name, compileArgv.join('\0'), code, extraFiles]);
  const image = ctx.cache?.read(key, IMAGE_CAP) ?? null;
  if (image) {
    trace?.add('compile.cache', performance.now() - t);
    return { ok: true, artefact: '', image, cached: true, message: '' };
  }
  if (ctx.cache?.has(key)) {
    const artefact = artefactPath();
    if (ctx.cache.get(key, artefact)) {
      chmodSync(artefact, 0o555);
      trace?.add('compile.cache', performance.now() - t);
      return { ok: true, artefact, cached: true, message: '' };
    }
  }
  trace?.add('compile.cache', performance.now() - t);

  t = performance.now();
  let left = 0;
  const outcome = await ctx.sandbox.withRun<CompileOutcome>(ctx.workspace, async ({ dirs, run }) => {
    // compile.wait: getting a slot; compile.setup: the source into it.
    trace?.add('compile.wait', performance.now() - t);
    t = performance.now();
    try {
      writeExtraFiles(dirs.w, extraFiles);
    } catch (err) {
      return { ok: false, kind: 'SE', message: (err as Error).message };
    }
    writeFileSync(join(dirs.w, lang.src), code);
    const limits = lang.compileLimits ?? { cpuMs: 10000, wallMs: 20000, memoryMb: 512 };
    const stdout = join(dirs.io, 'stdout');
    const stderr = join(dirs.io, 'stderr');
    trace?.add('compile.setup', performance.now() - t);
    t = performance.now();
    const r = await run({
      argv: compileArgv,
      env: lang.compileEnv ?? {},
      limits: {
        cpuMs: limits.cpuMs,
        wallMs: limits.wallMs,
        memoryBytes: limits.memoryMb * MIB,
        stackBytes: 256 * MIB,
        pids: 128,
        fileSizeBytes: ARTEFACT_CAP,
      },
      stdio: { stdout, stderr, stdoutLimitBytes: COMPILE_OUTPUT_CAP, stderrLimitBytes: COMPILE_OUTPUT_CAP },
    });
    // compile.compiler: the compiler's own wall time (start to exit); compile.sandbox: the rest
    // of the round trip to the slot (limits, fork, cgroup reset and readings).
    trace?.add('compile.compiler', r.wallMs);
    trace?.add('compile.sandbox', performance.now() - t - r.wallMs);
    t = performance.now();
    left = t;
    if (r.setupError) return { ok: false, kind: 'SE', message: r.setupError };
    const output = [
      readHead(stdout, MESSAGE_CAP).toString('utf8'),
      readHead(stderr, MESSAGE_CAP).toString('utf8'),
    ].join('\n');
    if (r.tle || r.mle || r.ole || r.re) {
      const why = r.tle
        ? 'Compilation time limit exceeded.\n'
        : r.mle
          ? 'Compilation memory limit exceeded.\n'
          : r.ole
            ? 'Compiler output limit exceeded.\n'
            : '';
      return { ok: false, kind: 'CE', message: why + output };
    }
    // The compiler ran in the sandbox: never follow a symlink it may have left as the artefact.
    const fd = openRegular(join(dirs.w, lang.exe));
    if (fd === null) return { ok: false, kind: 'SF', message: `Executable file not found.\n${output}` };
    try {
      // Read through the descriptor just checked (the compiler may have left anything by that name).
      if (fstatSync(fd).size <= IMAGE_CAP) {
        const bytes = readFileSync(fd);
        ctx.cache?.putData(key, bytes, 0o555);
        trace?.add('compile.collect', performance.now() - t);
        left = performance.now();
        return { ok: true, artefact: '', image: bytes, cached: false, message: output };
      }
    } finally {
      closeSync(fd);
    }
    const artefact = artefactPath();
    copyFileSync(join(dirs.w, lang.exe), artefact);
    chmodSync(artefact, 0o555);
    ctx.cache?.put(key, artefact);
    trace?.add('compile.collect', performance.now() - t);
    left = performance.now();
    return { ok: true, artefact, cached: false, message: output };
  });
  // compile.release: the slot emptied for the next run.
  if (left) trace?.add('compile.release', performance.now() - left);
  return outcome;
}

/**
 * Test generation for a Polygon package (issue #25 item 5): its generators are compiled and run
 * in the sandbox with each test's arguments; the main solution then runs on each input to make
 * its answer. Inputs and answers go to the blob store; the result lists their hashes in order.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JudgeStatus as S } from '@oj/protocol/enums/judge-status';
import type { BlobStore } from '@oj/protocol/bus';
import type { GenerateJudgeTask } from '@oj/protocol/judge/schemas';
import { compileProgram, type CompileContext, type LanguageSupport } from '../languages/index';
import { clip, type Sandbox, type Workspace } from '../sandbox/index';
import { runProgram, userLimits, type Program } from './program';
import { runVerdict } from './verdict';

/** A generator's own limits (Polygon gives generators no limits of the problem's). */
const GENERATOR_LIMITS = { timeLimit: 10_000, memoryLimit: 1024, stackLimit: 256 };
/** Most bytes of one generated input or answer. */
export const GENERATED_FILE_CAP = 64 * 1024 * 1024;

export type GenerateOutcome =
  | { ok: true; generated: { inputHash: string; outputHash: string }[]; time: number; memory: number }
  | { ok: false; status: number; message: string };

export interface GenerateDeps {
  sandbox: Sandbox;
  languages: LanguageSupport;
  compile: CompileContext;
  blobs: BlobStore;
}

const VERDICT_WORDS: Record<number, string> = {
  [S.TIME_LIMIT_EXCEEDED]: 'time limit exceeded',
  [S.MEMORY_LIMIT_EXCEEDED]: 'memory limit exceeded',
  [S.RUNTIME_ERROR]: 'runtime error',
  [S.SYSTEM_ERROR]: 'system error',
};

function runFailure(status: number, message: string | undefined, stderr: Buffer): string {
  const detail = [message, clip(stderr.toString('utf8'), 500)].filter(Boolean).join(': ');
  return `${VERDICT_WORDS[status] ?? 'failed'}${detail ? ` (${detail})` : ''}`;
}

/** Compiles each generator the tests name (once each). */
async function compileGenerators(
  task: GenerateJudgeTask,
  deps: GenerateDeps,
): Promise<Map<string, Program> | { status: number; message: string }> {
  const programs = new Map<string, Program>();
  const used = [...new Set(task.tests.map((t) => t.generator))];
  for (const [i, name] of used.entries()) {
    const source = task.generators[name];
    if (!source) return { status: S.SYSTEM_ERROR, message: `generator ${name}: not in the package` };
    const lang = deps.languages.available.get(source.language);
    if (!lang)
      return {
        status: S.SYSTEM_ERROR,
        message: `generator ${name}: language ${source.language} unavailable`,
      };
    const compiled = await compileProgram(deps.compile, lang, source.code, task.generatorFiles, `gen${i}`);
    if (!compiled.ok)
      return { status: S.COMPILE_ERROR, message: `generator ${name} does not compile: ${compiled.message}` };
    programs.set(name, { lang, artefact: compiled.artefact, image: compiled.image });
  }
  return programs;
}

export async function generateTests(
  task: GenerateJudgeTask,
  deps: GenerateDeps,
  ws: Workspace,
  main: Program,
  limits: { timeLimit: number; memoryLimit: number; stackLimit: number },
): Promise<GenerateOutcome> {
  const programs = await compileGenerators(task, deps);
  if (!(programs instanceof Map)) return { ok: false, ...programs };
  const dataDir = ws.dir('generated');
  const generated: { inputHash: string; outputHash: string }[] = [];
  let time = 0;
  let memory = 0;
  for (const [i, test] of task.tests.entries()) {
    const what = `test ${i + 1} (${[test.generator, ...test.args].join(' ')})`;
    const g = GENERATOR_LIMITS;
    const gen = await runProgram(deps.sandbox, ws, {
      program: programs.get(test.generator)!,
      limits: userLimits(g.timeLimit, g.memoryLimit, g.stackLimit, GENERATED_FILE_CAP),
      args: test.args,
    });
    const gv = runVerdict(gen.result, g.timeLimit, g.memoryLimit);
    if (gv.status !== null)
      return {
        ok: false,
        status: S.SYSTEM_ERROR,
        message: `${what}: generator ${runFailure(gv.status, gv.message, gen.stderr)}`,
      };
    const inputFile = join(dataDir, `${i + 1}.in`);
    writeFileSync(inputFile, gen.output, { mode: 0o444 });
    const ans = await runProgram(deps.sandbox, ws, {
      program: main,
      limits: userLimits(limits.timeLimit, limits.memoryLimit, limits.stackLimit, GENERATED_FILE_CAP),
      stdin: { path: inputFile },
      ...(task.fileIO ? { fileIO: { ...task.fileIO, source: { path: inputFile } } } : {}),
    });
    const av = runVerdict(ans.result, limits.timeLimit, limits.memoryLimit);
    if (av.status !== null)
      return {
        ok: false,
        status: S.SYSTEM_ERROR,
        message: `${what}: main solution ${runFailure(av.status, av.message, ans.stderr)}`,
      };
    time = Math.max(time, ans.result.timeMs);
    memory = Math.max(memory, ans.result.memoryKB);
    generated.push({
      inputHash: await deps.blobs.put(gen.output),
      outputHash: await deps.blobs.put(ans.output),
    });
  }
  return { ok: true, generated, time, memory };
}

// Tests a Polygon package makes with its generators (issue #25 item 5, docs/compat.md PV4): one
// 'generate' task on the judge queue (the runner compiles and runs the generators and the main
// solution in its sandbox; nothing of the package runs in this process), its result awaited here
// and the generated inputs and answers put into the problem's cases before the import writes.
import { randomBytes } from 'node:crypto';
import { Value } from '@sinclair/typebox/value';
import { JudgeStatus, Subjects } from '@oj/protocol';
import {
  GenerateJudgeTaskSchema,
  type GenerateJudgeTask,
  type JudgeResult,
} from '@oj/protocol/judge/schemas';
import type { AppContext } from '../platform/context';
import { fail } from '../platform/http/errors';
import { normalizeData } from './testcases';
import { formatExamples } from './rules';
import { utf8 } from './zip';
import type { ImportedCase, ImportedProblem, TestGeneration } from './packages/types';

/** How long an import waits for its tests (the runner may be busy with other work first). */
export const GENERATION_TIMEOUT_MS = 10 * 60_000;

function generateTask(key: string, p: ImportedProblem, g: TestGeneration): GenerateJudgeTask {
  const header = Object.keys(g.generatorFiles).length ? { generatorFiles: g.generatorFiles } : {};
  return {
    kind: 'generate',
    generateKey: key,
    generators: g.generators,
    ...header,
    tests: g.tests.map((t) => ({ generator: t.generator, args: t.args })),
    limits: {
      timeLimit: p.values.time_limit ?? 1000,
      memoryLimit: p.values.memory_limit ?? 256,
      stackLimit: p.values.stack_limit ?? 128,
    },
    language: g.main.language,
    code: g.main.code,
    isRemoveEndBlank: true,
  };
}

export function createTestGeneration(ctx: AppContext, timeoutMs = GENERATION_TIMEOUT_MS) {
  const { bus, blobs, log } = ctx;

  /** Queues the task and waits for its result (subscribed before it is queued). */
  async function run(task: GenerateJudgeTask): Promise<JudgeResult | null> {
    let settle!: (r: JudgeResult | null) => void;
    const done = new Promise<JudgeResult | null>((resolve) => (settle = resolve));
    const unsubscribe = await bus.subscribe<JudgeResult>(Subjects.problemGenerateResult, (r) => {
      if (r.generateKey === task.generateKey) settle(r);
    });
    const timer = setTimeout(() => settle(null), timeoutMs);
    try {
      await bus.enqueue(Subjects.judgeTaskQueue, task, { id: `task:generate:${task.generateKey}` });
      return await done;
    } finally {
      clearTimeout(timer);
      await unsubscribe();
    }
  }

  /** The problem's cases with its generated tests in place; refuses the import when generation fails. */
  async function generate(p: ImportedProblem): Promise<ImportedCase[]> {
    const g = p.generation!;
    const title = p.values.title;
    const task = generateTask(`GEN_${randomBytes(12).toString('hex')}`, p, g);
    if (!Value.Check(GenerateJudgeTaskSchema, task)) {
      const first = Value.Errors(GenerateJudgeTaskSchema, task).First();
      throw fail(`[${title}] 无法生成测试点：${first ? `${first.path} ${first.message}` : '任务无效'}`);
    }
    const result = await run(task);
    if (!result)
      throw fail(
        `[${title}] 生成测试点超时：评测机在 ${timeoutMs / 1000} 秒内没有完成，本次未导入任何题目。`,
      );
    if (result.status !== JudgeStatus.ACCEPTED || result.generated?.length !== g.tests.length) {
      log.info({ title, status: result.status }, 'test generation failed');
      throw fail(`[${title}] 生成测试点失败：${result.errorMessage ?? '评测机没有返回测试点'}`);
    }
    const cases = [...p.cases];
    for (const [i, t] of g.tests.entries()) {
      const made = result.generated[i]!;
      const input = await blobs.get(made.inputHash);
      const output = await blobs.get(made.outputHash);
      if (!input || !output) throw fail(`[${title}] 生成测试点失败：第 ${i + 1} 个生成的测试点已不在存储中`);
      const { position, generator: _g, args: _a, ...names } = t;
      cases.splice(position, 0, { ...names, input: normalizeData(input), output: normalizeData(output) });
    }
    // The sample tests (some of them generated) become the statement's examples.
    const samples = g.samples.flatMap((i) => (cases[i] ? [cases[i]] : []));
    if (samples.length)
      p.values.examples = formatExamples(
        samples.map((c) => ({ input: utf8(c.input), output: utf8(c.output) })),
      );
    return cases;
  }

  return { generate };
}

export type TestGenerationService = ReturnType<typeof createTestGeneration>;

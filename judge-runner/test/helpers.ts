/** Shared set-up for the integration tests: a real sandbox, the detected languages, temp dirs. */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  readFileSync,
  chmodSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
  readdirSync,
  existsSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JudgeStatus } from '@oj/protocol/enums/judge-status';
import type { JudgeTask, SubmissionJudgeTask, TestJudgeTask } from '@oj/protocol/judge/schemas';
import { judgeTask, type JudgeDeps } from '../src/judge/index';
import { CompileCache, detectLanguages } from '../src/languages/index';
import { Sandbox } from '../src/sandbox/index';

export interface Harness {
  deps: JudgeDeps;
  root: string;
  blobs: Map<string, string>;
  addBlob(content: string): string;
  judge(task: JudgeTask): ReturnType<typeof judgeTask>;
  close(): Promise<void>;
}

export async function createHarness(): Promise<Harness> {
  const root = mkdtempSync(join(tmpdir(), 'oj-jr-test-'));
  chmodSync(root, 0o711);
  const blobDir = join(root, 'blobs');
  mkdirSync(blobDir);
  const sandbox = await Sandbox.create();
  const blobs = new Map<string, string>();
  const deps: JudgeDeps = {
    sandbox,
    languages: detectLanguages(),
    cache: new CompileCache(join(root, 'cache')),
    testData: { path: async (hash) => blobs.get(hash) ?? null },
    workBase: join(root, 'work'),
    judger: 'test-judger',
  };
  return {
    deps,
    root,
    blobs,
    addBlob(content: string) {
      const hash = createHash('sha256').update(content).digest('hex');
      const p = join(blobDir, hash);
      writeFileSync(p, content, { mode: 0o444 });
      blobs.set(hash, p);
      return hash;
    },
    judge: (task) => judgeTask(task, deps),
    async close() {
      await sandbox.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export function submission(
  partial: Partial<SubmissionJudgeTask> & Pick<SubmissionJudgeTask, 'language' | 'code' | 'testCases'>,
): SubmissionJudgeTask {
  return {
    kind: 'submission',
    submitId: 1,
    version: 0,
    problemType: 0,
    ioScore: 0,
    judgeMode: 'default',
    judgeCaseMode: 'default',
    limits: { timeLimit: 1000, memoryLimit: 128, stackLimit: 128 },
    isRemoveEndBlank: true,
    ...partial,
  };
}

export function testRun(
  partial: Partial<TestJudgeTask> & Pick<TestJudgeTask, 'language' | 'code' | 'userInput'>,
): TestJudgeTask {
  return {
    kind: 'test',
    testKey: 'TEST_JUDGE_x',
    limits: { timeLimit: 1000, memoryLimit: 128, stackLimit: 128 },
    isRemoveEndBlank: true,
    ...partial,
  };
}

/**
 * Living processes of the sandbox uid that this test process is answerable for: there must be
 * none between runs. Not counted: processes in another judge process's tree on the host (other
 * test files, services running their own judges, or a run whose judge died), and
 * our own idle slot infrastructure (bubblewrap's monitor and the zygote, in the
 * slot's `ctl` memory cgroup `oj-judge/p<pid>/slot-N/ctl`; a run's processes move to the
 * slot's run cgroup before they execute anything). Zombies are excluded: a one-shot bwrap's
 * namespace init is reparented to the host's pid 1 when bwrap's monitor exits, and stays
 * <defunct> until that init reaps it (it holds no resources).
 */
export function sandboxProcesses(): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      if (!/^Uid:\s+65534\b/m.test(status) || /^State:\s+Z/m.test(status)) continue;
      if (notOurs(readFileSync(`/proc/${name}/cgroup`, 'utf8'))) continue;
      pids.push(Number(name));
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}

function notOurs(cgroups: string): boolean {
  const memory = cgroups.split('\n').find((l) => l.split(':')[1] === 'memory') ?? '';
  const m = /\/oj-judge\/p(\d+)\/(.*)$/.exec(memory);
  if (!m) return false;
  // Another runner's tree is not ours, whether that runner still lives or not: a stray process of
  // another test run (its runner killed, its cgroup not swept yet) must not fail this file.
  return Number(m[1]) !== process.pid || /^slot-\d+\/ctl$/.test(m[2]!);
}

export { existsSync };

/**
 * How fast this machine is right now, for limits whose margin must not depend on it (issue #23
 * item 21). `judgeMs`: the wall time of judging a trivial C A+B (a compile and one sandboxed run)
 * after a warm-up; `factor` (≥ 1): how many times slower that is than on a quiet reference machine
 * (REFERENCE_JUDGE_MS). Tests scale their time limits by `factor` where the verdict under test is
 * not a time verdict, and bound waits by the measured `judgeMs` instead of a fixed wall clock.
 */
export interface MachineSpeed {
  judgeMs: number;
  factor: number;
  /** A time limit `ms` on the reference machine, scaled for this one (whole milliseconds). */
  scaled(ms: number): number;
}

/** A trivial C judge (gcc ~0.1 s, one run ~2 ms) on a quiet fast machine. */
export const REFERENCE_JUDGE_MS = 150;

export async function measureSpeed(h: Harness): Promise<MachineSpeed> {
  const once = async (n: number) => {
    const code = `#include <stdio.h>\nint main(){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b+${n});return 0;}`;
    const t0 = performance.now();
    const r = await h.judge(
      submission({
        language: 'C',
        code,
        testCases: [{ caseId: 1, input: '1 2\n', output: `${3 + n}\n`, score: 0, groupNum: 1 }],
      }),
    );
    if (r.status !== JudgeStatus.ACCEPTED)
      throw new Error(`speed baseline: a trivial C program was not accepted (${r.status})`);
    return performance.now() - t0;
  };
  await once(0);
  // Distinct sources: each is really compiled (the compile cache is keyed by content).
  const judgeMs = Math.max(await once(1), await once(2));
  const factor = Math.max(1, judgeMs / REFERENCE_JUDGE_MS);
  return { judgeMs, factor, scaled: (ms) => Math.ceil(ms * factor) };
}

/** `gcc -O0` of a trivial C file on a quiet fast machine. */
export const REFERENCE_GCC_MS = 50;

/**
 * The same idea as measureSpeed for suites that drive the sandbox directly (no judge): the wall
 * time of compiling a trivial C file with gcc (the worse of two), against REFERENCE_GCC_MS.
 */
export function measureCompileSpeed(dir: string): MachineSpeed {
  const src = join(dir, 'speed.c');
  writeFileSync(src, 'int main(void){return 0;}\n');
  const once = () => {
    const t0 = performance.now();
    execFileSync('gcc', ['-O0', '-o', join(dir, 'speed'), src]);
    return performance.now() - t0;
  };
  once();
  const judgeMs = Math.max(once(), once());
  const factor = Math.max(1, judgeMs / REFERENCE_GCC_MS);
  return { judgeMs, factor, scaled: (ms) => Math.ceil(ms * factor) };
}

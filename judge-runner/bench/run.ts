/**
 * Judge benchmarks: sandbox overhead, A+B throughput (with and without the compile
 * cache), and accuracy of reported memory and CPU time. Prints one JSON object on the
 * last line and writes it to bench-results/latest.json.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SubmissionJudgeTask } from '@oj/protocol/judge/schemas';
import { judgeTask, type JudgeDeps } from '../src/judge/index';
import { CompileCache, LANGUAGES, detectLanguages, warmPrecompiledHeaders } from '../src/languages/index';
import { Sandbox, Workspace } from '../src/sandbox/index';

const MIB = 1024 * 1024;
const root = mkdtempSync(join(tmpdir(), 'oj-jr-bench-'));
chmodSync(root, 0o711);
const sandbox = await Sandbox.create({ log: (m) => console.error(m) });
const ws = await Workspace.create(join(root, 'work'));

/** -O0 so the compiler cannot drop the work being measured (malloc+memset pairs are elided at -O2). */
function gcc(name: string, code: string): string {
  const dir = ws.dir('bin');
  writeFileSync(join(dir, `${name}.c`), code);
  execFileSync('gcc', ['-O0', '-o', join(dir, name), join(dir, `${name}.c`)]);
  return join(dir, name);
}

const limits = {
  cpuMs: 5000,
  wallMs: 15000,
  memoryBytes: 512 * MIB,
  stackBytes: 64 * MIB,
  pids: 16,
  fileSizeBytes: 16 * MIB,
};

async function sandboxed(exe: string) {
  return sandbox.withRun(ws, async ({ dirs, run }) => {
    copyFileSync(exe, join(dirs.w, 'main'));
    const out = join(dirs.io, 'out');
    const r = await run({
      argv: ['/w/main'],
      env: { PATH: '/usr/bin:/bin' },
      limits,
      stdio: { stdout: out },
    });
    return { r, text: readFileSync(out, 'utf8') };
  });
}

/** CPU seconds (user+sys) of a process, plus its reaped children when asked, from /proc. */
function procCpuMs(pid: number | 'self', children: boolean): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    // Fields 14-17 (utime, stime, cutime, cstime) are at 11-14 after the command name.
    const ticks = f[11]! + f[12]! + (children ? f[13]! + f[14]! : 0);
    return (ticks * 1000) / 100;
  } catch {
    return 0;
  }
}

/** CPU spent by the sandbox's helper processes (keepers; zygotes with the runs they reaped). */
function sandboxCpuMs(): number {
  let ms = 0;
  for (const s of sandbox.slots()) ms += procCpuMs(s.pids.keeper, false) + procCpuMs(s.pids.zygote, true);
  return ms;
}

function bare(exe: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(exe, [], { stdio: 'ignore' });
    p.on('exit', () => resolve());
    p.on('error', reject);
  });
}

// 1. Overhead: trivial program, sandboxed vs bare, alternating in one loop (same load for both).
const trivial = gcc('trivial', 'int main(void){return 0;}');
const N = 200;
const loadBefore = (await import('node:os')).loadavg()[0]!;
await sandbox.withRun(ws, async ({ dirs, run }) => {
  copyFileSync(trivial, join(dirs.w, 'main'));
  await run({ argv: ['/w/main'], env: {}, limits }); // warm-up: slot started, binary cached
});
const bareRuns: number[] = [];
const sandboxRuns: number[] = [];
let bareCpu = 0;
let sandboxCpu = 0;
for (let i = 0; i < N; i++) {
  let cpu0 = procCpuMs('self', true);
  let t = performance.now();
  await bare(trivial);
  bareRuns.push(performance.now() - t);
  bareCpu += procCpuMs('self', true) - cpu0;
  cpu0 = procCpuMs('self', true) + sandboxCpuMs();
  t = performance.now();
  await sandbox.withRun(ws, async ({ dirs, run }) => {
    copyFileSync(trivial, join(dirs.w, 'main'));
    await run({ argv: ['/w/main'], env: {}, limits });
  });
  sandboxRuns.push(performance.now() - t);
  sandboxCpu += procCpuMs('self', true) + sandboxCpuMs() - cpu0;
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** Medians too: on a shared, loaded machine the means carry the scheduling tail. */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const bareMs = mean(bareRuns);
const sandboxMs = mean(sandboxRuns);

// 2. Throughput: A+B in C++, 10 cases, cold (cache miss) and warm compile cache.
const deps: JudgeDeps = {
  sandbox,
  languages: detectLanguages(),
  cache: new CompileCache(join(root, 'cache')),
  testData: { path: async () => null },
  workBase: join(root, 'tasks'),
  judger: 'bench',
};
const cases = Array.from({ length: 10 }, (_, i) => ({
  caseId: i + 1,
  input: `${i} ${i * 7}\n`,
  output: `${i * 8}\n`,
  score: 10,
  groupNum: 1,
}));
const task = (salt: string, header = '<iostream>'): SubmissionJudgeTask => ({
  kind: 'submission',
  submitId: 1,
  version: 0,
  problemType: 0,
  ioScore: 0,
  judgeMode: 'default',
  judgeCaseMode: 'default',
  limits: { timeLimit: 1000, memoryLimit: 256, stackLimit: 128 },
  language: 'C++ 17 With O2',
  code: `#include ${header}\n// ${salt}\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}`,
  isRemoveEndBlank: true,
  testCases: cases,
});
const ROUNDS = 5;
/**
 * Per-stage trace (ms per submission): top-level stages (workspace, compile, case.data,
 * case.run, case.compare, progress, dispose) add up to the task; `x.y` stages are parts of
 * `x` (compile.run.compiler and case.run.program: the compiler's / program's own wall time,
 * so compile.run − compile.run.compiler is the sandbox's share).
 */
function newTrace() {
  const totals = new Map<string, number>();
  return {
    add(stage: string, ms: number) {
      totals.set(stage, (totals.get(stage) ?? 0) + ms);
    },
    perSubmission(rounds: number, totalMs: number) {
      const out: Record<string, number> = {};
      const TOP = ['workspace', 'compile', 'case.data', 'case.run', 'case.compare', 'progress', 'dispose'];
      let top = 0;
      for (const [k, v] of [...totals].sort()) {
        out[k] = Number((v / rounds).toFixed(2));
        if (TOP.includes(k)) top += v;
      }
      out.unaccounted = Number(((totalMs - top) / rounds).toFixed(2));
      return out;
    },
  };
}
async function throughput(cold: boolean, header?: string, caseParallelism = 1) {
  const trace = newTrace();
  const traced = { ...deps, trace, caseParallelism };
  const start = performance.now();
  for (let i = 0; i < ROUNDS; i++) {
    const r = await judgeTask(task(cold ? `cold ${i} ${Math.random()}` : 'warm', header), traced);
    if (r.status !== 0) throw new Error(`A+B not accepted: ${JSON.stringify(r)}`);
  }
  const total = performance.now() - start;
  const ms = total / ROUNDS;
  return {
    msPerSubmission: Math.round(ms),
    submissionsPerSecond: Number((1000 / ms).toFixed(2)),
    casesPerSecond: Number(((10 * 1000) / ms).toFixed(1)),
    stagesMsPerSubmission: trace.perSubmission(ROUNDS, total),
  };
}
// Precompiled bits/stdc++.h: built before measuring (once per machine), as a runner has them.
await warmPrecompiledHeaders(LANGUAGES);
const cold = await throughput(true);
const coldStdcxx = await throughput(true, '<bits/stdc++.h>');
await judgeTask(task('warm'), deps); // fill the cache
const warm = await throughput(false);
// Cases of a submission across as many slots as there are CPUs (OJ_CASE_PARALLELISM).
const warmParallel = await throughput(false, undefined, (await import('node:os')).cpus().length);

// 3. Accuracy: 64 MiB touched → reported peak; a CPU loop → cgroup CPU vs the program's own rusage.
const touch = gcc(
  'touch',
  '#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\nint main(int argc,char**argv){size_t n=64u<<20;char*p=malloc(n);memset(p,argc,n);printf("%d\\n",p[n-1]);return 0;}',
);
const mem = await sandboxed(touch);
const memoryErrorPct = ((mem.r.memoryKB - 65536) / 65536) * 100;
const loop = gcc(
  'loop',
  '#include <stdio.h>\n#include <sys/resource.h>\nint main(void){volatile unsigned long x=0;for(unsigned long i=0;i<300000000UL;i++)x+=i;struct rusage u;getrusage(RUSAGE_SELF,&u);printf("%ld\\n",(u.ru_utime.tv_sec+u.ru_stime.tv_sec)*1000L+(u.ru_utime.tv_usec+u.ru_stime.tv_usec)/1000L);return 0;}',
);
const cpu = await sandboxed(loop);
const selfMs = Number(cpu.text.trim());

const result = {
  at: new Date().toISOString(),
  machine: {
    cpus: (await import('node:os')).cpus().length,
    loadavg1: Number((await import('node:os')).loadavg()[0]!.toFixed(2)),
  },
  overhead: {
    mode: sandbox.mode,
    runs: N,
    loadavg1Before: Number(loadBefore.toFixed(2)),
    bareMsPerRun: Number(bareMs.toFixed(2)),
    sandboxMsPerRun: Number(sandboxMs.toFixed(2)),
    addedMsPerRun: Number((sandboxMs - bareMs).toFixed(2)),
    ratio: Number((sandboxMs / bareMs).toFixed(2)),
    bareMedianMs: Number(median(bareRuns).toFixed(2)),
    sandboxMedianMs: Number(median(sandboxRuns).toFixed(2)),
    // CPU time of every process involved (runner, helpers, the program), 10 ms clock ticks.
    bareCpuMsPerRun: Number((bareCpu / N).toFixed(2)),
    sandboxCpuMsPerRun: Number((sandboxCpu / N).toFixed(2)),
  },
  throughputAplusBCpp10Cases: {
    withoutCompileCache: cold,
    withoutCompileCacheBitsStdcxx: coldStdcxx,
    withCompileCache: warm,
    withCompileCacheCasesInParallel: warmParallel,
  },
  accuracy: {
    memory64MiB: {
      reportedKB: mem.r.memoryKB,
      errorPct: Number(memoryErrorPct.toFixed(2)),
      within5Pct: Math.abs(memoryErrorPct) <= 5,
    },
    cpuLoop: {
      programSelfMs: selfMs,
      reportedMs: cpu.r.timeMs,
      diffMs: cpu.r.timeMs - selfMs,
      within5Ms: Math.abs(cpu.r.timeMs - selfMs) <= 5,
    },
  },
};

await ws.dispose();
await sandbox.close();
rmSync(root, { recursive: true, force: true });
const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'bench-results');
mkdirSync(outDir, { recursive: true });
const json = JSON.stringify(result);
writeFileSync(join(outDir, 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(json);

/**
 * Judge benchmarks: sandbox overhead, A+B throughput (without the compile cache, against a
 * bare g++; with it, against the bare sandboxed runs) with a per-stage trace, and accuracy of
 * reported memory and CPU time. Prints /proc/loadavg at the start and the end and one JSON
 * object on the last line, written to bench-results/latest.json and artifacts/bench/judge-runner.json.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SubmissionJudgeTask } from '@oj/protocol/judge/schemas';
import { TestDataMemory, judgeTask, type JudgeDeps } from '../src/judge/index';
import {
  CompileCache,
  LANGUAGES,
  PCH_INCLUDE,
  detectLanguages,
  warmPrecompiledHeaders,
} from '../src/languages/index';
import { Sandbox, Workspace, defaultPchDir } from '../src/sandbox/index';

const run = promisify(execFile);
/** The machine is shared: the load average at the start and the end goes with the numbers. */
const procLoadavg = () => readFileSync('/proc/loadavg', 'utf8').trim();
const loadavgStart = procLoadavg();
console.error(`loadavg at start: ${loadavgStart}`);

const MIB = 1024 * 1024;
const root = mkdtempSync(join(tmpdir(), 'oj-jr-bench-'));
chmodSync(root, 0o711);
// As a runner with the default concurrency: one slot per CPU started ahead.
const sandbox = await Sandbox.create({ slots: cpus().length, log: (m) => console.error(m) });
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
const loadBefore = loadavg()[0]!;
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

// 2. Throughput: A+B in C++, 10 cases: without the compile cache (against a bare g++ of the
// same source, interleaved, as the compile bound), and with it (against the sandboxed runs of
// the same binary, as the run bound); the run bound with cases in parallel is runs / CPUs.
const CPUS = cpus().length;
const deps: JudgeDeps = {
  sandbox,
  languages: detectLanguages(),
  cache: new CompileCache(join(root, 'cache')),
  testData: { path: async () => null },
  testDataMemory: new TestDataMemory(),
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
const LANG = 'C++ 17 With O2';
const source = (salt: string, header: string) =>
  `#include ${header}\n// ${salt}\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}`;
const task = (salt: string, header = '<iostream>'): SubmissionJudgeTask => ({
  kind: 'submission',
  submitId: 1,
  version: 0,
  problemType: 0,
  ioScore: 0,
  judgeMode: 'default',
  judgeCaseMode: 'default',
  limits: { timeLimit: 1000, memoryLimit: 256, stackLimit: 128 },
  language: LANG,
  code: source(salt, header),
  isRemoveEndBlank: true,
  testCases: cases,
});

/**
 * Per-stage trace (ms per submission). Top level, adding up to the task: workspace, compile,
 * data.wait (test data not ready when the compile ended; it is fetched during the compile),
 * cases (wall time of all cases), progress, dispose. Parts: compile.{cache, wait (a slot),
 * setup (source into it), compiler (its own wall time), sandbox (rest of the round trip),
 * collect, release}; case.data (fetch, overlapped with the compile); per case, summed over the
 * cases (so above `cases` when they run in parallel): case.{wait, run (round trip but the
 * program), run.program, compare, release}.
 */
function newTrace() {
  const totals = new Map<string, number>();
  return {
    add(stage: string, ms: number) {
      totals.set(stage, (totals.get(stage) ?? 0) + ms);
    },
    perSubmission(rounds: number, totalMs: number) {
      const out: Record<string, number> = {};
      const TOP = ['workspace', 'compile', 'data.wait', 'cases', 'progress', 'dispose'];
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
const rate = (ms: number) => Number((1000 / ms).toFixed(2));

/** Host compile, no sandbox, same flags (and the same precompiled header when it applies). */
const bareDir = ws.dir('bare');
async function bareCompile(code: string): Promise<number> {
  const lang = LANGUAGES.find((l) => l.name === LANG)!;
  writeFileSync(join(bareDir, 'main.cpp'), code);
  const argv = lang.compile!.map((a) => (a === PCH_INCLUDE ? `-I${defaultPchDir()}` : a));
  const t = performance.now();
  await run(argv[0]!, argv.slice(1), { cwd: bareDir });
  return performance.now() - t;
}

/** The 10 cases' runs of the compiled binary straight through the sandbox (no judging around). */
async function sandboxRunsMs(binary: string): Promise<number> {
  const t = performance.now();
  for (const c of cases) {
    await sandbox.withRun(ws, async ({ dirs, run: r }) => {
      copyFileSync(binary, join(dirs.w, 'main'));
      writeFileSync(join(dirs.io, 'in'), c.input);
      await r({
        argv: ['/w/main'],
        env: {},
        limits,
        stdio: { stdin: join(dirs.io, 'in'), stdout: join(dirs.io, 'out') },
      });
    });
  }
  return performance.now() - t;
}

async function uncached(header: string, rounds: number, caseParallelism: number) {
  const trace = newTrace();
  let total = 0;
  let bare = 0;
  for (let i = 0; i < rounds; i++) {
    const t = task(`cold ${i} ${Math.random()}`, header);
    bare += await bareCompile(t.code);
    const t0 = performance.now();
    const r = await judgeTask(t, { ...deps, trace, caseParallelism });
    total += performance.now() - t0;
    if (r.status !== 0) throw new Error(`A+B not accepted: ${JSON.stringify(r)}`);
  }
  const ms = total / rounds;
  const bareMs = bare / rounds;
  return {
    caseParallelism,
    msPerSubmission: Math.round(ms),
    submissionsPerSecond: rate(ms),
    bareCompileMs: Math.round(bareMs),
    compileBoundPerSecond: rate(bareMs),
    ofCompileBound: Number((bareMs / ms).toFixed(3)),
    stagesMsPerSubmission: trace.perSubmission(rounds, total),
  };
}

/** `tasks` judged `concurrency` at a time (as a runner with that concurrency does). */
async function cached(tasks: SubmissionJudgeTask[], caseParallelism: number, concurrency = 1) {
  const trace = newTrace();
  const traced = { ...deps, trace, caseParallelism };
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tasks.length) {
        const r = await judgeTask(tasks[next++]!, traced);
        if (r.status !== 0) throw new Error(`A+B not accepted: ${JSON.stringify(r)}`);
      }
    }),
  );
  const total = performance.now() - t0;
  const ms = total / tasks.length;
  return {
    caseParallelism,
    concurrency,
    submissions: tasks.length,
    msPerSubmission: Number(ms.toFixed(2)),
    submissionsPerSecond: rate(ms),
    casesPerSecond: Number(((10 * 1000) / ms).toFixed(1)),
    stagesMsPerSubmission: trace.perSubmission(tasks.length, total),
  };
}

// Precompiled bits/stdc++.h: built before measuring (once per machine), as a runner has them.
await warmPrecompiledHeaders(LANGUAGES);
await judgeTask(task('warm-up'), deps);
const cold = await uncached('<iostream>', 5, 1);
const coldParallel = await uncached('<iostream>', 5, CPUS);
const coldStdcxx = await uncached('<bits/stdc++.h>', 5, CPUS);
const WARM = 100;
const same = Array.from({ length: WARM }, () => task('warm-up'));
const warm = await cached(same, 1);
const warmParallel = await cached(same, CPUS);
const warmConcurrent = await cached(same, 1, CPUS);
// Rejudge: 20 distinct sources, each compiled once, then all judged again (compile cache hits).
const rejudgeTasks = Array.from({ length: 20 }, (_, i) => task(`rejudge ${i} ${Math.random()}`));
for (const t of rejudgeTasks) await judgeTask(t, deps);
const rejudge = await cached([...rejudgeTasks, ...rejudgeTasks, ...rejudgeTasks], CPUS);
// Run bound: the A+B binary's 10 runs through the sandbox, nothing else.
const abBinary = join(ws.dir('bin'), 'ab');
await bareCompile(source('run bound', '<iostream>'));
copyFileSync(join(bareDir, 'main'), abBinary);
let runsMs = 0;
for (let i = 0; i < 10; i++) runsMs += await sandboxRunsMs(abBinary);
const runBoundMs = runsMs / 10;
const runBound = {
  serialMsPer10Runs: Number(runBoundMs.toFixed(2)),
  serialPerSecond: rate(runBoundMs),
  parallelPerSecond: rate(runBoundMs / CPUS),
};

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

const loadavgEnd = procLoadavg();
const result = {
  at: new Date().toISOString(),
  machine: { cpus: CPUS, loadavgStart, loadavgEnd },
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
    withoutCompileCacheCasesInParallel: coldParallel,
    withoutCompileCacheBitsStdcxxCasesInParallel: coldStdcxx,
    withCompileCache: warm,
    withCompileCacheCasesInParallel: warmParallel,
    withCompileCacheSubmissionsInParallel: warmConcurrent,
    rejudgeCasesInParallel: rejudge,
    runBound,
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
const artifacts = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'artifacts', 'bench');
mkdirSync(artifacts, { recursive: true });
writeFileSync(join(artifacts, 'judge-runner.json'), `${JSON.stringify(result, null, 2)}\n`);
for (const [name, r] of Object.entries(result.throughputAplusBCpp10Cases)) {
  if (!('stagesMsPerSubmission' in r)) continue;
  const stages = Object.entries(r.stagesMsPerSubmission)
    .filter(([, ms]) => Math.abs(ms) >= 0.05)
    .map(([k, ms]) => `${k} ${ms}`)
    .join(', ');
  console.error(`${name}: ${r.msPerSubmission} ms/submission, ${r.submissionsPerSecond}/s; ${stages}`);
}
console.error(`run bound: ${JSON.stringify(runBound)}`);
console.error(`loadavg at end: ${loadavgEnd}`);
console.log(json);

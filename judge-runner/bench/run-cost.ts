/**
 * Per-run cost of the pooled sandbox, small enough to compare two versions of the sandbox
 * quickly (issue #23: the per-run network namespace): N trivial runs (a static `return 0` C
 * program, stdin from a file) in a pool of one slot, after 20 warm-up runs.
 *
 *   npx tsx bench/run-cost.ts [N] [sandbox module]
 *
 * The second argument points at another copy of `src/sandbox/index.ts` (e.g. one extracted with
 * `git archive`) to measure it the same way. Prints wall time per run (min, p10, median, p90),
 * the CPU of the slot's cgroups (zygote and run) and of this process per run, and /proc/loadavg.
 * Run the variants interleaved: on a shared machine the load moves more than the difference.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type * as SandboxModule from '../src/sandbox/index';

async function main(): Promise<void> {
  const n = Number(process.argv[2] ?? 200);
  const modulePath = process.argv[3] ? resolve(process.argv[3]) : '../src/sandbox/index';
  const { Sandbox, Workspace } = (await import(modulePath)) as typeof SandboxModule;
  const root = mkdtempSync(join(tmpdir(), 'oj-run-cost-'));
  chmodSync(root, 0o711);
  const sandbox = await Sandbox.create({
    pool: true,
    slots: 1,
    slotDir: join(root, 'slots'),
    helperCacheDir: join(root, 'helper'),
  });
  const ws = await Workspace.create(join(root, 'work'));
  try {
    const exe = join(ws.dir('bin'), 'true');
    writeFileSync(`${exe}.c`, 'int main(void){return 0;}\n');
    execFileSync('gcc', ['-O1', '-static', '-o', exe, `${exe}.c`]);
    const body = readFileSync(exe);
    const limits = {
      cpuMs: 1000,
      wallMs: 3000,
      memoryBytes: 64 << 20,
      stackBytes: 8 << 20,
      pids: 16,
      fileSizeBytes: 1 << 20,
    };
    const once = () =>
      sandbox.withRun(ws, async ({ dirs, run }) => {
        writeFileSync(join(dirs.w, 'main'), body, { mode: 0o555 });
        const r = await run({
          argv: ['/w/main'],
          env: {},
          limits,
          stdio: { stdin: `${exe}.c`, stdout: join(dirs.io, 'stdout'), stderr: join(dirs.io, 'stderr') },
        });
        if (r.setupError || r.exitCode !== 0) throw new Error(`trivial run failed: ${JSON.stringify(r)}`);
      });
    for (let i = 0; i < 20; i++) await once();
    // The slot's cgroup directory in the cpuacct hierarchy covers its ctl (zygote) and run cgroups.
    const slotCpu = () =>
      sandbox
        .slots()
        .map((s) => BigInt(readFileSync(join(s.config.cgroups.cpuacct, 'cpuacct.usage'), 'utf8').trim()))
        .reduce((a, b) => a + b, 0n);
    const times: number[] = [];
    const cpu0 = slotCpu();
    const self0 = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await once();
      times.push(performance.now() - t);
    }
    const slotMs = Number(slotCpu() - cpu0) / 1e6 / n;
    const self = process.cpuUsage(self0);
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.floor(p * (times.length - 1))]!.toFixed(2);
    console.log(
      `n=${n} wall min ${q(0)} p10 ${q(0.1)} median ${q(0.5)} p90 ${q(0.9)} ms; slot CPU ${slotMs.toFixed(3)} ms/run; ` +
        `runner CPU ${((self.user + self.system) / 1000 / n).toFixed(3)} ms/run; loadavg ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
    );
  } finally {
    await ws.dispose();
    await sandbox.close();
    rmSync(root, { recursive: true, force: true });
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});

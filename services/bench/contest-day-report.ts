// Contest-day bench (issue #22.7): per-process CPU and memory from /proc (the cluster's children,
// the spectator processes and the bench itself), the load average, and the readable summary.
import { readFileSync } from 'node:fs';

const TICKS_PER_S = 100;

export interface ProcSample {
  name: string;
  pid: number;
  /** user + system CPU seconds so far. */
  cpuS: number;
  rssMb: number;
}

export function sampleProc(name: string, pid: number | undefined): ProcSample | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpuS = (Number(f[11]) + Number(f[12])) / TICKS_PER_S;
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { name, pid, cpuS, rssMb: Math.round(rssKb / 1024) };
  } catch {
    return null;
  }
}

export interface ProcFigure {
  name: string;
  /** CPU seconds used during the measured phase, and as a share of one core. */
  cpuS: number;
  cpuPctOfCore: number;
  rssMb: number;
}

/** CPU used between two samples of the same processes over `seconds`. */
export function procFigures(before: ProcSample[], after: ProcSample[], seconds: number): ProcFigure[] {
  return after.map((a) => {
    const b = before.find((x) => x.pid === a.pid);
    const cpuS = a.cpuS - (b?.cpuS ?? 0);
    return {
      name: a.name,
      cpuS: Number(cpuS.toFixed(1)),
      cpuPctOfCore: Math.round((100 * cpuS) / Math.max(seconds, 0.001)),
      rssMb: a.rssMb,
    };
  });
}

export function loadAvg(): number[] {
  return readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 3).map(Number);
}

/** Prints the figures as aligned "name: value" lines. */
export function printFigures(title: string, rows: [string, unknown][]): void {
  console.log(`\n== ${title}`);
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows)
    console.log(`  ${k.padEnd(width)}  ${typeof v === 'string' ? v : JSON.stringify(v)}`);
}

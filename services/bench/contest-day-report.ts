// Contest-day bench (issue #22.7): per-process CPU and memory from /proc (the cluster's children,
// the spectator processes and the bench itself), the load average, and the readable summary.
import { readdirSync, readFileSync } from 'node:fs';

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

/**
 * A process and every descendant it has now (a runner's sandbox keepers and what they run): user +
 * system CPU of each, plus what each has reaped (a zygote's finished programs). A descendant that
 * ended between two samples is missing from the later one, so this is a lower bound.
 */
export function sampleTree(name: string, pid: number | undefined): ProcSample | null {
  const own = sampleProc(name, pid);
  if (!own || !pid) return own;
  const children = new Map<number, number[]>();
  const cpu = new Map<number, number>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return own;
  }
  for (const e of entries) {
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(f[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(e)]);
      cpu.set(Number(e), (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICKS_PER_S);
    } catch {
      // gone meanwhile
    }
  }
  let cpuS = 0;
  const stack = [pid];
  while (stack.length > 0) {
    const p = stack.pop()!;
    cpuS += cpu.get(p) ?? 0;
    stack.push(...(children.get(p) ?? []));
  }
  return { ...own, name, cpuS };
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
    const b = before.find((x) => x.pid === a.pid && x.name === a.name);
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

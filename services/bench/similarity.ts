// Similarity analysis bench (issue #28): N submissions of ~200 lines of C++ on one problem and
// language (the worst case: one group), one tenth of them disguised copies of another (renamed,
// reordered, padded). Prints the analysis time, peak RSS (and both against the aims: 30 s,
// 300 MB) and the pairs found, with /proc/loadavg.
// SIMILARITY_BENCH_N (default 500) sets the size.
import { readFileSync } from 'node:fs';
import { analyseGroup, type SubmissionText } from '../src/judge/similarity/analysis';
import { report } from './support';

const N = Number(process.env.SIMILARITY_BENCH_N ?? 500);
const LINES = 200;

// Deterministic pseudo-random numbers (mulberry32), so runs compare.
let seed = 0x5eed;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const name = () =>
  pick(['a', 'b', 'c', 'x', 'y', 'cnt', 'sum', 'res', 'tmp', 'v', 'w', 'k']) + Math.floor(rand() * 50);

function expr(depth: number, vars: string[]): string {
  if (depth === 0 || rand() < 0.3) return rand() < 0.5 ? pick(vars) : String(Math.floor(rand() * 100));
  const op = pick(['+', '-', '*', '/', '%', '^', '&', '|', '<<']);
  if (rand() < 0.2)
    return `${pick(['max', 'min', 'abs'])}(${expr(depth - 1, vars)}, ${expr(depth - 1, vars)})`;
  return `(${expr(depth - 1, vars)} ${op} ${expr(depth - 1, vars)})`;
}

function statements(lines: string[], budget: number, indent: string, vars: string[]): void {
  while (budget > 0) {
    const r = rand();
    if (r < 0.2 && budget > 4) {
      const i = name();
      lines.push(`${indent}for (int ${i} = 0; ${i} < ${pick(vars)}; ${i}++) {`);
      const inner = 2 + Math.floor(rand() * 3);
      statements(lines, inner, indent + '  ', [...vars, i]);
      lines.push(`${indent}}`);
      budget -= inner + 2;
    } else if (r < 0.35 && budget > 4) {
      lines.push(`${indent}if (${expr(2, vars)} ${pick(['<', '>', '==', '!='])} ${expr(1, vars)}) {`);
      const inner = 1 + Math.floor(rand() * 3);
      statements(lines, inner, indent + '  ', vars);
      lines.push(`${indent}} else {`);
      lines.push(`${indent}  ${pick(vars)} = ${expr(2, vars)};`);
      lines.push(`${indent}}`);
      budget -= inner + 4;
    } else if (r < 0.5) {
      const v = name();
      lines.push(`${indent}long long ${v} = ${expr(3, vars)};`);
      vars.push(v);
      budget -= 1;
    } else if (r < 0.6) {
      lines.push(`${indent}vec.push_back(${expr(2, vars)});`);
      budget -= 1;
    } else {
      lines.push(`${indent}${pick(vars)} ${pick(['=', '+=', '-=', '^='])} ${expr(3, vars)};`);
      budget -= 1;
    }
  }
}

function program(): string {
  const lines = ['#include <bits/stdc++.h>', 'using namespace std;', 'vector<long long> vec;', ''];
  const fns: string[] = [];
  while (lines.length < LINES - 12) {
    const f = `solve${fns.length}`;
    fns.push(f);
    lines.push(`long long ${f}(long long n, long long m) {`);
    statements(lines, 10 + Math.floor(rand() * 20), '  ', ['n', 'm']);
    lines.push('  return n + m;', '}', '');
  }
  lines.push('int main() {', '  long long n, m;', '  scanf("%lld %lld", &n, &m);');
  for (const f of fns) lines.push(`  printf("%lld\\n", ${f}(n, m));`);
  lines.push('  return 0;', '}');
  return lines.join('\n');
}

/** A disguised copy: identifiers renamed, a dead statement per function, functions reordered. */
function disguise(code: string): string {
  const renamed = code.replace(
    /\b(cnt|sum|res|tmp)(\d+)\b/g,
    (_m, a: string, d: string) => `${a.toUpperCase()}_${d}`,
  );
  const parts = renamed.split('\n\n');
  const head = parts.shift()!;
  const main = parts.pop()!;
  parts.reverse();
  return [
    head,
    ...parts.map((p) => p.replace('{\n', '{\n  int unused_pad = 0; (void)unused_pad;\n')),
    main,
  ].join('\n\n');
}

const subs: SubmissionText[] = [];
for (let i = 0; i < N; i++) {
  const copyOf = i > 0 && rand() < 0.1 ? subs[Math.floor(rand() * i)] : undefined;
  subs.push({ submitId: i + 1, uid: `u${i}`, code: copyOf ? disguise(copyOf.code) : program() });
}
const copies = subs.filter((s) => s.code.includes('unused_pad')).length;
const lines = subs.reduce((n, s) => n + s.code.split('\n').length, 0) / N;

const loadBefore = readFileSync('/proc/loadavg', 'utf8').trim();
const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const pairs = await analyseGroup('C++ With O2', subs, {
  tick: async () => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    await new Promise((r) => setImmediate(r));
  },
});
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
const above = pairs.filter((p) => p.similarity >= 0.6).length;

report('similarity', {
  submissions: N,
  avgLines: Math.round(lines),
  disguisedCopies: copies,
  pairsStored: pairs.length,
  pairsAbove60: above,
  ms: Math.round(ms),
  cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  rssBeforeMb: Math.round(rssBefore / 2 ** 20),
  peakRssMb: Math.round(peakRss / 2 ** 20),
  maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  // The aims at 500 submissions: ≤ 30 s and ≤ 300 MB (ratios above 1 miss them).
  msToAim: +(ms / 30_000).toFixed(2),
  peakRssToAim: +(peakRss / 2 ** 20 / 300).toFixed(2),
  loadBefore,
  loadAfter: readFileSync('/proc/loadavg', 'utf8').trim(),
});

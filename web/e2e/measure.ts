// The web client's numbers on the one-process start, in headless Chromium: JavaScript shipped
// (gzip) for /home and /problem/1000 (in all, what had arrived when the page became interactive,
// and what had arrived when the statement, its math and the editor appeared), per chunk and per area (from the Vite manifest), and the
// time until each page is interactive. Writes web/bench-results/web.json and prints it as the
// last line. Run: `npm run bench -w @oj/web` (or `npx tsx e2e/measure.ts` in web/).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { ensureWebBuild, repoRoot, startPlatform, webRoot } from './support/platform';

const ROOT_PASSWORD = 'bench-root-pass-1';
/** Loads per page (the median is reported); OJ_BENCH_RUNS raises it on a noisy machine. */
const RUNS = Math.max(1, Number(process.env.OJ_BENCH_RUNS) || 3);
const VIEWPORT = { width: 1400, height: 900 };

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
}

/** The part of the app a built file belongs to, from the manifest key it came from. */
function areaOf(key: string): string {
  if (key === 'index.html') return 'entry';
  const src = /^src\/([^/]+)\//.exec(key);
  if (src) return src[1]!;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(key);
  if (pkg) return `npm:${pkg[1]}`;
  const shared = /^_(.+?)-[\w-]{8}\.js$/.exec(key);
  if (shared) return `shared:${shared[1]}`;
  return 'other';
}

function readAreas(): Map<string, string> {
  const manifest = JSON.parse(
    readFileSync(join(webRoot, 'dist', '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const byFile = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) byFile.set(chunk.file, areaOf(key));
  return byFile;
}

interface Shipped {
  file: string;
  area: string;
  rawBytes: number;
  gzipBytes: number;
}

/** One request of a page load, in ms from the navigation start (Resource Timing). */
interface TimelineEntry {
  what: string;
  kind: string;
  start: number;
  end: number;
}

/** First time (ms from the navigation start) each marker appeared in the DOM. */
const MARKERS: Record<string, string> = {
  'react mounted': '#root > *',
  'route spinner': '[data-testid="page-loading"]',
  'problem spinner': '[data-testid="problem-loading"]',
  'statement painted': '[data-testid="problem-statement"]',
  'math rendered': '.oj-math .katex',
  'editor mounted': '[data-testid="code-editor"] .cm-content',
  'submit enabled': '[data-testid="submit-button"]:not([disabled])',
};

/** The timeline of one load: requests and DOM markers, plus 'interactive'. */
interface Timeline {
  requests: TimelineEntry[];
  marks: Record<string, number>;
}

interface PageResult {
  path: string;
  /** The requests and marks of the run with the median interactive time. */
  timeline?: Timeline;
  /** null when the page never became interactive (reason in `note`). */
  interactiveMs: { runs: number[]; median: number } | null;
  js: {
    rawBytes: number;
    /** Everything fetched until the network was quiet (also what loads after interaction). */
    gzipBytes: number;
    /** What had arrived when the page became interactive. */
    gzipBytesBeforeInteractive: number;
    /**
     * What had arrived (Resource Timing's responseEnd, same run as `timeline`) when each DOM
     * marker first appeared: e.g. 'statement painted', 'math rendered', 'editor mounted'.
     */
    gzipBytesBeforeMark: Record<string, number>;
    byArea: Record<string, number>;
    chunks: Shipped[];
  };
  css: { rawBytes: number; gzipBytes: number };
  note?: string;
}

/** Gzip bytes of the scripts whose response had ended by each mark of `timeline`. */
function bytesBeforeMarks(timeline: Timeline, chunks: Shipped[]): Record<string, number> {
  const gzipOf = new Map(chunks.map((c) => [c.file.replace(/^assets\//, ''), c.gzipBytes]));
  const out: Record<string, number> = {};
  for (const [mark, at] of Object.entries(timeline.marks))
    out[mark] = timeline.requests
      .filter((r) => r.kind === 'js' && r.end <= at)
      .reduce((sum, r) => sum + (gzipOf.get(r.what) ?? 0), 0);
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Loads `path` in a fresh context (cold cache) and records what it downloaded until the network is quiet. */
async function loadOnce(
  browser: Browser,
  baseUrl: string,
  path: string,
  session: { token: string; userInfo: string } | null,
  isReady: (page: Page) => Promise<void>,
): Promise<{
  ms: number | null;
  files: Map<string, Buffer>;
  beforeReady: Set<string>;
  timeline: Timeline;
  error?: string;
}> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN', baseURL: baseUrl });
  // A string, not a function: tsx would add its __name helper, which the page lacks.
  await context.addInitScript(`(() => {
    const markers = ${JSON.stringify(MARKERS)};
    const seen = {};
    window.__ojMarks = seen;
    const check = () => {
      for (const [name, selector] of Object.entries(markers))
        if (seen[name] === undefined && document.querySelector(selector)) seen[name] = Math.round(performance.now());
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  })();`);
  if (session)
    await context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('userInfo', s.userInfo);
    }, session);
  const page = await context.newPage();
  const files = new Map<string, Buffer>();
  /** Files whose response had arrived when the page became interactive. */
  const beforeReady = new Set<string>();
  let ready = false;
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.origin !== baseUrl || !/\.(js|css)$/.test(url.pathname)) return;
    if (!ready) beforeReady.add(url.pathname.replace(/^\//, ''));
    pending.push(
      res.body().then(
        (b) => void files.set(url.pathname.replace(/^\//, ''), b),
        () => undefined,
      ),
    );
  });
  try {
    await page.goto(path);
    let ms: number | null = null;
    let error: string | undefined;
    try {
      await isReady(page);
      // performance.now() counts from the navigation start
      ms = Math.round(await page.evaluate(() => performance.now()));
      ready = true;
    } catch (err) {
      error = (err as Error).message.split('\n')[0];
    }
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await Promise.all(pending);
    const timeline = await readTimeline(page, baseUrl);
    if (ms !== null) timeline.marks.interactive = ms;
    return { ms, files, beforeReady, timeline, error };
  } finally {
    await context.close();
  }
}

async function readTimeline(page: Page, baseUrl: string): Promise<Timeline> {
  const raw = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const marks: Record<string, number> = {
      ...(window as unknown as { __ojMarks?: Record<string, number> }).__ojMarks,
    };
    if (nav) {
      marks['html arrived'] = Math.round(nav.responseEnd);
      marks.DOMContentLoaded = Math.round(nav.domContentLoadedEventEnd);
    }
    for (const p of performance.getEntriesByType('paint')) marks[p.name] = Math.round(p.startTime);
    const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
      name: r.name,
      initiator: r.initiatorType,
      start: Math.round(r.startTime),
      end: Math.round(r.responseEnd),
    }));
    return { marks, requests };
  });
  const requests = raw.requests.map((r) => {
    const url = new URL(r.name);
    const path = url.origin === baseUrl ? url.pathname : r.name;
    const kind = /\.js$/.test(path)
      ? 'js'
      : /\.css$/.test(path)
        ? 'css'
        : /\.(woff2?|ttf|eot)$/.test(path)
          ? 'font'
          : path.startsWith('/api/')
            ? 'api'
            : path.startsWith('/socket.io/')
              ? 'socket'
              : r.initiator;
    return { what: path.replace(/^\/assets\//, ''), kind, start: r.start, end: r.end };
  });
  requests.sort((a, b) => a.start - b.start);
  return { requests, marks: raw.marks };
}

/** The timeline as text: one line per request (start..end, a bar) and the marks in time order. */
function printTimeline(label: string, t: Timeline): void {
  const scale = 20; // ms per character
  const lines = [`timeline ${label} (ms from navigation start):`];
  const events: [number, string][] = [
    ...t.requests.map((r): [number, string] => [
      r.start,
      `${String(r.start).padStart(5)}..${String(r.end).padEnd(5)} ${r.kind.padEnd(6)} ${' '.repeat(
        Math.floor(r.start / scale),
      )}${'='.repeat(Math.max(1, Math.round((r.end - r.start) / scale)))} ${r.what}`,
    ]),
    ...Object.entries(t.marks).map(([name, at]): [number, string] => [
      at,
      `${String(at).padStart(5)}        mark   ${' '.repeat(Math.floor(at / scale))}| ${name}`,
    ]),
  ];
  events.sort((a, b) => a[0] - b[0]);
  for (const [, line] of events) lines.push(line);
  console.error(lines.join('\n'));
}

function summarise(
  path: string,
  files: Map<string, Buffer>,
  beforeReady: Set<string>,
  areas: Map<string, string>,
  runs: number[],
) {
  const chunks: Shipped[] = [];
  let cssRaw = 0;
  let cssGzip = 0;
  for (const [file, body] of files) {
    const gzipBytes = gzipSync(body).length;
    if (file.endsWith('.css')) {
      cssRaw += body.length;
      cssGzip += gzipBytes;
      continue;
    }
    chunks.push({ file, area: areas.get(file) ?? 'other', rawBytes: body.length, gzipBytes });
  }
  chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const byArea: Record<string, number> = {};
  for (const c of chunks) byArea[c.area] = (byArea[c.area] ?? 0) + c.gzipBytes;
  const result: PageResult = {
    path,
    interactiveMs: runs.length ? { runs, median: median(runs) } : null,
    js: {
      rawBytes: chunks.reduce((s, c) => s + c.rawBytes, 0),
      gzipBytes: chunks.reduce((s, c) => s + c.gzipBytes, 0),
      gzipBytesBeforeInteractive: chunks
        .filter((c) => beforeReady.has(c.file))
        .reduce((s, c) => s + c.gzipBytes, 0),
      gzipBytesBeforeMark: {},
      byArea,
      chunks,
    },
    css: { rawBytes: cssRaw, gzipBytes: cssGzip },
  };
  return result;
}

async function measurePage(
  browser: Browser,
  baseUrl: string,
  path: string,
  session: { token: string; userInfo: string } | null,
  ready: (page: Page) => Promise<void>,
  areas: Map<string, string>,
): Promise<PageResult> {
  const runs: number[] = [];
  let files = new Map<string, Buffer>();
  let beforeReady = new Set<string>();
  const timelines: Timeline[] = [];
  let error: string | undefined;
  for (let i = 0; i < RUNS; i += 1) {
    const once = await loadOnce(browser, baseUrl, path, session, ready);
    files = once.files;
    beforeReady = once.beforeReady;
    if (once.ms === null) {
      error = once.error;
      break;
    }
    runs.push(once.ms);
    timelines.push(once.timeline);
  }
  const result = summarise(path, files, beforeReady, areas, runs);
  if (error) result.note = `not interactive: ${error}`;
  if (runs.length) {
    const timeline = timelines[runs.indexOf(median(runs))]!;
    result.timeline = timeline;
    result.js.gzipBytesBeforeMark = bytesBeforeMarks(timeline, result.js.chunks);
    printTimeline(`${path}, the median run of ${runs.length}`, timeline);
    const kb = (n: number | undefined) => (n === undefined ? '-' : `${(n / 1000).toFixed(1)} kB`);
    const ms = (name: string) => (timeline.marks[name] === undefined ? '-' : `${timeline.marks[name]} ms`);
    const before = result.js.gzipBytesBeforeMark;
    console.error(
      `${path}: JS gzip before the statement ${kb(before['statement painted'])} (${ms('statement painted')}), ` +
        `before math ${kb(before['math rendered'])} (${ms('math rendered')}), ` +
        `before the editor ${kb(before['editor mounted'])} (${ms('editor mounted')}), ` +
        `whole page ${kb(result.js.gzipBytes)}, interactive ${ms('interactive')}; load ${loadavg()[0]!.toFixed(2)}`,
    );
  }
  return result;
}

async function rootSession(baseUrl: string): Promise<{ token: string; userInfo: string }> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: ROOT_PASSWORD }),
  });
  const body = (await res.json()) as { data: unknown };
  const token = res.headers.get('authorization');
  if (!token) throw new Error(`root login failed: ${JSON.stringify(body)}`);
  return { token, userInfo: JSON.stringify(body.data) };
}

/** /home is interactive when the navbar can open the login dialog and the panels have loaded. */
async function homeReady(page: Page): Promise<void> {
  await page.getByTestId('nav-brand').waitFor({ timeout: 30_000 });
  await page
    .locator('[data-testid="home-problems"] .bp6-spinner')
    .waitFor({ state: 'detached', timeout: 30_000 });
}

/** /problem/1000 is interactive when the statement shows and code can be typed and submitted. */
async function problemReady(page: Page): Promise<void> {
  await page.getByTestId('code-editor').locator('.cm-content').waitFor({ timeout: 30_000 });
  await page.getByText('A+B Problem').first().waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="submit-button"]:not([disabled])').waitFor({ timeout: 30_000 });
}

async function main(): Promise<void> {
  ensureWebBuild((line) => console.error(line));
  const areas = readAreas();
  const work = mkdtempSync(join(tmpdir(), 'oj-bench-web-'));
  const logDir = join(repoRoot, 'artifacts', 'e2e');
  mkdirSync(logDir, { recursive: true });
  const platform = await startPlatform({
    dataDir: work,
    rootPassword: ROOT_PASSWORD,
    logFile: join(logDir, 'bench-platform.log'),
  });
  const browser = await launchChromium();
  try {
    const session = await rootSession(platform.baseUrl);
    const home = await measurePage(browser, platform.baseUrl, '/home', null, homeReady, areas);
    const problem = await measurePage(
      browser,
      platform.baseUrl,
      '/problem/1000',
      session,
      problemReady,
      areas,
    );
    const result = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: cpus().length, loadavg1: Number(loadavg()[0]!.toFixed(2)) },
      start: 'tsx services/src/main.ts (embedded PGlite, in-process bus)',
      platformReadyMs: platform.startedInMs,
      runsPerPage: RUNS,
      gzip: 'node zlib default level, per file',
      pages: { home, problem },
    };
    const outDir = join(webRoot, 'bench-results');
    mkdirSync(outDir, { recursive: true });
    const json = JSON.stringify(result);
    writeFileSync(join(outDir, 'web.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(json);
  } finally {
    await browser.close();
    await platform.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

// The web client's numbers on the one-process start, in headless Chromium: JavaScript shipped
// (gzip) for /home and /problem/1000 (in all, and what had arrived when the page became
// interactive), per chunk and per area (from the Vite manifest), and the
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
const RUNS = 3;
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

interface PageResult {
  path: string;
  /** null when the page never became interactive (reason in `note`). */
  interactiveMs: { runs: number[]; median: number } | null;
  js: {
    rawBytes: number;
    /** Everything fetched until the network was quiet (also what loads after interaction). */
    gzipBytes: number;
    /** What had arrived when the page became interactive. */
    gzipBytesBeforeInteractive: number;
    byArea: Record<string, number>;
    chunks: Shipped[];
  };
  css: { rawBytes: number; gzipBytes: number };
  note?: string;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Loads `path` in a fresh context (cold cache) and records what it downloaded until the network is quiet. */
async function loadOnce(
  browser: Browser,
  baseUrl: string,
  path: string,
  session: { token: string; userInfo: string } | null,
  isReady: (page: Page) => Promise<void>,
): Promise<{ ms: number | null; files: Map<string, Buffer>; beforeReady: Set<string>; error?: string }> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN', baseURL: baseUrl });
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
    return { ms, files, beforeReady, error };
  } finally {
    await context.close();
  }
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
  }
  const result = summarise(path, files, beforeReady, areas, runs);
  if (error) result.note = `not interactive: ${error}`;
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

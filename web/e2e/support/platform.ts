// Starting the real platform for browser tests and the bench: the web client build (when missing
// or older than its sources) and the one-process start `tsx services/src/main.ts` on a free port.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';

export const repoRoot = new URL('../../../', import.meta.url).pathname;
export const webRoot = join(repoRoot, 'web');

/** Newest modification time of any file below `path` (0 when it does not exist). */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Builds web/dist unless it is newer than every input of the build. */
export function ensureWebBuild(log: (line: string) => void = console.log): void {
  const built = join(webRoot, 'dist', '.vite', 'manifest.json');
  const inputs = ['src', 'index.html', 'vite.config.ts', 'package.json']
    .map((p) => join(webRoot, p))
    .concat(join(repoRoot, 'protocol', 'src'));
  const sourcesAt = Math.max(...inputs.map(newestMtime));
  if (
    existsSync(built) &&
    existsSync(join(webRoot, 'dist', 'index.html')) &&
    statSync(built).mtimeMs >= sourcesAt
  )
    return;
  log('building the web client (missing or older than its sources)...');
  // The lock keeps two builds (another engineer's, or a second run) from emptying dist under each other.
  const r = spawnSync('flock', ['/tmp/oj-web-build.lock', 'npm', 'run', 'build', '-w', '@oj/web'], {
    cwd: repoRoot,
    // vitest sets NODE_ENV=test, which Vite would pass on to React (a development build, twice the
    // size): the browser suite and the bench share web/dist, so it is always the production build
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`web build failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface PlatformOptions {
  dataDir: string;
  rootPassword: string;
  /** Port of an SMTP receiver on 127.0.0.1; without it mail goes to the outbox. */
  smtpPort?: number;
  /** File receiving the platform's stdout and stderr. */
  logFile: string;
}

export interface RunningPlatform {
  baseUrl: string;
  port: number;
  /** Milliseconds from spawn until /readyz answered 200. */
  startedInMs: number;
  stop(): Promise<void>;
}

async function waitForReady(baseUrl: string, child: ChildProcess, deadlineMs: number, logFile: string) {
  const until = Date.now() + deadlineMs;
  let last = '';
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`platform exited with ${child.exitCode}; see ${logFile}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = String(err);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`platform not ready within ${deadlineMs} ms (${last}); see ${logFile}`);
}

export async function startPlatform(opts: PlatformOptions): Promise<RunningPlatform> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    OJ_DATA_DIR: opts.dataDir,
    OJ_ROOT_PASSWORD: opts.rootPassword,
    OJ_BASE_URL: baseUrl,
    // the embedded defaults: PGlite and the in-process bus, whatever the caller's shell has set
    DATABASE_URL: '',
    NATS_URL: '',
    SMTP_HOST: opts.smtpPort ? '127.0.0.1' : '',
    SMTP_PORT: opts.smtpPort ? String(opts.smtpPort) : '',
    SMTP_SECURE: 'false',
    SMTP_USER: '',
    SMTP_PASS: '',
    SMTP_FROM: 'oj@e2e.test',
    LOG_LEVEL: 'warn',
    // the admin test stops and restarts the embedded judge runner (services/src/admin/test-hooks.ts)
    OJ_TEST_HOOKS: '1',
  };
  let stopping = false;
  const started = Date.now();
  const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['services/src/main.ts'], {
    cwd: repoRoot,
    env,
  });
  const log = createWriteStream(opts.logFile);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  // an early death otherwise shows up only as refused connections in the tests
  child.once('exit', (code, signal) => {
    const line = `platform (pid ${child.pid}, port ${port}) exited: code ${code}, signal ${signal}`;
    if (!stopping) console.error(line);
    log.write(`${line}\n`);
  });
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(force);
    }
    log.end();
  };
  try {
    await waitForReady(baseUrl, child, 90_000, opts.logFile);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, port, startedInMs: Date.now() - started, stop };
}

// The one-process start as `npm start` runs it (prestart: the server bundles and the database
// template; then `node dist/services/main.js`) on a fresh data directory: it says it is listening
// and answers the website config, and root logs in with the configured password. The test waits for
// those events, not for a fixed time; the 10 s start-up budget is checked when the machine is not
// overloaded (load average below the CPU count), and the time is printed either way.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrBuildTemplate } from '../src/platform/db/pglite-template';

const repoRoot = new URL('../../', import.meta.url).pathname;
const port = 20000 + Math.floor(Math.random() * 20000);
const dataDir = mkdtempSync(join(tmpdir(), 'oj-start-'));
let child: ChildProcess | undefined;
let output = '';

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** Resolves once the process has logged that it listens (or rejects when it exits first). */
function listening(proc: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (/listening on http/.test(output)) {
        proc.stdout!.off('data', check);
        proc.stderr!.off('data', check);
        resolve();
      }
    };
    proc.stdout!.on('data', check);
    proc.stderr!.on('data', check);
    proc.once('exit', (code) =>
      reject(new Error(`the platform exited (${code}) before listening:\n${output}`)),
    );
  });
}

// What `npm start`'s prestart does before the timed start: compile the server processes and
// prepare the embedded database template.
beforeAll(async () => {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
  await loadOrBuildTemplate(true);
}, 180_000);

describe('one-process start on the embedded defaults', () => {
  it('answers the website config (within 10 s on a machine that is not overloaded), lets root log in, and stops cleanly on SIGTERM', async () => {
    const started = Date.now();
    child = spawn(process.execPath, ['--enable-source-maps', 'dist/services/main.js'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        OJ_DATA_DIR: dataDir,
        OJ_ROOT_PASSWORD: 'root-pass-1',
        DATABASE_URL: '',
        NATS_URL: '',
        LOG_LEVEL: 'info',
      },
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    await listening(child);
    const config = await fetch(`http://127.0.0.1:${port}/api/get-website-config`);
    const elapsed = Date.now() - started;
    const [load1] = loadavg();
    console.log(`one-process start answered after ${elapsed} ms (load average ${load1!.toFixed(1)})`);
    if (load1! < cpus().length) expect(elapsed).toBeLessThan(10_000);
    const body = (await config.json()) as { status: number; data: Record<string, unknown> };
    expect(body).toMatchObject({ status: 200, data: { shortName: 'OJ', register: true } });

    const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: 'root-pass-1' }),
    });
    expect(((await login.json()) as { data: { roleList: string[] } }).data.roleList).toContain('root');
    const token = login.headers.get('authorization');
    expect(token).toBeTruthy();
    const auth = await fetch(`http://127.0.0.1:${port}/api/get-user-auth-info`, {
      headers: { authorization: token! },
    });
    expect(((await auth.json()) as { data: { roles: string[] } }).data.roles).toContain('root');

    const exited = new Promise<number | null>((r) => child!.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 180_000);
});

// The one-process start as `npm start` runs it (prestart, then `tsx services/src/main.ts`) on a fresh data directory:
// the website config within 10 s, and root's login with the configured password.
import { spawn, type ChildProcess } from 'node:child_process';
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

async function waitForConfig(deadlineMs: number): Promise<Response> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    try {
      return await fetch(`http://127.0.0.1:${port}/api/get-website-config`);
    } catch (err) {
      if (Date.now() > until) throw new Error(`no answer within ${deadlineMs} ms: ${String(err)}\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

// What `npm start`'s prestart does before the timed start: prepare the embedded database template.
beforeAll(() => loadOrBuildTemplate(true), 120_000);

describe('one-process start on the embedded defaults', () => {
  it('answers the website config within 10 s, lets root log in, and stops cleanly on SIGTERM', async () => {
    const started = Date.now();
    child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['services/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        OJ_DATA_DIR: dataDir,
        OJ_ROOT_PASSWORD: 'root-pass-1',
        DATABASE_URL: '',
        NATS_URL: '',
        LOG_LEVEL: 'warn',
      },
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const config = await waitForConfig(10_000);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(10_000);
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
  }, 60_000);
});

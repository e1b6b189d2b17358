// The whole platform on a fresh PostgreSQL database with the real judge runner, signed in as
// root: what the problem-package tests (imports judged by their own solutions, import
// verification) start before each file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Subjects } from '@oj/protocol';
import type { SubmissionUpdate } from '@oj/protocol/realtime/events';
import type { Runner } from '@oj/judge-runner';
import { loadConfig } from '../../src/platform/config';
import { createPlatform, type Platform } from '../../src/compose';
import { startEmbeddedJudge } from '../../src/platform/embedded-judge';
import { TEST_DATABASE_URL } from './db';

const ROOT_PASSWORD = 'root-pass-1';

export interface JudgedPlatform {
  platform: Platform;
  /** The embedded runner (null: no sandbox here; tests that judge must fail, not pass empty). */
  runner: Runner | null;
  /** root's authorization header. */
  token: string;
  /** Each submission's verdict push (`reason: 'result'`), heard from before the runner started. */
  results: Map<number, SubmissionUpdate>;
  /** POSTs a zip as the multipart `file` field to `url`, as root; the envelope it answers. */
  postZip<T = unknown>(url: string, bytes: Uint8Array): Promise<{ status: number; msg: string; data: T }>;
  /** Submits `code` to a site problem as root; the submission id (the envelope must be 200). */
  submit(problemId: string, language: string, code: string): Promise<number>;
  close(): Promise<void>;
}

async function asAdmin(run: (c: pg.Client) => Promise<unknown>): Promise<void> {
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await c.connect();
  try {
    await run(c);
  } finally {
    await c.end();
  }
}

/**
 * Starts it; `beforeRunner` runs once the platform is up and before the runner starts (subscribe
 * there to see every result). Back-to-back submissions: the submit interval is set to 0.
 */
export async function startJudgedPlatform(
  name: string,
  beforeRunner?: (platform: Platform) => Promise<void>,
): Promise<JudgedPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), `oj-${name}-`));
  const dbName = `oj_test_${process.pid}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await asAdmin((c) => c.query(`create database "${dbName}"`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${dbName}`;
  const config = loadConfig({
    OJ_DATA_DIR: dataDir,
    OJ_ROOT_PASSWORD: ROOT_PASSWORD,
    DATABASE_URL: url.toString(),
    LOG_LEVEL: 'silent',
  });
  const platform = await createPlatform({ config, seedSamples: false });
  const results = new Map<number, SubmissionUpdate>();
  await platform.ctx.bus.subscribe<SubmissionUpdate>(Subjects.submissionUpdatedAll, (u) => {
    if (u.reason === 'result') results.set(u.submitId, u);
  });
  await beforeRunner?.(platform);
  const runner = await startEmbeddedJudge(platform.ctx);
  const login = await platform.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'root', password: ROOT_PASSWORD },
  });
  const token = String(login.headers.authorization ?? '');
  const sw = await platform.app.inject({
    method: 'GET',
    url: '/api/admin/switch/info',
    headers: { authorization: token },
  });
  const put = await platform.app.inject({
    method: 'PUT',
    url: '/api/admin/switch/update',
    headers: { authorization: token },
    payload: { ...sw.json().data, defaultSubmitInterval: 0 },
  });
  if (put.json().status !== 200) throw new Error(`switch update refused: ${put.body}`);

  return {
    platform,
    runner,
    token,
    results,
    async postZip<T>(target: string, bytes: Uint8Array) {
      const boundary = '----oj' + randomBytes(8).toString('hex');
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pkg.zip"\r\nContent-Type: application/zip\r\n\r\n`,
        ),
        Buffer.from(bytes),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const r = await platform.app.inject({
        method: 'POST',
        url: target,
        headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
      return r.json() as { status: number; msg: string; data: T };
    },
    async submit(problemId, language, code) {
      const r = await platform.app.inject({
        method: 'POST',
        url: '/api/submit-problem-judge',
        headers: { authorization: token },
        payload: { pid: problemId, language, code, cid: 0 },
      });
      const body = r.json() as { status: number; msg: string; data: { submitId: number } };
      if (body.status !== 200) throw new Error(`submit refused: ${body.msg}`);
      return body.data.submitId;
    },
    async close() {
      await runner?.stop();
      await platform.close();
      await asAdmin((c) => c.query(`drop database if exists "${dbName}" with (force)`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// The real composed platform on a fresh PostgreSQL database, with one user per standing the
// security tests need (anonymous needs none): user, participant, problem admin, admin, root.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { Role } from '@oj/protocol';
import { loadConfig } from '../../src/platform/config';
import { createPlatform, type Platform } from '../../src/compose';
import { createUser } from '../../src/account/seed';
import { TEST_DATABASE_URL } from '../support/db';

export const PASSWORD = 'secret-pass-1';
export const ROOT_PASSWORD = 'root-pass-1';

export const STANDINGS = ['anonymous', 'user', 'participant', 'problemAdmin', 'admin', 'root'] as const;
export type Standing = (typeof STANDINGS)[number];

export interface SecurityPlatform {
  platform: Platform;
  tokens: Record<Standing, string>;
  uids: Record<Standing, string>;
  /** A fresh token for the standing (after a route ended its session). */
  relogin(who: Standing): Promise<string>;
  close(): Promise<void>;
}

async function admin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function startSecurityPlatform(
  opts: { attachGateway?: boolean; env?: Record<string, string> } = {},
): Promise<SecurityPlatform> {
  const name = `oj_test_${process.pid}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`create database "${name}"`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'oj-security-'));
  const config = loadConfig({
    OJ_DATA_DIR: dataDir,
    OJ_ROOT_PASSWORD: ROOT_PASSWORD,
    LOG_LEVEL: process.env.SEC_LOG ?? 'silent',
    DATABASE_URL: url.toString(),
    // These tests check decisions, not load: no request is shed on a busy machine.
    OJ_SHED_MAX_INFLIGHT: '0',
    OJ_SHED_MAX_LAG_MS: '0',
    ...opts.env,
  });
  const platform = await createPlatform({ config, seedSamples: true, attachGateway: opts.attachGateway });
  await platform.app.ready();
  const db = platform.ctx.db;
  const mk = (username: string, roleIds: number[]) =>
    createUser(db as never, { username, password: PASSWORD, email: `${username}@example.com`, roleIds });
  const uids: Record<Standing, string> = {
    anonymous: '',
    user: await mk('sec_user', [Role.DEFAULT_USER]),
    participant: await mk('sec_participant', [Role.DEFAULT_USER]),
    problemAdmin: await mk('sec_padmin', [Role.PROBLEM_ADMIN]),
    admin: await mk('sec_admin', [Role.ADMIN]),
    root: '1',
  };
  const login = async (username: string, password: string): Promise<string> => {
    const res = await platform.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
    const token = String(res.headers.authorization ?? '');
    if (!token) throw new Error(`login of ${username} failed: ${res.body}`);
    return token;
  };
  const tokens: Record<Standing, string> = {
    anonymous: '',
    user: await login('sec_user', PASSWORD),
    participant: await login('sec_participant', PASSWORD),
    problemAdmin: await login('sec_padmin', PASSWORD),
    admin: await login('sec_admin', PASSWORD),
    root: await login('root', ROOT_PASSWORD),
  };
  const names: Record<Standing, [string, string]> = {
    anonymous: ['', ''],
    user: ['sec_user', PASSWORD],
    participant: ['sec_participant', PASSWORD],
    problemAdmin: ['sec_padmin', PASSWORD],
    admin: ['sec_admin', PASSWORD],
    root: ['root', ROOT_PASSWORD],
  };
  return {
    platform,
    tokens,
    uids,
    relogin: (who) => login(...names[who]),
    async close() {
      await platform.close();
      await admin((c) => c.query(`drop database if exists "${name}" with (force)`)).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

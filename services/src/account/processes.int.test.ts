// Two processes share a database: the JWT secret, tokens and revocations agree between them.
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskBlobStore, createMemoryBus } from '@oj/protocol/bus';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../platform/config';
import { buildApp, type App } from '../platform/http/app';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../test/support/db';
import { createAccountCapability } from './index';
import { createUser } from './seed';
import { loginAs, PASSWORD } from './harness.test-support';

describe.each(DB_KINDS)('two processes on one %s database', (kind) => {
  let t: TestDatabase;
  let dir: string;
  const apps: App[] = [];
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    dir = await mkdtemp(path.join(tmpdir(), 'oj-account-procs-'));
    await createUser(t.db, { username: 'zoe', password: PASSWORD });
    for (let i = 0; i < 2; i++) {
      const ctx = {
        config: loadConfig({ OJ_DATA_DIR: dir }),
        db: t.db,
        bus: createMemoryBus(),
        blobs: createDiskBlobStore(path.join(dir, 'blobs')),
        log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
      };
      const cap = createAccountCapability(ctx);
      const app = await buildApp({ authenticator: cap.authenticator });
      await cap.routes!(app);
      apps.push(app);
    }
  }, 60_000);
  afterAll(async () => {
    for (const a of apps) await a.close();
    await t?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a token from one is accepted by the other, and a logout in one is seen by both', async () => {
    const [a, b] = apps as [App, App];
    const token = await loginAs(a, 'zoe');
    const authInfo = (app: App) =>
      app.inject({ method: 'GET', url: '/api/get-user-auth-info', headers: { authorization: token } });
    expect((await authInfo(b)).statusCode).toBe(200);
    const secrets = await t.db
      .selectFrom('platform_kv')
      .select('key')
      .where('key', '=', 'jwt-secret')
      .execute();
    expect(secrets).toHaveLength(1);
    expect(
      (await b.inject({ method: 'GET', url: '/api/logout', headers: { authorization: token } })).statusCode,
    ).toBe(200);
    expect((await authInfo(a)).statusCode).toBe(401);
    expect((await authInfo(b)).statusCode).toBe(401);
  });
});

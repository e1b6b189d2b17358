// Test harness for the account integration tests: a fresh migrated database of the
// given kind, the capability on a movable clock, and the Fastify app around it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { createDiskBlobStore, createMemoryBus } from '@oj/protocol/bus';
import { Role } from '@oj/protocol';
import { loadConfig, type MailConfig } from '../platform/config';
import type { AppContext } from '../platform/context';
import { buildApp, type App } from '../platform/http/app';
import { createTestDatabase, type DbKind } from '../../test/support/db';
import { createAccountCapability, type AccountCapability, type AccountOptions } from './index';
import { createUser } from './seed';
import type { AvatarStorage } from './ports';

export interface Harness {
  app: App;
  db: AppContext['db'];
  cap: AccountCapability;
  /** Moves the capability's clock forward. */
  advance(ms: number): void;
  now(): Date;
  close(): Promise<void>;
  /** Users made by `seedUsers`, password "secret123" each. */
  users: Record<'alice' | 'bob' | 'admin' | 'root' | 'padmin' | 'banned', string>;
}

export const PASSWORD = 'secret123';

export async function startHarness(
  kind: DbKind,
  opts: {
    mail?: MailConfig | null;
    jwtExpireSeconds?: number;
    jwtRefreshSeconds?: number;
  } & AccountOptions = {},
): Promise<Harness> {
  const tdb = await createTestDatabase(kind);
  const dir = await mkdtemp(path.join(tmpdir(), 'oj-account-'));
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const config = {
    ...loadConfig({ OJ_DATA_DIR: dir }),
    mail: opts.mail ?? null,
    jwtExpireSeconds: opts.jwtExpireSeconds ?? 86400,
    jwtRefreshSeconds: opts.jwtRefreshSeconds ?? 43200,
  };
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  const bus = createMemoryBus();
  const ctx: AppContext = { config, db: tdb.db, bus, blobs: await testBlobs(dir), log };
  const cap = createAccountCapability(ctx, { clock, ...opts });
  const app = await buildApp({ authenticator: cap.authenticator });
  await cap.routes!(app);
  await app.ready();
  const mk = (username: string, roleIds: number[], status = 0) =>
    createUser(tdb.db, { username, password: PASSWORD, email: `${username}@example.com`, roleIds, status });
  const users = {
    alice: await mk('alice', [Role.DEFAULT_USER]),
    bob: await mk('bob', [Role.DEFAULT_USER]),
    admin: await mk('admin1', [Role.ADMIN]),
    root: await mk('root', [Role.ROOT]),
    padmin: await mk('padmin', [Role.PROBLEM_ADMIN]),
    banned: await mk('banned', [Role.DEFAULT_USER], 1),
  };
  return {
    app,
    db: tdb.db,
    cap,
    users,
    advance: (ms) => {
      offset += ms;
    },
    now: clock,
    async close() {
      await cap.stop?.();
      await app.close();
      await bus.close();
      await tdb.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Logs in through the endpoint and returns the token. */
export async function loginAs(app: App, username: string, password = PASSWORD): Promise<string> {
  const r = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  const token = r.headers.authorization;
  if (r.json().status !== 200 || typeof token !== 'string') throw new Error(`login ${username}: ${r.body}`);
  return token;
}

/** Row counts of the account tables, to assert that refused requests change nothing. */
export async function counts(db: AppContext['db']) {
  const n = async (t: 'users' | 'user_role' | 'user_record' | 'user_session' | 'account_avatar') =>
    Number(
      (
        await db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await n('users'),
    roles: await n('user_role'),
    records: await n('user_record'),
    sessions: await n('user_session'),
    avatars: await n('account_avatar'),
  };
}

async function testBlobs(dir: string): Promise<AppContext['blobs']> {
  return createDiskBlobStore(path.join(dir, 'blobs'));
}

export type { AvatarStorage };

// Test harness for the site integration tests: a fresh migrated database of the given
// kind, one memory bus, and any number of site capabilities ("processes") on them.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { ROLE_PERMISSIONS, ROLE_NAMES, Role, type RoleId } from '@oj/protocol';
import { createDiskBlobStore, createMemoryBus, createNatsBus, type Bus } from '@oj/protocol/bus';
import { loadConfig } from '../platform/config';
import type { AppContext } from '../platform/context';
import { buildApp, type App } from '../platform/http/app';
import type { AuthUser, Authenticator } from '../platform/http/access';
import { createTestDatabase, type DbKind, type TestDatabase } from '../../test/support/db';
import { createSiteCapability, seedSite, siteServiceFor, type SiteService } from './index';

const user = (uid: string, username: string, role: RoleId): AuthUser => ({
  uid,
  username,
  roleIds: [role],
  roles: [ROLE_NAMES[role]],
  permissions: [...ROLE_PERMISSIONS[role]],
});

/** Fixed tokens → users with the real role names and permissions of the seed. */
export const USERS = {
  'tok-root': user('1', 'root', Role.ROOT),
  'tok-admin': user('u-admin', 'admin1', Role.ADMIN),
  'tok-padmin': user('u-padmin', 'padmin', Role.PROBLEM_ADMIN),
  'tok-user': user('u-alice', 'alice', Role.DEFAULT_USER),
} as const;
export type Token = keyof typeof USERS;

const authenticator: Authenticator = {
  async authenticate(token) {
    const found = USERS[token as Token];
    return found
      ? { kind: 'ok', user: found, token }
      : { kind: 'rejected', msg: '登录状态已失效，请重新登录！' };
  },
};

export interface Process {
  app: App;
  site: SiteService;
}

export interface Harness {
  db: AppContext['db'];
  /** The first process. */
  app: App;
  site: SiteService;
  /** Starts another process on the same database and bus. */
  spawn(): Promise<Process>;
  close(): Promise<void>;
}

export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

/**
 * `nats: true` gives every process its own connection to the real NATS server (a
 * subject prefix keeps test runs apart); otherwise they share one in-process bus.
 */
export async function startHarness(
  kind: DbKind,
  opts: { seed?: boolean; nats?: boolean } = {},
): Promise<Harness> {
  const tdb: TestDatabase = await createTestDatabase(kind);
  const dir = await mkdtemp(path.join(tmpdir(), 'oj-site-'));
  const memoryBus = createMemoryBus();
  const buses: Bus[] = [memoryBus];
  const prefix = `site${randomBytes(4).toString('hex')}`;
  const busFor = async (): Promise<Bus> => {
    if (!opts.nats) return memoryBus;
    const bus = await createNatsBus({ servers: TEST_NATS_URL, name: prefix, subjectPrefix: prefix });
    buses.push(bus);
    return bus;
  };
  const blobs = createDiskBlobStore(path.join(dir, 'blobs'));
  const config = { ...loadConfig({ OJ_DATA_DIR: dir, OJ_BASE_URL: 'http://oj.test' }), mail: null };
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  const processes: { app: App; stop(): Promise<void> }[] = [];

  const spawn = async (): Promise<Process> => {
    const ctx: AppContext = { config, db: tdb.db, bus: await busFor(), blobs, log };
    const cap = createSiteCapability(ctx);
    const app = await buildApp({ authenticator });
    await cap.routes!(app);
    await app.ready();
    await cap.start!();
    processes.push({ app, stop: () => cap.stop!() });
    return { app, site: siteServiceFor(ctx) };
  };

  if (opts.seed ?? true) await seedSite(tdb.db);
  const first = await spawn();
  return {
    db: tdb.db,
    app: first.app,
    site: first.site,
    spawn,
    async close() {
      for (const p of processes) {
        await p.stop();
        await p.app.close();
      }
      for (const bus of buses) await bus.close();
      await blobs.close();
      await tdb.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Sends a request as the given caller (undefined = anonymous). */
export function call(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: Token,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A multipart/form-data body with one file part. */
export function multipart(
  field: string,
  filename: string,
  bytes: Buffer,
  contentType = 'application/octet-stream',
) {
  const boundary = `----site-test-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Row counts of the site tables, to assert that refused requests change nothing. */
export async function counts(db: AppContext['db']) {
  const n = async (t: 'site_setting' | 'site_tool' | 'announcement' | 'site_carousel' | 'language') =>
    Number(
      (
        await db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    settings: await n('site_setting'),
    tools: await n('site_tool'),
    announcements: await n('announcement'),
    carousel: await n('site_carousel'),
    languages: await n('language'),
  };
}

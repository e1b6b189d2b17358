// Shared set-up of the problem integration tests: a migrated database of the given kind,
// a disk blob store in a temp folder, the in-process bus, an app with fixed-token users.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDiskBlobStore, createMemoryBus } from '@oj/protocol/bus';
import type { FastifyBaseLogger } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { pino } from 'pino';
import { createTestDatabase, type DbKind, type TestDatabase } from '../../test/support/db';
import type { Config } from '../platform/config';
import type { AppContext } from '../platform/context';
import type { Authenticator, AuthUser } from '../platform/http/access';
import { buildApp, type App } from '../platform/http/app';
import { createProblemCapability, type ProblemCapability, type ProblemListCacheOptions } from './index';
import type { ProblemPorts } from './ports';

const user = (uid: string, username: string, roles: string[]): AuthUser => ({
  uid,
  username,
  roleIds: [],
  roles,
  permissions: roles.includes('default_user') ? ['submit'] : ['problem_admin', 'submit'],
});

export const USERS = {
  root: user('u-root', 'root', ['root']),
  admin: user('u-admin', 'admin1', ['admin']),
  problemAdmin: user('u-padmin', 'padmin', ['problem_admin']),
  user: user('u-user', 'alice', ['default_user']),
} as const;
export type Who = keyof typeof USERS | 'anonymous';

const authenticator: Authenticator = {
  async authenticate(token) {
    const u = USERS[token as keyof typeof USERS];
    return u ? { kind: 'ok', user: u, token } : { kind: 'rejected', msg: '登录状态已失效，请重新登录！' };
  },
};

export interface Harness {
  app: App;
  ctx: AppContext;
  capability: ProblemCapability;
  db: TestDatabase;
  /** Inject with the token of `who` (none for anonymous). */
  call(
    who: Who,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<InjectResponse>;
  upload(who: Who, url: string, fileName: string, data: Uint8Array): Promise<InjectResponse>;
  close(): Promise<void>;
}

/** Test languages (the site capability seeds the real ones). */
export async function insertTestLanguages(ctx: AppContext): Promise<void> {
  await ctx.db
    .insertInto('language')
    .values([
      { content_type: 'text/x-csrc', description: 'GCC', name: 'C', is_spj: true, seq: 0 },
      { content_type: 'text/x-c++src', description: 'G++', name: 'C++', is_spj: true, seq: 0 },
      { content_type: 'text/x-java', description: 'Java', name: 'Java', seq: 0 },
      { content_type: 'text/x-python', description: 'Python 3', name: 'Python3', seq: 1 },
      { content_type: 'text/x-c++src', description: 'CF G++', name: 'GNU G++17', oj: 'CF', seq: 0 },
    ])
    .execute();
}

const headers = (who: Who) => (who === 'anonymous' ? {} : { authorization: who });

/** Injects a request into `app` with the token of `who` (none for anonymous). */
export function callApp(
  app: App,
  who: Who,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<InjectResponse> {
  return app.inject({
    method,
    url,
    headers: headers(who),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export interface HarnessOptions {
  listCache?: ProblemListCacheOptions;
  /** Configuration over the harness's own (`dataDir` = the blob folder). */
  config?: Partial<Config>;
}

/** An app with the problem capability started on `ctx` (a second one plays another API process). */
export async function mountProblemApp(
  ctx: AppContext,
  ports: ProblemPorts = {},
  options: HarnessOptions = {},
): Promise<{ app: App; capability: ProblemCapability; close(): Promise<void> }> {
  const app = await buildApp({ authenticator });
  const capability = createProblemCapability(ctx, ports, {
    seedSamples: false,
    listCache: options.listCache,
  });
  await capability.routes?.(app);
  await capability.start?.();
  await app.ready();
  return {
    app,
    capability,
    async close() {
      await capability.stop?.();
      await app.close();
    },
  };
}

export async function createHarness(
  kind: DbKind,
  ports: ProblemPorts = {},
  options: HarnessOptions = {},
): Promise<Harness> {
  const db = await createTestDatabase(kind);
  const blobDir = await mkdtemp(path.join(os.tmpdir(), 'oj-problem-blobs-'));
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  const ctx: AppContext = {
    config: { dataDir: blobDir, ...options.config } as Config,
    db: db.db,
    bus: createMemoryBus(),
    blobs: createDiskBlobStore(blobDir),
    log,
  };
  await insertTestLanguages(ctx);
  const mounted = await mountProblemApp(ctx, ports, options);
  const app = mounted.app;
  return {
    app,
    ctx,
    capability: mounted.capability,
    db,
    call: (who, method, url, payload) => callApp(app, who, method, url, payload),
    upload(who, url, fileName, data) {
      const boundary = '----ojtestboundary';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        Buffer.from(data),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return app.inject({
        method: 'POST',
        url,
        headers: { ...headers(who), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    },
    async close() {
      await mounted.close();
      await ctx.bus.close();
      await db.drop();
      await rm(blobDir, { recursive: true, force: true });
    },
  };
}

// Contest-owned problems (groups-admin-files.md §4.10 GET/POST/PUT /api/admin/contest/problem)
// through the problem capability's real back-office service.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createDiskBlobStore, createMemoryBus, type Bus } from '@oj/protocol/bus';
import type { AppContext } from '../platform/context';
import type { Config } from '../platform/config';
import type { AuthUser } from '../platform/http/access';
import { buildApp, type App } from '../platform/http/app';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../test/support/db';
import { createProblemAdminService } from '../problem/admin-service';
import { createProblemJudgePort } from '../problem';
import { createContestCapability, problemAdminAuthoring } from './index';
import { tokenAuthenticator } from '../judge/test-harness';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const mk = (uid: string, roles: string[]): AuthUser => ({
  uid,
  username: uid,
  roleIds: [],
  roles,
  permissions: [],
});
const USERS: Record<string, AuthUser> = {
  root: mk('root', ['root']),
  adm: mk('adm', ['admin']),
  adm2: mk('adm2', ['admin']),
  padmin: mk('padmin', ['problem_admin']),
  alice: mk('alice', ['default_user']),
};
const authenticator = tokenAuthenticator(USERS);

function problemDTO(problemId: string, extra: Record<string, unknown> = {}) {
  return {
    problem: {
      problemId,
      title: `Contest problem ${problemId}`,
      type: 0,
      auth: 1,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      timeLimit: 1000,
      memoryLimit: 256,
      stackLimit: 128,
      description: 'desc',
      isRemote: false,
      ...extra,
    },
    samples: [{ input: '1 2\n', output: '3\n' }],
    isUploadTestCase: false,
    judgeMode: 'default',
    languages: [],
    tags: [],
    codeTemplates: [],
  };
}

describe.each(DB_KINDS)('admin contest problems on %s', (kind) => {
  let tdb: TestDatabase;
  let bus: Bus;
  let app: App;
  let blobDir: string;
  let cid = 0;

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, who?: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: who ? { authorization: who } : {}, payload });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes vary per endpoint
    return { http: res.statusCode, body: res.json() as { status: number; msg: string; data: any } };
  };

  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    bus = createMemoryBus();
    blobDir = await mkdtemp(path.join(os.tmpdir(), 'oj-cp-blobs-'));
    const ctx = {
      config: {} as Config,
      db: tdb.db,
      bus,
      blobs: createDiskBlobStore(blobDir),
      log,
    } satisfies AppContext;
    const contest = createContestCapability(ctx, {
      authoring: problemAdminAuthoring(createProblemAdminService(ctx), createProblemJudgePort(ctx.db)),
    });
    app = await buildApp({ authenticator });
    await contest.routes!(app);
    await app.ready();
    const now = Date.now();
    const r = await call('POST', '/api/admin/contest', 'adm', {
      title: 'with own problems',
      type: 0,
      auth: 0,
      startTime: new Date(now + 3600_000).toISOString(),
      endTime: new Date(now + 7200_000).toISOString(),
      uid: 'adm',
      author: 'adm',
    });
    expect(r.body.status).toBe(200);
    cid = (await tdb.db.selectFrom('contest').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await tdb?.drop();
    if (blobDir) await rm(blobDir, { recursive: true, force: true });
  });

  it('refuses anonymous (401) and plain users (403)', async () => {
    expect((await call('POST', '/api/admin/contest/problem', undefined, problemDTO('C1'))).http).toBe(401);
    expect((await call('POST', '/api/admin/contest/problem', 'alice', problemDTO('C1'))).http).toBe(403);
    expect((await call('PUT', '/api/admin/contest/problem', 'alice', problemDTO('C1'))).http).toBe(403);
    expect((await call('GET', '/api/admin/contest/problem?pid=1', 'alice')).http).toBe(403);
  });

  it('creates a contest-only problem (auth 3 whatever was sent), answers its pid, and it can be linked', async () => {
    const r = await call('POST', '/api/admin/contest/problem', 'adm', problemDTO('c1', { author: 'adm' }));
    expect(r.body).toMatchObject({ status: 200, data: { pid: expect.any(Number) } });
    const pid = r.body.data.pid as number;
    const row = await tdb.db
      .selectFrom('problem')
      .select(['problem_id', 'auth', 'title', 'author'])
      .where('id', '=', pid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ problem_id: 'C1', auth: 3, title: 'Contest problem c1', author: 'adm' });
    const link = await call('PUT', '/api/admin/contest/contest-problem', 'adm', {
      cid,
      pid,
      displayId: 'A',
      displayTitle: 'Own A',
    });
    expect(link.body).toMatchObject({ status: 200, data: { cid, pid, displayId: 'A' } });
    const got = await call('GET', `/api/admin/contest/problem?pid=${pid}`, 'adm');
    expect(got.body).toMatchObject({ status: 200, data: { id: pid, problemId: 'C1', auth: 3 } });
  });

  it('refuses a clashing problem id and invalid problems, writing nothing', async () => {
    const before = await tdb.db
      .selectFrom('problem')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await call('POST', '/api/admin/contest/problem', 'adm', problemDTO('C1'))).body).toMatchObject({
      status: 400,
      msg: '该题目的Problem ID已存在，请更换！',
    });
    expect(
      (await call('POST', '/api/admin/contest/problem', 'adm', problemDTO('C2', { timeLimit: 0 }))).body
        .status,
    ).toBe(400);
    const after = await tdb.db
      .selectFrom('problem')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('updates for the author and problem staff; refuses other admins', async () => {
    const pid = (
      await tdb.db.selectFrom('problem').select('id').where('problem_id', '=', 'C1').executeTakeFirstOrThrow()
    ).id;
    const edit = (who: string, title: string, author: string) =>
      call('PUT', '/api/admin/contest/problem', who, {
        ...problemDTO('C1', { id: pid, title, author }),
        samples: [],
      });
    expect((await edit('adm2', 'not mine', 'adm')).body).toMatchObject({
      status: 403,
      msg: '对不起，你无权限修改题目！',
    });
    expect((await edit('adm', 'Renamed', 'adm')).body).toMatchObject({ status: 200, data: null });
    expect((await edit('padmin', 'By staff', 'adm')).body.status).toBe(200);
    const row = await tdb.db
      .selectFrom('problem')
      .select(['title', 'auth'])
      .where('id', '=', pid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'By staff', auth: 1 });
    expect((await call('GET', `/api/admin/contest/problem?pid=${pid}`, 'adm2')).body).toMatchObject({
      status: 403,
      msg: '对不起，你无权限查看题目！',
    });
  });
});

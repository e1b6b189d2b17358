// Fields added to the reference answers for the web client: isContestAdmin and autoRealRank
// in get-contest-info, the award config in the scroll-board info.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import type { AuthUser } from '../platform/http/access';
import { buildApp, type App } from '../platform/http/app';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../test/support/db';
import { createContestCapability } from './index';
import { testContext, tokenAuthenticator } from '../judge/test-harness';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const mk = (uid: string, roleIds: number[], roles: string[]): AuthUser => ({
  uid,
  username: uid,
  roleIds,
  roles,
  permissions: [],
});
const USERS: Record<string, AuthUser> = {
  root: mk('root', [1000], ['root']),
  adm: mk('adm', [1001], ['admin']),
  adm2: mk('adm2', [1001], ['admin']),
  bob: mk('bob', [1002], ['default_user']),
};
const authenticator = tokenAuthenticator(USERS);
const HOUR = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(DB_KINDS)('contest info additions on %s', (kind) => {
  let tdb: TestDatabase;
  let bus: Bus;
  let app: App;
  const now = Date.now();

  const call = async (method: 'GET' | 'POST', url: string, who?: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: who ? { authorization: who } : {}, payload });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes vary per endpoint
    return res.json() as { status: number; msg: string; data: any };
  };
  async function createContest(title: string, over: Record<string, unknown>) {
    const r = await call('POST', '/api/admin/contest', 'adm', {
      title,
      type: 0,
      auth: 0,
      startTime: iso(now - 3 * HOUR),
      endTime: iso(now - HOUR),
      sealRank: true,
      sealRankTime: iso(now - 2 * HOUR),
      uid: 'adm',
      author: 'adm',
      ...over,
    });
    expect(r.status).toBe(200);
    return (
      await tdb.db.selectFrom('contest').select('id').where('title', '=', title).executeTakeFirstOrThrow()
    ).id;
  }

  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    bus = createMemoryBus();
    const ctx = testContext(tdb.db, bus, log);
    const contest = createContestCapability(ctx, { now: () => now });
    app = await buildApp({ authenticator });
    await contest.routes!(app);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await tdb?.drop();
  });

  it('get-contest-info says whether the caller is a contest admin, and autoRealRank', async () => {
    const cid = await createContest('frozen', { autoRealRank: false });
    const as = async (who: string) => (await call('GET', `/api/get-contest-info?cid=${cid}`, who)).data;
    expect(await as('adm')).toMatchObject({ id: cid, isContestAdmin: true, autoRealRank: false });
    expect(await as('root')).toMatchObject({ isContestAdmin: true });
    expect(await as('adm2')).toMatchObject({ isContestAdmin: false });
    expect(await as('bob')).toMatchObject({ isContestAdmin: false, autoRealRank: false });
    // The list leaves it out (null), like the other info-only fields.
    const list = await call('GET', '/api/get-contest-list?limit=50');
    expect(list.data.records.find((r: { id: number }) => r.id === cid)).toMatchObject({ autoRealRank: null });
  });

  it('scroll-board info carries the award config, sorted by priority; [] without awards', async () => {
    const awards = await createContest('medals', {
      awardType: 2,
      awardConfigList: [
        { priority: 2, name: 'Silver', background: '#ccc', color: '#000', num: 2 },
        { priority: 1, name: 'Gold', background: '#ff0', color: '#000', num: 1 },
      ],
    });
    const info = await call('GET', `/api/get-contest-scroll-board-info?cid=${awards}`);
    expect(info.status).toBe(200);
    expect(info.data).toMatchObject({ id: awards, awardType: 2 });
    expect(info.data.awardConfigList.map((a: { name: string }) => a.name)).toEqual(['Gold', 'Silver']);
    expect(info.data.awardConfigList[0]).toEqual({
      priority: 1,
      name: 'Gold',
      background: '#ff0',
      color: '#000',
      num: 1,
    });
    const none = await createContest('no medals', {
      awardType: 0,
      awardConfigList: [{ priority: 1, name: 'Gold', background: '#ff0', color: '#000', num: 1 }],
    });
    expect((await call('GET', `/api/get-contest-scroll-board-info?cid=${none}`)).data).toMatchObject({
      awardType: 0,
      awardConfigList: [],
    });
  });
});

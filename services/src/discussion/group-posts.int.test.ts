// Group discussions (groups-admin-files.md §3) over HTTP on PostgreSQL: the five routes, the
// group standing rules, the switch, the fixed thresholds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import { buildApp, type App } from '../platform/http/app';
import type { AuthUser } from '../platform/http/access';
import type { GroupStanding } from '../platform/shared-ports';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { makeUser, seedUsers, silentLog, tokenAuthenticator } from '../judge/test-harness';
import { createDiscussionCapability } from './index';
import { G, P } from './post-messages';

const U = {
  root: makeUser('g-root', 'groot', 1000),
  owner: makeUser('g-owner', 'owner', 1002),
  member: makeUser('g-member', 'member', 1002),
  outsider: makeUser('g-out', 'outsider', 1002),
  weak: makeUser('g-weak', 'weak', 1002),
};
const byToken: Record<string, AuthUser> = Object.fromEntries(Object.values(U).map((u) => [u.username, u]));
const standings: Record<string, GroupStanding> = {
  'g-owner@7': 'root',
  'g-member@7': 'member',
  'g-weak@7': 'member',
};

describe('group discussions on postgres', () => {
  let tdb: TestDatabase;
  let bus: Bus;
  let app: App;
  let open = true;
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: string,
    payload?: object,
  ) => {
    const res = await app.inject({ method, url, headers: { authorization: who }, payload });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes vary
    return { http: res.statusCode, ...(res.json() as { status: number; msg: string; data: any }) };
  };
  const body = { title: 'g', description: 'd', content: 'c', categoryId: 1, gid: 7 };

  beforeAll(async () => {
    tdb = await createTestDatabase('postgres');
    bus = createMemoryBus();
    await seedUsers(tdb, Object.values(U));
    let s = 1;
    for (const uid of ['g-owner', 'g-member'])
      for (let pid = 1; pid <= 10; pid++)
        await tdb.db.insertInto('user_acproblem').values({ uid, pid, submit_id: s++ }).execute();
    const cap = createDiscussionCapability(
      { config: {} as never, db: tdb.db, bus, blobs: null as never, log: silentLog },
      {
        groups: {
          standing: async (uid, gid) =>
            gid === 8 ? 'banned' : gid !== 7 ? 'missing' : (standings[`${uid}@${gid}`] ?? 'none'),
        },
        postSwitches: async () => ({
          openPublicDiscussion: true,
          openGroupDiscussion: open,
          defaultCreateDiscussionACInitValue: 0,
          defaultCreateDiscussionDailyLimit: 99,
        }),
      },
    );
    app = await buildApp({ authenticator: tokenAuthenticator(byToken) });
    await cap.routes!(app);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await tdb?.drop();
  });

  it('members post (fixed 10-AC threshold), outsiders are refused, banned/missing groups 404', async () => {
    expect((await call('POST', '/api/group/discussion', 'outsider', body)).msg).toBe(P.NO_PERMISSION);
    expect((await call('POST', '/api/group/discussion', 'weak', body)).msg).toBe(P.AC_LIMIT(10));
    expect((await call('POST', '/api/group/discussion', 'member', { ...body, gid: null })).msg).toBe(
      G.GID_EMPTY,
    );
    expect((await call('POST', '/api/group/discussion', 'member', { ...body, gid: 8 })).msg).toBe(
      G.BAN('添加失败，'),
    );
    expect((await call('POST', '/api/group/discussion', 'member', { ...body, gid: 9 })).status).toBe(404);
    expect((await call('POST', '/api/group/discussion', 'member', { ...body, title: '' })).msg).toBe(
      P.TITLE_EMPTY,
    );
    expect(
      (await call('POST', '/api/group/discussion', 'member', { ...body, topPriority: true })).status,
    ).toBe(200);
    expect(
      (await call('POST', '/api/group/discussion', 'owner', { ...body, title: 'pinned', topPriority: true }))
        .status,
    ).toBe(200);
    const list = await call('GET', '/api/group/get-discussion-list?gid=7&currentPage=1&limit=10', 'member');
    expect(list.data.records.map((r: { title: string }) => r.title)).toEqual(['pinned', 'g']);
    expect(list.data.records[1]).toMatchObject({ content: 'c', role: 'user', topPriority: false, gid: 7 });
    expect(list.data.records[0]).toMatchObject({ role: 'root', topPriority: true });
    expect((await call('GET', '/api/group/get-discussion-list?gid=7', 'outsider')).msg).toBe(P.NO_PERMISSION);
    expect((await call('GET', '/api/group/get-discussion-list?gid=7', 'groot')).status).toBe(200);
    // group posts stay out of the public list
    expect((await call('GET', '/api/get-discussion-list', 'member')).data.total).toBe(0);
  });

  it('edit and delete: author, group admin or root; admin list for group admins; the switch', async () => {
    const list = await call('GET', '/api/group/get-discussion-list?gid=7', 'member');
    const mine = list.data.records.find((r: { author: string }) => r.author === 'member');
    const edit = { ...body, id: mine.id, title: 'edited' };
    expect((await call('PUT', '/api/group/discussion', 'weak', edit)).msg).toBe(P.NO_PERMISSION);
    expect((await call('PUT', '/api/group/discussion', 'owner', edit)).status).toBe(200);
    expect((await call('GET', '/api/group/get-admin-discussion-list?gid=7', 'member')).msg).toBe(
      P.NO_PERMISSION,
    );
    expect((await call('GET', '/api/group/get-admin-discussion-list?gid=7', 'owner')).data.total).toBe(2);
    expect((await call('DELETE', `/api/group/discussion?did=${mine.id}`, 'weak')).msg).toBe(P.NO_PERMISSION);
    expect((await call('DELETE', `/api/group/discussion?did=${mine.id}`, 'member')).status).toBe(200);
    expect((await call('DELETE', `/api/group/discussion?did=${mine.id}`, 'member')).msg).toBe(
      G.DELETE_MISSING,
    );
    open = false;
    try {
      expect(await call('GET', '/api/group/get-discussion-list?gid=7', 'member')).toMatchObject({
        http: 403,
        msg: P.GROUP_SWITCH_OFF,
      });
    } finally {
      open = true;
    }
  });
});

// Issue #16: a public problem borrowed by a contest returns to the public bank when the contest
// ends; announcement reads are kept per user on the server; public contests count participants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import type { AuthUser } from '../platform/http/access';
import { buildApp, type App } from '../platform/http/app';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../test/support/db';
import { createContestCapability, type ContestCapability } from './index';
import { testContext, tokenAuthenticator } from '../judge/test-harness';
import { startBorrowReturner } from './reads';
import { returnEndedBorrows } from './reads-repository';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const USERS: Record<string, AuthUser> = {
  'tok-root': {
    uid: 'root',
    username: 'root',
    roleIds: [1000],
    roles: ['root'],
    permissions: ['contest_admin'],
  },
  'tok-adm': {
    uid: 'adm',
    username: 'adm',
    roleIds: [1001],
    roles: ['admin'],
    permissions: ['contest_admin'],
  },
  'tok-bob': {
    uid: 'bob',
    username: 'bob',
    roleIds: [1002],
    roles: ['default_user'],
    permissions: ['submit'],
  },
  'tok-eve': {
    uid: 'eve',
    username: 'eve',
    roleIds: [1002],
    roles: ['default_user'],
    permissions: ['submit'],
  },
};
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(DB_KINDS)('contest reads and borrowed problems on %s', (kind) => {
  let tdb: TestDatabase;
  let bus: Bus;
  let app: App;
  let cap: ContestCapability;
  let clock = Date.now();

  const call = async (method: 'GET' | 'POST', url: string, token?: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: token ? { authorization: token } : {}, payload });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes vary per endpoint
    return res.json() as { status: number; msg: string; data: any };
  };

  async function createContest(title: string, startMs: number, endMs: number, auth = 0): Promise<number> {
    const r = await call('POST', '/api/admin/contest', 'tok-adm', {
      title,
      description: 'd',
      type: 0,
      auth,
      pwd: auth ? 'pw' : undefined,
      startTime: iso(startMs),
      endTime: iso(endMs),
      sealRank: false,
      openRank: false,
      rankShowName: 'username',
      oiRankScoreType: 'Recent',
      starAccount: [],
      awardType: 0,
      awardConfigList: [],
    });
    expect(r.status).toBe(200);
    const row = await tdb.db
      .selectFrom('contest')
      .select('id')
      .where('title', '=', title)
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const problem = async (problemId: string, auth = 1, author = 'someone') =>
    (
      await tdb.db
        .insertInto('problem')
        .values({ problem_id: problemId, title: problemId, auth, author } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const authOf = async (pid: number) =>
    (await tdb.db.selectFrom('problem').select('auth').where('id', '=', pid).executeTakeFirstOrThrow()).auth;

  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    bus = createMemoryBus();
    for (const u of Object.values(USERS)) {
      await tdb.db
        .insertInto('users')
        .values({ uid: u.uid, username: u.username, password_hash: 'x' })
        .execute();
      for (const roleId of u.roleIds)
        await tdb.db.insertInto('user_role').values({ uid: u.uid, role_id: roleId }).execute();
    }
    cap = createContestCapability(testContext(tdb.db, bus, log), { now: () => clock });
    app = await buildApp({ authenticator: tokenAuthenticator(USERS) });
    await cap.routes!(app);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await tdb?.drop();
  });

  it('hides a public problem only until the contest ends, then returns it to the public bank', async () => {
    const start = clock;
    const pid = await problem('PUB-1');
    const owned = await problem('OWN-1', 2);
    const cid = await createContest('borrow', start - MIN, start + 10 * MIN);
    const later = await createContest('borrow later', start - MIN, start + 20 * MIN);
    // root keeps the reference's borrowing (a site admin gets a copy: next test)
    const add = (c: number, p: number, displayId: string) =>
      call('POST', '/api/admin/contest/add-problem-from-public', 'tok-root', { cid: c, pid: p, displayId });
    const changed: unknown[] = [];
    await bus.subscribe(Subjects.problemChanged, (p) => void changed.push(p));
    expect((await add(cid, pid, 'A')).status).toBe(200);
    expect((await add(later, pid, 'A')).status).toBe(200);
    expect((await add(cid, owned, 'B')).status).toBe(200);
    expect(await authOf(pid)).toBe(3);
    expect(changed.length).toBeGreaterThan(0);

    // The first contest ends: the second still holds it.
    expect(await returnEndedBorrows(tdb.db, new Date(start + 15 * MIN))).toEqual([]);
    expect(await authOf(pid)).toBe(3);
    // Both ended: public again; a private problem made contest-only stays so.
    clock = start + 25 * MIN;
    const before = changed.length;
    const stop = startBorrowReturner(tdb.db, bus, () => clock, log, 20);
    await expect.poll(() => changed.length, { timeout: 10_000 }).toBeGreaterThan(before);
    stop();
    expect(await authOf(pid)).toBe(1);
    expect(await authOf(owned)).toBe(3);

    // Added to a contest that has already ended: it never leaves the public bank.
    const pid2 = await problem('PUB-2');
    const ended = await createContest('ended', start - 60 * MIN, start - 30 * MIN);
    expect((await add(ended, pid2, 'A')).status).toBe(200);
    expect(await authOf(pid2)).toBe(1);
    clock = start;
  });

  it("a site admin adding someone else's public problem gets a contest-owned copy; the original stays public", async () => {
    const start = clock;
    const pid = await problem('PUB-COPY', 1, 'someone');
    await tdb.db
      .insertInto('problem_case')
      .values({
        pid,
        seq: 1,
        input: '1.in',
        output: '1.out',
        input_hash: 'a'.repeat(64),
        output_hash: 'b'.repeat(64),
      } as never)
      .execute();
    const cid = await createContest('copy', start - MIN, start + 10 * MIN);
    const add = (who: string, c: number, p: number, displayId: string) =>
      call('POST', '/api/admin/contest/add-problem-from-public', who, { cid: c, pid: p, displayId });
    const r = await add('tok-adm', cid, pid, 'A');
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ copied: true, problemId: `PUB-COPY-C${cid}` });
    expect(r.data.pid).not.toBe(pid);
    expect(await authOf(pid)).toBe(1);
    const copy = await tdb.db
      .selectFrom('problem')
      .select(['auth', 'author', 'title', 'is_group'])
      .where('id', '=', r.data.pid)
      .executeTakeFirstOrThrow();
    expect(copy).toMatchObject({ auth: 3, author: 'adm', title: 'PUB-COPY', is_group: false });
    const cases = await tdb.db
      .selectFrom('problem_case')
      .select(['input_hash', 'output_hash'])
      .where('pid', '=', r.data.pid)
      .execute();
    expect(cases).toEqual([{ input_hash: 'a'.repeat(64), output_hash: 'b'.repeat(64) }]);
    // the contest links the copy, not the original
    const links = await tdb.db.selectFrom('contest_problem').select('pid').where('cid', '=', cid).execute();
    expect(links.map((l) => l.pid)).toEqual([r.data.pid]);
    // a second contest of the admin: its own copy
    const cid2 = await createContest('copy 2', start - MIN, start + 10 * MIN);
    expect((await add('tok-adm', cid2, pid, 'A')).data.problemId).toBe(`PUB-COPY-C${cid2}`);
    expect(await authOf(pid)).toBe(1);

    // the problem's author may borrow it (hidden while the contest runs), as root may
    const mine = await problem('PUB-MINE', 1, 'adm');
    const own = await add('tok-adm', cid, mine, 'B');
    expect(own.data).toMatchObject({ pid: mine, copied: false });
    expect(await authOf(mine)).toBe(3);
  });

  it('keeps dismissed announcements per user across browsers (the wire list still works)', async () => {
    const cid = await createContest('ann', clock - MIN, clock + 60 * MIN);
    const ids: number[] = [];
    for (const title of ['one', 'two']) {
      const r = await call('POST', '/api/admin/contest/announcement', 'tok-adm', {
        cid,
        announcement: { title, content: 'c', status: 0 },
      });
      expect(r.status).toBe(200);
    }
    const all = await call('POST', '/api/get-contest-not-read-announcement', 'tok-bob', { cid });
    for (const a of all.data as { id: number }[]) ids.push(a.id);
    expect(ids).toHaveLength(2);
    const other = await createContest('other', clock - MIN, clock + 60 * MIN);
    expect(
      (await call('POST', '/api/contest-announcement-read', 'tok-bob', { cid, aids: [ids[0]] })).status,
    ).toBe(200);
    // An id of another contest is ignored; anonymous callers are refused.
    expect(
      (await call('POST', '/api/contest-announcement-read', 'tok-bob', { cid: other, aids: [ids[1]] }))
        .status,
    ).toBe(200);
    expect(
      (await call('POST', '/api/contest-announcement-read', undefined, { cid, aids: [ids[1]] })).status,
    ).toBe(401);
    // A fresh browser (empty list) of bob no longer gets the dismissed one; eve still gets both.
    const bob = await call('POST', '/api/get-contest-not-read-announcement', 'tok-bob', {
      cid,
      readAnnouncementList: [],
    });
    expect(bob.data.map((a: { id: number }) => a.id)).toEqual([ids[1]]);
    const eve = await call('POST', '/api/get-contest-not-read-announcement', 'tok-eve', { cid });
    expect(eve.data).toHaveLength(2);
    // The client's own list keeps working.
    const both = await call('POST', '/api/get-contest-not-read-announcement', 'tok-bob', {
      cid,
      readAnnouncementList: [ids[1]],
    });
    expect(both.data).toEqual([]);
  });

  it('counts the submitters of a public contest as its participants', async () => {
    const cid = await createContest('public count', clock - MIN, clock + 60 * MIN);
    const before = await call('GET', `/api/get-contest-info?cid=${cid}`, 'tok-bob');
    expect(before.data.count ?? 0).toBe(0);
    for (const uid of ['bob', 'eve', 'bob'])
      await tdb.db
        .insertInto('judge')
        .values({
          pid: 1,
          display_pid: 'A',
          uid,
          username: uid,
          submit_time: new Date(clock),
          status: 0,
          length: 1,
          code: 'x',
          language: 'C',
          cid,
          cpid: 1,
        } as never)
        .execute();
    const info = await call('GET', `/api/get-contest-info?cid=${cid}`, 'tok-bob');
    expect(info.data.count).toBe(2);
    const list = await call('GET', '/api/get-contest-list?currentPage=1&limit=50', 'tok-bob');
    expect(list.data.records.find((c: { id: number }) => c.id === cid).count).toBe(2);
  });
});

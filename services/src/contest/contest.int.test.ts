import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { strFromU8, unzipSync } from 'fflate';
import type { FastifyBaseLogger } from 'fastify';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import type { AcmRankRow } from '@oj/protocol/contest/scoreboard';
import type { OiScrollBoard } from '@oj/protocol/contest/scroll-board';
import type { AuthUser } from '../platform/http/access';
import { buildApp, type App } from '../platform/http/app';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../test/support/db';
import { createContestCapability, type ContestCapability } from './index';
import { M } from './messages';
import { testContext, tokenAuthenticator } from '../judge/test-harness';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

const USERS: Record<string, AuthUser> = {
  'tok-root': { uid: 'root', username: 'root', roleIds: [1000], roles: ['root'], permissions: ['rejudge'] },
  'tok-adm': {
    uid: 'adm',
    username: 'adm',
    roleIds: [1001],
    roles: ['admin'],
    permissions: ['contest_admin'],
  },
  'tok-adm2': {
    uid: 'adm2',
    username: 'adm2',
    roleIds: [1001],
    roles: ['admin'],
    permissions: ['contest_admin'],
  },
  'tok-alice': {
    uid: 'alice',
    username: 'team1',
    roleIds: [1002],
    roles: ['default_user'],
    permissions: ['submit'],
  },
  'tok-bob': {
    uid: 'bob',
    username: 'bob',
    roleIds: [1002],
    roles: ['default_user'],
    permissions: ['submit'],
  },
  'tok-carol': { uid: 'carol', username: 'carol', roleIds: [1002], roles: ['default_user'], permissions: [] },
};
const authenticator = tokenAuthenticator(USERS);
const user = (name: string) => USERS[`tok-${name}`]!;

const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(DB_KINDS)('contest capability on %s', (kind) => {
  let tdb: TestDatabase;
  let bus: Bus;
  let app: App;
  let cap: ContestCapability;
  const now = Date.now();
  const events: { subject: string; payload: unknown }[] = [];
  let pidA = 0;
  let pidB = 0;

  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    payload?: object,
  ) => {
    const res = await app.inject({ method, url, headers: token ? { authorization: token } : {}, payload });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes vary per endpoint
    const body = res.json() as { status: number; msg: string; data: any };
    return { http: res.statusCode, body };
  };

  async function createContest(over: Record<string, unknown> = {}): Promise<number> {
    const base = {
      title: `contest ${Math.random()}`,
      description: 'desc',
      type: 0,
      auth: 0,
      startTime: iso(now - 120 * MIN),
      endTime: iso(now + 60 * MIN),
      sealRank: true,
      sealRankTime: iso(now - 30 * MIN),
      autoRealRank: true,
      openRank: true,
      openPrint: true,
      rankShowName: 'username',
      oiRankScoreType: 'Recent',
      starAccount: [],
      awardType: 0,
      awardConfigList: [],
      uid: 'adm',
      author: 'adm',
      ...over,
    };
    const r = await call('POST', '/api/admin/contest', 'tok-adm', base);
    expect(r.body).toMatchObject({ status: 200 });
    const row = await tdb.db
      .selectFrom('contest')
      .select('id')
      .where('title', '=', base.title as string)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function link(cid: number, pid: number, displayId: string) {
    const r = await call('PUT', '/api/admin/contest/contest-problem', 'tok-adm', {
      cid,
      pid,
      displayId,
      displayTitle: `Title ${displayId}`,
      color: '#f00',
    });
    expect(r.body.status).toBe(200);
    return r.body.data.id as number;
  }

  let submitSeq = 0;
  async function judgeRow(
    cid: number,
    cpid: number,
    pid: number,
    uid: string,
    at: number,
    status: number,
    score?: number,
  ) {
    const r = await tdb.db
      .insertInto('judge')
      .values({
        pid,
        display_pid: 'X',
        uid,
        username: uid === 'alice' ? 'team1' : uid,
        submit_time: new Date(at),
        status,
        length: 1,
        code: 'x',
        language: 'C++',
        cid,
        cpid,
        score: score ?? null,
        time: 10 + (submitSeq++ % 7),
      })
      .returning('submit_id')
      .executeTakeFirstOrThrow();
    return r.submit_id;
  }

  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    bus = createMemoryBus();
    await bus.subscribe(
      Subjects.contestEventAll,
      (payload, subject) => void events.push({ subject, payload }),
    );
    for (const u of Object.values(USERS)) {
      await tdb.db
        .insertInto('users')
        .values({
          uid: u.uid,
          username: u.username,
          password_hash: 'x',
          school: `${u.uid} school`,
          nickname: null,
        })
        .execute();
      for (const roleId of u.roleIds)
        await tdb.db.insertInto('user_role').values({ uid: u.uid, role_id: roleId }).execute();
    }
    for (const [id, title] of [
      ['P-A', 'Alpha'],
      ['P-B', 'Beta'],
    ] as const) {
      const r = await tdb.db
        .insertInto('problem')
        .values({ problem_id: id, title } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      if (id === 'P-A') pidA = r.id;
      else pidB = r.id;
    }
    const ctx = testContext(tdb.db, bus, log);
    cap = createContestCapability(ctx, { now: () => now });
    app = await buildApp({ authenticator });
    await cap.routes!(app);
    await app.ready();
    await cap.start!();
  });
  afterAll(async () => {
    await cap?.stop?.();
    await app?.close();
    await bus?.close();
    await tdb?.drop();
  });

  describe('admin CRUD', () => {
    it('refuses anonymous (401) and plain users (403), creates with every field for admins', async () => {
      expect((await call('POST', '/api/admin/contest', undefined, {})).http).toBe(401);
      expect((await call('POST', '/api/admin/contest', 'tok-alice', {})).http).toBe(403);
      const invalid = await call('POST', '/api/admin/contest', 'tok-adm', { title: ' ', type: 0, auth: 0 });
      expect(invalid.body).toMatchObject({ status: 400, msg: M.TITLE_EMPTY });
      const oi = await call('POST', '/api/admin/contest', 'tok-adm', { title: 't', type: 1, auth: 0 });
      expect(oi.body.msg).toBe(M.BAD_OI_SCORE_TYPE);
      const cid = await createContest({
        title: 'full',
        auth: 1,
        pwd: 'secret',
        starAccount: [' star1 ', ''],
        awardType: 2,
        awardConfigList: [
          { priority: 2, name: 'Silver', background: '#ccc', color: '#000', num: 2 },
          { priority: 1, name: 'Gold', background: '#ff0', color: '#000', num: 1 },
        ],
        openAccountLimit: true,
        accountLimitRule:
          '<prefix>team</prefix><suffix></suffix><start>1</start><end>20</end><extra>bob</extra>',
        allowEndSubmit: true,
      });
      const got = await call('GET', `/api/admin/contest?cid=${cid}`, 'tok-adm');
      expect(got.body.data).toMatchObject({
        id: cid,
        title: 'full',
        auth: 1,
        pwd: 'secret',
        starAccount: ['star1'],
        awardType: 2,
        openAccountLimit: true,
        allowEndSubmit: true,
        status: 0,
        duration: 180 * 60,
        uid: 'adm',
      });
      expect(got.body.data.awardConfigList.map((a: { name: string }) => a.name)).toEqual(['Gold', 'Silver']);
      expect(got.body.data.startTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$/);
      // Another admin (not root, not creator) may not read or update it.
      expect((await call('GET', `/api/admin/contest?cid=${cid}`, 'tok-adm2')).body).toMatchObject({
        status: 403,
        msg: M.ADMIN_NO_PERMISSION,
      });
      const upd = await call('PUT', '/api/admin/contest', 'tok-adm2', { ...got.body.data, title: 'hijack' });
      expect(upd.body.status).toBe(403);
      expect((await call('GET', `/api/admin/contest?cid=${cid}`, 'tok-root')).body.status).toBe(200);
      const list = await call('GET', '/api/admin/contest/get-contest-list?keyword=full', 'tok-adm');
      expect(list.body.data.total).toBe(1);
      expect(list.body.data.records[0].pwd).toBeUndefined();
      // Delete is root only.
      expect((await call('DELETE', `/api/admin/contest?cid=${cid}`, 'tok-adm')).http).toBe(403);
    });

    it("links problems by display id, refuses duplicates, root's add-from-public hides the problem", async () => {
      const cid = await createContest({ title: 'problems' });
      await link(cid, pidA, 'A');
      const dup = await call('PUT', '/api/admin/contest/contest-problem', 'tok-adm', {
        cid,
        pid: pidB,
        displayId: 'A',
        displayTitle: 'x',
      });
      expect(dup.body).toMatchObject({ status: 400, msg: M.CP_DUPLICATE });
      // Root keeps the reference's rule (the problem leaves the public list while in the contest);
      // another admin gets a contest copy instead (docs/compat.md E5, contest-reads.int.test.ts).
      const add = await call('POST', '/api/admin/contest/add-problem-from-public', 'tok-root', {
        cid,
        pid: pidB,
        displayId: 'B',
      });
      expect(add.body.status).toBe(200);
      const auth = await tdb.db
        .selectFrom('problem')
        .select('auth')
        .where('id', '=', pidB)
        .executeTakeFirstOrThrow();
      expect(auth.auth).toBe(3);
      const list = await call('GET', `/api/admin/contest/get-problem-list?cid=${cid}`, 'tok-adm');
      expect(Object.keys(list.body.data.contestProblemMap).sort()).toEqual(
        [String(pidA), String(pidB)].sort(),
      );
      expect(list.body.data.contestProblemMap[String(pidB)]).toMatchObject({
        displayId: 'B',
        displayTitle: 'Beta',
      });
      await tdb.db
        .insertInto('problem')
        .values([
          { problem_id: 'P-C', title: 'Gamma', type: 0 },
          { problem_id: 'P-D', title: 'Delta', type: 1 },
          { problem_id: 'P-E', title: 'Hidden', type: 0, auth: 2 },
        ] as never)
        .execute();
      const candidates = await call(
        'GET',
        `/api/admin/contest/get-problem-list?cid=${cid}&problemType=0`,
        'tok-adm',
      );
      const ids = candidates.body.data.problemList.records.map((p: { problemId: string }) => p.problemId);
      expect(ids).toContain('P-C');
      for (const gone of ['P-A', 'P-B', 'P-D', 'P-E']) expect(ids).not.toContain(gone);
      const byKeyword = await call(
        'GET',
        `/api/admin/contest/get-problem-list?cid=${cid}&problemType=0&keyword=gam`,
        'tok-adm',
      );
      expect(byKeyword.body.data.problemList.total).toBe(1);
      const outside = await call('GET', `/api/get-contest-outsize-info?cid=${cid}`);
      expect(outside.body.data.problemList.map((p: { displayId: string }) => p.displayId)).toEqual([
        'A',
        'B',
      ]);
    });
  });

  describe('public contest endpoints', () => {
    it('lists recent contests for the home page: not ended, starting within 14 days', async () => {
      const running = await createContest({ title: 'recent-running' });
      const soon = await createContest({
        title: 'recent-soon',
        startTime: iso(now + 3 * 24 * 60 * MIN),
        endTime: iso(now + 3 * 24 * 60 * MIN + 60 * MIN),
      });
      const far = await createContest({
        title: 'recent-far',
        startTime: iso(now + 20 * 24 * 60 * MIN),
        endTime: iso(now + 20 * 24 * 60 * MIN + 60 * MIN),
      });
      const over = await createContest({
        title: 'recent-over',
        startTime: iso(now - 180 * MIN),
        endTime: iso(now - 60 * MIN),
      });
      const r = await call('GET', '/api/get-recent-contest');
      expect(r.body.status).toBe(200);
      const ids = (r.body.data as { id: number }[]).map((c) => c.id);
      expect(ids).toContain(running);
      expect(ids).toContain(soon);
      expect(ids).not.toContain(far);
      expect(ids).not.toContain(over);
      expect(ids.indexOf(soon)).toBeLessThan(ids.indexOf(running));
      expect(r.body.data.find((c: { id: number }) => c.id === running)).toMatchObject({
        status: 0,
        description: null,
        openRank: null,
      });
      expect((await call('GET', '/api/get-recent-other-contest')).body).toEqual({
        status: 200,
        msg: 'success',
        data: [],
      });
    });

    it('lists visible contests with filters; info needs a login', async () => {
      const cid = await createContest({ title: 'listed-xyz' });
      const r = await call('GET', '/api/get-contest-list?keyword=listed-xyz');
      expect(r.body.data.records).toHaveLength(1);
      expect(r.body.data.records[0]).toMatchObject({ id: cid, status: 0, count: null, sealRank: null });
      expect((await call('GET', '/api/get-contest-list?keyword=listed-xyz&status=1')).body.data.total).toBe(
        0,
      );
      expect((await call('GET', `/api/get-contest-info?cid=${cid}`)).http).toBe(401);
      const info = await call('GET', `/api/get-contest-info?cid=${cid}`, 'tok-bob');
      expect(info.body.data).toMatchObject({ id: cid, sealRank: true, rankShowName: 'username' });
      expect(info.body.data.now).toBeTruthy();
      expect((await call('GET', '/api/get-contest-info?cid=999999', 'tok-bob')).body).toMatchObject({
        status: 400,
        msg: M.CONTEST_MISSING_ASCII,
      });
    });

    it('private contest: password registration, account rule, access flag, CAC', async () => {
      const cid = await createContest({
        title: 'private',
        auth: 1,
        pwd: 'pw',
        openAccountLimit: true,
        accountLimitRule: '<prefix>team</prefix><suffix></suffix><start>1</start><end>9</end><extra></extra>',
      });
      await link(cid, pidA, 'A');
      const rank = () => call('POST', '/api/get-contest-rank', 'tok-alice', { cid });
      expect((await rank()).body).toMatchObject({ status: 403, msg: M.REGISTER_FIRST });
      expect(
        (await call('POST', '/api/register-contest', 'tok-alice', { cid, password: 'no' })).body.msg,
      ).toBe(M.WRONG_PASSWORD);
      expect((await call('POST', '/api/register-contest', 'tok-bob', { cid, password: 'pw' })).body.msg).toBe(
        M.ACCOUNT_RULE,
      );
      expect(
        (await call('POST', '/api/register-contest', 'tok-alice', { cid, password: 'pw' })).body.status,
      ).toBe(200);
      expect(
        (await call('POST', '/api/register-contest', 'tok-alice', { cid, password: 'pw' })).body.msg,
      ).toBe(M.ALREADY_REGISTERED);
      expect((await call('GET', `/api/get-contest-access?cid=${cid}`, 'tok-alice')).body.data).toEqual({
        access: true,
      });
      expect((await call('GET', `/api/get-contest-access?cid=${cid}`, 'tok-bob')).body.data).toEqual({
        access: false,
      });
      expect((await rank()).body.status).toBe(200);
      // The creator passes without registering.
      expect((await call('POST', '/api/get-contest-rank', 'tok-adm', { cid })).body.status).toBe(200);
    });

    it('a scheduled contest is closed to users but open to its admin', async () => {
      const cid = await createContest({
        title: 'later',
        startTime: iso(now + 60 * MIN),
        endTime: iso(now + 120 * MIN),
      });
      expect((await call('POST', '/api/get-contest-rank', 'tok-bob', { cid })).body).toMatchObject({
        status: 403,
        msg: M.NOT_STARTED,
      });
      expect((await call('POST', '/api/get-contest-rank', 'tok-adm', { cid })).body.status).toBe(200);
      expect((await call('GET', `/api/get-contest-outsize-info?cid=${cid}`)).body.msg).toBe(
        M.OUTSIDE_SCHEDULED,
      );
      expect((await call('GET', `/api/get-contest-problem?cid=${cid}`)).body).toMatchObject({
        status: 403,
        msg: M.LOGIN_FIRST,
      });
    });
  });

  describe('submit gates', () => {
    it('scheduled, ended, allowEndSubmit, registration and contest admin', async () => {
      const gate = cap.contestSubmitGate;
      const later = await createContest({
        title: 'g1',
        startTime: iso(now + 60 * MIN),
        endTime: iso(now + 90 * MIN),
      });
      await link(later, pidA, 'A');
      expect(await gate(user('bob'), later, 'A')).toEqual({
        allowed: false,
        status: 403,
        reason: M.SUBMIT_SCHEDULED,
      });
      expect(await gate(user('adm'), later, 'A')).toMatchObject({ allowed: true, displayId: 'A', pid: pidA });
      expect(await gate(user('root'), later, 'A')).toMatchObject({ allowed: true, isContestAdmin: true });

      const ended = await createContest({
        title: 'g2',
        startTime: iso(now - 90 * MIN),
        endTime: iso(now - 30 * MIN),
      });
      await link(ended, pidA, 'A');
      expect(await gate(user('bob'), ended, 'A')).toMatchObject({ allowed: false, reason: M.SUBMIT_ENDED });
      expect(await gate(user('adm'), ended, 'A')).toMatchObject({ allowed: false, reason: M.SUBMIT_ENDED });

      const endOk = await createContest({
        title: 'g3',
        startTime: iso(now - 90 * MIN),
        endTime: iso(now - 30 * MIN),
        allowEndSubmit: true,
      });
      await link(endOk, pidA, 'A');
      expect(await gate(user('bob'), endOk, 'A')).toMatchObject({ allowed: true });

      const prot = await createContest({ title: 'g4', auth: 2, pwd: 'p' });
      const cpid = await link(prot, pidA, 'A');
      expect(await gate(user('bob'), prot, 'A')).toMatchObject({ allowed: false, reason: M.SUBMIT_REGISTER });
      await call('POST', '/api/register-contest', 'tok-bob', { cid: prot, password: 'p' });
      expect(await gate(user('bob'), prot, 'A')).toEqual({
        allowed: true,
        cid: prot,
        cpid,
        pid: pidA,
        displayId: 'A',
        gid: null,
        isContestAdmin: false,
      });
      expect(await gate(user('bob'), prot, 'Z')).toMatchObject({ allowed: false, status: 404 });
      // The same rules as the judge capability's ContestSubmitPort.
      expect(await cap.submitPort.resolveSubmission(user('bob'), prot, 'A')).toEqual({
        pid: pidA,
        cpid,
        displayId: 'A',
        gid: null,
      });
      await expect(cap.submitPort.resolveSubmission(user('carol'), prot, 'A')).rejects.toMatchObject({
        status: 403,
        message: M.SUBMIT_REGISTER,
      });
      await expect(cap.submitPort.resolveSubmission(user('bob'), 424242, 'A')).rejects.toMatchObject({
        status: 404,
        message: M.SUBMIT_CONTEST_MISSING,
      });
      expect(await gate(user('bob'), 424242, 'A')).toMatchObject({ allowed: false, status: 404 });
    });
  });

  describe('scoreboards', () => {
    let cid = 0;
    let cpA = 0;
    let start = 0;
    beforeAll(async () => {
      start = now - 120 * MIN;
      cid = await createContest({ title: 'board', starAccount: ['carol'] });
      cpA = await link(cid, pidA, 'A');
      await judgeRow(cid, cpA, pidA, 'alice', start + 10 * MIN, -1); // WA before the seal
      await judgeRow(cid, cpA, pidA, 'bob', start + 20 * MIN, 0); // AC before the seal
      await judgeRow(cid, cpA, pidA, 'alice', start + 100 * MIN, 0); // AC inside the seal window
      await judgeRow(cid, cpA, pidA, 'adm', start + 5 * MIN, 0); // the creator: ignored
      await judgeRow(cid, cpA, pidA, 'root', start + 5 * MIN, 0); // super admin: ignored
    });

    const rank = (token: string, body: object = {}) =>
      call('POST', '/api/get-contest-rank', token, { cid, ...body });

    it('non-admins see the sealed board, with their own row pinned first', async () => {
      const r = await rank('tok-alice');
      const rows = r.body.data.records as AcmRankRow[];
      expect(rows.map((x) => x.uid)).toEqual(['alice', 'bob', 'alice']);
      expect(rows[0]!.submissionInfo.A).toEqual({ errorNum: 1, tryNum: 1 });
      expect(rows[1]).toMatchObject({ rank: 1, ac: 1, totalTime: 20 * 60 });
      expect(r.body.data.total).toBe(3);
      // forceRefresh from a non-admin changes nothing.
      expect(
        (await rank('tok-alice', { forceRefresh: true })).body.data.records[0].submissionInfo.A.tryNum,
      ).toBe(1);
    });

    it('contest admins see the sealed board unless they force a refresh', async () => {
      const sealed = (await rank('tok-adm')).body.data.records as AcmRankRow[];
      expect(sealed.find((x) => x.uid === 'alice')!.ac).toBe(0);
      const real = (await rank('tok-adm', { forceRefresh: true })).body.data.records as AcmRankRow[];
      const alice = real.find((x) => x.uid === 'alice')!;
      expect(alice.submissionInfo.A).toEqual({ errorNum: 1, isAC: true, isFirstAC: false, ACTime: 100 * 60 });
      expect(alice.totalTime).toBe(100 * 60 + 20 * 60);
      expect(real.map((x) => x.uid)).toEqual(['bob', 'alice']);
      expect(real.every((x) => x.uid !== 'adm' && x.uid !== 'root')).toBe(true);
      expect(alice).toMatchObject({ username: 'team1', school: 'alice school' });
    });

    it('the outside board: anonymous allowed, no own-row pinning, users cannot force', async () => {
      const anon = await call('POST', '/api/get-contest-outside-scoreboard', undefined, { cid });
      expect(anon.body.data.records.map((x: AcmRankRow) => x.uid)).toEqual(['bob', 'alice']);
      const asAlice = await call('POST', '/api/get-contest-outside-scoreboard', 'tok-alice', {
        cid,
        forceRefresh: true,
      });
      expect(asAlice.body.data.records[1].submissionInfo.A.tryNum).toBe(1);
      const asCreator = await call('POST', '/api/get-contest-outside-scoreboard', 'tok-adm', {
        cid,
        forceRefresh: true,
        concernedList: ['alice'],
      });
      expect(asCreator.body.data.records.map((x: AcmRankRow) => x.uid)).toEqual(['alice', 'bob', 'alice']);
      expect(asCreator.body.data.records[0].ac).toBe(1);
      expect((await call('POST', '/api/get-contest-outside-scoreboard', undefined, {})).body.msg).toBe(
        M.OUTSIDE_CID,
      );
    });

    it('a new verdict updates the live board incrementally and announces the change', async () => {
      await rank('tok-bob'); // board in memory
      const before = events.filter((e) => e.subject === Subjects.contestEvent(cid, 'rank')).length;
      const id = await judgeRow(cid, cpA, pidA, 'carol', start + 15 * MIN, 5);
      await bus.publish(Subjects.submissionUpdated(id), { submitId: id, cid });
      await tdb.db.updateTable('judge').set({ status: 0 }).where('submit_id', '=', id).execute();
      await bus.publish(Subjects.submissionUpdated(id), { submitId: id, cid });
      await new Promise((r) => setTimeout(r, 50));
      expect(events.filter((e) => e.subject === Subjects.contestEvent(cid, 'rank')).length).toBe(before + 1);
      const rows = (await rank('tok-bob', { removeStar: false })).body.data.records as AcmRankRow[];
      // carol is a star user: first AC, rank -1, not counted in ranks.
      const carol = rows.find((x) => x.uid === 'carol')!;
      expect(carol).toMatchObject({ rank: -1, isWinAward: false });
      expect(carol.submissionInfo.A).toMatchObject({ isFirstAC: true });
      const withoutStars = (await rank('tok-bob', { removeStar: true })).body.data.records as AcmRankRow[];
      expect(withoutStars.some((x) => x.uid === 'carol')).toBe(false);
    });

    it('the problem list counts submissions up to the seal for users, to the end for admins', async () => {
      const forBob = (await call('GET', `/api/get-contest-problem?cid=${cid}`, 'tok-bob')).body.data;
      // bob's AC, alice's WA, carol's AC before the seal; admins and root excluded except the creator (quirk).
      expect(forBob[0]).toMatchObject({ displayId: 'A', displayTitle: 'Title A' });
      expect(forBob[0].total).toBe(4);
      const forAdmin = (await call('GET', `/api/get-contest-problem?cid=${cid}`, 'tok-adm')).body.data;
      expect(forAdmin[0].total).toBe(5);
      expect(forAdmin[0].ac).toBe(4);
    });

    it('rank download: xlsx for contest admins, HTTP 400 for others', async () => {
      const url = `/api/file/download-contest-rank?cid=${cid}&forceRefresh=true`;
      const res = await app.inject({ method: 'GET', url, headers: { authorization: 'tok-adm' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xlsx');
      expect(res.headers['content-disposition']).toBe(`attachment;filename=contest_${cid}_rank.xlsx`);
      const sheet = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['xl/worksheets/sheet1.xml']!);
      expect(sheet).toContain('>+(2)<'); // alice: one WA then AC, real board
      const denied = await app.inject({ method: 'GET', url, headers: { authorization: 'tok-bob' } });
      expect(denied.statusCode).toBe(400);
      expect(denied.json().msg).toBe('错误：您并非该比赛的管理员，无权下载榜单！');
    });

    it('AC submissions zip: accepted code per user, creator dropped with excludeAdmin', async () => {
      const url = `/api/file/download-contest-ac-submission?cid=${cid}&excludeAdmin=true`;
      const res = await app.inject({ method: 'GET', url, headers: { authorization: 'tok-adm' } });
      expect(res.statusCode).toBe(200);
      const names = Object.keys(unzipSync(new Uint8Array(res.rawPayload))).sort();
      expect(names.map((n) => n.split('/')[0])).toEqual(['bob', 'carol', 'team1']);
      expect(names.every((n) => /^[a-z0-9]+\/A_\(\d{14}\)\.cpp$/.test(n))).toBe(true);
      const all = await app.inject({
        method: 'GET',
        url: `/api/file/download-contest-ac-submission?cid=${cid}&splitType=problem`,
        headers: { authorization: 'tok-adm' },
      });
      expect(Object.keys(unzipSync(new Uint8Array(all.rawPayload)))).toHaveLength(5);
      const denied = await app.inject({ method: 'GET', url, headers: { authorization: 'tok-bob' } });
      expect(denied.statusCode).toBe(400);
    });

    it('forceRefresh equals the incremental board on a random contest', async () => {
      const rcid = await createContest({ title: 'random', sealRankTime: iso(now - 40 * MIN) });
      const cps = [await link(rcid, pidA, 'A'), await link(rcid, pidB, 'B')];
      const uids = ['alice', 'bob', 'carol', 'adm2'];
      let seed = 7;
      const rnd = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0), (seed >>> 8) % n);
      const statuses = [0, -1, -2, 1, 5, 8];
      const pidOf = (cp: number) => (cp === cps[0] ? pidA : pidB);
      const ids: number[] = [];
      for (let i = 0; i < 40; i++) {
        const cp = cps[rnd(2)]!;
        ids.push(
          await judgeRow(
            rcid,
            cp,
            pidOf(cp),
            uids[rnd(4)]!,
            start + rnd(200) * MIN,
            statuses[rnd(statuses.length)]!,
          ),
        );
      }
      const body = { cid: rcid, limit: 100 };
      await call('POST', '/api/get-contest-rank', 'tok-root', body); // load the board
      for (let i = 0; i < 60; i++) {
        const id = ids[rnd(ids.length)]!;
        await tdb.db
          .updateTable('judge')
          .set({ status: statuses[rnd(statuses.length)]! })
          .where('submit_id', '=', id)
          .execute();
        await cap.scoreboards.onSubmissionUpdated({ submitId: id, cid: rcid });
      }
      const facts = await cap.service.viewFacts(user('root'), rcid);
      const live = await cap.scoreboards.boardFor(facts!.contest);
      const plain = (x: unknown) => JSON.parse(JSON.stringify(x));
      const incrementalReal = plain(live.rows({ sealed: false, pinUid: 'root', size: 100 }).records);
      const incrementalSealed = (await call('POST', '/api/get-contest-rank', 'tok-root', body)).body.data;
      expect(incrementalReal.length).toBeGreaterThan(0);
      const refreshed = await call('POST', '/api/get-contest-rank', 'tok-root', {
        ...body,
        forceRefresh: true,
      });
      expect(refreshed.body.data.records).toEqual(incrementalReal);
      const sealedAfter = await call('POST', '/api/get-contest-rank', 'tok-root', body);
      expect(sealedAfter.body.data).toEqual(incrementalSealed);
    });
  });

  describe('OI board and problem details', () => {
    it('OI Highest through the API, sealed for users and real for a forcing admin', async () => {
      const start = now - 120 * MIN;
      const cid = await createContest({ title: 'oi', type: 1, oiRankScoreType: 'Highest' });
      const p1 = await link(cid, pidA, 'P1');
      const p2 = await link(cid, pidB, 'P2');
      await judgeRow(cid, p1, pidA, 'bob', start + 1 * MIN, 0, 100);
      await judgeRow(cid, p1, pidA, 'bob', start + 2 * MIN, -1, 60);
      await judgeRow(cid, p2, pidB, 'bob', start + 3 * MIN, 8, 40);
      await judgeRow(cid, p2, pidB, 'bob', start + 100 * MIN, 0, 100); // after the seal
      await judgeRow(cid, p1, pidA, 'carol', start + 5 * MIN, 8, 30);
      const sealed = await call('POST', '/api/get-contest-rank', 'tok-carol', { cid });
      const [own, first, second] = sealed.body.data.records;
      expect(own.uid).toBe('carol');
      expect(first).toMatchObject({
        uid: 'bob',
        rank: 1,
        totalScore: 140,
        submissionInfo: { P1: 100, P2: 40 },
      });
      expect(second).toMatchObject({ uid: 'carol', rank: 2, totalScore: 30, timeInfo: null, totalTime: 0 });
      expect(first.timeInfo).toEqual({ P1: expect.any(Number) });
      const real = await call('POST', '/api/get-contest-rank', 'tok-adm', { cid, forceRefresh: true });
      expect(real.body.data.records[0]).toMatchObject({
        uid: 'bob',
        totalScore: 200,
        submissionInfo: { P1: 100, P2: 100 },
      });
    });

    it('contest problem details hide source/author/difficulty while running and count submissions', async () => {
      const start = now - 120 * MIN;
      const cid = await createContest({ title: 'detail', sealRank: false });
      const cp = await link(cid, pidA, 'A');
      await judgeRow(cid, cp, pidA, 'bob', start + 1 * MIN, -1);
      await judgeRow(cid, cp, pidA, 'bob', start + 2 * MIN, 0);
      await judgeRow(cid, cp, pidA, 'adm', start + 2 * MIN, 0); // the creator: left out here
      const r = await call('GET', `/api/get-contest-problem-details?cid=${cid}&displayId=A`, 'tok-bob');
      expect(r.body.status).toBe(200);
      expect(r.body.data.problem).toMatchObject({
        id: pidA,
        title: 'Title A',
        source: null,
        author: null,
        difficulty: null,
      });
      expect(r.body.data.problemCount).toMatchObject({ pid: null, total: 2, ac: 1, wa: 1 });
      const missing = await call('GET', `/api/get-contest-problem-details?cid=${cid}&displayId=Z`, 'tok-bob');
      expect(missing.body).toMatchObject({ status: 404, msg: M.CP_MISSING });
      expect((await call('GET', `/api/get-contest-problem-details?cid=${cid}&displayId=A`)).http).toBe(401);
    });
  });

  describe('full-screen list port', () => {
    it('ACM: an AC wins; OI while sealed: -5 on attempted problems; CAC applies', async () => {
      const start = now - 120 * MIN;
      const acm = await createContest({ title: 'fs-acm' });
      const a = await link(acm, pidA, 'A');
      await link(acm, pidB, 'B');
      await judgeRow(acm, a, pidA, 'bob', start + 1 * MIN, 0);
      await judgeRow(acm, a, pidA, 'bob', start + 2 * MIN, -1);
      await judgeRow(acm, a, pidA, 'bob', start + 3 * MIN, 5); // pending: ignored
      expect(await cap.fullScreenForContest('bob', acm)).toEqual([
        { pid: pidA, problemId: 'A', title: 'Title A', status: 0, score: null },
        { pid: pidB, problemId: 'B', title: 'Title B', status: null, score: null },
      ]);
      const oi = await createContest({ title: 'fs-oi', type: 1 });
      const p = await link(oi, pidA, 'A');
      await judgeRow(oi, p, pidA, 'bob', start + 1 * MIN, 8, 50);
      expect(await cap.fullScreenForContest('bob', oi)).toEqual([
        { pid: pidA, problemId: 'A', title: 'Title A', status: -5, score: null },
      ]);
      const later = await createContest({
        title: 'fs-later',
        startTime: iso(now + MIN),
        endTime: iso(now + 9 * MIN),
      });
      await expect(cap.fullScreenForContest('bob', later)).rejects.toMatchObject({ message: M.NOT_STARTED });
      expect(await cap.fullScreenForContest('root', later)).toEqual([]);
    });
  });

  describe('scroll board', () => {
    it('refuses running/unsealed contests and lists ended ACM submissions newest first', async () => {
      const running = await createContest({ title: 'scroll-running' });
      expect((await call('GET', `/api/get-contest-scroll-board-info?cid=${running}`)).body.msg).toBe(
        M.SCROLL_NOT_ENDED,
      );
      const unsealed = await createContest({ title: 'scroll-unsealed', sealRank: false });
      expect((await call('GET', `/api/get-contest-scroll-board-info?cid=${unsealed}`)).body.msg).toBe(
        M.SCROLL_NOT_SEALED,
      );
      const oi = await createContest({ title: 'scroll-oi', type: 1 });
      // OI rolls too (issue #26 item 9): refused here only because it is still running.
      expect((await call('GET', `/api/get-contest-scroll-board-info?cid=${oi}`)).body.msg).toBe(
        M.SCROLL_NOT_ENDED,
      );
      expect((await call('GET', '/api/get-contest-scroll-board-info?cid=987654')).body.msg).toBe(
        M.SCROLL_MISSING,
      );

      const start = Date.UTC(2026, 0, 1, 0, 0, 0);
      const cid = await createContest({
        title: 'scroll',
        startTime: iso(start),
        endTime: iso(start + 300 * MIN),
        sealRankTime: iso(start + 240 * MIN),
        starAccount: ['carol'],
      });
      const cp = await link(cid, pidA, 'A');
      await judgeRow(cid, cp, pidA, 'bob', start + 10 * MIN, 0);
      await judgeRow(cid, cp, pidA, 'carol', start + 20 * MIN, -1);
      await judgeRow(cid, cp, pidA, 'bob', start + 30 * MIN, -4); // cancelled: left out
      await judgeRow(cid, cp, pidA, 'adm', start + 30 * MIN, 0); // creator: left out
      await judgeRow(cid, cp, pidA, 'bob', start + 301 * MIN, 0); // after the end: left out
      const info = await call('GET', `/api/get-contest-scroll-board-info?cid=${cid}`);
      expect(info.body.data).toEqual({
        id: cid,
        type: 0,
        rankShowName: 'username',
        problemCount: 1,
        balloonColor: { A: '#f00' },
        startTime: '2026/01/01 08:00:00',
        sealRankTime: '2026/01/01 12:00:00',
        starUserList: ['carol'],
        awardType: 0,
        awardConfigList: [],
      });
      const subs = await call('GET', `/api/get-contest-scroll-board-submission?cid=${cid}`);
      expect(subs.body.data.map((r: { username: string; status: number }) => [r.username, r.status])).toEqual(
        [
          ['carol', -1],
          ['bob', 0],
        ],
      );
      expect(subs.body.data[1]).toMatchObject({ displayId: 'A', submitTime: '2026/01/01 08:10:00' });
      const noStars = await call(
        'GET',
        `/api/get-contest-scroll-board-submission?cid=${cid}&removeStar=true`,
      );
      expect(noStars.body.data).toHaveLength(1);
    });

    it('OI: the sealed and final cells folded by the OI board, the post-seal submissions to reveal', async () => {
      const start = Date.UTC(2026, 0, 2, 0, 0, 0);
      const cid = await createContest({
        title: 'scroll-oi-ended',
        type: 1,
        oiRankScoreType: 'Recent',
        startTime: iso(start),
        endTime: iso(start + 300 * MIN),
        sealRankTime: iso(start + 240 * MIN),
      });
      const p1 = await link(cid, pidA, 'P1');
      const p2 = await link(cid, pidB, 'P2');
      await judgeRow(cid, p1, pidA, 'bob', start + 10 * MIN, 0, 100);
      await judgeRow(cid, p2, pidB, 'bob', start + 20 * MIN, 8, 40);
      const bobLate = await judgeRow(cid, p2, pidB, 'bob', start + 250 * MIN, 0, 100);
      await judgeRow(cid, p1, pidA, 'carol', start + 30 * MIN, 8, 60);
      const carolLate = await judgeRow(cid, p1, pidA, 'carol', start + 260 * MIN, 0, 100);
      await judgeRow(cid, p2, pidB, 'carol', start + 270 * MIN, 8, 70); // a cell only after the seal
      await judgeRow(cid, p2, pidB, 'carol', start + 280 * MIN, 5); // pending: nothing to reveal
      await judgeRow(cid, p1, pidA, 'alice', start + 100 * MIN, 8, 20);
      await judgeRow(cid, p1, pidA, 'adm', start + 50 * MIN, 0, 100); // the creator: left out
      await judgeRow(cid, p1, pidA, 'bob', start + 301 * MIN, -1, 0); // after the end: left out

      const acm = await createContest({
        title: 'scroll-acm-not-oi',
        startTime: iso(start),
        endTime: iso(start + 300 * MIN),
        sealRankTime: iso(start + 240 * MIN),
      });
      expect((await call('GET', `/api/get-contest-scroll-board-oi?cid=${acm}`)).body.msg).toBe(
        M.SCROLL_NOT_OI,
      );
      expect((await call('GET', `/api/get-contest-scroll-board-info?cid=${cid}`)).body.data.type).toBe(1);
      // The access decision of the other scroll-board reads (X8, X32): a password contest with a
      // closed board only for those passing the access check, its admins always.
      const closed = await createContest({
        title: 'scroll-oi-closed',
        type: 1,
        auth: 1,
        pwd: 'pw',
        openRank: false,
        startTime: iso(start),
        endTime: iso(start + 300 * MIN),
        sealRankTime: iso(start + 240 * MIN),
      });
      for (const token of [undefined, 'tok-carol'])
        expect(
          (await call('GET', `/api/get-contest-scroll-board-oi?cid=${closed}`, token)).body,
        ).toMatchObject({
          msg: M.SCROLL_MISSING,
          data: null,
        });
      expect(
        (await call('GET', `/api/get-contest-scroll-board-oi?cid=${closed}`, 'tok-adm')).body.status,
      ).toBe(200);
      // sealed without a seal time: an envelope error, not a 5xx
      await tdb.db.updateTable('contest').set({ seal_rank_time: null }).where('id', '=', closed).execute();
      const noSealTime = await call('GET', `/api/get-contest-scroll-board-oi?cid=${closed}`, 'tok-adm');
      expect(noSealTime.http).toBeLessThan(500);
      expect(noSealTime.body.msg).toBe(M.SCROLL_NOT_SEALED);

      const r = await call('GET', `/api/get-contest-scroll-board-oi?cid=${cid}`);
      expect(r.body.status).toBe(200);
      const data = r.body.data as OiScrollBoard;
      expect(data.problems).toEqual(['P1', 'P2']);
      const score = (cells: Record<string, { score: number | null }>) =>
        Object.fromEntries(Object.entries(cells).map(([k, v]) => [k, v.score]));
      const byUid = Object.fromEntries(data.rows.map((row) => [row.uid, row]));
      // Sealed board order: bob 140, carol 60, team1 20; the creator is not on it.
      expect(data.rows.map((row) => row.uid)).toEqual(['bob', 'carol', 'alice']);
      expect(score(byUid.bob!.before)).toEqual({ P1: 100, P2: 40 });
      expect(score(byUid.bob!.after)).toEqual({ P1: 100, P2: 100 });
      expect(score(byUid.carol!.before)).toEqual({ P1: 60 });
      expect(score(byUid.carol!.after)).toEqual({ P1: 100, P2: 70 });
      expect(score(byUid.alice!.before)).toEqual({ P1: 20 });
      expect(byUid.alice!.hidden).toEqual({});
      expect(byUid.bob!.hidden.P2!.map((h) => h.submitId)).toEqual([bobLate]);
      expect(byUid.carol!.hidden.P1).toEqual([
        { submitId: carolLate, status: 0, score: 100, submitTime: '2026/01/02 12:20:00' },
      ]);
      expect(byUid.carol!.hidden.P2!.map((h) => h.status)).toEqual([8]);
      expect(byUid.bob!.after.P1!.time).toEqual(expect.any(Number));

      // The final cells are the OI board recomputed at the end.
      const board = await call('POST', '/api/get-contest-rank', 'tok-adm', { cid, forceRefresh: true });
      const final = board.body.data.records as {
        uid: string;
        totalScore: number;
        submissionInfo: object;
        timeInfo: object | null;
      }[];
      expect(final.map((x) => x.uid)).toEqual(['bob', 'carol', 'alice']);
      for (const row of final) {
        expect(score(byUid[row.uid]!.after)).toEqual(row.submissionInfo);
        const times = Object.fromEntries(
          Object.entries(byUid[row.uid]!.after).flatMap(([k, v]) => (v.time === null ? [] : [[k, v.time]])),
        );
        expect(Object.keys(times).length > 0 ? times : null).toEqual(row.timeInfo);
      }
    });
  });

  describe('announcements, print, AC info', () => {
    it('announcements: admin adds (event pushed), users read visible ones, unread excludes read ids', async () => {
      const cid = await createContest({ title: 'ann' });
      expect((await call('POST', '/api/admin/contest/announcement', 'tok-alice', {})).http).toBe(403);
      for (const [title, status] of [
        ['first', 0],
        ['hidden', 1],
      ] as const) {
        const r = await call('POST', '/api/admin/contest/announcement', 'tok-adm', {
          cid,
          announcement: { title, content: 'c', status },
        });
        expect(r.body.status).toBe(200);
      }
      expect(events.some((e) => e.subject === Subjects.contestEvent(cid, 'announcement'))).toBe(true);
      const list = await call('GET', `/api/get-contest-announcement?cid=${cid}`, 'tok-bob');
      expect(list.body.data.records.map((a: { title: string }) => a.title)).toEqual(['first']);
      const firstId = list.body.data.records[0].id;
      const unread = await call('POST', '/api/get-contest-not-read-announcement', 'tok-bob', {
        cid,
        readAnnouncementList: [firstId],
      });
      expect(unread.body.data.map((a: { title: string }) => a.title)).toEqual(['hidden']);
      const admin = await call('GET', `/api/admin/contest/announcement?cid=${cid}`, 'tok-adm');
      expect(admin.body.data.total).toBe(2);
    });

    it('print jobs: rate limited per user, listed and checked by the contest admin only', async () => {
      const cid = await createContest({ title: 'print' });
      const content = 'x'.repeat(60);
      expect((await call('POST', '/api/submit-print-text', 'tok-bob', { cid, content })).body.status).toBe(
        200,
      );
      const again = await call('POST', '/api/submit-print-text', 'tok-bob', { cid, content });
      expect(again.body.status).toBe(403);
      expect(again.body.msg).toMatch(/^提交打印功能限制，请在\d+秒后再进行提交！$/);
      expect((await call('GET', `/api/get-contest-print?cid=${cid}`, 'tok-bob')).body).toMatchObject({
        status: 403,
        msg: M.NO_PERMISSION,
      });
      const list = await call('GET', `/api/get-contest-print?cid=${cid}`, 'tok-adm');
      expect(list.body.data.records[0]).toMatchObject({ username: 'bob', content: null, status: 0 });
      const id = list.body.data.records[0].id;
      expect(
        (await call('PUT', `/api/check-contest-print-status?id=${id}&cid=${cid}`, 'tok-adm')).body.status,
      ).toBe(200);
      const file = await app.inject({
        method: 'GET',
        url: `/api/file/download-contest-print-text?id=${id}`,
        headers: { authorization: 'tok-adm' },
      });
      expect(file.body).toBe(content);
      const denied = await app.inject({
        method: 'GET',
        url: `/api/file/download-contest-print-text?id=${id}`,
        headers: { authorization: 'tok-bob' },
      });
      expect(denied.statusCode).toBe(400);
    });

    it('AC info: first AC per user and problem, first blood, checked marks; admins only', async () => {
      const cid = await createContest({ title: 'acinfo' });
      const cp = await link(cid, pidA, 'A');
      const start = now - 120 * MIN;
      await judgeRow(cid, cp, pidA, 'bob', start + 30 * MIN, 0);
      await judgeRow(cid, cp, pidA, 'bob', start + 40 * MIN, 0);
      await judgeRow(cid, cp, pidA, 'alice', start + 20 * MIN, 0);
      expect((await call('GET', `/api/get-contest-ac-info?cid=${cid}`, 'tok-bob')).body.status).toBe(403);
      const r = await call('GET', `/api/get-contest-ac-info?cid=${cid}`, 'tok-adm');
      expect(
        r.body.data.records.map((x: { uid: string; firstBlood: boolean }) => [x.uid, x.firstBlood]),
      ).toEqual([
        ['alice', true],
        ['bob', false],
      ]);
      const bobId = r.body.data.records[1].id;
      expect(
        (await call('PUT', '/api/check-contest-ac-info', 'tok-adm', { id: bobId, cid, checked: true })).body
          .status,
      ).toBe(200);
      const after = await call('GET', `/api/get-contest-ac-info?cid=${cid}`, 'tok-adm');
      expect(
        after.body.data.records.map((x: { uid: string; checked: boolean }) => [x.uid, x.checked]),
      ).toEqual([
        ['alice', false],
        ['bob', true],
      ]);
    });
  });
});

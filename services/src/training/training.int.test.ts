// Trainings on real PostgreSQL: list filters and paging, every access rule, progress after AC/WA
// (and its push), the rank arithmetic and its live rows, and the back office's refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import type { SubmissionJudgeTask } from '@oj/protocol/judge/schemas';
import type { TrainingProgressPushed, TrainingRankPushed } from '@oj/protocol/training/schemas';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { gunzipSync } from 'node:zlib';
import { RunnerStandIn, eventually, tokenOf } from '../judge/test-harness';
import type { AuthUser } from '../platform/http/access';
import { M } from './messages';
import { startTrainingHarness, T_USERS as U, type TrainingHarness } from './test-setup';

const CODE = '#include <cstdio>\nint main() { int a, b; scanf("%d %d", &a, &b); printf("%d", a + b); }';

describe('training capability on postgres', () => {
  let tdb: TestDatabase;
  let bus: Bus;
  let h: TrainingHarness;
  let runner: RunnerStandIn;
  const pids: number[] = [];
  let catA: number;
  let catB: number;
  let priv: number; // private training by U.admin, password "pw", problems P1..P3
  let pub: number; // public training by U.root, problems P1, P2

  const call = (...a: Parameters<TrainingHarness['call']>) => h.call(...a);
  const tidByTitle = async (title: string) =>
    Number(
      (
        (await tdb.db
          .selectFrom('training' as never)
          .select('id' as never)
          .where('title' as never, '=', title as never)
          .executeTakeFirstOrThrow()) as { id: number }
      ).id,
    );
  const create = async (
    who: AuthUser,
    training: Record<string, unknown>,
    category: Record<string, unknown> | null,
  ) => {
    const r = await call(who, 'POST', '/api/admin/training', { training, trainingCategory: category });
    expect(r).toMatchObject({ status: 200 });
    return tidByTitle(String(training.title));
  };
  const submit = async (who: AuthUser, pid: string, tid: number) =>
    call(who, 'POST', '/api/submit-problem-judge', {
      pid,
      language: 'C++',
      code: CODE,
      tid,
      isRemote: false,
    });
  const judgeAs = async (submitId: number, status: number, time = 11) => {
    const task = (await runner.waitForSubmission(submitId)) as SubmissionJudgeTask;
    await runner.finish(runner.resultFor(task, status, { time }));
    await eventually(
      () =>
        tdb.db
          .selectFrom('judge')
          .select('status')
          .where('submit_id', '=', submitId)
          .executeTakeFirstOrThrow(),
      (r) => r.status === status,
    );
  };

  beforeAll(async () => {
    tdb = await createTestDatabase('postgres');
    bus = createMemoryBus();
    h = await startTrainingHarness(tdb, bus);
    runner = await new RunnerStandIn(bus).start();
    for (const id of ['P1', 'P2', 'P3', 'P4']) pids.push(await h.addProblem(id));
    pids.push(await h.addProblem('HIDDEN', { auth: 2 }));
    catA = (await call(U.root, 'POST', '/api/admin/training/category', { name: 'Basics', color: '#ff0000' }))
      .data.id;
    catB = (await call(U.padm, 'POST', '/api/admin/training/category', { name: 'Graphs', color: '#00ff00' }))
      .data.id;
    priv = await create(
      U.admin,
      { title: 'Private one', auth: 'Private', privatePwd: 'pw', rank: 1, description: '# Hi' },
      { id: catA },
    );
    pub = await create(U.root, { title: 'Public one', auth: 'Public', rank: 2 }, { id: catB });
    for (const [i, pid] of pids.slice(0, 3).entries())
      expect(
        await call(U.admin, 'POST', '/api/admin/training/add-problem-from-public', {
          tid: priv,
          pid,
          displayId: `P${i + 1}`,
        }),
      ).toMatchObject({ status: 200 });
    for (const pid of pids.slice(0, 2))
      expect(
        await call(U.root, 'POST', '/api/admin/training/add-problem-from-public', { tid: pub, pid }),
      ).toMatchObject({ status: 200 });
  });

  afterAll(async () => {
    await runner?.close();
    await h?.close();
    await bus?.close();
    await tdb?.drop();
  });

  describe('list, categories, paging', () => {
    beforeAll(async () => {
      for (let i = 0; i < 16; i++)
        await create(
          U.root,
          { title: `Bulk ${String(i).padStart(2, '0')}`, auth: 'Public', rank: 10 + i },
          { id: catB },
        );
      const hidden = await create(U.root, { title: 'Hidden bulk', auth: 'Public', rank: 99 }, { id: catB });
      await call(U.root, 'PUT', `/api/admin/training/change-training-status?tid=${hidden}&status=false`);
    });

    it('pages 15 at a time in rank order, hides disabled trainings, anonymous acCount is null', async () => {
      const p1 = await call(null, 'GET', '/api/get-training-list?currentPage=1&limit=15');
      expect(p1.data.total).toBe(18);
      expect(p1.data.records).toHaveLength(15);
      expect(p1.data.records.slice(0, 2).map((t: { title: string }) => t.title)).toEqual([
        'Private one',
        'Public one',
      ]);
      expect(p1.data.records[0]).toMatchObject({
        categoryName: 'Basics',
        categoryColor: '#ff0000',
        problemCount: 3,
        acCount: null,
        auth: 'Private',
      });
      const p2 = await call(null, 'GET', '/api/get-training-list?currentPage=2&limit=15');
      expect(p2.data.records).toHaveLength(3);
      expect(p2.data.records.map((t: { title: string }) => t.title)).not.toContain('Hidden bulk');
    });

    it('filters by category, auth and keyword (title or author)', async () => {
      expect((await call(null, 'GET', `/api/get-training-list?categoryId=${catA}`)).data.total).toBe(1);
      expect((await call(null, 'GET', `/api/get-training-list?categoryId=${catB}`)).data.total).toBe(17);
      expect(
        (await call(null, 'GET', '/api/get-training-list?auth=Private')).data.records.map(
          (t: { id: number }) => t.id,
        ),
      ).toEqual([priv]);
      expect((await call(null, 'GET', '/api/get-training-list?keyword=bulk%201')).data.total).toBe(6);
      expect(
        (await call(null, 'GET', '/api/get-training-list?keyword=admin')).data.records.map(
          (t: { id: number }) => t.id,
        ),
      ).toEqual([priv]);
    });

    it('lists site categories with their colours', async () => {
      const r = await call(null, 'GET', '/api/get-training-category');
      expect(r.data.map((c: { name: string; color: string }) => [c.name, c.color])).toEqual([
        ['Basics', '#ff0000'],
        ['Graphs', '#00ff00'],
      ]);
    });
  });

  describe('access', () => {
    it('anonymous callers are refused on login calls', async () => {
      for (const url of [
        `/api/get-training-detail?tid=${priv}`,
        `/api/get-training-problem-list?tid=${priv}`,
        `/api/get-training-rank?tid=${priv}`,
      ])
        expect((await call(null, 'GET', url)).http).toBe(401);
    });

    it('a user without registration is told to register; the detail still shows with acCount 0', async () => {
      expect(await call(U.bob, 'GET', `/api/get-training-problem-list?tid=${priv}`)).toMatchObject({
        http: 200,
        status: 401,
        msg: M.PRIVATE_REGISTER_FIRST,
      });
      expect(await call(U.bob, 'GET', `/api/get-training-rank?tid=${priv}`)).toMatchObject({ status: 401 });
      expect((await call(U.bob, 'GET', `/api/get-training-detail?tid=${priv}`)).data).toMatchObject({
        id: priv,
        acCount: 0,
        problemCount: 3,
      });
      expect((await call(U.bob, 'GET', `/api/get-training-access?tid=${priv}`)).data).toEqual({
        access: false,
      });
    });

    it('a public training is open to any user', async () => {
      const r = await call(U.bob, 'GET', `/api/get-training-problem-list?tid=${pub}`);
      expect(r.status).toBe(200);
      expect(r.data.map((p: { problemId: string }) => p.problemId)).toEqual(['P1', 'P2']);
    });

    it('wrong or empty password is refused; the right one registers once', async () => {
      expect(
        await call(U.bob, 'POST', '/api/register-training', { tid: priv, password: 'nope' }),
      ).toMatchObject({ status: 400, msg: M.WRONG_PASSWORD });
      expect(await call(U.bob, 'POST', '/api/register-training', { tid: priv, password: '' })).toMatchObject({
        status: 400,
        msg: M.REGISTER_PARAMS,
      });
      expect(
        await call(U.bob, 'POST', '/api/register-training', { tid: priv, password: 'pw' }),
      ).toMatchObject({ status: 200 });
      expect(
        await call(U.bob, 'POST', '/api/register-training', { tid: priv, password: 'pw' }),
      ).toMatchObject({ status: 400, msg: M.ALREADY_REGISTERED });
      expect((await call(U.bob, 'GET', `/api/get-training-access?tid=${priv}`)).data).toEqual({
        access: true,
      });
      expect((await call(U.bob, 'GET', `/api/get-training-problem-list?tid=${priv}`)).status).toBe(200);
    });

    it('the training admin (author) and a super admin pass without registering; another admin does not', async () => {
      expect((await call(U.admin, 'GET', `/api/get-training-problem-list?tid=${priv}`)).status).toBe(200);
      expect((await call(U.root, 'GET', `/api/get-training-rank?tid=${priv}`)).status).toBe(200);
      expect((await call(U.admin2, 'GET', `/api/get-training-problem-list?tid=${priv}`)).status).toBe(401);
    });

    it('a banned registration is refused with 403; a hidden training with 400', async () => {
      await call(U.erin, 'POST', '/api/register-training', { tid: priv, password: 'pw' });
      await tdb.db
        .updateTable('training_register' as never)
        .set({ status: false } as never)
        .where('uid' as never, '=', U.erin.uid as never)
        .execute();
      expect(await call(U.erin, 'GET', `/api/get-training-problem-list?tid=${priv}`)).toMatchObject({
        status: 403,
        msg: M.BANNED,
      });
      const hidden = await create(U.root, { title: 'Gone', auth: 'Public' }, null);
      await call(U.root, 'PUT', `/api/admin/training/change-training-status?tid=${hidden}&status=false`);
      expect(await call(U.bob, 'GET', `/api/get-training-problem-list?tid=${hidden}`)).toMatchObject({
        status: 400,
        msg: M.TRAINING_MISSING,
      });
      expect(await call(U.bob, 'GET', `/api/get-training-detail?tid=${hidden}`)).toMatchObject({
        status: 400,
      });
    });

    it('the submit gate applies the same rules and records the tid', async () => {
      expect(await submit(U.dave, 'P1', priv)).toMatchObject({ status: 401, msg: M.PRIVATE_REGISTER_FIRST });
      expect(await submit(U.bob, 'P4', priv)).toMatchObject({ status: 403 });
      const r = await submit(U.bob, 'P1', priv);
      expect(r.status).toBe(200);
      const row = await tdb.db
        .selectFrom('judge')
        .selectAll()
        .where('submit_id', '=', r.data.submitId)
        .executeTakeFirstOrThrow();
      expect((row as unknown as { tid: number }).tid).toBe(priv);
      await judgeAs(r.data.submitId, -1);
    });
  });

  describe('progress', () => {
    it('WA leaves progress at 0 with a WA status; AC moves it to 1 and pushes it to the user', async () => {
      const pushes: TrainingProgressPushed[] = [];
      const stop = await bus.subscribe<TrainingProgressPushed>(
        Subjects.trainingProgress(U.alice.uid),
        (e) => void pushes.push(e),
      );
      const wa = await submit(U.alice, 'P2', pub);
      await judgeAs(wa.data.submitId, -1);
      await eventually(
        async () => pushes.length,
        (n) => n >= 1,
      );
      expect(pushes[0]).toMatchObject({
        pid: pids[1],
        status: -1,
        trainings: expect.arrayContaining([{ tid: pub, acCount: 0 }]),
      });
      expect((await call(U.alice, 'GET', `/api/get-training-detail?tid=${pub}`)).data.acCount).toBe(0);
      expect((await call(U.alice, 'GET', `/api/get-training-problem-status?tid=${pub}`)).data).toEqual({
        [pids[0]!]: { status: -10 },
        [pids[1]!]: { status: -1 },
      });
      const ac = await submit(U.alice, 'P2', pub);
      await judgeAs(ac.data.submitId, 0);
      await eventually(
        async () => pushes.length,
        (n) => n >= 2,
      );
      expect(pushes[1]).toMatchObject({
        pid: pids[1],
        status: 0,
        trainings: expect.arrayContaining([{ tid: pub, acCount: 1 }]),
      });
      expect((await call(U.alice, 'GET', `/api/get-training-detail?tid=${pub}`)).data.acCount).toBe(1);
      expect((await call(U.alice, 'GET', '/api/get-training-list?limit=2')).data.records[1]).toMatchObject({
        id: pub,
        acCount: 1,
      });
      await stop();
    });
  });

  describe('rank', () => {
    let rk: number;
    // Problems of their own, so the submissions of the tests above do not reach this board.
    const q: number[] = [];
    const insertJudge = async (who: AuthUser, pid: number, status: number, time: number) => {
      await tdb.db
        .insertInto('judge')
        .values({
          pid,
          display_pid: 'x',
          uid: who.uid,
          username: who.username,
          status,
          time,
          length: 1,
          code: 'x',
          language: 'C++',
        } as never)
        .execute();
    };

    beforeAll(async () => {
      rk = await create(U.admin, { title: 'Rank arithmetic', auth: 'Private', privatePwd: 'r' }, null);
      for (const id of ['R1', 'R2', 'R3']) q.push(await h.addProblem(id));
      for (const [i, pid] of q.entries())
        await call(U.admin, 'POST', '/api/admin/training/add-problem-from-public', {
          tid: rk,
          pid,
          displayId: `R${i + 1}`,
        });
      for (const who of [U.alice, U.bob, U.dave, U.erin, U.root])
        await call(who, 'POST', '/api/register-training', { tid: rk, password: 'r' });
      const [p1, p2, p3] = q as [number, number, number];
      // alice: P1 WA then AC 100 then AC 40 (faster: 40) then WA (ignored); P2 AC 60 → ac 2, 100 ms
      await insertJudge(U.alice, p1, -1, 5);
      await insertJudge(U.alice, p1, 0, 100);
      await insertJudge(U.alice, p1, 0, 40);
      await insertJudge(U.alice, p1, -1, 1);
      await insertJudge(U.alice, p2, 0, 60);
      // bob: P1 AC 50, P3 AC 50 → ac 2, 100 ms (tie with alice on both keys; alice appeared first)
      await insertJudge(U.bob, p1, 0, 50);
      await insertJudge(U.bob, p3, 0, 50);
      // dave: P2 CE then TLE → ac 0, cell TLE
      await insertJudge(U.dave, p2, -2, 0);
      await insertJudge(U.dave, p2, 1, 1000);
      // erin: P3 AC 10 → ac 1
      await insertJudge(U.erin, p3, 0, 10);
      // root is a super admin: never on the board; pending rows are not read
      await insertJudge(U.root, p1, 0, 1);
      await insertJudge(U.erin, p1, 5, 0);
    });

    it('orders by ac, then run time, ties by first appearance, with per-problem cells', async () => {
      const r = await call(U.bob, 'GET', `/api/get-training-rank?tid=${rk}`);
      expect(r.status).toBe(200);
      const rows = r.data.records as {
        username: string;
        ac: number;
        totalRunTime: number;
        submissionInfo: Record<string, unknown>;
        realname: unknown;
      }[];
      expect(rows.map((x) => [x.username, x.ac, x.totalRunTime])).toEqual([
        ['alice', 2, 100],
        ['bob', 2, 100],
        ['erin', 1, 10],
        ['dave', 0, 0],
      ]);
      expect(rows[0]!.submissionInfo).toEqual({
        R1: { status: 0, score: null, isAC: true, runTime: 40 },
        R2: { status: 0, score: null, isAC: true, runTime: 60 },
      });
      expect(rows[3]!.submissionInfo).toEqual({ R2: { status: 1, score: null } });
      expect(r.data.total).toBe(4);
    });

    it('pages, filters by keyword, and shows real names to training admins only', async () => {
      await tdb.db
        .updateTable('users')
        .set({ realname: 'Alice Real', school: 'North School' })
        .where('uid', '=', U.alice.uid)
        .execute();
      h.training.service.dropBoard(rk);
      const page2 = await call(U.bob, 'GET', `/api/get-training-rank?tid=${rk}&limit=3&currentPage=2`);
      expect(page2.data.records.map((x: { username: string }) => x.username)).toEqual(['dave']);
      expect(
        (await call(U.bob, 'GET', `/api/get-training-rank?tid=${rk}&keyword=north`)).data.records.map(
          (x: { username: string }) => x.username,
        ),
      ).toEqual(['alice']);
      expect(
        (await call(U.bob, 'GET', `/api/get-training-rank?tid=${rk}`)).data.records[0].realname,
      ).toBeNull();
      expect((await call(U.admin, 'GET', `/api/get-training-rank?tid=${rk}`)).data.records[0].realname).toBe(
        'Alice Real',
      );
    });

    it('a verdict moves the row and publishes it on the training room', async () => {
      const events: TrainingRankPushed[] = [];
      const stop = await bus.subscribe<TrainingRankPushed>(
        Subjects.trainingRank(rk),
        (e) => void events.push(e),
      );
      await call(U.dave, 'GET', `/api/get-training-rank?tid=${rk}`); // board loaded
      const r = await submit(U.dave, 'R1', rk);
      expect(r.status).toBe(200);
      await judgeAs(r.data.submitId, 0, 5);
      const ev = await eventually(
        async () => events.find((e) => 'row' in e && e.row.username === 'dave' && e.row.ac === 1),
        (e) => !!e,
      );
      expect(ev).toMatchObject({ order: 2, prevOrder: 3, total: 4 });
      const rows = (await call(U.dave, 'GET', `/api/get-training-rank?tid=${rk}`)).data.records;
      expect(rows.map((x: { username: string }) => x.username)).toEqual(['alice', 'bob', 'dave', 'erin']);
      await stop();
    });

    it('a client accepting gzip gets the same page gzipped, one shared body per board version', async () => {
      const url = `/api/get-training-rank?tid=${rk}&limit=2`;
      const get = (encoding?: string) =>
        h.app.inject({
          method: 'GET',
          url,
          headers: { authorization: tokenOf(U.bob), ...(encoding ? { 'accept-encoding': encoding } : {}) },
        });
      const plain = await get();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      const zipped = await get('gzip, deflate, br');
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
      const env = JSON.parse(plain.body) as { status: number; msg: string; data: { total: number } };
      expect(env).toMatchObject({ status: 200, msg: 'success', data: { total: 4, size: 2, current: 1 } });
      // The same bytes for the next viewer of the same page.
      expect((await get()).body).toBe(plain.body);
    });

    it('a public training has an empty rank', async () => {
      expect((await call(U.bob, 'GET', `/api/get-training-rank?tid=${pub}`)).data.total).toBe(0);
    });
  });

  describe('back office', () => {
    it('refuses anonymous (401) and plain users (403) on every call', async () => {
      const calls: [string, string, unknown?][] = [
        ['GET', '/api/admin/training/get-training-list'],
        ['GET', `/api/admin/training?tid=${priv}`],
        ['POST', '/api/admin/training', { training: { title: 'x', auth: 'Public' } }],
        ['PUT', '/api/admin/training', { training: { id: priv, title: 'x', auth: 'Public' } }],
        ['DELETE', `/api/admin/training?tid=${priv}`],
        ['PUT', `/api/admin/training/change-training-status?tid=${priv}&status=false`],
        ['GET', `/api/admin/training/get-problem-list?tid=${priv}`],
        ['PUT', '/api/admin/training/problem', { id: 1, rank: 3 }],
        ['DELETE', `/api/admin/training/problem?tid=${priv}&pid=${pids[0]}`],
        ['POST', '/api/admin/training/add-problem-from-public', { tid: priv, pid: pids[3] }],
        ['POST', '/api/admin/training/category', { name: 'x' }],
        ['PUT', '/api/admin/training/category', { id: catA, name: 'x' }],
        ['DELETE', `/api/admin/training/category?cid=${catA}`],
      ];
      for (const [method, url, body] of calls) {
        expect((await call(null, method as 'GET', url, body)).http, `${method} ${url}`).toBe(401);
        expect((await call(U.bob, method as 'GET', url, body)).http, `${method} ${url}`).toBe(403);
      }
    });

    it('root-only delete and problem-admin-only problem and category calls refuse an admin', async () => {
      expect((await call(U.admin, 'DELETE', `/api/admin/training?tid=${priv}`)).http).toBe(403);
      expect((await call(U.admin, 'PUT', '/api/admin/training/problem', { id: 1, rank: 3 })).http).toBe(403);
      expect((await call(U.admin, 'POST', '/api/admin/training/category', { name: 'x' })).http).toBe(403);
    });

    it("another admin may not read, edit or switch someone else's training (stored author decides)", async () => {
      expect(await call(U.admin2, 'GET', `/api/admin/training?tid=${priv}`)).toMatchObject({
        status: 403,
        msg: M.ADMIN_DENIED,
      });
      expect(
        await call(U.admin2, 'PUT', '/api/admin/training', {
          training: { id: priv, title: 'hijack', auth: 'Public', author: 'admin2' },
        }),
      ).toMatchObject({ status: 403 });
      expect(
        await call(
          U.admin2,
          'PUT',
          `/api/admin/training/change-training-status?tid=${priv}&author=admin2&status=false`,
        ),
      ).toMatchObject({ status: 403 });
      expect(
        await call(U.admin2, 'POST', '/api/admin/training/add-problem-from-public', {
          tid: priv,
          pid: pids[3],
        }),
      ).toMatchObject({ status: 403 });
    });

    it('edits every field, reorders, removes, refuses duplicates and hidden problems', async () => {
      const got = await call(U.admin, 'GET', `/api/admin/training?tid=${priv}`);
      expect(got.data).toMatchObject({
        training: { privatePwd: 'pw', author: 'admin' },
        trainingCategory: { id: catA },
      });
      expect(
        await call(U.admin, 'POST', '/api/admin/training/add-problem-from-public', {
          tid: priv,
          pid: pids[0],
        }),
      ).toMatchObject({ status: 400, msg: M.DUPLICATE_PROBLEM });
      expect(
        await call(U.admin, 'POST', '/api/admin/training/add-problem-from-public', {
          tid: priv,
          pid: pids[4],
        }),
      ).toMatchObject({ status: 400, msg: M.PROBLEM_HIDDEN });
      const list = await call(
        U.root,
        'GET',
        `/api/admin/training/get-problem-list?tid=${priv}&queryExisted=true`,
      );
      expect(list.data.problemList.records.map((p: { problemId: string }) => p.problemId)).toEqual([
        'P1',
        'P2',
        'P3',
      ]);
      const link = list.data.trainingProblemMap[String(pids[2])];
      // padm did not write this training: the stored author decides
      expect(
        await call(U.padm, 'PUT', '/api/admin/training/problem', { id: link.id, rank: -1 }),
      ).toMatchObject({ status: 403, msg: M.ADMIN_DENIED });
      expect(
        (await call(U.root, 'PUT', '/api/admin/training/problem', { id: link.id, rank: -1 })).status,
      ).toBe(200);
      const after = await call(
        U.root,
        'GET',
        `/api/admin/training/get-problem-list?tid=${priv}&queryExisted=true`,
      );
      expect(after.data.problemList.records.map((p: { problemId: string }) => p.problemId)).toEqual([
        'P3',
        'P1',
        'P2',
      ]);
      const candidates = await call(
        U.root,
        'GET',
        `/api/admin/training/get-problem-list?tid=${priv}&queryExisted=false`,
      );
      expect(candidates.data.problemList.records.map((p: { problemId: string }) => p.problemId)).toEqual([
        'P4',
        'R1',
        'R2',
        'R3',
      ]);
      expect(
        (await call(U.root, 'DELETE', `/api/admin/training/problem?tid=${priv}&pid=${pids[1]}`)).status,
      ).toBe(200);
      // a new password drops registrations
      const upd = await call(U.admin, 'PUT', '/api/admin/training', {
        training: {
          id: priv,
          title: 'Private renamed',
          auth: 'Private',
          privatePwd: 'pw2',
          rank: 5,
          description: 'd',
          rankShowName: 'nickname',
          status: true,
        },
        trainingCategory: { name: 'Brand new', color: '#123456' },
      });
      expect(upd.status).toBe(200);
      const again = (await call(U.admin, 'GET', `/api/admin/training?tid=${priv}`)).data;
      expect(again).toMatchObject({
        training: { title: 'Private renamed', privatePwd: 'pw2', rank: 5, rankShowName: 'nickname' },
        trainingCategory: { name: 'Brand new', color: '#123456' },
      });
      expect((await call(U.bob, 'GET', `/api/get-training-access?tid=${priv}`)).data).toEqual({
        access: false,
      });
    });

    it('categories: duplicate names refused, colour and name edited, deleted', async () => {
      expect(await call(U.root, 'POST', '/api/admin/training/category', { name: 'Basics' })).toMatchObject({
        status: 400,
        msg: M.CATEGORY_EXISTS,
      });
      expect(
        (
          await call(U.padm, 'PUT', '/api/admin/training/category', {
            id: catA,
            name: 'Basics 2',
            color: '#000000',
          })
        ).status,
      ).toBe(200);
      const cats = (await call(null, 'GET', '/api/get-training-category')).data as {
        id: number;
        name: string;
        color: string;
      }[];
      expect(cats.find((c) => c.id === catA)).toMatchObject({ name: 'Basics 2', color: '#000000' });
      expect((await call(U.root, 'DELETE', `/api/admin/training/category?cid=${catA}`)).status).toBe(200);
      expect(
        (await call(null, 'GET', '/api/get-training-category')).data.map((c: { id: number }) => c.id),
      ).not.toContain(catA);
    });

    it('root deletes a training', async () => {
      const t = await create(U.root, { title: 'To delete', auth: 'Public' }, null);
      expect((await call(U.root, 'DELETE', `/api/admin/training?tid=${t}`)).status).toBe(200);
      expect((await call(U.root, 'GET', `/api/admin/training?tid=${t}`)).msg).toBe(M.ADMIN_NOT_FOUND);
    });
  });
});

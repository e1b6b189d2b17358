// Group trainings (gid set) through the same code: the group's rules come from the GroupRolePort
// (a fixed map here; the group capability implements it in production).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import type { SubmissionJudgeTask } from '@oj/protocol/judge/schemas';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { RunnerStandIn, eventually } from '../judge/test-harness';
import type { GroupStanding } from '../platform/shared-ports';
import { GM, M } from './messages';
import { startTrainingHarness, T_USERS as U, type TrainingHarness } from './test-setup';

const GID = 77;
const STANDINGS: Record<string, GroupStanding> = {
  [U.alice.uid]: 'member',
  [U.bob.uid]: 'root',
  [U.dave.uid]: 'applying',
  [U.padm.uid]: 'admin',
};
const CODE = '#include <cstdio>\nint main() { int a, b; scanf("%d %d", &a, &b); printf("%d", a + b); }';

describe('group trainings on postgres', () => {
  let tdb: TestDatabase;
  let bus: Bus;
  let h: TrainingHarness;
  let runner: RunnerStandIn;
  let pub: number;
  let priv: number;

  const makeGroupTraining = async (title: string, auth: 'Public' | 'Private') => {
    expect(
      (await h.call(U.root, 'POST', '/api/admin/training', { training: { title, auth, privatePwd: 'g' } }))
        .status,
    ).toBe(200);
    const row = (await tdb.db
      .selectFrom('training' as never)
      .select('id' as never)
      .where('title' as never, '=', title as never)
      .executeTakeFirstOrThrow()) as { id: number };
    await tdb.db
      .updateTable('training' as never)
      .set({ gid: GID, is_group: true } as never)
      .where('id' as never, '=', row.id as never)
      .execute();
    return Number(row.id);
  };

  beforeAll(async () => {
    tdb = await createTestDatabase('postgres');
    bus = createMemoryBus();
    h = await startTrainingHarness(tdb, bus, {
      groups: {
        standing: async (uid, gid) => (gid !== GID ? 'missing' : uid ? (STANDINGS[uid] ?? 'none') : 'none'),
      },
    });
    runner = await new RunnerStandIn(bus).start();
    const pid = await h.addProblem('G1');
    pub = await makeGroupTraining('Group public', 'Public');
    priv = await makeGroupTraining('Group private', 'Private');
    for (const tid of [pub, priv])
      await h.call(U.root, 'POST', '/api/admin/training/add-problem-from-public', { tid, pid });
  });

  afterAll(async () => {
    await runner?.close();
    await h?.close();
    await bus?.close();
    await tdb?.drop();
  });

  it('stays out of the site list', async () => {
    const titles = (await h.call(null, 'GET', '/api/get-training-list')).data.records.map(
      (t: { title: string }) => t.title,
    );
    expect(titles).not.toContain('Group public');
  });

  it('admits members and site roots; refuses applicants and strangers', async () => {
    const url = `/api/get-training-problem-list?tid=${pub}`;
    expect((await h.call(U.alice, 'GET', url)).status).toBe(200);
    expect((await h.call(U.root, 'GET', url)).status).toBe(200);
    expect(await h.call(U.dave, 'GET', url)).toMatchObject({ status: 403, msg: M.NOT_GROUP_MEMBER });
    expect(await h.call(U.erin, 'GET', url)).toMatchObject({ status: 403, msg: M.NOT_GROUP_MEMBER });
    expect(await h.call(U.erin, 'GET', `/api/get-training-detail?tid=${pub}`)).toMatchObject({
      status: 403,
      msg: M.DETAIL_GROUP_DENIED,
    });
  });

  it('the group root is a training admin of a private group training; members register', async () => {
    expect((await h.call(U.bob, 'GET', `/api/get-training-problem-list?tid=${priv}`)).status).toBe(200);
    expect((await h.call(U.alice, 'GET', `/api/get-training-problem-list?tid=${priv}`)).status).toBe(401);
    expect(
      (await h.call(U.alice, 'POST', '/api/register-training', { tid: priv, password: 'g' })).status,
    ).toBe(200);
    expect((await h.call(U.alice, 'GET', `/api/get-training-problem-list?tid=${priv}`)).status).toBe(200);
  });

  it("a member's submission carries the group id and counts in the group training's rank", async () => {
    await h.call(U.bob, 'POST', '/api/register-training', { tid: priv, password: 'g' });
    const r = await h.call(U.alice, 'POST', '/api/submit-problem-judge', {
      pid: 'G1',
      language: 'C++',
      code: CODE,
      tid: priv,
      isRemote: false,
    });
    expect(r.status).toBe(200);
    const task = (await runner.waitForSubmission(r.data.submitId)) as SubmissionJudgeTask;
    await runner.finish(runner.resultFor(task, 0));
    const row = await eventually(
      () =>
        tdb.db
          .selectFrom('judge')
          .select(['status', 'gid'])
          .where('submit_id', '=', r.data.submitId)
          .executeTakeFirstOrThrow(),
      (x) => x.status === 0,
    );
    expect(Number(row.gid)).toBe(GID);
    const rank = await h.call(U.bob, 'GET', `/api/get-training-rank?tid=${priv}`);
    // bob is the group root: a training admin, never on the board
    expect(rank.data.records.map((x: { username: string }) => x.username)).toEqual(['alice']);
    expect((await h.call(U.alice, 'GET', `/api/get-training-detail?tid=${priv}`)).data.acCount).toBe(1);
    expect(
      await h.call(U.dave, 'POST', '/api/submit-problem-judge', {
        pid: 'G1',
        language: 'C++',
        code: CODE,
        tid: pub,
        isRemote: false,
      }),
    ).toMatchObject({ status: 403, msg: M.NOT_GROUP_MEMBER });
  });

  describe('group training routes', () => {
    let made: number;

    it('group admins create; members and strangers may not; a missing group is BAN', async () => {
      const dto = (title: string, gid: number | null = GID) => ({
        training: { title, auth: 'Private', privatePwd: 'x', gid },
        trainingCategory: { name: 'Group cat', color: '#112233' },
      });
      expect(await h.call(U.alice, 'POST', '/api/group/training', dto('by member'))).toMatchObject({
        status: 403,
        msg: GM.NOPERM,
      });
      expect(await h.call(U.padm, 'POST', '/api/group/training', dto('no gid', null))).toMatchObject({
        status: 403,
        msg: GM.GID_REQUIRED,
      });
      expect(await h.call(U.padm, 'POST', '/api/group/training', dto('lost', 999))).toMatchObject({
        status: 404,
        msg: GM.BAN('添加训练失败，'),
      });
      expect((await h.call(U.padm, 'POST', '/api/group/training', dto('By gadmin'))).status).toBe(200);
      const list = await h.call(U.alice, 'GET', `/api/group/get-training-list?gid=${GID}`);
      expect(list.status).toBe(200);
      const row = list.data.records.find((t: { title: string }) => t.title === 'By gadmin');
      expect(row).toMatchObject({ gid: GID, categoryName: 'Group cat', auth: 'Private' });
      made = row.id;
      expect(await h.call(U.erin, 'GET', `/api/group/get-training-list?gid=${GID}`)).toMatchObject({
        status: 403,
      });
      // the group category is not a site category
      expect(
        (await h.call(null, 'GET', '/api/get-training-category')).data.map((c: { name: string }) => c.name),
      ).not.toContain('Group cat');
    });

    it("a group training takes a site category, as the reference's client sends it; another group's category is refused", async () => {
      const siteCat = await h.call(U.root, 'POST', '/api/admin/training/category', {
        name: 'Site cat for groups',
        color: '#445566',
      });
      expect(siteCat.status).toBe(200);
      const category = { id: siteCat.data.id, name: 'Site cat for groups', color: '#445566', gid: null };
      const created = await h.call(U.padm, 'POST', '/api/group/training', {
        training: { title: 'With a site category', auth: 'Public', gid: GID },
        trainingCategory: category,
      });
      expect(created.status).toBe(200);
      const rows = (await h.call(U.padm, 'GET', `/api/group/get-training-list?gid=${GID}`)).data.records;
      const row = rows.find((t: { title: string }) => t.title === 'With a site category');
      expect(row).toMatchObject({ categoryName: 'Site cat for groups', categoryColor: '#445566' });
      // an edit keeps accepting it
      expect(
        (
          await h.call(U.padm, 'PUT', '/api/group/training', {
            training: { id: row.id, title: 'With a site category', auth: 'Public' },
            trainingCategory: category,
          })
        ).status,
      ).toBe(200);
      // the group's own category is still not the site's to use
      const groupCat = await tdb.db
        .selectFrom('training_category' as never)
        .select(['id' as never])
        .where('name' as never, '=', 'Group cat' as never)
        .executeTakeFirstOrThrow();
      expect(
        await h.call(U.root, 'POST', '/api/admin/training', {
          training: { title: 'site with group cat', auth: 'Public' },
          trainingCategory: { id: (groupCat as { id: number }).id, name: 'Group cat' },
        }),
      ).toMatchObject({ status: 403 });
    });

    it('admin list with passwords for group admins only; edit by the author or the group root', async () => {
      const adminList = await h.call(U.padm, 'GET', `/api/group/get-admin-training-list?gid=${GID}`);
      expect(adminList.data.records.find((t: { id: number }) => t.id === made)).toMatchObject({
        privatePwd: 'x',
      });
      expect((await h.call(U.alice, 'GET', `/api/group/get-admin-training-list?gid=${GID}`)).status).toBe(
        403,
      );
      const edit = (title: string) => ({ training: { id: made, title, auth: 'Public' } });
      expect(await h.call(U.alice, 'PUT', '/api/group/training', edit('x'))).toMatchObject({ status: 403 });
      expect((await h.call(U.bob, 'PUT', '/api/group/training', edit('Renamed by groot'))).status).toBe(200);
      expect((await h.call(U.padm, 'GET', `/api/group/training?tid=${made}`)).data.training.title).toBe(
        'Renamed by groot',
      );
      expect(await h.call(U.padm, 'GET', `/api/group/training?tid=${pub}`)).toMatchObject({ status: 403 });
      const site = await h.call(U.root, 'POST', '/api/admin/training', {
        training: { title: 'site one', auth: 'Public' },
      });
      expect(site.status).toBe(200);
      const siteId = (await h.call(U.root, 'GET', '/api/admin/training/get-training-list?keyword=site%20one'))
        .data.records[0].id;
      expect(await h.call(U.padm, 'GET', `/api/group/training?tid=${siteId}`)).toMatchObject({
        status: 403,
        msg: GM.NOT_GROUP_TRAINING_GET,
      });
    });

    it('adds a group problem and a public one, lists them, removes one', async () => {
      const gp = await tdb.db
        .insertInto('problem')
        .values({ problem_id: 'GRP-1', title: 'Group problem', auth: 1, is_group: true, gid: GID } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(
        (
          await h.call(
            U.padm,
            'POST',
            `/api/group/add-training-problem-from-group?problemId=GRP-1&tid=${made}`,
          )
        ).status,
      ).toBe(200);
      const pub2 = await h.addProblem('G2');
      expect(
        (
          await h.call(U.padm, 'POST', '/api/group/add-training-problem-from-public', {
            tid: made,
            pid: pub2,
          })
        ).status,
      ).toBe(200);
      expect(
        await h.call(U.padm, 'POST', '/api/group/add-training-problem-from-group?problemId=NOPE&tid=' + made),
      ).toMatchObject({ status: 404, msg: GM.PROBLEM_GROUP_GONE });
      const list = await h.call(U.padm, 'GET', `/api/group/get-training-problem-list?tid=${made}`);
      expect(list.data.problemList.records.map((p: { problemId: string }) => p.problemId)).toEqual([
        'GRP-1',
        'G2',
      ]);
      expect((await h.call(U.alice, 'GET', `/api/group/get-training-problem-list?tid=${made}`)).status).toBe(
        403,
      );
      expect(
        (await h.call(U.padm, 'DELETE', `/api/group/training-problem?tid=${made}&pid=${gp.id}`)).status,
      ).toBe(200);
      expect(
        (await h.call(U.padm, 'PUT', `/api/group/change-training-status?tid=${made}&status=false`)).status,
      ).toBe(200);
      expect((await h.call(U.alice, 'GET', `/api/get-training-detail?tid=${made}`)).status).toBe(400);
      expect((await h.call(U.padm, 'DELETE', `/api/group/training?tid=${made}`)).status).toBe(200);
    });
  });
});

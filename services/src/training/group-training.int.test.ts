// Group trainings (gid set) through the same code: the group's rules come from the GroupRolePort
// (a fixed map here; the group capability implements it in production).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import type { SubmissionJudgeTask } from '@oj/protocol/judge/schemas';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { RunnerStandIn, eventually } from '../judge/test-harness';
import type { GroupStanding } from '../platform/shared-ports';
import { M } from './messages';
import { startTrainingHarness, T_USERS as U, type TrainingHarness } from './test-setup';

const GID = 77;
const STANDINGS: Record<string, GroupStanding> = {
  [U.alice.uid]: 'member',
  [U.bob.uid]: 'root',
  [U.dave.uid]: 'applying',
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
      groups: { standing: async (uid, gid) => (gid === GID && uid ? (STANDINGS[uid] ?? 'none') : 'none') },
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
});

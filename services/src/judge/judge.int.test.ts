import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryBus, type Bus } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import type { SubmissionJudgeTask, TestJudgeTask } from '@oj/protocol/judge/schemas';
import type { SubmissionUpdate } from '@oj/protocol/realtime/events';
import { DB_KINDS, createTestDatabase, type TestDatabase } from '../../test/support/db';
import {
  RunnerStandIn,
  USERS,
  eventually,
  makeProblem,
  seedUsers,
  startHarness,
  tokenOf,
  type Harness,
} from './test-harness';
import type { AuthUser } from '../platform/http/access';
import { denied, notFound } from '../platform/http/errors';

const CODE = 'int main() { return 0; }';

describe.each(DB_KINDS)('judge capability on %s', (kind) => {
  let tdb: TestDatabase;
  let bus: Bus;
  let h: Harness;
  let runner: RunnerStandIn;
  const updates: SubmissionUpdate[] = [];

  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    await seedUsers(tdb);
    bus = createMemoryBus();
    h = await startHarness(tdb, bus, {
      contests: {
        async resolveSubmission(_user, cid, displayId) {
          if (cid !== 7) throw notFound('对不起，该比赛不存在！');
          if (displayId === 'S') return { pid: 5, cpid: 71, displayId: 'S', gid: null };
          if (displayId !== 'A') throw denied('错误！当前题目已被隐藏，不可提交！');
          return { pid: 1, cpid: 70, displayId: 'A', gid: null };
        },
      },
      // Contest 7 as the contest capability describes it to the submission guard: a running public
      // ACM contest, administered by nobody here, whose board admits every signed-in viewer.
      contestViews: {
        async viewFacts(user, cid) {
          if (cid !== 7) return null;
          const start = new Date(Date.now() - 3_600_000);
          return {
            contest: {
              id: 7,
              uid: 'contest-creator',
              type: 0,
              startTime: start,
              endTime: new Date(start.getTime() + 86_400_000),
              sealRankTime: null,
              allowEndSubmit: false,
            },
            isContestAdmin: false,
            sealed: false,
            status: 0,
            mayRead: user !== null,
          };
        },
        async checkAccess() {
          return { isContestAdmin: false };
        },
        async displayTitles() {
          return new Map();
        },
      },
    });
    runner = await new RunnerStandIn(bus).start();
    await bus.subscribe<SubmissionUpdate>(Subjects.submissionUpdatedAll, (u) => void updates.push(u));
    h.problems.add(makeProblem(1));
    h.problems.add(makeProblem(2, { type: 1, judgeCaseMode: 'default', ioScore: 100, difficulty: 2 }));
    h.problems.add(makeProblem(3, { auth: 2 }));
    h.problems.add(makeProblem(4, { codeShare: false }));
    h.problems.add(
      makeProblem(5, {
        testCases: [
          {
            caseId: 51,
            inputHash: 'a'.repeat(64),
            outputHash: 'b'.repeat(64),
            score: 0,
            groupNum: 1,
            sample: true,
          },
          { caseId: 52, inputHash: 'c'.repeat(64), outputHash: 'd'.repeat(64), score: 0, groupNum: 1 },
        ],
      }),
    );
  });
  afterAll(async () => {
    await runner?.close();
    await h?.close();
    await bus?.close();
    await tdb?.drop();
  });
  beforeEach(() => {
    h.switches.defaultSubmitInterval = 0;
  });

  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    user: AuthUser | null,
    payload?: unknown,
  ) => {
    const res = await h.app.inject({
      method,
      url,
      headers: user ? { authorization: tokenOf(user) } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read many response shapes
    return { http: res.statusCode, body: res.json() as { status: number; msg: string; data: any } };
  };
  const submit = (user: AuthUser | null, pid: string, code = CODE, language = 'C++') =>
    call('POST', '/api/submit-problem-judge', user, { pid, language, code, isRemote: false });
  const row = (id: number) =>
    tdb.db.selectFrom('judge').selectAll().where('submit_id', '=', id).executeTakeFirstOrThrow();
  const taskOf = (id: number) =>
    runner.tasks
      .filter((t): t is SubmissionJudgeTask => t.kind === 'submission' && t.submitId === id)
      .at(-1)!;

  async function submitAndTake(user: AuthUser, pid: string): Promise<SubmissionJudgeTask> {
    const before = runner.tasks.length;
    const res = await submit(user, pid);
    expect(res.body.status, res.body.msg).toBe(200);
    await runner.waitForTasks(before + 1);
    return taskOf(res.body.data.submitId);
  }

  it('submit stores a Pending row, then queues a task built from the problem', async () => {
    const res = await submit(USERS.alice, '1001');
    expect(res.body.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      status: 5,
      share: false,
      code: CODE,
      username: 'alice',
      cid: 0,
      version: 0,
    });
    expect(data.vjudgeSubmitId).toBeNull();
    await runner.waitForTasks(1);
    const task = taskOf(data.submitId);
    expect(task).toMatchObject({
      kind: 'submission',
      version: 0,
      problemType: 0,
      language: 'C++',
      code: CODE,
    });
    expect(task.testCases).toHaveLength(2);
    // The row was committed before the task went out.
    expect((await row(data.submitId)).status).toBe(5);
  });

  it('live path: progress and verdict are stored and published in order; the AC is recorded', async () => {
    const task = await submitAndTake(USERS.bob, '1001');
    const id = task.submitId;
    await runner.progress(task, 6);
    await eventually(
      () => row(id),
      (r) => r.status === 6,
    );
    await runner.progress(task, 7, { total: 2 });
    await eventually(
      () => row(id),
      (r) => r.status === 7,
    );
    const caseDone = runner.resultFor(task, 0).cases[0]!;
    await runner.progress(task, 7, { total: 2, case: caseDone });
    await eventually(
      async () => updates.filter((u) => u.submitId === id && u.casesDone === 1),
      (l) => l.length === 1,
    );
    await runner.finish(runner.resultFor(task, 0));
    const done = await eventually(
      () => row(id),
      (r) => r.status === 0,
    );
    expect(done.judger).toBe('runner-1');
    expect(done.time).toBe(11);
    const mine = updates.filter((u) => u.submitId === id);
    // The per-case progress re-publishes Judging with the count.
    expect(mine.filter((u) => u.reason !== 'counted').map((u) => u.status)).toEqual([5, 6, 7, 7, 0]);
    // The counters follow the pushed verdict, announced on the bus for the caches of counters.
    await eventually(
      async () => updates.filter((u) => u.submitId === id).map((u) => u.reason),
      (reasons) => reasons.at(-1) === 'counted' && reasons.at(-2) === 'result',
    );
    const cases = await tdb.db.selectFrom('judge_case').selectAll().where('submit_id', '=', id).execute();
    expect(cases).toHaveLength(2);
    const ac = await tdb.db
      .selectFrom('user_acproblem')
      .selectAll()
      .where('uid', '=', USERS.bob.uid)
      .execute();
    expect(ac.map((a) => a.submit_id)).toEqual([id]);
    expect(h.problems.count(1, 0)).toBeGreaterThanOrEqual(1);
  });

  it('applying the same result twice changes nothing; late progress is ignored', async () => {
    const task = await submitAndTake(USERS.alice, '1001');
    const id = task.submitId;
    const result = runner.resultFor(task, -1, { errorMessage: 'wrong' });
    await h.judge.service.applyResult(result);
    const calls = h.problems.verdictCalls;
    const first = await row(id);
    await h.judge.service.applyResult(result);
    await runner.finish({ ...result, dedupeId: `${result.dedupeId}:again` });
    await runner.progress(task, 7);
    await new Promise((r) => setTimeout(r, 200));
    const after = await row(id);
    expect(after.status).toBe(-1);
    expect(after.gmt_modified.getTime()).toBe(first.gmt_modified.getTime());
    expect(h.problems.verdictCalls).toBe(calls);
    const cases = await tdb.db.selectFrom('judge_case').select('id').where('submit_id', '=', id).execute();
    expect(cases).toHaveLength(2);
    // WA keeps no error text on the row (only CE/SE/RE/SF do).
    expect(after.error_message).toBeNull();
    // Each handling pushes the stored verdict (issue #23: its first push may have been lost): the same one.
    const pushed = await eventually(
      async () => updates.filter((u) => u.submitId === id && u.reason === 'result'),
      (l) => l.length === 3,
    );
    expect(pushed.map((u) => u.status)).toEqual([-1, -1, -1]);
  });

  it('OI verdicts store score and rank score = round(0.1·score + 2·difficulty·score/io)', async () => {
    const task = await submitAndTake(USERS.alice, '1002');
    await h.judge.service.applyResult(runner.resultFor(task, -1, { score: 50 }));
    const r = await row(task.submitId);
    expect(r.status).toBe(-1);
    expect(r.score).toBe(50);
    expect(r.oi_rank_score).toBe(Math.floor(50 * 0.1 + (2 * 2 * 50) / 100 + 0.5)); // 7
    const all = await submitAndTake(USERS.bob, '1002');
    await h.judge.service.applyResult(runner.resultFor(all, 0, { score: 100 }));
    expect((await row(all.submitId)).oi_rank_score).toBe(14); // round(10 + 4)
  });

  describe('refusals', () => {
    it('anonymous → HTTP 401; role 1003 → HTTP 403', async () => {
      expect((await submit(null, '1001')).http).toBe(401);
      const res = await submit(USERS.mute, '1001');
      expect(res.http).toBe(403);
      expect(res.body.status).toBe(403);
    });

    it('empty code, too long code, wrong language, private or missing problem', async () => {
      expect((await submit(USERS.alice, '1001', '   \n')).body).toMatchObject({
        status: 400,
        msg: '提交的代码不能为空！',
      });
      expect((await submit(USERS.alice, '1001', 'x'.repeat(65_536))).body.status).toBe(400);
      expect((await submit(USERS.alice, '1001', CODE, 'Java')).body.msg).toContain('提交的代码的语言错误');
      expect((await submit(USERS.alice, '1001', CODE, 'Cobol')).body.status).toBe(400);
      expect((await submit(USERS.alice, '1003')).body).toMatchObject({
        status: 403,
        msg: '错误！当前题目不可提交！',
      });
      expect((await submit(USERS.alice, '9999')).body).toMatchObject({
        status: 403,
        msg: '错误！当前题目已不存在，不可提交！',
      });
    });

    it('a second submission within the interval is refused', async () => {
      h.switches.defaultSubmitInterval = 60;
      const u = USERS.admin;
      expect((await submit(u, '1001')).body.status).toBe(200);
      expect((await submit(u, '1001')).body).toMatchObject({
        status: 403,
        msg: '对不起，您的提交频率过快，请稍后再尝试！',
      });
    });

    it("another user's private code stays hidden; shared code shows only when the problem allows sharing", async () => {
      const task = await submitAndTake(USERS.alice, '1001');
      const id = task.submitId;
      const detail = (u: AuthUser | null) => call('GET', `/api/get-submission-detail?submitId=${id}`, u);
      expect((await detail(USERS.bob)).body.data.submission.code).toBeNull();
      expect((await detail(null)).body.data.submission.code).toBeNull();
      expect((await detail(USERS.alice)).body.data.submission.code).toBe(CODE);
      // The admin role is not a code reader outside contests (root and problem admins are).
      expect((await detail(USERS.admin)).body.data.submission.code).toBeNull();
      // Only the owner may share.
      expect(
        (await call('PUT', '/api/submission', USERS.bob, { submitId: id, share: true })).body.status,
      ).toBe(403);
      expect(
        (await call('PUT', '/api/submission', USERS.alice, { submitId: id, share: true })).body.status,
      ).toBe(200);
      expect((await detail(USERS.bob)).body.data.submission.code).toBe(CODE);
      // codeShare off on problem 4: sharing does not expose the code.
      const t4 = await submitAndTake(USERS.alice, '1004');
      await call('PUT', '/api/submission', USERS.alice, { submitId: t4.submitId, share: true });
      const d4 = await call('GET', `/api/get-submission-detail?submitId=${t4.submitId}`, USERS.bob);
      expect(d4.body.data.submission.code).toBeNull();
      expect(d4.body.data.codeShare).toBe(false);
      expect((await call('GET', '/api/get-submission-detail?submitId=987654', null)).body.status).toBe(404);
    });

    it('rejudge, manual and cancel judge need root (admin gets HTTP 403)', async () => {
      const task = await submitAndTake(USERS.alice, '1001');
      for (const url of [
        `/api/admin/judge/rejudge?submitId=${task.submitId}`,
        `/api/admin/judge/manual-judge?submitId=${task.submitId}&status=0`,
        `/api/admin/judge/cancel-judge?submitId=${task.submitId}`,
      ]) {
        expect((await call('GET', url, USERS.admin)).http).toBe(403);
        expect((await call('GET', url, USERS.alice)).http).toBe(403);
      }
    });
  });

  it('rejudge resets the row, bumps the version, re-queues, and ignores the old judging', async () => {
    const task = await submitAndTake(USERS.alice, '1001');
    const id = task.submitId;
    await h.judge.service.applyResult(runner.resultFor(task, 0));
    expect(
      await tdb.db.selectFrom('user_acproblem').select('id').where('submit_id', '=', id).execute(),
    ).toHaveLength(1);
    const before = runner.tasks.length;
    const res = await call('GET', `/api/admin/judge/rejudge?submitId=${id}`, USERS.root);
    expect(res.body).toMatchObject({ status: 200, msg: '重判成功！该提交已进入判题队列！' });
    expect(res.body.data).toMatchObject({ status: 5, version: 1, code: CODE });
    await runner.waitForTasks(before + 1);
    expect(taskOf(id).version).toBe(1);
    expect(
      await tdb.db.selectFrom('judge_case').select('id').where('submit_id', '=', id).execute(),
    ).toHaveLength(0);
    // A late result of version 0 does not land.
    await h.judge.service.applyResult(runner.resultFor(task, -1));
    expect((await row(id)).status).toBe(5);
    await h.judge.service.applyResult(runner.resultFor(taskOf(id), -1));
    expect((await row(id)).status).toBe(-1);
    // The AC record went with the accepted verdict.
    expect(
      await tdb.db.selectFrom('user_acproblem').select('id').where('submit_id', '=', id).execute(),
    ).toHaveLength(0);
  });

  it('manual judge and cancel judge follow the lifecycle rules', async () => {
    const task = await submitAndTake(USERS.bob, '1002');
    const id = task.submitId;
    const manual = (status: number, score?: number) =>
      call(
        'GET',
        `/api/admin/judge/manual-judge?submitId=${id}&status=${status}${score !== undefined ? `&score=${score}` : ''}`,
        USERS.root,
      );
    expect((await manual(0)).body.msg).toBe('错误：该提交正在评测中，无法修改，请稍后再尝试！');
    await h.judge.service.applyResult(runner.resultFor(task, -1, { score: 50 }));
    const m = await manual(0, 150);
    expect(m.body.data).toMatchObject({
      submitId: id,
      status: 0,
      score: 100,
      oiRankScore: 14,
      judger: 'root',
    });
    expect((await row(id)).is_manual).toBe(true);
    const c = await call('GET', `/api/admin/judge/cancel-judge?submitId=${id}`, USERS.root);
    expect(c.body.data).toMatchObject({ submitId: id, status: -4 });
    expect((await call('GET', `/api/admin/judge/cancel-judge?submitId=${id}`, USERS.root)).body.status).toBe(
      400,
    );
    expect(updates.filter((u) => u.submitId === id).map((u) => u.reason)).toEqual([
      'submitted',
      'result',
      'counted',
      'manual',
      'cancel',
    ]);
    // A CE cannot be edited by hand.
    const ce = await submitAndTake(USERS.bob, '1001');
    await h.judge.service.applyResult(runner.resultFor(ce, -2, { cases: [], errorMessage: 'error: x' }));
    expect((await row(ce.submitId)).error_message).toBe('error: x');
    const res = await call(
      'GET',
      `/api/admin/judge/manual-judge?submitId=${ce.submitId}&status=0`,
      USERS.root,
    );
    expect(res.body.msg).toBe('错误：编译失败的提交无法修改！');
  });

  it('resubmit: only the owner, re-queues with a new version', async () => {
    const task = await submitAndTake(USERS.alice, '1001');
    await h.judge.service.applyResult(runner.resultFor(task, 10, { cases: [], errorMessage: 'lost' }));
    expect((await call('GET', `/api/resubmit?submitId=${task.submitId}`, USERS.bob)).body.status).toBe(403);
    const res = await call('GET', `/api/resubmit?submitId=${task.submitId}`, USERS.alice);
    expect(res.body.data).toMatchObject({ status: 5, version: 1, errorMessage: null });
  });

  it('contest submissions go through the contest port and stay out of site lists and AC records', async () => {
    h.switches.defaultSubmitInterval = 60;
    const send = (pid: string, cid: number) =>
      call('POST', '/api/submit-problem-judge', USERS.bob, {
        pid,
        language: 'C++',
        code: CODE,
        cid,
        isRemote: false,
      });
    expect((await send('A', 8)).body).toMatchObject({ status: 404, msg: '对不起，该比赛不存在！' });
    expect((await send('B', 7)).body.status).toBe(403);
    const first = await send('A', 7);
    // No frequency window inside contests.
    const second = await send('A', 7);
    expect([first.body.status, second.body.status]).toEqual([200, 200]);
    expect(first.body.data).toMatchObject({ cid: 7, cpid: 70, displayPid: 'A', pid: 1 });
    const id = first.body.data.submitId as number;
    await runner.waitForTasks(runner.tasks.length);
    await h.judge.service.applyResult(runner.resultFor(await eventually(async () => taskOf(id), Boolean), 0));
    expect((await row(id)).status).toBe(0);
    expect(
      await tdb.db.selectFrom('user_acproblem').select('id').where('submit_id', '=', id).execute(),
    ).toHaveLength(0);
    const all = await call('GET', '/api/get-submission-list?onlyMine=false&limit=500', null);
    expect(all.body.data.records.some((r: { submitId: number }) => r.submitId === id)).toBe(false);
    expect((await call('GET', `/api/get-submission-detail?submitId=${id}`, null)).body).toMatchObject({
      status: 401,
      msg: '请先登录！',
    });
    const other = (await call('GET', `/api/get-submission-detail?submitId=${id}`, USERS.alice)).body.data
      .submission;
    expect([other.code, other.time, other.memory]).toEqual([null, null, null]);
    expect(
      (await call('GET', `/api/get-submission-detail?submitId=${id}`, USERS.bob)).body.data.submission.code,
    ).toBe(CODE);
    expect(
      (await call('PUT', '/api/submission', USERS.bob, { submitId: id, share: true })).body,
    ).toMatchObject({
      status: 403,
      msg: '对不起，您不能分享比赛题目的提交代码！',
    });
  });

  it('the status list filters and hides what it must', async () => {
    const list = async (qs: string, u: AuthUser | null = null) =>
      (await call('GET', `/api/get-submission-list?${qs}`, u)).body;
    expect((await list('onlyMine=true')).status).toBe(401);
    const mine = await list('onlyMine=true&limit=500', USERS.bob);
    expect(mine.data.records.length).toBeGreaterThan(0);
    expect(mine.data.records.every((r: { username: string }) => r.username === 'bob')).toBe(true);
    const all = await list('onlyMine=false&limit=500');
    const ids = all.data.records.map((r: { submitId: number }) => r.submitId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.data.total).toBe(all.data.records.length);
    expect(all.data.records[0]).toMatchObject({
      title: expect.any(String),
      ip: null,
      cid: 0,
      displayId: null,
    });
    expect(all.data.records[0]).not.toHaveProperty('code');
    const ac = await list('onlyMine=false&status=0&limit=500');
    expect(ac.data.records.every((r: { status: number }) => r.status === 0)).toBe(true);
    const byUser = await list('onlyMine=false&username=ALI&limit=500');
    expect(byUser.data.records.length).toBeGreaterThan(0);
    expect(byUser.data.records.every((r: { username: string }) => r.username === 'alice')).toBe(true);
    const like = await list('onlyMine=false&problemID=100&limit=500');
    expect(like.data.total).toBe(all.data.total);
    const exact = await list('onlyMine=false&problemID=100&completeProblemID=true');
    expect(exact.data.total).toBe(0);
    const p2 = await list('onlyMine=false&problemID=1002&completeProblemID=true&limit=500');
    expect(p2.data.records.every((r: { displayPid: string }) => r.displayPid === '1002')).toBe(true);
    const page = await list('onlyMine=false&limit=2&currentPage=2');
    expect(page.data).toMatchObject({ size: 2, current: 2, pages: Math.ceil(all.data.total / 2) });
    expect(page.data.records.map((r: { submitId: number }) => r.submitId)).toEqual(ids.slice(2, 4));
    // A group's submissions are for its members (docs/compat.md G20): anonymous must log in first.
    expect((await list('onlyMine=false&gid=77')).status).toBe(401);
    // check-submissions-status strips code and error text.
    // The HOJ client sends the ids as strings.
    const chk = await call('POST', '/api/check-submissions-status', null, {
      submitIds: ids.slice(0, 2).map(String),
    });
    expect(Object.keys(chk.body.data).sort()).toEqual(ids.slice(0, 2).map(String).sort());
    expect(chk.body.data[String(ids[0])].code).toBeNull();
  });

  it('case results: members see the reduced view, admins the full rows', async () => {
    const task = await submitAndTake(USERS.alice, '1001');
    await h.judge.service.applyResult(runner.resultFor(task, -1));
    const anon = await call('GET', `/api/get-all-case-result?submitId=${task.submitId}`, null);
    expect(anon.body.data.judgeCaseMode).toBe('default');
    expect(anon.body.data.judgeCaseList.map((c: { status: number }) => c.status)).toEqual([0, -1]);
    expect(anon.body.data.judgeCaseList[0].submitId).toBeNull();
    const admin = await call('GET', `/api/get-all-case-result?submitId=${task.submitId}`, USERS.admin);
    expect(admin.body.data.judgeCaseList[0].submitId).toBe(task.submitId);
  });

  it('a WA on a sample case: its input, expected and user output come back; a hidden case has none (issue #26.3)', async () => {
    const task = await submitAndTake(USERS.alice, '1005');
    // The task tells the runner which case is a sample.
    expect(task.testCases.map((c) => c.sample ?? false)).toEqual([true, false]);
    const sampleIO = { input: '1 2\n', expected: '3\n', output: '4\n', truncated: false };
    const base = runner.resultFor(task, -1);
    await h.judge.service.applyResult({
      ...base,
      cases: [
        { ...base.cases[0]!, status: -1, sampleIO },
        // A runner that sent texts for a case the task did not mark would be a bug; hidden cases send none.
        { ...base.cases[1]!, status: -1 },
      ],
    });
    for (const viewer of [USERS.alice, USERS.admin]) {
      const res = await call('GET', `/api/get-all-case-result?submitId=${task.submitId}`, viewer);
      const [sample, hidden] = res.body.data.judgeCaseList as { sampleIO?: unknown; status: number }[];
      expect(sample).toMatchObject({ status: -1, sampleIO });
      expect(hidden!.sampleIO).toBeUndefined();
    }

    // A contest submission's case results are for those who see all of it: another user gets none.
    const sent = await call('POST', '/api/submit-problem-judge', USERS.alice, {
      pid: 'S',
      language: 'C++',
      code: CODE,
      cid: 7,
      isRemote: false,
    });
    expect(sent.body.status, sent.body.msg).toBe(200);
    const contestTask = await runner.waitForSubmission(sent.body.data.submitId);
    const cbase = runner.resultFor(contestTask, -1);
    await h.judge.service.applyResult({
      ...cbase,
      cases: [
        { ...cbase.cases[0]!, status: -1, sampleIO },
        { ...cbase.cases[1]!, status: -1 },
      ],
    });
    await eventually(
      () => row(contestTask.submitId),
      (r) => r.status === -1,
    );
    const other = await call('GET', `/api/get-all-case-result?submitId=${contestTask.submitId}`, USERS.bob);
    expect(other.body.status).toBe(200);
    expect(other.body.data).toBeNull();
    const anon = await call('GET', `/api/get-all-case-result?submitId=${contestTask.submitId}`, null);
    expect(JSON.stringify(anon.body)).not.toContain('sampleIO');
  });

  it('a visible case: get-all-case-result returns its texts named visible; the hidden case none (issue #26.3)', async () => {
    const task = await submitAndTake(USERS.alice, '1005');
    const sampleIO = { input: '5 5\n', expected: '10\n', output: '9\n', truncated: false, visible: true };
    const base = runner.resultFor(task, -1);
    await h.judge.service.applyResult({
      ...base,
      cases: [
        { ...base.cases[0]!, status: -1, sampleIO },
        // Texts kept for a case marked visible then, un-marked since: hidden from then on.
        { ...base.cases[1]!, status: -1, sampleIO: { ...sampleIO, input: 'secret\n' } },
      ],
    });
    const res = await call('GET', `/api/get-all-case-result?submitId=${task.submitId}`, USERS.alice);
    expect(JSON.stringify(res.body)).not.toContain('secret');
    const [shown, hidden] = res.body.data.judgeCaseList as { sampleIO?: unknown }[];
    expect(shown!.sampleIO).toEqual(sampleIO);
    expect(hidden!.sampleIO).toBeUndefined();
  });

  it('self-test: key bound to its user, first read of a finished result deletes it', async () => {
    const before = runner.tasks.length;
    const res = await call('POST', '/api/submit-problem-test-judge', USERS.alice, {
      pid: 1,
      type: 'public',
      code: CODE,
      language: 'C++',
      userInput: '1 2',
      expectedOutput: '3',
    });
    const key = res.body.data as string;
    expect(key).toMatch(/^TEST_JUDGE_[0-9a-f]{32}$/);
    await runner.waitForTasks(before + 1);
    const task = runner.tasks.at(-1) as TestJudgeTask;
    expect(task).toMatchObject({ kind: 'test', testKey: key, userInput: '1 2', expectedOutput: '3' });
    const read = (u: AuthUser) => call('GET', `/api/get-test-judge-result?testJudgeKey=${key}`, u);
    expect((await read(USERS.alice)).body.data.status).toBe(5);
    expect((await read(USERS.bob)).body.msg).toBe('查询错误！当前在线调试任务不存在！');
    await runner.finish(runner.resultFor(task, 0, { stdout: '3' }));
    const done = await eventually(
      () => read(USERS.alice),
      (r) => r.body.data?.status !== 5,
    );
    expect(done.body.data).toEqual({
      status: 0,
      time: 11,
      memory: 1024,
      userInput: '1 2',
      userOutput: '3',
      expectedOutput: '3',
      stderr: null,
      problemJudgeMode: 'default',
    });
    expect((await read(USERS.alice)).body.status).toBe(400);
    const bad = await call('POST', '/api/submit-problem-test-judge', USERS.alice, {
      pid: 1,
      type: 'public',
      code: CODE,
      language: 'C++',
      userInput: 'x'.repeat(1001),
    });
    expect(bad.body.msg).toBe('在线调试的输入数据字符长度不能超过1000！');
  });

  it('last accepted code comes with the footer; none gives an empty answer', async () => {
    const res = await call('GET', '/api/get-last-ac-code?pid=1', USERS.bob);
    expect(res.body.data.code.startsWith(CODE)).toBe(true);
    expect(res.body.data.code).toContain('@author: bob');
    const none = await call('GET', '/api/get-last-ac-code?pid=3', USERS.bob);
    expect(none.body.data).toEqual({ submitId: null, code: '', language: null });
  });

  it('rank lists: ACM by ac desc then total asc; OI by summed best rank scores', async () => {
    const acm = await call('GET', '/api/get-rank-list?type=0&limit=50', null);
    const rows = acm.body.data.records as { username: string; ac: number; total: number }[];
    for (let i = 1; i < rows.length; i++) {
      const a = rows[i - 1]!;
      const b = rows[i]!;
      expect(a.ac > b.ac || (a.ac === b.ac && a.total <= b.total)).toBe(true);
    }
    const counted = await tdb.db.selectFrom('user_acproblem').select('uid').execute();
    const bob = rows.find((r) => r.username === 'bob')!;
    expect(bob.ac).toBe(counted.filter((c) => c.uid === USERS.bob.uid).length);
    const oi = await call('GET', '/api/get-rank-list?type=1&limit=50', null);
    const oiRows = oi.body.data.records as { username: string; score: number }[];
    // bob: problem 2 manual-judged 14 (then cancelled → rank score null) and an AC 100 → 14.
    const best = await tdb.db
      .selectFrom('judge')
      .select(['uid', 'pid', (eb) => eb.fn.max('oi_rank_score').as('m')])
      .where('cid', '=', 0)
      .where('oi_rank_score', 'is not', null)
      .groupBy(['uid', 'pid'])
      .execute();
    for (const r of oiRows) {
      const uid = Object.values(USERS).find((u) => u.username === r.username)!.uid;
      expect(r.score).toBe(best.filter((b) => b.uid === uid).reduce((s, b) => s + Number(b.m), 0));
    }
    expect(oiRows.map((r) => r.score)).toEqual([...oiRows.map((r) => r.score)].sort((a, b) => b - a));
    expect((await call('GET', '/api/get-rank-list?type=2', null)).body.msg).toBe(
      '排行榜类型代码不正确，请使用0(ACM),1(OI)！',
    );
    const search = await call('GET', '/api/get-rank-list?type=0&searchUser=nobody-here', null);
    expect(search.body.data).toMatchObject({ records: [], total: 0 });
  });

  it('home: recent AC rank and last-week statistics', async () => {
    const rank = await call('GET', '/api/get-recent-seven-ac-rank', null);
    expect(rank.body.data.length).toBeLessThanOrEqual(10);
    expect(rank.body.data[0].ac).toBeGreaterThan(0);
    const stats = await call('GET', '/api/get-last-week-submission-statistics', null);
    expect(stats.body.data.dateStrList).toHaveLength(7);
    const total = await tdb.db
      .selectFrom('judge')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(stats.body.data.totalCountList.at(-1)).toBe(Number(total.n));
    const recent = await call('GET', '/api/get-recent-updated-problem', null);
    expect(recent.body.data.map((p: { problemId: string }) => p.problemId)).toEqual([
      '1005',
      '1004',
      '1002',
      '1001',
    ]);
    expect(recent.body.data[0].gmtCreate).toBe('2024-01-01T00:00:00.000+0000');
  });

  it('ports for the account and problem capabilities', async () => {
    const stats = h.judge.stats;
    const { total, scoreList } = await stats.totalsFor(USERS.bob.uid);
    expect(total).toBeGreaterThan(0);
    expect(scoreList).toContain(14);
    expect(await stats.solvedProblems(USERS.bob.uid)).toContainEqual({
      id: 1,
      problemId: '1001',
      difficulty: 1,
    });
    const heat = await stats.heatmap(USERS.bob.uid, new Date(Date.now() - 86_400_000));
    expect(heat.reduce((s, d) => s + d.count, 0)).toBe(total);
    const marks = await h.judge.problemStatus.statusFor(USERS.bob.uid, [1, 3], {
      contest: false,
      cid: null,
      gid: null,
      containsEnd: false,
    });
    expect(marks.get(1)).toEqual({ status: 0, score: null });
    expect(marks.get(3)).toEqual({ status: -10, score: null });
  });
});

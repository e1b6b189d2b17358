// The public problem list with its cache (issue #4): filters, paging and visibility stay exact,
// and every change is visible at once, in this process and in another one sharing the bus.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Subjects } from '@oj/protocol';
import { createNatsBus, type Bus } from '@oj/protocol/bus';
import type { SubmissionUpdate } from '@oj/protocol/realtime';
import { DB_KINDS } from '../../test/support/db';
import { createProblemJudgePort } from './port';
import * as repo from './repository';
import { callApp, createHarness, mountProblemApp, type Harness } from './test-harness';

const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

interface Row {
  pid: number;
  problemId: string;
  title: string;
  difficulty: number;
  tags: { id: number; name: string }[];
  total: number;
  ac: number;
  wa: number;
}
interface Page {
  records: Row[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** Bank: 40 public problems P1..P40, plus hidden ones that match every filter. */
const N = 40;
const titleOf = (i: number) => (i % 2 === 1 ? `Sum of pairs ${i}` : `Graph walk ${i}`);
const difficultyOf = (i: number) => i % 3;
const hasEven = (i: number) => i % 2 === 0;
const hasThree = (i: number) => i % 3 === 0;
/** The public list's order: display id length, then the id. */
const byDisplayId = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

function verdictEvent(pid: number, cid: number, reason: SubmissionUpdate['reason']): SubmissionUpdate {
  return {
    submitId: 1,
    uid: 'u-user',
    pid,
    cid,
    gid: null,
    status: 0,
    version: 0,
    reason,
    time: 1,
    memory: 1,
    score: null,
    judger: 'j',
    at: Date.now(),
  };
}

function problemBody(problemId: string, title: string) {
  return {
    problem: {
      problemId,
      title,
      author: 'root',
      type: 0,
      auth: 1,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      timeLimit: 1000,
      memoryLimit: 256,
      stackLimit: 128,
      description: 'd',
      input: 'i',
      output: 'o',
      examples: '',
      difficulty: 0,
      isRemote: false,
    },
    samples: [{ input: '1 2\n', output: '3\n' }],
    isUploadTestCase: false,
    judgeMode: 'default',
    languages: [],
    tags: [{ name: 'fresh-tag' }],
    codeTemplates: [],
  };
}

describe.each(DB_KINDS)('public problem list and its cache (%s)', (kind) => {
  let h: Harness;
  const clock = { now: Date.now() };
  const pid: Record<number, number> = {};
  let even: number;
  let three: number;

  beforeAll(async () => {
    h = await createHarness(kind, {}, { listCache: { now: () => clock.now } });
    const db = h.ctx.db;
    even = (await repo.insertTag(db, { name: 'even', oj: 'ME' })).id;
    three = (await repo.insertTag(db, { name: 'three', oj: 'ME' })).id;
    for (let i = 1; i <= N; i++) {
      const row = await repo.insertProblem(db, {
        problem_id: `P${i}`,
        title: titleOf(i),
        difficulty: difficultyOf(i),
      });
      pid[i] = row.id;
      await repo.setProblemTags(db, row.id, [...(hasEven(i) ? [even] : []), ...(hasThree(i) ? [three] : [])]);
    }
    // Hidden problems that match every filter used below: private, contest-only, group.
    for (const [problemId, extra] of [
      ['X1', { auth: 2 }],
      ['X2', { auth: 3 }],
      ['X3', { is_group: true, gid: 9 }],
    ] as const) {
      const row = await repo.insertProblem(db, {
        problem_id: problemId,
        title: 'Sum hidden',
        difficulty: 0,
        ...extra,
      });
      await repo.setProblemTags(db, row.id, [even, three]);
    }
  });
  afterAll(() => h?.close());

  const list = async (query: string, app = h.app): Promise<Page> => {
    const r = await callApp(app, 'anonymous', 'GET', `/api/get-problem-list${query}`);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.status).toBe(200);
    return body.data;
  };
  const ids = (page: Page) => page.records.map((r) => r.problemId);
  /** What the list must hold, computed from the bank. */
  const expected = (keep: (i: number) => boolean) =>
    Array.from({ length: N }, (_, k) => k + 1)
      .filter(keep)
      .map((i) => `P${i}`)
      .sort(byDisplayId);

  it('applies keyword, every tag, difficulty and paging exactly, and never shows hidden problems', async () => {
    const sumBoth = expected((i) => titleOf(i).includes('Sum') && hasEven(i) && hasThree(i));
    expect(sumBoth).toEqual([]); // odd titles never carry the even tag
    const graphBoth = expected((i) => titleOf(i).includes('Graph') && hasEven(i) && hasThree(i));
    const tags = encodeURIComponent(JSON.stringify([even, three]));
    const page = await list(`?keyword=graph&tagId=${tags}&limit=100`);
    expect(ids(page)).toEqual(graphBoth);
    expect(page.total).toBe(graphBoth.length);

    const sumThree = expected((i) => titleOf(i).includes('Sum') && hasThree(i));
    const p = await list(`?keyword=Sum&tagId=${three}&limit=100`);
    expect(ids(p)).toEqual(sumThree);
    expect(ids(p)).not.toContain('X1');

    const easy = expected((i) => difficultyOf(i) === 2);
    expect(ids(await list('?difficulty=2&limit=100'))).toEqual(easy);

    // Paging: page 2 of 7, and a page past the end still counts every match.
    const all = expected(() => true);
    const second = await list('?currentPage=2&limit=7');
    expect(ids(second)).toEqual(all.slice(7, 14));
    expect(second).toMatchObject({ total: N, size: 7, current: 2, pages: Math.ceil(N / 7) });
    const past = await list('?currentPage=50&limit=7');
    expect(past.records).toEqual([]);
    expect(past.total).toBe(N);
    const none = await list('?keyword=nothing-matches');
    expect(none).toMatchObject({ records: [], total: 0 });

    // Visibility: none of the hidden problems, whatever the filter.
    for (const q of ['?limit=100', `?keyword=hidden`, `?tagId=${tags}&limit=100`, '?difficulty=0&limit=100'])
      expect(ids(await list(q)).filter((id) => id.startsWith('X'))).toEqual([]);
  });

  it('answers a repeated query from the cache, with tags and zero counters', async () => {
    const q = `?tagId=${even}&limit=5`;
    const first = await list(q);
    const loads = h.capability.listCache.pages.loads;
    const again = await list(q);
    expect(again).toEqual(first);
    expect(h.capability.listCache.pages.loads).toBe(loads);
    const p2 = first.records.find((r) => r.problemId === 'P2')!;
    expect(p2.tags.map((t) => t.name)).toEqual(['even']);
    expect(p2).toMatchObject({ pid: pid[2], title: 'Graph walk 2', difficulty: 2, total: 0, ac: 0 });
  });

  it('shows an admin edit, a visibility change, a tag rename and a deletion at once', async () => {
    const q = '?keyword=Fresh&limit=50';
    expect(ids(await list(q))).toEqual([]); // cached empty page

    expect(
      (await h.call('root', 'POST', '/api/admin/problem', problemBody('F1', 'Fresh one'))).json().status,
    ).toBe(200);
    expect(ids(await list(q))).toEqual(['F1']);
    const row = (await repo.findProblemByDisplayId(h.ctx.db, 'F1'))!;
    expect((await list(q)).records[0]!.tags.map((t) => t.name)).toEqual(['fresh-tag']);

    const update = problemBody('F1', 'Fresh renamed');
    (update.problem as Record<string, unknown>).id = row.id;
    expect((await h.call('root', 'PUT', '/api/admin/problem', update)).json().status).toBe(200);
    expect((await list(q)).records.map((r) => r.title)).toEqual(['Fresh renamed']);

    const tag = (await repo.findTagByName(h.ctx.db, 'fresh-tag', 'ME', null))!;
    expect(
      (await h.call('root', 'PUT', '/api/admin/tag', { id: tag.id, name: 'renamed-tag' })).json().status,
    ).toBe(200);
    expect((await list(q)).records[0]!.tags.map((t) => t.name)).toEqual(['renamed-tag']);

    const auth = (value: number) =>
      h.call('root', 'PUT', '/api/admin/problem/change-problem-auth', { id: row.id, auth: value });
    expect((await auth(2)).json().status).toBe(200);
    expect(ids(await list(q))).toEqual([]);
    expect((await auth(1)).json().status).toBe(200);
    expect(ids(await list(q))).toEqual(['F1']);

    expect((await h.call('root', 'DELETE', `/api/admin/problem?pid=${row.id}`)).json().status).toBe(200);
    expect(ids(await list(q))).toEqual([]);
  });

  it('moves counters on a non-contest verdict event, not on contest or progress events', async () => {
    const q = `?keyword=${encodeURIComponent('Sum of pairs 1')}&limit=50`;
    const before = (await list(q)).records.find((r) => r.problemId === 'P1')!;
    expect(before).toMatchObject({ total: 0, ac: 0 });

    // The judge moves the counters in its verdict transaction, then publishes the update.
    await createProblemJudgePort(h.ctx.db).recordVerdict(pid[1]!, null, 0);
    await h.ctx.bus.publish(Subjects.submissionUpdated(1), verdictEvent(pid[1]!, 5, 'result'));
    await h.ctx.bus.publish(Subjects.submissionUpdated(1), verdictEvent(pid[1]!, 0, 'progress'));
    await new Promise((r) => setTimeout(r, 50));
    expect(h.capability.listCache.counts.peek(pid[1]!)).toMatchObject({ total: 0 }); // still cached

    await h.ctx.bus.publish(Subjects.submissionUpdated(1), verdictEvent(pid[1]!, 0, 'result'));
    await vi.waitFor(async () => {
      expect((await list(q)).records.find((r) => r.problemId === 'P1')).toMatchObject({ total: 1, ac: 1 });
    });
  });

  it('refreshes counters after their short lifetime even when no event came', async () => {
    const q = `?keyword=${encodeURIComponent('Sum of pairs 3')}&limit=50`;
    expect((await list(q)).records.find((r) => r.problemId === 'P3')).toMatchObject({ total: 0 });
    await createProblemJudgePort(h.ctx.db).recordVerdict(pid[3]!, null, -1);
    clock.now += 10_001;
    expect((await list(q)).records.find((r) => r.problemId === 'P3')).toMatchObject({ total: 1, wa: 1 });
  });

  it('another API process on the same bus drops its pages when this one edits', async () => {
    const peer = await mountProblemApp(h.ctx);
    try {
      const q = '?keyword=Peer&limit=50';
      expect(ids(await list(q, peer.app))).toEqual([]);
      const loads = peer.capability.listCache.pages.loads;
      expect(ids(await list(q, peer.app))).toEqual([]);
      expect(peer.capability.listCache.pages.loads).toBe(loads); // served from its cache

      expect(
        (await h.call('root', 'POST', '/api/admin/problem', problemBody('PEER1', 'Peer one'))).json().status,
      ).toBe(200);
      await vi.waitFor(async () => expect(ids(await list(q, peer.app))).toEqual(['PEER1']));
    } finally {
      await peer.close();
    }
  });
});

describe('two API processes over NATS', () => {
  const buses: Bus[] = [];
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('postgres');
  });
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    await h?.close();
  });

  it('an edit in one process is seen by the other at once (problem change and verdict events)', async () => {
    const prefix = `plist${randomBytes(4).toString('hex')}`;
    const connect = async () => {
      const bus = await createNatsBus({ servers: TEST_NATS_URL, name: prefix, subjectPrefix: prefix });
      buses.push(bus);
      return bus;
    };
    const a = await mountProblemApp({ ...h.ctx, bus: await connect() });
    const b = await mountProblemApp({ ...h.ctx, bus: await connect() });
    try {
      const q = '/api/get-problem-list?keyword=Nats';
      const read = async (app: typeof a.app) =>
        (await callApp(app, 'anonymous', 'GET', q)).json().data as Page;
      expect((await read(b.app)).records).toEqual([]);

      const created = await callApp(
        a.app,
        'root',
        'POST',
        '/api/admin/problem',
        problemBody('NATS1', 'Nats one'),
      );
      expect(created.json().status).toBe(200);
      await vi.waitFor(async () => expect(ids(await read(b.app))).toEqual(['NATS1']));

      const row = (await repo.findProblemByDisplayId(h.ctx.db, 'NATS1'))!;
      await createProblemJudgePort(h.ctx.db).recordVerdict(row.id, null, 0);
      const judgeBus = buses[0]!;
      await judgeBus.publish(Subjects.submissionUpdated(9), verdictEvent(row.id, 0, 'result'));
      await vi.waitFor(async () => expect((await read(b.app)).records[0]).toMatchObject({ total: 1, ac: 1 }));
    } finally {
      await a.close();
      await b.close();
    }
  });

  const ids = (page: Page) => page.records.map((r) => r.problemId);
});

describe('status markers of a non-contest list', () => {
  let h: Harness;
  const asked: { uid: string; pids: number[]; contest: boolean }[] = [];
  let accepted = new Set<number>();
  beforeAll(async () => {
    h = await createHarness('postgres', {
      status: {
        async statusFor(uid, pids, scope) {
          asked.push({ uid, pids: [...pids], contest: scope.contest });
          return new Map(pids.filter((p) => accepted.has(p)).map((p) => [p, { status: 0, score: null }]));
        },
      },
    });
  });
  afterAll(() => h?.close());

  const markers = async (who: 'user' | 'root', pidList: number[], isContestProblemList = false) => {
    const r = await h.call(who, 'POST', '/api/get-user-problem-status', {
      pidList,
      isContestProblemList,
      cid: 1,
    });
    expect(r.json().status).toBe(200);
    return r.json().data;
  };

  it('asks the judge once per user and list, again after an update of one of their submissions', async () => {
    accepted = new Set([1]);
    expect(await markers('user', [1, 2])).toEqual({ 1: { status: 0 }, 2: { status: -10 } });
    expect(await markers('user', [2, 1, 2])).toEqual({ 1: { status: 0 }, 2: { status: -10 } });
    expect(asked.filter((a) => a.uid === 'u-user')).toHaveLength(1);

    // Another user's submission changes nothing for this one.
    await h.ctx.bus.publish(Subjects.submissionUpdated(5), {
      ...verdictEvent(2, 0, 'result'),
      uid: 'u-root',
    });
    await new Promise((r) => setTimeout(r, 50));
    await markers('user', [1, 2]);
    expect(asked.filter((a) => a.uid === 'u-user')).toHaveLength(1);

    accepted = new Set([1, 2]);
    await h.ctx.bus.publish(Subjects.submissionUpdated(6), verdictEvent(2, 0, 'progress'));
    await vi.waitFor(async () =>
      expect(await markers('user', [1, 2])).toEqual({ 1: { status: 0 }, 2: { status: 0 } }),
    );
    expect(asked.filter((a) => a.uid === 'u-user')).toHaveLength(2);
  });

  it('never caches contest markers', async () => {
    const before = asked.length;
    await markers('root', [1], true);
    await markers('root', [1], true);
    expect(asked.slice(before).map((a) => a.contest)).toEqual([true, true]);
  });
});

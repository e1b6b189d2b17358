import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  Scoreboard,
  recordStatusOf,
  type AcmRankRow,
  type BoardConfig,
  type BoardSubmission,
  type OiRankRow,
  type RecordStatus,
} from './scoreboard';

const START = Date.UTC(2026, 0, 1, 8, 0, 0);
const at = (seconds: number) => START + seconds * 1000;

function config(over: Partial<BoardConfig> = {}): BoardConfig {
  return {
    type: 0,
    startTime: START,
    endTime: at(18000),
    sealRankTime: null,
    oiRankScoreType: 'Recent',
    excludedUids: [],
    starUsernames: [],
    awardType: 0,
    awards: [],
    rankShowName: 'username',
    ...over,
  };
}

let nextId = 1;
const V = { AC: 1, P: -1, N: 0 } as const;
function sub(
  user: string,
  displayId: string,
  seconds: number,
  status: RecordStatus | null,
  extra: Partial<BoardSubmission> = {},
): BoardSubmission {
  return {
    submitId: nextId++,
    uid: user,
    username: user,
    displayId,
    submitTime: at(seconds),
    status,
    score: null,
    useTime: null,
    ...extra,
  };
}

const acm = (b: Scoreboard, view: Parameters<Scoreboard['rows']>[0] = { sealed: false }) =>
  b.rows({ size: 100, ...view }).records as AcmRankRow[];
const oi = (b: Scoreboard, view: Parameters<Scoreboard['rows']>[0] = { sealed: false }) =>
  b.rows({ size: 100, ...view }).records as OiRankRow[];
const byUid = <T extends { uid: string }>(rows: T[]) => Object.fromEntries(rows.map((r) => [r.uid, r]));

describe('record status mapping (rule 2)', () => {
  it('maps verdicts to AC / penalty / no penalty / pending', () => {
    expect(recordStatusOf(0)).toBe(1);
    for (const s of [-3, -1, 1, 2, 3]) expect(recordStatusOf(s)).toBe(-1);
    for (const s of [-2, 4, 8, -4]) expect(recordStatusOf(s)).toBe(0);
    for (const s of [5, 6, 7, 9, 10]) expect(recordStatusOf(s)).toBeNull();
  });
});

describe('ACM worked example: penalty and first AC', () => {
  const subs = [
    sub('alice', 'A', 600, V.P),
    sub('alice', 'A', 650, V.N),
    sub('alice', 'A', 1200, V.AC),
    sub('alice', 'B', 3000, V.AC),
    sub('bob', 'A', 1200, V.AC),
    sub('bob', 'B', 1500, V.P),
    sub('bob', 'B', 1600, V.P),
    sub('bob', 'B', 2000, V.AC),
    sub('bob', 'B', 2100, V.P),
    sub('carol', 'A', 100, V.P),
    sub('carol', 'A', 1300, V.AC),
  ];
  const rows = acm(Scoreboard.recompute(config(), subs));
  const u = byUid(rows);
  it('alice', () => {
    expect(u.alice!.submissionInfo).toEqual({
      A: { errorNum: 1, isAC: true, isFirstAC: true, ACTime: 1200 },
      B: { errorNum: 0, isAC: true, isFirstAC: false, ACTime: 3000 },
    });
    expect([u.alice!.ac, u.alice!.totalTime, u.alice!.total]).toEqual([2, 5400, 4]);
  });
  it('bob: same-second first AC, the WA after the AC only counts in total', () => {
    expect(u.bob!.submissionInfo).toEqual({
      A: { errorNum: 0, isAC: true, isFirstAC: true, ACTime: 1200 },
      B: { errorNum: 2, isAC: true, isFirstAC: true, ACTime: 2000 },
    });
    expect([u.bob!.ac, u.bob!.totalTime, u.bob!.total]).toEqual([2, 5600, 5]);
  });
  it('carol and the ranks', () => {
    expect([u.carol!.ac, u.carol!.totalTime]).toEqual([1, 2500]);
    expect(rows.map((r) => [r.uid, r.rank])).toEqual([
      ['alice', 1],
      ['bob', 2],
      ['carol', 3],
    ]);
  });
  it('arrival order does not matter', () => {
    const shuffled = acm(Scoreboard.recompute(config(), [...subs].reverse()));
    expect(shuffled).toEqual(rows);
  });
});

describe('ACM worked example: seal', () => {
  const cfg = config({ sealRankTime: at(14400) });
  const subs = [sub('dave', 'A', 15000, V.P), sub('dave', 'A', 15100, V.AC)];
  const board = Scoreboard.recompute(cfg, subs);
  it('a sealed viewer sees tries only', () => {
    const [dave] = acm(board, { sealed: true });
    expect(dave!.submissionInfo).toEqual({ A: { errorNum: 0, tryNum: 2 } });
    expect([dave!.ac, dave!.total, dave!.totalTime]).toEqual([0, 2, 0]);
  });
  it('the real board shows the verdicts', () => {
    const [dave] = acm(board, { sealed: false });
    expect(dave!.submissionInfo).toEqual({ A: { errorNum: 1, isAC: true, isFirstAC: true, ACTime: 15100 } });
    expect(dave!.totalTime).toBe(16300);
  });
  it('a pre-seal AC followed by sealed tries keeps the AC and adds tryNum', () => {
    const b = Scoreboard.recompute(cfg, [sub('e', 'A', 100, V.AC), sub('e', 'A', 15000, V.P)]);
    const [e] = acm(b, { sealed: true });
    expect(e!.submissionInfo.A).toEqual({ errorNum: 0, tryNum: 1, isAC: true, isFirstAC: true, ACTime: 100 });
    expect(e!.total).toBe(2);
  });
  it('after-contest submissions never count on a sealed board', () => {
    const b = Scoreboard.recompute(cfg, [sub('f', 'A', 19000, V.AC)]);
    expect(acm(b, { sealed: true, containsEnd: true })).toEqual([]);
    const [f] = acm(b, { sealed: false, containsEnd: true });
    expect(f!.submissionInfo.A).toEqual({
      errorNum: 0,
      isAC: true,
      isFirstAC: true,
      ACTime: 19000,
      isAfterContest: true,
    });
    expect(acm(b, { sealed: false, containsEnd: false })).toEqual([]);
  });
});

describe('ACM: exclusions and pending', () => {
  it('ignores pending, pre-start and excluded users', () => {
    const b = Scoreboard.recompute(config({ excludedUids: ['root'] }), [
      sub('a', 'A', 10, null),
      sub('a', 'A', -5, V.AC),
      sub('root', 'A', 5, V.AC),
      sub('b', 'A', 20, V.AC),
    ]);
    expect(acm(b).map((r) => r.uid)).toEqual(['b']);
    expect(acm(b)[0]!.submissionInfo.A!.isFirstAC).toBe(true);
  });
  it('a rejudge back to pending removes the AC, a new verdict restores it', () => {
    const b = new Scoreboard(config());
    const s = sub('a', 'A', 100, V.AC);
    b.applySubmission(s);
    expect(acm(b)[0]!.ac).toBe(1);
    b.applySubmission({ ...s, status: null });
    expect(acm(b)).toEqual([]);
    b.applySubmission({ ...s, status: V.P });
    expect(acm(b)[0]!.submissionInfo.A).toEqual({ errorNum: 1 });
  });
  it('first AC survives star users and is not reassigned when stars are removed', () => {
    const b = Scoreboard.recompute(config({ starUsernames: ['s'] }), [
      sub('s', 'A', 10, V.AC),
      sub('x', 'A', 20, V.AC),
    ]);
    const rows = acm(b, { sealed: false, removeStar: true });
    expect(rows.map((r) => [r.uid, r.submissionInfo.A!.isFirstAC])).toEqual([['x', false]]);
  });
});

describe('worked example: ties, stars, awards', () => {
  // S (star, 3 AC, 4000), A (3, 5000), B (3, 5000), C (2, 3000), D (0, 0)
  const subs = [
    sub('S', 'P1', 1000, V.AC),
    sub('S', 'P2', 1500, V.AC),
    sub('S', 'P3', 1500, V.AC),
    sub('A', 'P1', 1000, V.AC),
    sub('B', 'P1', 1000, V.AC),
    sub('A', 'P2', 2000, V.AC),
    sub('A', 'P3', 2000, V.AC),
    sub('B', 'P2', 2000, V.AC),
    sub('B', 'P3', 2000, V.AC),
    sub('C', 'P1', 1000, V.AC),
    sub('C', 'P2', 2000, V.AC),
    sub('D', 'P1', 100, V.P),
  ];
  const medals = (nums: number[]) =>
    ['Gold', 'Silver', 'Bronze'].map((name, i) => ({
      priority: i,
      name,
      background: `bg${i}`,
      color: `c${i}`,
      num: nums[i]!,
    }));
  it('ranks', () => {
    const rows = acm(Scoreboard.recompute(config({ starUsernames: ['S'] }), subs));
    expect(rows.map((r) => [r.uid, r.ac, r.totalTime, r.rank])).toEqual([
      ['S', 3, 4000, -1],
      ['A', 3, 5000, 1],
      ['B', 3, 5000, 1],
      ['C', 2, 3000, 3],
      ['D', 0, 0, 4],
    ]);
  });
  const awardsOf = (rows: AcmRankRow[]) => rows.map((r) => [r.uid, r.isWinAward, r.awardName]);
  const expected = [
    ['S', false, null],
    ['A', true, 'Gold'],
    ['B', true, 'Silver'],
    ['C', true, 'Bronze'],
    ['D', false, null],
  ];
  it('awardType 2 (head count)', () => {
    const b = Scoreboard.recompute(
      config({ starUsernames: ['S'], awardType: 2, awards: medals([1, 1, 2]) }),
      subs,
    );
    expect(awardsOf(acm(b))).toEqual(expected);
    expect(acm(b)[1]).toMatchObject({ awardBackground: 'bg0', awardColor: 'c0' });
  });
  it('awardType 1 (percentage of 4 non-star rows)', () => {
    const b = Scoreboard.recompute(
      config({ starUsernames: ['S'], awardType: 1, awards: medals([25, 25, 50]) }),
      subs,
    );
    expect(awardsOf(acm(b))).toEqual(expected);
  });
  it('percentages truncate in floating point (29% of 100 is 28)', () => {
    const many = Array.from({ length: 100 }, (_, i) => sub(`u${i}`, 'A', 10 + i, V.AC));
    const b = Scoreboard.recompute(
      config({ awardType: 1, awards: [{ name: 'G', background: '', color: '', num: 29 }] }),
      many,
    );
    expect(acm(b).filter((r) => r.isWinAward)).toHaveLength(28);
  });
  it('removeStar drops star rows before ranking', () => {
    const rows = acm(Scoreboard.recompute(config({ starUsernames: ['S'] }), subs), {
      sealed: false,
      removeStar: true,
    });
    expect(rows.map((r) => [r.uid, r.rank])).toEqual([
      ['A', 1],
      ['B', 1],
      ['C', 3],
      ['D', 4],
    ]);
  });
  it('pinning: caller C, concerned [A, S]', () => {
    const b = Scoreboard.recompute(config({ starUsernames: ['S'] }), subs);
    const page = b.rows({ sealed: false, pinUid: 'C', concernedList: ['A', 'S', 'C'], size: 50 });
    expect(page.records.map((r) => r.uid)).toEqual(['C', 'S', 'A', 'S', 'A', 'B', 'C', 'D']);
    expect(page.total).toBe(8);
    expect(page.records[0]).toBe(page.records[6]);
  });
  it('keyword filters on school or the rankShowName field after pinning; paging', () => {
    const b = Scoreboard.recompute(config({ starUsernames: ['S'], rankShowName: 'nickname' }), subs);
    b.setProfiles([
      {
        uid: 'A',
        username: 'A',
        realname: null,
        nickname: 'Apple',
        school: 'MIT',
        gender: null,
        avatar: null,
      },
      {
        uid: 'B',
        username: 'B',
        realname: null,
        nickname: 'Berry',
        school: 'Harvard',
        gender: null,
        avatar: null,
      },
    ]);
    expect(b.rows({ sealed: false, keyword: ' apple ' }).records.map((r) => r.uid)).toEqual(['A']);
    expect(b.rows({ sealed: false, keyword: 'harv', pinUid: 'B' }).records.map((r) => r.uid)).toEqual([
      'B',
      'B',
    ]);
    const p2 = b.rows({ sealed: false, page: 2, size: 2 });
    expect(p2).toMatchObject({ total: 5, size: 2, current: 2, pages: 3 });
    expect(p2.records.map((r) => r.uid)).toEqual(['B', 'C']);
  });
});

describe('OI worked example', () => {
  const eve = (extra: BoardSubmission[] = []) => [
    sub('eve', 'P1', 100, V.AC, { score: 100, useTime: 30 }),
    sub('eve', 'P1', 200, V.N, { score: 60, useTime: 10 }),
    sub('eve', 'P2', 300, V.N, { score: 40, useTime: 5 }),
    ...extra,
  ];
  it('Recent', () => {
    const [row] = oi(Scoreboard.recompute(config({ type: 1, oiRankScoreType: 'Recent' }), eve()));
    expect(row).toMatchObject({
      submissionInfo: { P1: 60, P2: 40 },
      totalScore: 100,
      timeInfo: null,
      totalTime: 0,
    });
  });
  it('Highest', () => {
    const [row] = oi(Scoreboard.recompute(config({ type: 1, oiRankScoreType: 'Highest' }), eve()));
    expect(row).toMatchObject({
      submissionInfo: { P1: 100, P2: 40 },
      totalScore: 140,
      timeInfo: { P1: 30 },
      totalTime: 30,
    });
  });
  it('a later full score', () => {
    const more = () => [sub('eve', 'P1', 400, V.AC, { score: 100, useTime: 20 })];
    const [recent] = oi(Scoreboard.recompute(config({ type: 1, oiRankScoreType: 'Recent' }), eve(more())));
    expect(recent).toMatchObject({
      submissionInfo: { P1: 100, P2: 40 },
      timeInfo: { P1: 20 },
      totalScore: 140,
    });
    const [highest] = oi(Scoreboard.recompute(config({ type: 1, oiRankScoreType: 'Highest' }), eve(more())));
    expect(highest).toMatchObject({
      submissionInfo: { P1: 100, P2: 40 },
      timeInfo: { P1: 20 },
      totalScore: 140,
    });
  });
  it('sealed OI shows the state just before the seal; after-contest records are dropped without fallback', () => {
    const cfg = config({ type: 1, sealRankTime: at(250), endTime: at(1000) });
    const board = Scoreboard.recompute(cfg, [...eve(), sub('eve', 'P2', 1200, V.N, { score: 90 })]);
    const [sealed] = oi(board, { sealed: true });
    expect(sealed!.submissionInfo).toEqual({ P1: 60 });
    const [real] = oi(board, { sealed: false });
    expect(real!.submissionInfo).toEqual({ P1: 60, P2: 40 });
    const [after] = oi(board, { sealed: false, containsEnd: true });
    expect(after!.submissionInfo).toEqual({ P1: 60, P2: 90 });
    // At exactly the end second the record is in the window but after the end: P2 disappears.
    const edge = Scoreboard.recompute(cfg, [...eve(), sub('eve', 'P2', 1000, V.N, { score: 90 })]);
    expect(oi(edge)[0]!.submissionInfo).toEqual({ P1: 60 });
  });
  it('OI awards need a positive score; ranks compare score then time', () => {
    const b = Scoreboard.recompute(
      config({ type: 1, awardType: 2, awards: [{ name: 'G', background: '', color: '', num: 5 }] }),
      [
        sub('a', 'P', 10, V.AC, { score: 100, useTime: 50 }),
        sub('b', 'P', 10, V.AC, { score: 100, useTime: 50 }),
        sub('c', 'P', 10, V.N, { score: 0 }),
      ],
    );
    expect(oi(b).map((r) => [r.uid, r.rank, r.isWinAward])).toEqual([
      ['a', 1, true],
      ['b', 1, true],
      ['c', 3, false],
    ]);
  });
});

/** Rule 19 without a keyword, over the straightforward full ranking. */
function reference(board: Scoreboard, view: Parameters<Scoreboard['rows']>[0]) {
  const full = board.ranked(board.variantFor(view), view.removeStar ?? false);
  const pinned = [];
  if (view.pinUid) {
    const own = full.find((r) => r.uid === view.pinUid);
    if (own) pinned.push(own);
  }
  const concerned = new Set((view.concernedList ?? []).filter((u) => u !== view.pinUid));
  for (const r of full) if (concerned.has(r.uid)) pinned.push(r);
  return [...pinned, ...full];
}

describe('incremental equals recompute (property)', () => {
  const users = ['u1', 'u2', 'u3', 'u4', 'u5', 's1'];
  const problems = ['A', 'B', 'C'];
  const event = fc.record({
    id: fc.integer({ min: 1, max: 40 }),
    user: fc.constantFrom(...users),
    problem: fc.constantFrom(...problems),
    seconds: fc.integer({ min: -100, max: 1300 }),
    status: fc.constantFrom<RecordStatus | null>(1, -1, 0, null),
    score: fc.option(fc.integer({ min: 0, max: 100 })),
    useTime: fc.option(fc.integer({ min: 0, max: 1000 })),
  });
  const views = [
    { sealed: false },
    { sealed: false, containsEnd: true },
    { sealed: true },
    { sealed: false, removeStar: true, pinUid: 'u2', concernedList: ['u3', 's1'] },
    { sealed: true, pinUid: 's1', concernedList: ['u4', 'u1', 'u4'] },
  ];
  for (const type of [0, 1] as const) {
    for (const scoreType of ['Recent', 'Highest'] as const) {
      if (type === 0 && scoreType === 'Highest') continue;
      it(`type ${type} ${scoreType}`, () => {
        fc.assert(
          fc.property(
            fc.array(event, { maxLength: 80 }),
            fc.boolean(),
            fc.boolean(),
            (events, sealedContest, percent) => {
              const cfg = config({
                type,
                oiRankScoreType: scoreType,
                endTime: at(1000),
                sealRankTime: sealedContest ? at(700) : null,
                starUsernames: ['s1'],
                excludedUids: ['u5'],
                awardType: percent ? 1 : 2,
                awards: percent
                  ? [
                      { name: 'G', background: '', color: '', num: 30 },
                      { name: 'S', background: '', color: '', num: 50 },
                    ]
                  : [
                      { name: 'G', background: '', color: '', num: 1 },
                      { name: 'S', background: '', color: '', num: 2 },
                    ],
              });
              const live = new Scoreboard(cfg);
              const last = new Map<number, BoardSubmission>();
              for (const e of events) {
                const s: BoardSubmission = {
                  submitId: e.id,
                  uid: e.user,
                  username: e.user,
                  displayId: e.problem,
                  submitTime: at(e.seconds) + 250,
                  status: e.status,
                  score: e.score,
                  useTime: e.useTime,
                };
                // Some events delete instead (a submission removed with its problem).
                if (e.id % 13 === 0) {
                  live.removeSubmission(e.id);
                  last.delete(e.id);
                } else {
                  live.applySubmission(s);
                  last.set(e.id, s);
                }
              }
              const fresh = Scoreboard.recompute(cfg, last.values());
              for (const v of views) {
                expect(live.rows({ ...v, size: 100 })).toEqual(fresh.rows({ ...v, size: 100 }));
                // The paged fast path agrees with the straightforward full ranking.
                const full = reference(live, v);
                expect(live.rows({ ...v, size: 1000 }).records).toEqual(full);
                expect(live.rows({ ...v, page: 2, size: 3 }).records).toEqual(full.slice(3, 6));
                expect(live.rows({ ...v, size: 3 }).total).toBe(full.length);
                // The JSON page is the same page, row by row.
                const text = live.rowsJson({ ...v, page: 2, size: 3 });
                expect(text.records.map((r) => JSON.parse(r) as unknown)).toEqual(full.slice(3, 6));
                expect(text.total).toBe(full.length);
                const whole = live.pageJson({ ...v, page: 2, size: 3 }, (records, page) => ({
                  records,
                  ...page,
                }));
                expect(JSON.parse(whole.records)).toEqual(full.slice(3, 6));
                expect(whole).toMatchObject({ total: full.length, size: 3, current: 2 });
              }
            },
          ),
          { numRuns: 100 },
        );
      });
    }
  }
});

describe('incremental equals recompute at scale (seeded)', () => {
  // Wider than the property test: more than 16 problems (the user × problem table is re-laid),
  // cells with more than 32 records (bucket sort path), thousands of ids (id table growth and deletes).
  let seed = 12345;
  const rnd = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  for (const type of [0, 1] as const) {
    it(`type ${type}`, () => {
      const cfg = config({
        type,
        oiRankScoreType: type === 1 ? 'Highest' : 'Recent',
        endTime: at(5000),
        sealRankTime: at(4000),
        starUsernames: ['u3', 'u7'],
        excludedUids: ['u0'],
        awardType: 1,
        awards: [
          { name: 'G', background: '', color: '', num: 10 },
          { name: 'S', background: '', color: '', num: 20 },
        ],
      });
      const live = new Scoreboard(cfg);
      const last = new Map<number, BoardSubmission>();
      const statuses: (RecordStatus | null)[] = [1, -1, -1, 0, null];
      for (let i = 0; i < 6000; i++) {
        const id = 1 + rnd(2500);
        if (rnd(10) === 0) {
          live.removeSubmission(id);
          last.delete(id);
          continue;
        }
        // A few users hammer one problem, so some cells hold dozens of records.
        const hammer = rnd(4) === 0;
        const user = hammer ? `u${rnd(3)}` : `u${rnd(60)}`;
        const s: BoardSubmission = {
          submitId: id,
          uid: user,
          username: user,
          displayId: hammer ? 'P0' : `P${rnd(20)}`,
          submitTime: at(rnd(5600) - 100),
          status: statuses[rnd(statuses.length)]!,
          score: rnd(5) === 0 ? null : rnd(101),
          useTime: rnd(3) === 0 ? null : rnd(1000),
        };
        live.applySubmission(s);
        last.set(id, s);
      }
      const fresh = Scoreboard.recompute(cfg, [...last.values()].reverse());
      expect(live.size).toBe(last.size);
      const views = [
        { sealed: false },
        { sealed: false, containsEnd: true },
        { sealed: true },
        { sealed: true, removeStar: true, pinUid: 'u5', concernedList: ['u3', 'u9'] },
      ];
      for (const v of views) {
        const full = reference(live, v);
        expect(full.length).toBeGreaterThan(40);
        expect(live.rows({ ...v, size: 1000 }).records).toEqual(full);
        expect(fresh.rows({ ...v, size: 1000 }).records).toEqual(full);
        expect(live.rows({ ...v, page: 3, size: 7 }).records).toEqual(full.slice(14, 21));
        expect(live.rowsJson({ ...v, page: 3, size: 7 }).records).toEqual(
          full.slice(14, 21).map((r) => JSON.stringify(r)),
        );
        expect(live.rowsJson({ ...v, keyword: 'u1', size: 5 }).records).toEqual(
          live.rows({ ...v, keyword: 'u1', size: 5 }).records.map((r) => JSON.stringify(r)),
        );
      }
    });
  }
});

describe('shared pages (pageJson)', () => {
  const wrap = (records: string, page: { total: number; shared: boolean }) => ({
    records,
    total: page.total,
    shared: page.shared,
  });
  it('is wrapped once per board change for pages without pinned rows; pinned pages are per caller', () => {
    const b = new Scoreboard(config());
    b.applySubmission(sub('a', 'A', 10, V.AC));
    b.applySubmission(sub('b', 'A', 20, V.P));
    const first = b.pageJson({ sealed: false }, wrap);
    expect(JSON.parse(first.records)).toEqual(b.rows({ sealed: false }).records);
    expect(b.pageJson({ sealed: false }, wrap)).toBe(first);
    // The caller has no row: nothing pinned, the shared page.
    expect(b.pageJson({ sealed: false, pinUid: 'zed' }, wrap)).toBe(first);
    const pinned = b.pageJson({ sealed: false, pinUid: 'b' }, wrap);
    expect(JSON.parse(pinned.records)).toEqual(b.rows({ sealed: false, pinUid: 'b' }).records);
    expect(pinned.total).toBe(3);
    expect([first.shared, pinned.shared]).toEqual([true, false]);
    b.applySubmission(sub('b', 'A', 30, V.AC));
    const after = b.pageJson({ sealed: false }, wrap);
    expect(after).not.toBe(first);
    expect(JSON.parse(after.records)).toEqual(b.rows({ sealed: false }).records);
    expect(JSON.parse(after.records)[1].submissionInfo.A).toEqual({
      errorNum: 1,
      isAC: true,
      isFirstAC: false,
      ACTime: 30,
    });
  });
});

describe('recompute input order and repeated ids', () => {
  it('in submitId order, shuffled, or with an id repeated (the last copy counts): one board', () => {
    const cfg = config({ sealRankTime: at(900), endTime: at(1000) });
    const base = [
      sub('a', 'A', 100, V.P),
      sub('a', 'A', 200, V.AC),
      sub('b', 'A', 150, V.AC),
      sub('b', 'B', 950, V.AC),
      sub('c', 'B', 300, V.N),
    ];
    const live = new Scoreboard(cfg);
    for (const s of base) live.applySubmission(s);
    // A rejudge turned b's A into a wrong answer.
    const rejudged = { ...base[2]!, status: V.P };
    live.applySubmission(rejudged);
    const views = [{ sealed: false }, { sealed: true }];
    for (const input of [
      [...base.slice(0, 2), rejudged, ...base.slice(3)],
      [base[4]!, rejudged, base[0]!, base[3]!, base[1]!],
      [...base, rejudged],
    ]) {
      const fresh = Scoreboard.recompute(cfg, input);
      expect(fresh.size).toBe(5);
      for (const v of views) expect(fresh.rows(v)).toEqual(live.rows(v));
    }
    // b: B at 950 s; a: A at 200 s + one penalty.
    expect(acm(live).map((r) => [r.uid, r.ac, r.totalTime])).toEqual([
      ['b', 1, 950],
      ['a', 1, 1400],
      ['c', 0, 0],
    ]);
  });
});

describe('recompute at the window edges (the bulk fold and the incremental fold agree)', () => {
  it('records at the start, seal and end seconds, before the start and after the end', () => {
    const cfg = config({ sealRankTime: at(700), endTime: at(1000) });
    const seconds = [-1, 0, 1, 699, 700, 701, 999, 1000, 1001];
    const input: BoardSubmission[] = [];
    for (const [k, s] of seconds.entries()) {
      // One user per edge: its only AC is there, after a penalty one second before it.
      input.push(sub(`e${k}`, 'A', s - 1, V.P), sub(`e${k}`, 'A', s, V.AC), sub(`e${k}`, 'B', s, V.P));
      // Three users whose first record (and tie order) is at the edge.
      input.push(sub(`f${k}`, 'C', s, V.N));
    }
    const live = new Scoreboard(cfg);
    for (const s of input) live.applySubmission(s);
    const fresh = Scoreboard.recompute(cfg, input);
    for (const view of [{ sealed: false }, { sealed: false, containsEnd: true }, { sealed: true }])
      expect(fresh.rows({ ...view, size: 100 })).toEqual(live.rows({ ...view, size: 100 }));
    // The sealed board counts a record at the seal second as a try, not as the AC.
    const sealedRow = byUid(acm(fresh, { sealed: true }))['e4']!;
    expect(sealedRow.submissionInfo['A']).toEqual({ errorNum: 1, tryNum: 1 });
    // The unsealed board has the AC at 700 s after one penalty.
    expect(byUid(acm(fresh))['e4']!.submissionInfo['A']).toMatchObject({
      isAC: true,
      ACTime: 700,
      errorNum: 1,
    });
  });
});

describe('a recomputed board takes verdicts like a live one', () => {
  it('ordered and shuffled loads, then rejudges, removals and new submissions on both', () => {
    let seed = 777;
    const rnd = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const cfg = config({ endTime: at(5000), sealRankTime: at(4000) });
    const statuses: (RecordStatus | null)[] = [1, -1, -1, 0, null];
    const make = (id: number): BoardSubmission => {
      const user = `u${rnd(40)}`;
      return {
        submitId: id,
        uid: user,
        username: user,
        displayId: `P${rnd(6)}`,
        submitTime: at(rnd(5600) - 100),
        status: statuses[rnd(statuses.length)]!,
        score: null,
        useTime: null,
      };
    };
    const input = Array.from({ length: 3000 }, (_, i) => make(2 * i + 1));
    const shuffled = [...input].sort(() => rnd(3) - 1);
    for (const load of [input, shuffled]) {
      const live = new Scoreboard(cfg);
      for (const s of input) live.applySubmission(s);
      const board = Scoreboard.recompute(cfg, load);
      for (let i = 0; i < 3000; i++) {
        const r = rnd(3);
        // A new verdict on a loaded id, a removal, or a new id (between or after the loaded ones).
        const id = r === 2 ? 1 + rnd(7000) : 2 * rnd(3000) + 1;
        if (r === 1) {
          live.removeSubmission(id);
          board.removeSubmission(id);
        } else {
          const s = make(id);
          live.applySubmission(s);
          board.applySubmission(s);
        }
      }
      expect(board.size).toBe(live.size);
      for (const view of [{ sealed: false }, { sealed: false, containsEnd: true }, { sealed: true }])
        expect(board.rows({ ...view, size: 1000 })).toEqual(live.rows({ ...view, size: 1000 }));
    }
  });
});

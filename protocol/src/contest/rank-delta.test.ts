import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyRankDelta, followRankPush, isEarlierVersion, type RankDelta } from './rank-delta';
import {
  Scoreboard,
  type AcmRankRow,
  type BoardConfig,
  type BoardSubmission,
  type BoardView,
  type RankRow,
  type RecordStatus,
  type VariantName,
} from './scoreboard';

const START = Date.UTC(2026, 0, 1, 8, 0, 0);
const END = START + 5 * 3600_000;
const USERS = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'u8', 'u9', 'star1', 'star2'];
const PROBLEMS = ['A', 'B', 'C', 'D'];

function viewOf(variant: VariantName): Pick<BoardView, 'sealed' | 'containsEnd'> {
  if (variant === 'sealed') return { sealed: true };
  return { sealed: false, containsEnd: variant === 'withAfter' };
}

const submission = fc.record({
  user: fc.integer({ min: 0, max: USERS.length - 1 }),
  problem: fc.integer({ min: 0, max: PROBLEMS.length - 1 }),
  // Mostly inside the contest, some after its end.
  minute: fc.integer({ min: 0, max: 330 }),
  status: fc.constantFrom<RecordStatus | null>(1, 1, -1, -1, 0, null),
  score: fc.constantFrom(0, 10, 40, 60, 100),
  useTime: fc.integer({ min: 1, max: 50 }),
});

const scenario = fc.record({
  type: fc.constantFrom<0 | 1>(0, 1),
  sealed: fc.boolean(),
  highest: fc.boolean(),
  stars: fc.boolean(),
  awardType: fc.constantFrom(0, 1, 2),
  initial: fc.array(submission, { maxLength: 40 }),
  // A change: a new submission, or an existing one re-judged (index into the submissions so far).
  changes: fc.array(fc.record({ sub: submission, rejudge: fc.option(fc.nat(), { nil: null }) }), {
    minLength: 1,
    maxLength: 12,
  }),
});

type S = typeof submission extends fc.Arbitrary<infer T> ? T : never;

function configOf(s: {
  type: 0 | 1;
  sealed: boolean;
  highest: boolean;
  stars: boolean;
  awardType: number;
}): BoardConfig {
  return {
    type: s.type,
    startTime: START,
    endTime: END,
    sealRankTime: s.sealed ? START + 4 * 3600_000 : null,
    oiRankScoreType: s.highest ? 'Highest' : 'Recent',
    excludedUids: [],
    starUsernames: s.stars ? ['star1', 'star2'] : [],
    awardType: s.awardType,
    awards:
      s.awardType === 2
        ? [
            { name: 'gold', background: '#ff0', color: '#000', num: 1 },
            { name: 'silver', background: '#ccc', color: '#000', num: 2 },
            { name: 'bronze', background: '#c90', color: '#fff', num: 2 },
          ]
        : [
            { name: 'gold', background: '#ff0', color: '#000', num: 10 },
            { name: 'silver', background: '#ccc', color: '#000', num: 20 },
            { name: 'bronze', background: '#c90', color: '#fff', num: 30 },
          ],
    rankShowName: 'username',
  };
}

function toBoard(s: S, submitId: number): BoardSubmission {
  return {
    submitId,
    uid: USERS[s.user]!,
    username: USERS[s.user]!,
    displayId: PROBLEMS[s.problem]!,
    submitTime: START + s.minute * 60_000 + submitId,
    status: s.status,
    score: s.score,
    useTime: s.useTime,
  };
}

const PAGE_VIEWS: { removeStar: boolean; pinUid: string | null; page: number; size: number }[] = [];
for (const removeStar of [false, true])
  for (const pinUid of [null, 'u1', 'star1'])
    for (const size of [3, 5])
      for (const page of [1, 2, 3]) PAGE_VIEWS.push({ removeStar, pinUid, page, size });

describe('rank deltas: applying the delta to page N of the old board gives page N of the new board', () => {
  it('random ACM and OI contests, sealed or not, stars, awards, pinned own row', () => {
    let applied = 0;
    let fetched = 0;
    fc.assert(
      fc.property(scenario, (s) => {
        const config = configOf(s);
        const subs: BoardSubmission[] = s.initial.map((x, k) => toBoard(x, k + 1));
        const board = Scoreboard.recompute(config, subs);
        const variants: VariantName[] = s.sealed ? ['real', 'withAfter', 'sealed'] : ['real', 'withAfter'];
        let nextId = subs.length + 1;
        for (const change of s.changes) {
          let next: BoardSubmission;
          if (change.rejudge !== null && subs.length > 0) {
            // Same submission, same user and problem, new verdict.
            const old = subs[change.rejudge % subs.length]!;
            next = { ...old, status: change.sub.status, score: change.sub.score };
          } else next = toBoard(change.sub, nextId++);
          const before = new Map<string, ReturnType<Scoreboard['rows']>>();
          for (const variant of variants)
            for (const pv of PAGE_VIEWS)
              before.set(`${variant}:${JSON.stringify(pv)}`, board.rows({ ...viewOf(variant), ...pv }));
          const mark = board.deltaMark(next.uid);
          board.applySubmission(next);
          const at = subs.findIndex((x) => x.submitId === next.submitId);
          if (at >= 0) subs[at] = next;
          else subs.push(next);
          const fresh = Scoreboard.recompute(config, subs);
          for (const variant of variants) {
            const delta = board.deltaSince(mark, variant);
            for (const pv of PAGE_VIEWS) {
              const old = before.get(`${variant}:${JSON.stringify(pv)}`)!;
              const expected = fresh.rows({ ...viewOf(variant), ...pv });
              if (!delta) {
                expect(old).toEqual(expected);
                continue;
              }
              expect(delta.variant).toBe(variant);
              expect(delta.prevVersion).not.toBe(delta.version);
              const got = applyRankDelta(old, delta, pv);
              if (got === null) {
                fetched++;
                continue;
              }
              applied++;
              expect(got).toEqual(expected);
            }
          }
        }
      }),
      { numRuns: 150 },
    );
    // Most pages are updated in place (a page misses a row only when a move crosses its top).
    expect(applied).toBeGreaterThan(fetched * 3);
  }, 120_000); // ~28 s on a loaded 2-core machine: the default 30 s was a coin flip.
});

describe('rank deltas: shape', () => {
  const config = configOf({ type: 0, sealed: true, highest: false, stars: false, awardType: 0 });
  const sub = (id: number, uid: string, minute: number, status: RecordStatus): BoardSubmission => ({
    submitId: id,
    uid,
    username: uid,
    displayId: 'A',
    submitTime: START + minute * 60_000,
    status,
    score: null,
    useTime: null,
  });

  it('a sealed delta carries the sealed row: an AC after the seal is only a try', () => {
    const board = Scoreboard.recompute(config, [sub(1, 'a', 10, 1)]);
    const mark = board.deltaMark('b');
    board.applySubmission(sub(2, 'b', 250, 1));
    const sealed = board.deltaSince(mark, 'sealed')!;
    const real = board.deltaSince(mark, 'real')!;
    expect((sealed.row as AcmRankRow).submissionInfo.A).toEqual({ errorNum: 0, tryNum: 1 });
    expect(JSON.stringify(sealed)).not.toContain('isAC');
    expect((real.row as AcmRankRow).submissionInfo.A?.isAC).toBe(true);
    expect(real.move).toEqual({ from: -1, to: 1, prevSize: 1, size: 2 });
  });

  it('versions chain: a delta goes from the version a page was read at to the current one', () => {
    const board = Scoreboard.recompute(config, [sub(1, 'a', 10, 1)]);
    const v0 = board.boardVersion('real');
    const mark = board.deltaMark('b');
    board.applySubmission(sub(2, 'b', 20, 1));
    const d = board.deltaSince(mark, 'real')!;
    expect(d.prevVersion).toBe(v0);
    expect(d.version).toBe(board.boardVersion('real'));
    // A rebuilt board has another epoch: its versions never match pages of this one.
    expect(Scoreboard.recompute(config, []).boardVersion('real')).not.toBe(v0);
  });

  it('a delta the page already holds (heard while the page was read) is current, not a fetch', () => {
    const board = Scoreboard.recompute(config, [sub(1, 'a', 10, 1)]);
    const mark = board.deltaMark('b');
    board.applySubmission(sub(2, 'b', 20, 1));
    const first = board.deltaSince(mark, 'real')!;
    const mark2 = board.deltaMark('c');
    board.applySubmission(sub(3, 'c', 30, 1));
    const second = board.deltaSince(mark2, 'real')!;
    // The page was read after both verdicts: the first push is older, the second is the page's.
    const shown = {
      // Only the version matters for a delta the page is at or past.
      page: { records: [], total: 3, size: 50, current: 1, pages: 1 } as never,
      version: `real/${board.boardVersion('real')}`,
      plain: true,
      removeStar: false,
      pinUid: null,
    };
    expect(followRankPush(shown, [first])).toMatchObject({ kind: 'current', older: true });
    expect(followRankPush(shown, [second])).toEqual({ kind: 'current', delta: second });
    expect(isEarlierVersion('e1.3', 'e1.10')).toBe(true);
    expect(isEarlierVersion('e1.10', 'e1.3')).toBe(false);
    expect(isEarlierVersion('e1.3', 'e1.3')).toBe(false);
    // Another epoch (a rebuilt board) is never earlier: the page is fetched.
    expect(isEarlierVersion('e0.3', 'e1.10')).toBe(false);
  });

  it('a pending record changes nothing: no delta', () => {
    const board = Scoreboard.recompute(config, [sub(1, 'a', 10, 1)]);
    const mark = board.deltaMark('a');
    board.applySubmission({ ...sub(2, 'a', 20, 1), status: null });
    expect(board.deltaSince(mark, 'real')).toBeNull();
  });

  it('a reload delta and a page that does not match the sizes are not applied', () => {
    const page = { records: [] as RankRow[], total: 0, size: 50, current: 1, pages: 0 };
    const reload: RankDelta = { variant: 'real', version: 'e.2', prevVersion: 'e.1', reload: true };
    expect(applyRankDelta(page, reload, { removeStar: false, pinUid: null })).toBeNull();
    const board = Scoreboard.recompute(config, [sub(1, 'a', 10, 1)]);
    const mark = board.deltaMark('b');
    board.applySubmission(sub(2, 'b', 20, 1));
    // The page has 0 rows but the delta says the board had 1: stale page.
    expect(
      applyRankDelta(page, board.deltaSince(mark, 'real')!, { removeStar: false, pinUid: null }),
    ).toBeNull();
  });
});

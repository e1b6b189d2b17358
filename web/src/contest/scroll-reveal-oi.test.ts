import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Scoreboard, type BoardSubmission, type OiRankRow } from '@oj/protocol/contest/scoreboard';
import type { OiScrollCell, OiScrollRow } from '@oj/protocol/contest/scroll-board';
import {
  buildOiSealedBoard,
  compareOiTeams,
  nextOiReveal,
  revealAllOi,
  revealNextOi,
  type OiScrollState,
} from './scroll-reveal-oi';

let id = 0;
const cell = (score: number | null, time: number | null = null, firstTime = 60): OiScrollCell => ({
  score,
  time,
  firstTime,
  firstId: ++id,
});
const late = (score: number) => [
  { submitId: ++id, status: score >= 100 ? 0 : 8, score, submitTime: '2026/01/01 12:30:00' },
];
function row(uid: string, r: Partial<Pick<OiScrollRow, 'before' | 'after' | 'hidden'>>): OiScrollRow {
  return {
    uid,
    username: uid,
    nickname: null,
    realname: null,
    school: null,
    before: r.before ?? {},
    after: r.after ?? r.before ?? {},
    hidden: r.hidden ?? {},
  };
}
const order = (s: OiScrollState) => s.teams.map((t) => `${t.uid}:${t.score}`);

describe('OI scroll board', () => {
  const yA = cell(100, 5);
  const yB = cell(50);
  const xA = cell(100, 10);
  const data = {
    problems: ['A', 'B'],
    rows: [
      // y: B resubmitted after the seal without a better score (Highest): revealed, unchanged.
      row('y', { before: { A: yA, B: yB }, after: { A: yA, B: yB }, hidden: { B: late(40) } }),
      row('x', {
        before: { A: xA, B: cell(20) },
        after: { A: xA, B: cell(100, 7) },
        hidden: { B: late(100) },
      }),
      // z: A raised after the seal and B first tried after it (no sealed cell).
      row('z', {
        before: { A: cell(30) },
        after: { A: cell(100, 9, 250 * 60), B: cell(90, null, 260 * 60) },
        hidden: { A: late(100), B: late(90) },
      }),
    ],
  };

  it('starts from the sealed scores, ranked by total score', () => {
    const s = buildOiSealedBoard(data);
    expect(order(s)).toEqual(['y:150', 'x:120', 'z:30']);
    expect(s.teams[2]!.cells.B).toMatchObject({ shown: null, pending: true });
    expect(s.teams[0]!.cells.A!.pending).toBe(false);
    expect(nextOiReveal(s)).toEqual({ index: 2, displayId: 'A' });
  });

  it('reveals from the bottom up, one cell at a time, raising the score and re-ranking', () => {
    let s = buildOiSealedBoard(data);
    const steps = [];
    for (let next = revealNextOi(s); next; next = revealNextOi(s)) {
      steps.push(next.step);
      s = next.state;
    }
    expect(steps).toEqual([
      { uid: 'z', displayId: 'A', fromScore: 30, toScore: 100, fromIndex: 2, toIndex: 2 },
      { uid: 'z', displayId: 'B', fromScore: 100, toScore: 190, fromIndex: 2, toIndex: 0 },
      { uid: 'x', displayId: 'B', fromScore: 120, toScore: 200, fromIndex: 2, toIndex: 0 },
      { uid: 'y', displayId: 'B', fromScore: 150, toScore: 150, fromIndex: 2, toIndex: 2 },
    ]);
    expect(order(s)).toEqual(['x:200', 'z:190', 'y:150']);
    expect(nextOiReveal(s)).toBeNull();
    expect(s.teams[1]!.cells.B!.shown?.score).toBe(90);
  });

  it('leaves its input untouched and reveals all to the final board', () => {
    const s = buildOiSealedBoard(data);
    const before = order(s);
    const all = revealAllOi(s);
    expect(order(s)).toEqual(before);
    expect(order(all)).toEqual(['x:200', 'z:190', 'y:150']);
    expect(all.teams.every((t) => Object.values(t.cells).every((c) => !c.pending))).toBe(true);
  });

  it('breaks ties as the OI board: less total time, then first appearance, then uid', () => {
    const tied = buildOiSealedBoard({
      problems: ['A'],
      rows: [
        row('slow', { before: { A: cell(100, 30, 10) } }),
        row('fast', { before: { A: cell(100, 20, 50) } }),
        row('later', { before: { A: cell(80, null, 100) } }),
        row('earlier', { before: { A: cell(80, null, 40) } }),
      ],
    });
    expect(tied.teams.map((t) => t.uid)).toEqual(['fast', 'slow', 'earlier', 'later']);
    const [a, b] = buildOiSealedBoard({
      problems: ['A'],
      rows: [
        row('b', { before: { A: { score: 5, time: null, firstTime: 1, firstId: 7 } } }),
        row('a', { before: { A: { score: 5, time: null, firstTime: 1, firstId: 7 } } }),
      ],
    }).teams;
    expect([a!.uid, b!.uid]).toEqual(['a', 'b']);
    expect(compareOiTeams(a!, b!)).toBeLessThan(0);
  });

  it('a reveal that ties the team above is placed by the tie-break', () => {
    const s = buildOiSealedBoard({
      problems: ['A', 'B'],
      rows: [
        row('top', { before: { A: cell(100, 50, 10) } }),
        row('low', {
          before: { A: cell(60, null, 5) },
          after: { A: cell(100, 40, 200) },
          hidden: { A: late(100) },
        }),
      ],
    });
    const next = revealNextOi(s)!;
    // Equal score, less run time: the revealed team passes the other.
    expect(next.step).toMatchObject({ uid: 'low', fromIndex: 1, toIndex: 0 });
  });
});

describe('OI scroll board against the OI board', () => {
  const START = Date.UTC(2026, 0, 1, 8, 0, 0);
  const subArb = fc.record({
    uid: fc.constantFrom('u1', 'u2', 'u3', 'u4', 'u5'),
    displayId: fc.constantFrom('A', 'B', 'C'),
    minute: fc.integer({ min: 0, max: 299 }),
    status: fc.constantFrom<1 | -1 | 0>(1, -1, 0),
    score: fc.option(fc.integer({ min: 0, max: 3 }).map((n) => n * 50)),
    useTime: fc.option(fc.integer({ min: 1, max: 4 }).map((n) => n * 100)),
  });
  it('revealing everything ends in the final OI board’s order (ties included), from the sealed one', () => {
    fc.assert(
      fc.property(fc.array(subArb, { maxLength: 30 }), fc.boolean(), (raw, highest) => {
        const subs: BoardSubmission[] = raw.map((r, i) => ({
          submitId: i + 1,
          uid: r.uid,
          username: r.uid,
          displayId: r.displayId,
          submitTime: START + r.minute * 60_000,
          status: r.status,
          score: r.score,
          useTime: r.useTime,
        }));
        const board = Scoreboard.recompute(
          {
            type: 1,
            startTime: START,
            endTime: START + 300 * 60_000,
            sealRankTime: START + 240 * 60_000,
            oiRankScoreType: highest ? 'Highest' : 'Recent',
            excludedUids: [],
            starUsernames: [],
            awardType: 0,
            awards: [],
            rankShowName: 'username',
          },
          subs,
        );
        // What the server sends (services/src/contest/scroll-board.ts), without the hidden lists.
        const before = board.oiCells('sealed');
        const after = new Map(board.oiCells('real').map((r) => [r.uid, r.cells]));
        const uids = [...new Set([...before.map((r) => r.uid), ...after.keys()])];
        const sealedCells = new Map(before.map((r) => [r.uid, r.cells]));
        const state = buildOiSealedBoard({
          problems: ['A', 'B', 'C'],
          rows: uids.map((uid) =>
            row(uid, { before: sealedCells.get(uid) ?? {}, after: after.get(uid) ?? {} }),
          ),
        });
        const sealedRows = board.ranked('sealed') as OiRankRow[];
        expect(state.teams.slice(0, sealedRows.length).map((t) => t.uid)).toEqual(
          sealedRows.map((r) => r.uid),
        );
        const final = revealAllOi(state);
        const finalRows = board.ranked('real') as OiRankRow[];
        expect(final.teams.map((t) => [t.uid, t.score])).toEqual(finalRows.map((r) => [r.uid, r.totalScore]));
      }),
      { numRuns: 300 },
    );
  });
});

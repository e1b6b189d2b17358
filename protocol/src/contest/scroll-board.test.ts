// Scoreboard.oiCells (the OI scroll board's cells, issue #26 item 9) reads the OI board's own
// fold: per variant its scores, run times and user order are the board's rows'.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Scoreboard, type BoardSubmission, type OiRankRow, type VariantName } from './scoreboard';

const START = Date.UTC(2026, 0, 1, 8, 0, 0);
const END = START + 300 * 60_000;
const SEAL = START + 240 * 60_000;

const subArb = fc.record({
  uid: fc.constantFrom('u1', 'u2', 'u3', 'u4'),
  displayId: fc.constantFrom('A', 'B', 'C'),
  minute: fc.integer({ min: -5, max: 310 }),
  status: fc.constantFrom<1 | -1 | 0 | null>(1, -1, 0, null),
  score: fc.option(fc.integer({ min: 0, max: 100 })),
  useTime: fc.option(fc.integer({ min: 1, max: 900 })),
});

describe('Scoreboard.oiCells', () => {
  it('gives the OI board rows’ scores, run times and order, sealed and real', () => {
    fc.assert(
      fc.property(fc.array(subArb, { maxLength: 40 }), fc.boolean(), (raw, highest) => {
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
            endTime: END,
            sealRankTime: SEAL,
            oiRankScoreType: highest ? 'Highest' : 'Recent',
            excludedUids: ['u4'],
            starUsernames: [],
            awardType: 0,
            awards: [],
            rankShowName: 'username',
          },
          subs,
        );
        for (const variant of ['sealed', 'real'] as VariantName[]) {
          const rows = board.ranked(variant) as OiRankRow[];
          const cells = board.oiCells(variant);
          expect(cells.map((c) => c.uid)).toEqual(rows.map((r) => r.uid));
          rows.forEach((row, i) => {
            const c = cells[i]!.cells;
            expect(Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v.score]))).toEqual(
              row.submissionInfo,
            );
            const times = Object.entries(c).flatMap(([k, v]) => (v.time === null ? [] : [[k, v.time]]));
            expect(times.length ? Object.fromEntries(times) : null).toEqual(row.timeInfo);
            const total = Object.values(c).reduce((s, v) => s + (v.score ?? 0), 0);
            expect(total).toBe(row.totalScore);
          });
        }
      }),
      { numRuns: 200 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { contestClockMachine, type ContestTimes } from './clock';
import { applyRankDelta, type RankPage } from './rank-delta';
import { Scoreboard, type BoardConfig, type BoardSubmission, type RankRow } from './scoreboard';
import { ContestTape, GhostBoard, ghostSealed, virtualElapsed, virtualTimes } from './virtual';

const T0 = Date.UTC(2026, 0, 1, 8);
const min = 60_000;
const DURATION = 100 * min;

function configOf(type: 0 | 1, seal: number | null, oi: 'Recent' | 'Highest' = 'Recent'): BoardConfig {
  return {
    type,
    startTime: T0,
    endTime: T0 + DURATION,
    sealRankTime: seal === null ? null : T0 + seal * min,
    oiRankScoreType: oi,
    excludedUids: ['u0'],
    starUsernames: ['name3'],
    awardType: 2,
    awards: [{ name: 'gold', background: '#ff0', color: '#000', num: 2 }],
    rankShowName: 'username',
  };
}

function timesOf(cfg: BoardConfig, autoRealRank: boolean): ContestTimes {
  return {
    startTime: cfg.startTime,
    endTime: cfg.endTime,
    sealRank: cfg.sealRankTime !== null,
    sealRankTime: cfg.sealRankTime,
    autoRealRank,
  };
}

const subArb = fc.record({
  user: fc.integer({ min: 0, max: 6 }),
  problem: fc.constantFrom('A', 'B', 'C'),
  /** Minutes from the start; some before the start and some after the end. */
  at: fc.integer({ min: -5 * 60, max: 110 * 60 }),
  status: fc.constantFrom(0, -1, -1, 1, 4, 5),
  score: fc.integer({ min: 0, max: 100 }),
});

const contestArb = fc.record({
  type: fc.constantFrom<0 | 1>(0, 1),
  seal: fc.option(fc.integer({ min: 10, max: 95 }), { nil: null }),
  oi: fc.constantFrom<'Recent' | 'Highest'>('Recent', 'Highest'),
  autoRealRank: fc.boolean(),
  subs: fc.array(subArb, { maxLength: 60 }),
  /** Elapsed seconds to look at, in any order (the clock sorts them: it never goes back). */
  stops: fc.array(fc.integer({ min: 0, max: 105 * 60 }), { minLength: 1, maxLength: 6 }),
});

function toSubs(raw: { user: number; problem: string; at: number; status: number; score: number }[]) {
  return raw.map((r, i): BoardSubmission => ({
    submitId: i + 1,
    uid: `u${r.user}`,
    username: `name${r.user}`,
    displayId: r.problem,
    submitTime: T0 + r.at * 1000,
    status: r.status === 0 ? 1 : r.status === 4 ? 0 : r.status === 5 ? null : -1,
    score: r.status === 0 ? 100 : r.score,
    useTime: 10 + i,
  }));
}

describe('ghost board', () => {
  it('equals the original board recomputed from the submissions made before the same elapsed time (ACM, OI, seal)', () => {
    fc.assert(
      fc.property(contestArb, (c) => {
        const cfg = configOf(c.type, c.seal, c.oi);
        const times = timesOf(cfg, c.autoRealRank);
        const subs = toSubs(c.subs);
        const ghost = new GhostBoard(new ContestTape(cfg, subs), times);
        let shown: RankPage<RankRow> | null = null;
        let variant = ghost.variant;
        for (const sec of [...c.stops].sort((a, b) => a - b)) {
          const e = sec * 1000;
          const step = ghost.advanceTo(e);
          const sealed = cfg.sealRankTime !== null && ghostSealed(times, e);
          const expected = Scoreboard.recompute(
            cfg,
            subs.filter((s) => s.submitTime < cfg.endTime && s.submitTime - T0 <= e),
          ).rows({ sealed, page: 1, size: 100 });
          const got = ghost.page(1, 100);
          expect(got).toEqual(expected);
          expect(ghost.variant).toBe(sealed ? 'sealed' : 'real');
          // The pushed deltas carry a shown page to the same rows.
          if (shown && !step.variantChanged && variant === ghost.variant) {
            let page: RankPage<RankRow> | null = shown;
            for (const d of step.deltas) {
              page = page && applyRankDelta(page, d, { removeStar: false, pinUid: null });
              if (!page || d.reload) break;
            }
            if (page && !step.deltas.some((d) => d.reload)) expect(page.records).toEqual(got.records);
          }
          shown = got;
          variant = ghost.variant;
        }
      }),
      { numRuns: 150 },
    );
  });

  it("places the participant's own submissions at their elapsed time, between the original ones", () => {
    const cfg = configOf(0, 60);
    const times = timesOf(cfg, true);
    const subs = toSubs([
      { user: 1, problem: 'A', at: 10 * 60, status: 0, score: 0 },
      { user: 2, problem: 'A', at: 30 * 60, status: 0, score: 0 },
      { user: 2, problem: 'B', at: 70 * 60, status: 0, score: 0 },
    ]);
    const ghost = new GhostBoard(new ContestTape(cfg, subs), times);
    ghost.advanceTo(20 * min);
    const own = {
      submitId: 99,
      uid: 'v',
      username: 'virt',
      displayId: 'A',
      submitTime: 0,
      status: 1 as const,
      score: null,
      useTime: null,
    };
    const d = ghost.applyOwn(own, 20 * min);
    expect(d?.uid).toBe('v');
    expect(ghost.page().records.map((r) => [r.uid, r.rank])).toEqual([
      ['u1', 1],
      ['v', 2],
    ]);
    ghost.advanceTo(65 * min); // sealed from minute 60: user 2's B stays hidden
    expect(ghost.variant).toBe('sealed');
    const rows = ghost.page().records as { uid: string; ac: number }[];
    expect(rows.find((r) => r.uid === 'u2')?.ac).toBe(1);
    ghost.advanceTo(75 * min);
    expect((ghost.page().records as { uid: string; ac: number }[]).find((r) => r.uid === 'u2')?.ac).toBe(1);
    ghost.advanceTo(DURATION);
    expect((ghost.page().records as { uid: string; ac: number }[]).find((r) => r.uid === 'u2')?.ac).toBe(2);
  });

  it('the tape leaves out after-contest, never-judged and left-out users’ submissions', () => {
    const cfg = configOf(0, null);
    const subs = toSubs([
      { user: 1, problem: 'A', at: 200 * 60, status: 0, score: 0 },
      { user: 1, problem: 'A', at: 50, status: 5, score: 0 },
      { user: 2, problem: 'A', at: 60, status: 0, score: 0 },
      { user: 3, problem: 'A', at: 70, status: 0, score: 0 },
    ]);
    const tape = new ContestTape(cfg, subs, new Set(['u3']));
    expect(tape.subs.map((s) => s.uid)).toEqual(['u2']);
    expect(tape.countAt(59_999)).toBe(0);
    expect(tape.countAt(60_000)).toBe(1);
  });
});

describe('virtual clock on the contest clock machine', () => {
  const original: ContestTimes = {
    startTime: T0,
    endTime: T0 + DURATION,
    sealRank: true,
    sealRankTime: T0 + 80 * min,
    autoRealRank: false,
  };
  const startedAt = Date.UTC(2026, 5, 1, 12);
  const v = virtualTimes(original, startedAt);

  it('shifts every time by the same amount', () => {
    expect(v.endTime - v.startTime).toBe(DURATION);
    expect(v.sealRankTime! - v.startTime).toBe(80 * min);
    expect(virtualElapsed(original, startedAt, startedAt + 5 * min)).toBe(5 * min);
    expect(virtualElapsed(original, startedAt, startedAt + 500 * min)).toBe(DURATION);
    expect(virtualElapsed(original, startedAt, startedAt - 5)).toBe(0);
  });

  it('walks running → sealed → ended(frozen) at the original elapsed times', () => {
    const actor = createActor(contestClockMachine, { input: { contest: v, now: startedAt } });
    actor.start();
    expect(actor.getSnapshot().value).toBe('running');
    actor.send({ type: 'TICK', now: startedAt + 80 * min });
    expect(actor.getSnapshot().value).toBe('running');
    actor.send({ type: 'TICK', now: startedAt + 80 * min + 1 });
    expect(actor.getSnapshot().value).toBe('sealed');
    actor.send({ type: 'TICK', now: startedAt + DURATION });
    expect(actor.getSnapshot().value).toEqual({ ended: 'frozen' });
    actor.stop();
  });

  it('ends real with auto real rank, and ghostSealed agrees with the machine', () => {
    const auto = virtualTimes({ ...original, autoRealRank: true }, startedAt);
    const actor = createActor(contestClockMachine, { input: { contest: auto, now: startedAt } });
    actor.start();
    for (const e of [0, 80 * min + 1, 90 * min, DURATION]) {
      actor.send({ type: 'TICK', now: startedAt + e });
      const value = actor.getSnapshot().value;
      expect(ghostSealed(auto, e)).toBe(value === 'sealed');
    }
    expect(actor.getSnapshot().value).toEqual({ ended: 'real' });
    expect(ghostSealed(v, DURATION)).toBe(true); // frozen
    actor.stop();
  });
});

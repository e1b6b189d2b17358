import { describe, expect, it } from 'vitest';
import type { RankDelta } from '@oj/protocol/contest/rank-delta';
import type { AcmRankRow } from '@oj/protocol/contest/scoreboard';
import { acmRow } from '../test/rank-rows';
import { fetchDelay, jitter, onRankPush, pushedCounts, type ShownBoard } from './rank-delta';

// Board a(2) b(1,100) c(1,100) d(0): c gets an AC and moves to the top.
const board = [acmRow('a', 1, 2, 500), acmRow('b', 2, 1, 100), acmRow('c', 2, 1, 100), acmRow('d', 4, 0, 0)];
const page = (records: AcmRankRow[], total = 4, size = 10, current = 1) => ({
  records,
  total,
  size,
  current,
  pages: Math.ceil(total / size),
});
const cTop = acmRow('c', 1, 3, 600);
const delta: RankDelta = {
  variant: 'sealed',
  version: 'e.8',
  prevVersion: 'e.7',
  uid: 'c',
  move: { from: 2, to: 0, prevSize: 4, size: 4 },
  oldKey: [1, 100],
  newKey: [3, 600],
  row: cTop,
  rows: [],
};
const shown = (over: Partial<ShownBoard<AcmRankRow>> = {}): ShownBoard<AcmRankRow> => ({
  page: page(board),
  version: 'sealed/e.7',
  plain: true,
  removeStar: false,
  pinUid: null,
  ...over,
});

describe('onRankPush', () => {
  it('applies the delta of its variant: the row moves, ranks below shift, ties keep sharing', () => {
    const out = onRankPush(shown(), [delta]);
    expect(out.kind).toBe('apply');
    if (out.kind !== 'apply') return;
    expect(out.version).toBe('sealed/e.8');
    expect(out.page.records.map((r) => [r.uid, r.rank])).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 3],
      ['d', 4],
    ]);
    // The shown rows are not mutated.
    expect(board[1]!.rank).toBe(2);
  });

  it('keeps the pinned own row by uid on the inner board', () => {
    const pinned = page([board[3]!, ...board], 5);
    const out = onRankPush(shown({ page: pinned, pinUid: 'd' }), [delta]);
    expect(out.kind).toBe('apply');
    if (out.kind !== 'apply') return;
    expect(out.page.total).toBe(5);
    expect(out.page.records.map((r) => r.uid)).toEqual(['d', 'c', 'a', 'b', 'd']);
    // Own row pinned and moved: the pinned copy is the pushed row.
    const mine = onRankPush(shown({ page: page([board[2]!, ...board], 5), pinUid: 'c' }), [delta]);
    expect(mine.kind === 'apply' && mine.page.records[0]).toEqual(cTop);
  });

  it('is current when the page is already at the pushed version', () => {
    expect(onRankPush(shown({ version: 'sealed/e.8' }), [delta])).toEqual({ kind: 'current' });
  });

  it('fetches on a version gap, no deltas, a reload, a search or pinned stars', () => {
    expect(onRankPush(shown({ version: 'sealed/e.6' }), [delta]).kind).toBe('fetch');
    expect(onRankPush(shown({ version: 'real/e.7' }), [delta]).kind).toBe('unlisted');
    expect(onRankPush(shown(), undefined).kind).toBe('fetch');
    expect(onRankPush(shown({ version: null }), [delta]).kind).toBe('fetch');
    expect(onRankPush(shown(), [{ ...delta, reload: true }]).kind).toBe('fetch');
    expect(onRankPush(shown({ plain: false }), [delta]).kind).toBe('fetch');
  });

  it('fetches when a row it does not hold slides into the page', () => {
    // Page 2 of size 2 holds b, c; c moves to the top, so a (on page 1) slides in.
    const second = page([board[2]!, board[3]!], 4, 2, 2);
    expect(onRankPush(shown({ page: second }), [delta]).kind).toBe('fetch');
    // Page 2 of size 2 holding c, d when b moves from 1 to 0: nothing slides in from outside.
    const bUp: RankDelta = {
      ...delta,
      uid: 'b',
      move: { from: 1, to: 0, prevSize: 4, size: 4 },
      row: acmRow('b', 1, 3, 300),
    };
    const out = onRankPush(shown({ page: page([board[2]!, board[3]!], 4, 2, 2) }), [bUp]);
    expect(out.kind === 'apply' && out.page.records.map((r) => [r.uid, r.rank])).toEqual([
      ['c', 3],
      ['d', 4],
    ]);
  });
});

describe('jitter', () => {
  it('spreads delays over [0, max)', () => {
    expect(jitter(400, () => 0)).toBe(0);
    expect(jitter(400, () => 0.999)).toBe(399);
  });
});

// Issue #22: the seal moves the page by a push; header counts ride with the deltas; fetches back off.
describe('seal switch, pushed counts, fetch backoff', () => {
  const seal = (version: string): RankDelta => ({
    variant: 'sealed',
    version: 's.3',
    prevVersion: 's.3',
    same: { variant: 'real', version },
  });
  it('relabels a real page the sealed board equals, without a fetch', () => {
    const out = onRankPush(shown({ version: 'real/e.7' }), [
      { variant: 'sealed', version: 's.3', prevVersion: 's.3' },
      seal('e.7'),
    ]);
    expect(out).toEqual({ kind: 'apply', page: page(board), version: 'sealed/s.3' });
  });
  it('fetches when the page is at another version than the one the sealed board equals', () => {
    expect(onRankPush(shown({ version: 'real/e.6' }), [seal('e.7')])).toEqual({ kind: 'fetch' });
  });
  it('reads the counts of the shown variant only', () => {
    const boards: RankDelta[] = [
      { ...delta, counts: [['A', 1, 3]] },
      { variant: 'real', version: 'r.2', prevVersion: 'r.1', counts: [['A', 2, 3]] },
    ];
    expect([...pushedCounts('sealed/e.8', boards)]).toEqual([['A', [1, 3]]]);
    expect([...pushedCounts('real/r.2', boards)]).toEqual([['A', [2, 3]]]);
    expect(pushedCounts(null, boards).size).toBe(0);
  });
  it('spreads fetches in a row over a doubling window, capped at 8 s', () => {
    const top = () => 0.999999;
    expect(fetchDelay(0, top)).toBe(399);
    expect(fetchDelay(1, top)).toBe(799);
    expect(fetchDelay(10, top)).toBe(7999);
    expect(fetchDelay(3, () => 0)).toBe(0);
  });
});

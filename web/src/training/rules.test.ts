import { describe, expect, it } from 'vitest';
import type { TrainingRankRow } from '@oj/protocol/training/schemas';
import { trainingRow } from '../test/rank-rows';
import { acRate, applyRankPush, parseTrainingQuery, statusIcon, trainingQueryString } from './rules';

const row = (uid: string, ac = 0): TrainingRankRow => trainingRow(uid, ac);
const push = (uid: string, order: number, prevOrder: number, ac = 9) => ({
  tid: 1,
  row: row(uid, ac),
  order,
  prevOrder,
  total: 10,
  at: 0,
});

describe('training rules', () => {
  it('reads and writes the list query', () => {
    const q = parseTrainingQuery('categoryId=22&currentPage=1&auth=Private');
    expect(q).toEqual({ currentPage: 1, keyword: '', categoryId: 22, auth: 'Private' });
    expect(trainingQueryString({ ...q, keyword: 'dp' })).toBe(
      '?keyword=dp&categoryId=22&auth=Private&currentPage=1',
    );
  });

  it('status icons and AC rate', () => {
    expect([statusIcon(0), statusIcon(-1), statusIcon(-10), statusIcon(undefined)]).toEqual([
      'tick',
      'minus',
      null,
      null,
    ]);
    expect(acRate(1, 3)).toBe(33.3);
    expect(acRate(0, 0)).toBe(0);
  });

  it('applies a move within the page, an arrival from below, and refetches when a row must come in', () => {
    const page = [row('a'), row('b'), row('c')];
    expect(applyRankPush(page, 0, 3, push('c', 0, 2), false)!.map((r) => r.uid)).toEqual(['c', 'a', 'b']);
    expect(applyRankPush(page, 0, 3, push('z', 1, 7), false)!.map((r) => r.uid)).toEqual(['a', 'z', 'b']);
    expect(applyRankPush(page, 0, 3, push('z', 1, -1), false)!.map((r) => r.uid)).toEqual(['a', 'z', 'b']);
    expect(applyRankPush(page, 3, 3, push('z', 4, 1), false)!.map((r) => r.uid)).toEqual(['b', 'z', 'c']);
    expect(applyRankPush(page, 0, 3, push('a', 5, 0), false)).toBeNull();
    expect(applyRankPush(page, 3, 3, push('z', 0, 8), false)).toBeNull();
    expect(applyRankPush(page, 0, 3, push('z', 5, 8), false)!.map((r) => r.uid)).toEqual(['a', 'b', 'c']);
    expect(applyRankPush(page, 0, 3, { tid: 1, reset: true, at: 0 }, false)).toBeNull();
    expect(applyRankPush(page, 0, 3, push('c', 0, 2), true)).toBeNull();
  });
});

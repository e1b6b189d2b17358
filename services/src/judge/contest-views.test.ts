import { describe, expect, it } from 'vitest';
import { listMasksOthers, listUpperBound, masked, statusCheckShows } from './contest-views';
import type { ContestViewFacts } from './ports';
import { USERS } from './test-harness';

const start = new Date('2024-01-01T00:00:00Z');
const seal = new Date('2024-01-01T04:00:00Z');
const end = new Date('2024-01-01T05:00:00Z');

function facts(over: Partial<ContestViewFacts> = {}, allowEndSubmit = false): ContestViewFacts {
  return {
    contest: {
      id: 1,
      uid: USERS.admin.uid,
      type: 0,
      startTime: start,
      endTime: end,
      sealRankTime: seal,
      allowEndSubmit,
    },
    isContestAdmin: false,
    sealed: false,
    status: 0,
    ...over,
  };
}

describe('contest submission view rules', () => {
  it('bounds the list at the seal while sealed, else at the end unless after-contest rows are wanted', () => {
    expect(listUpperBound(facts({ sealed: true }), true)).toEqual(seal);
    expect(listUpperBound(facts(), false)).toEqual(end);
    expect(listUpperBound(facts({}, false), true)).toEqual(end);
    expect(listUpperBound(facts({}, true), true)).toBeNull();
  });

  it('masks other users only while running, for everyone but root and the creator', () => {
    expect(listMasksOthers(facts(), USERS.bob)).toBe(true);
    expect(listMasksOthers(facts(), USERS.root)).toBe(false);
    expect(listMasksOthers(facts(), USERS.admin)).toBe(false);
    expect(listMasksOthers(facts({ status: 1 }), USERS.bob)).toBe(false);
  });

  it('the status check keeps only start..seal while sealed', () => {
    const sealed = facts({ sealed: true });
    expect(statusCheckShows(sealed, new Date(seal.getTime() - 1))).toBe(true);
    expect(statusCheckShows(sealed, seal)).toBe(true);
    expect(statusCheckShows(sealed, new Date(seal.getTime() + 1))).toBe(false);
    expect(statusCheckShows(sealed, new Date(start.getTime() - 1))).toBe(false);
    expect(statusCheckShows(facts(), new Date(end.getTime() + 1))).toBe(true);
  });

  it('masks run figures of rows that are not the viewer’s', () => {
    const row = { uid: 'a', time: 5, memory: 6, length: 7, status: 0 };
    expect(masked(row, 'b', true)).toEqual({ uid: 'a', time: null, memory: null, length: null, status: 0 });
    expect(masked(row, 'a', true)).toBe(row);
    expect(masked(row, 'b', false)).toBe(row);
  });
});

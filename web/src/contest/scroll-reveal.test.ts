import { describe, expect, it } from 'vitest';
import {
  buildSealedBoard,
  defaultMedals,
  nextReveal,
  parseScrollQuery,
  PENALTY_SECONDS,
  ranksAndMedals,
  revealAll,
  revealNext,
  type ScrollInputSubmission,
  medalsFromAwards,
} from './scroll-reveal';

const START = Date.UTC(2026, 0, 1, 0, 0, 0);
const SEAL = START + 4 * 3600_000;
const min = (m: number) => START + m * 60_000;
let id = 0;
function sub(uid: string, displayId: string, minute: number, status: number): ScrollInputSubmission {
  id++;
  return {
    uid,
    username: uid,
    name: uid,
    school: null,
    submitId: id,
    status,
    submitTime: min(minute),
    displayId,
  };
}
const AC = 0;
const WA = -1;
const CE = -2;

describe('buildSealedBoard', () => {
  it('applies attempts before the seal and hides the later ones', () => {
    const s = buildSealedBoard({
      problems: ['A', 'B'],
      startTime: START,
      sealTime: SEAL,
      submissions: [
        sub('u1', 'A', 10, WA),
        sub('u1', 'A', 20, AC),
        sub('u1', 'B', 250, AC),
        sub('u2', 'A', 5, CE),
      ],
    });
    const u1 = s.teams.find((t) => t.uid === 'u1')!;
    expect(u1.solved).toBe(1);
    expect(u1.penalty).toBe(20 * 60 + PENALTY_SECONDS);
    expect(u1.cells.B).toMatchObject({ solved: false, pending: 1 });
    const u2 = s.teams.find((t) => t.uid === 'u2')!;
    expect(u2.cells.A).toMatchObject({ solved: false, errors: 0, pending: 0 });
    expect(s.teams.map((t) => t.uid)).toEqual(['u1', 'u2']);
  });

  it('ignores attempts after an AC, before the start and on unknown problems', () => {
    const s = buildSealedBoard({
      problems: ['A'],
      startTime: START,
      sealTime: SEAL,
      submissions: [
        sub('u1', 'A', -5, AC),
        sub('u1', 'A', 30, AC),
        sub('u1', 'A', 40, WA),
        sub('u1', 'Z', 1, AC),
      ],
    });
    expect(s.teams[0]!.cells.A).toMatchObject({ solved: true, acTime: 30 * 60, errors: 0 });
    expect(s.teams[0]!.cells.Z).toBeUndefined();
  });
});

describe('revealNext', () => {
  const board = () =>
    buildSealedBoard({
      problems: ['A', 'B'],
      startTime: START,
      sealTime: SEAL,
      submissions: [
        sub('top', 'A', 10, AC),
        sub('top', 'B', 20, AC),
        sub('mid', 'A', 15, AC),
        sub('mid', 'B', 260, WA),
        sub('low', 'A', 245, WA),
        sub('low', 'A', 246, AC),
        sub('low', 'B', 250, AC),
      ],
    });

  it('starts at the lowest-ranked team with a hidden cell, its first problem', () => {
    const s = board();
    expect(s.teams.map((t) => t.uid)).toEqual(['top', 'mid', 'low']);
    expect(nextReveal(s)).toEqual({ index: 2, displayId: 'A' });
  });

  it('reveals one cell at a time, moves teams up, and ends on the final board', () => {
    let s = board();
    const steps = [];
    for (let next = revealNext(s); next; next = revealNext(s)) {
      steps.push(next.step);
      s = next.state;
    }
    // low stays the lowest team with hidden cells until both are open; then mid's cell.
    expect(steps.map((x) => [x.uid, x.displayId, x.solved, x.fromIndex, x.toIndex])).toEqual([
      ['low', 'A', true, 2, 2],
      ['low', 'B', true, 2, 1],
      ['mid', 'B', false, 2, 2],
    ]);
    expect(s.teams.map((t) => t.uid)).toEqual(['top', 'low', 'mid']);
    expect(nextReveal(s)).toBeNull();
  });

  it('does not change the state it was given', () => {
    const s = board();
    const before = JSON.stringify(s);
    revealNext(s);
    expect(JSON.stringify(s)).toBe(before);
  });

  it('revealAll equals revealing step by step', () => {
    const all = revealAll(board());
    const low = all.teams.find((t) => t.uid === 'low')!;
    expect(low.solved).toBe(2);
    expect(low.penalty).toBe(246 * 60 + PENALTY_SECONDS + 250 * 60);
  });
});

describe('medals', () => {
  it('defaults to 10/20/30 % rounded down', () => {
    expect(defaultMedals(25)).toEqual({ gold: 2, silver: 5, bronze: 7 });
  });

  it('skips star teams and teams without a solve', () => {
    const s = buildSealedBoard({
      problems: ['A'],
      startTime: START,
      sealTime: SEAL,
      starUsernames: ['s'],
      submissions: [sub('s', 'A', 1, AC), sub('a', 'A', 2, AC), sub('b', 'A', 3, AC), sub('c', 'A', 4, WA)],
    });
    const r = ranksAndMedals(s.teams, { gold: 1, silver: 1, bronze: 1 });
    expect(s.teams.map((t) => t.uid)).toEqual(['s', 'a', 'b', 'c']);
    expect(r).toEqual([
      { rank: null, medal: null },
      { rank: 1, medal: 'gold' },
      { rank: 2, medal: 'silver' },
      { rank: 3, medal: null },
    ]);
  });
});

describe('parseScrollQuery', () => {
  it('reads cid, removeStar and three medal counts', () => {
    expect(parseScrollQuery('?cid=7&removeStar=true&medals[]=1&medals[]=2&medals[]=3')).toEqual({
      cid: '7',
      removeStar: true,
      medals: [1, 2, 3],
    });
    expect(parseScrollQuery('?cid=7&medals[]=x').medals).toBeNull();
  });
});

describe('medals from the award config', () => {
  it('reads the first three awards by priority as a percentage or a count', () => {
    const awards = [
      { priority: 2, num: 20 },
      { priority: 1, num: 10 },
      { priority: 3, num: 30 },
      { priority: 4, num: 99 },
    ];
    expect(medalsFromAwards(1, awards, 25)).toEqual({ gold: 2, silver: 5, bronze: 7 });
    expect(medalsFromAwards(2, awards, 25)).toEqual({ gold: 10, silver: 20, bronze: 30 });
    expect(medalsFromAwards(2, [{ priority: 1, num: 3 }], 25)).toEqual({ gold: 3, silver: 0, bronze: 0 });
    expect(medalsFromAwards(0, awards, 25)).toBeNull();
    expect(medalsFromAwards(1, [], 25)).toBeNull();
    expect(medalsFromAwards(undefined, undefined, 25)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  ContestStatus,
  boardSealedAt,
  clockStateAt,
  contestClockMachine,
  contestProgress,
  contestStatusAt,
  sealedFor,
  type ContestTimes,
} from './clock';

const T0 = Date.UTC(2026, 0, 1, 8);
const min = 60_000;
const contest = (over: Partial<ContestTimes> = {}): ContestTimes => ({
  startTime: T0,
  endTime: T0 + 300 * min,
  sealRank: true,
  sealRankTime: T0 + 240 * min,
  autoRealRank: true,
  ...over,
});

function run(c: ContestTimes, now: number) {
  const actor = createActor(contestClockMachine, { input: { contest: c, now } });
  actor.start();
  return actor;
}

describe('pure clock rules', () => {
  it('status', () => {
    const c = contest();
    expect(contestStatusAt(c, T0 - 1)).toBe(ContestStatus.SCHEDULED);
    expect(contestStatusAt(c, T0)).toBe(ContestStatus.RUNNING);
    expect(contestStatusAt(c, c.endTime)).toBe(ContestStatus.ENDED);
  });
  it('seal predicate §0.7', () => {
    const c = contest();
    expect(boardSealedAt(c, T0 + 240 * min)).toBe(false); // strictly after the seal time
    expect(boardSealedAt(c, T0 + 241 * min)).toBe(true);
    expect(boardSealedAt(c, c.endTime + 1)).toBe(false); // autoRealRank
    expect(boardSealedAt(contest({ autoRealRank: false }), c.endTime + 1)).toBe(true);
    expect(boardSealedAt(contest({ sealRank: false }), T0 + 250 * min)).toBe(false);
    const now = T0 + 250 * min;
    expect(sealedFor(c, now, { isContestAdmin: true, forceRefresh: false })).toBe(true);
    expect(sealedFor(c, now, { isContestAdmin: true, forceRefresh: true })).toBe(false);
    expect(sealedFor(c, now, { isContestAdmin: false, forceRefresh: true })).toBe(true);
  });
  it('progress', () => {
    const c = contest();
    expect(contestProgress(c, T0 - 5)).toBe(0);
    expect(contestProgress(c, T0 + 150 * min)).toBe(50);
    expect(contestProgress(c, c.endTime + 5)).toBe(100);
  });
});

describe('clock machine', () => {
  it('walks scheduled → running → sealed → ended(real) on ticks', () => {
    const c = contest();
    const actor = run(c, T0 - min);
    expect(actor.getSnapshot().value).toBe('scheduled');
    actor.send({ type: 'TICK', now: T0 + min });
    expect(actor.getSnapshot().value).toBe('running');
    actor.send({ type: 'TICK', now: T0 + 245 * min });
    expect(actor.getSnapshot().value).toBe('sealed');
    actor.send({ type: 'TICK', now: T0 + 301 * min });
    expect(actor.getSnapshot().value).toEqual({ ended: 'real' });
  });
  it('stays frozen after the end without autoRealRank', () => {
    const actor = run(contest({ autoRealRank: false }), T0 + 245 * min);
    expect(actor.getSnapshot().value).toBe('sealed');
    actor.send({ type: 'TICK', now: T0 + 400 * min });
    expect(actor.getSnapshot().value).toEqual({ ended: 'frozen' });
  });
  it('a jump over the whole contest lands in ended; no seal means running straight to ended', () => {
    const actor = run(contest({ sealRank: false }), T0 - min);
    actor.send({ type: 'TICK', now: T0 + 250 * min });
    expect(actor.getSnapshot().value).toBe('running');
    actor.send({ type: 'TICK', now: T0 + 999 * min });
    expect(actor.getSnapshot().value).toEqual({ ended: 'real' });
  });
  it('an edit moving the contest later re-routes back to scheduled', () => {
    const actor = run(contest(), T0 + 400 * min);
    expect(actor.getSnapshot().value).toEqual({ ended: 'real' });
    actor.send({
      type: 'UPDATE',
      now: T0 + 400 * min,
      contest: contest({ startTime: T0 + 500 * min, endTime: T0 + 600 * min, sealRankTime: null }),
    });
    expect(actor.getSnapshot().value).toBe('scheduled');
  });
  it('the machine agrees with clockStateAt at every minute', () => {
    for (const c of [contest(), contest({ autoRealRank: false }), contest({ sealRankTime: T0 })]) {
      const actor = run(c, T0 - 10 * min);
      for (let m = -10; m <= 320; m++) {
        const now = T0 + m * min + 1;
        actor.send({ type: 'TICK', now });
        expect(actor.getSnapshot().value).toEqual(clockStateAt(c, now));
      }
    }
  });
});

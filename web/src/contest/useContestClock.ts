// Runs the shared contest clock machine for one contest, ticking every second (spec §9 contest clock).
import { contestClockMachine, contestProgress } from '@oj/protocol/contest/clock';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { clockTimes, countdown, parseServerDate, phaseOf, type ClockPhase, type Countdown } from './rules';
import type { ContestVO } from './types';

export const CLOCK_TICK_MS = 1000;

export interface ContestClock {
  phase: ClockPhase;
  progress: number;
  countdown: Countdown;
  now: number;
}

/** The server's `now` corrects the local clock's offset once per contest load. */
export function useContestClock(contest: ContestVO): ContestClock {
  const times = useMemo(() => clockTimes(contest), [contest]);
  const offset = useMemo(() => {
    const server = parseServerDate(contest.now);
    return server === null ? 0 : server - Date.now();
  }, [contest]);
  const [snapshot, send] = useMachine(contestClockMachine, {
    input: { contest: times, now: Date.now() + offset },
  });

  useEffect(() => {
    send({ type: 'UPDATE', contest: times, now: Date.now() + offset });
    const timer = setInterval(() => send({ type: 'TICK', now: Date.now() + offset }), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, [send, times, offset]);

  const now = snapshot.context.now;
  const phase = phaseOf(snapshot.value as never);
  return { phase, progress: contestProgress(times, now), countdown: countdown(phase, times, now), now };
}

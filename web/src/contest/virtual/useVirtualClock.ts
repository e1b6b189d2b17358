// The virtual clock on the web (issue #27): the shared contest clock machine over the contest's
// times shifted to the participation's start (virtualTimes), ticking every second.
import { contestClockMachine } from '@oj/protocol/contest/clock';
import { virtualElapsed, virtualTimes } from '@oj/protocol/contest/virtual';
import type { VirtualParticipation } from '@oj/protocol/contest/virtual-schemas';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { CLOCK_TICK_MS } from '../useContestClock';
import { phaseOf, type ClockPhase } from '../rules';

export interface VirtualClock {
  phase: ClockPhase;
  /** Milliseconds since the participation started (held within the duration). */
  elapsed: number;
  remaining: number;
}

export function useVirtualClock(v: VirtualParticipation): VirtualClock {
  const times = useMemo(() => virtualTimes(v.contest, v.startedAt), [v]);
  // The server's `now` corrects the local clock's offset once per load.
  const offset = useMemo(() => v.now - Date.now(), [v]);
  const [snapshot, send] = useMachine(contestClockMachine, {
    input: { contest: times, now: Date.now() + offset },
  });
  useEffect(() => {
    send({ type: 'UPDATE', contest: times, now: Date.now() + offset });
    const timer = setInterval(() => send({ type: 'TICK', now: Date.now() + offset }), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, [send, times, offset]);
  const now = snapshot.context.now;
  const elapsed = virtualElapsed(v.contest, v.startedAt, now);
  return {
    phase: phaseOf(snapshot.value as never),
    elapsed,
    remaining: v.contest.endTime - v.contest.startTime - elapsed,
  };
}

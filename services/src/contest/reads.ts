// Per-user contest announcement reads and the public problems a contest borrows (issue #16).
import { Subjects } from '@oj/protocol';
import type { Bus } from '@oj/protocol/bus';
import type { Db } from './repository';
import * as reads from './reads-repository';

export interface BorrowLog {
  warn(obj: unknown, msg?: string): void;
}

/**
 * A public problem taken into a contest is hidden (auth 3) only while that contest has not
 * ended. `decide` says what adding `pid` (stored auth `auth`) to a contest ending at `end` does.
 */
export function borrowDecision(
  auth: number,
  alreadyBorrowed: boolean,
  end: Date,
  now: number,
): 'borrow' | 'keep-public' | 'contest-only' {
  const public_ = auth === 1 || (auth === 3 && alreadyBorrowed);
  if (!public_) return 'contest-only';
  return end.getTime() > now ? 'borrow' : 'keep-public';
}

/** Sweeps borrowed problems back to public when their contests have ended; returns a stop function. */
export function startBorrowReturner(
  db: Db,
  bus: Bus,
  now: () => number,
  log: BorrowLog,
  everyMs = 30_000,
): () => void {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const sweep = async () => {
    timer = null;
    if (stopped) return;
    let wait = everyMs;
    try {
      const at = new Date(now());
      const back = await reads.returnEndedBorrows(db, at);
      if (back.length > 0) await bus.publish(Subjects.problemChanged, { at: Date.now() });
      const next = await reads.nextBorrowEnd(db, at);
      if (next) wait = Math.max(50, Math.min(everyMs, next.getTime() - now() + 50));
    } catch (err) {
      log.warn({ err }, 'returning borrowed public problems failed; retrying');
    }
    if (!stopped) timer = setTimeout(() => void sweep(), wait);
  };
  void sweep();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

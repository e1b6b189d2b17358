// The worker's judging slots: a counting semaphore whose waiters of the first class (contest
// judgings) are served before any of the second (the general queue).

export interface PrioritySlots {
  /** Resolves with the release of a slot; `first` waiters go before the others. */
  acquire(first: boolean): Promise<() => void>;
  /** Slots in use and waiters of each class (for tests and the bench). */
  stats(): { busy: number; waitingFirst: number; waitingOther: number };
}

export function prioritySlots(size: number): PrioritySlots {
  const n = Math.max(1, size);
  let free = n;
  const first: Array<() => void> = [];
  const other: Array<() => void> = [];

  function release() {
    const next = first.shift() ?? other.shift();
    if (next) next();
    else free++;
  }

  const once = () => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
    };
  };

  return {
    acquire(isFirst) {
      // Waiters exist only while no slot is free, so a free slot goes to the caller.
      if (free > 0) {
        free--;
        return Promise.resolve(once());
      }
      return new Promise((resolve) => (isFirst ? first : other).push(() => resolve(once())));
    },
    stats: () => ({ busy: n - free, waitingFirst: first.length, waitingOther: other.length }),
  };
}

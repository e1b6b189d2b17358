/**
 * Judging the cases of a submission several at a time (each in its own slot) while keeping
 * the serial outcome (issue #18): results are recorded strictly in case order, each as soon
 * as every earlier one is known, and with a stop predicate ("stop at the first error"
 * modes) nothing after the first failing case *by order* is started or recorded. A case
 * already running past a failure is awaited (its slot must be released) and dropped; an
 * earlier case that fails later still wins, so the recorded list equals the serial one.
 */
export interface InOrderOptions<I, R> {
  items: readonly I[];
  /** Cases judged at once (at least 1). */
  width: number;
  judge: (item: I, index: number) => Promise<R>;
  /** Called for each recorded result, in item order. */
  record: (result: R, index: number) => Promise<void> | void;
  /** When given, the first result (by order) for which it is true ends the run after being recorded. */
  stopsAt?: (result: R) => boolean;
  /**
   * Shared budget for the cases beyond the first one at a time (a runner's idle slots): a worker
   * other than the first takes a unit before each case and gives it back after; without one it stops.
   */
  budget?: RunBudget;
}

/** Runs that may start besides each task's own one (a runner's idle capacity). */
export interface RunBudget {
  take(): boolean;
  give(): void;
}

/** Returns the index of the result that stopped the run, or null when every item was recorded. */
export async function judgeInOrder<I, R>(opts: InOrderOptions<I, R>): Promise<number | null> {
  const { items, judge, record, stopsAt } = opts;
  const n = items.length;
  const results: R[] = new Array<R>(n);
  const settled: boolean[] = new Array<boolean>(n).fill(false);
  /** Lowest index known to stop the run (n: none yet). */
  let stopAt = n;
  let next = 0;
  let recorded = 0;
  let failure: { err: unknown } | null = null;
  let recording: Promise<void> = Promise.resolve();

  const drain = (): Promise<void> => {
    recording = recording.then(async () => {
      while (recorded < n && recorded <= stopAt && settled[recorded] && !failure) {
        const i = recorded++;
        await record(results[i]!, i);
      }
    });
    return recording;
  };

  const worker = async (first: boolean): Promise<void> => {
    while (!failure && next < n && next <= stopAt) {
      if (!first && opts.budget && !opts.budget.take()) return;
      const i = next++;
      try {
        const r = await judge(items[i]!, i);
        results[i] = r;
        settled[i] = true;
        if (stopsAt?.(r) && i < stopAt) stopAt = i;
      } catch (err) {
        failure ??= { err };
        return;
      } finally {
        if (!first) opts.budget?.give();
      }
      await drain();
    }
  };

  const width = Math.max(1, Math.min(Math.floor(opts.width) || 1, n));
  await Promise.all(Array.from({ length: width }, (_, w) => worker(w === 0)));
  await drain();
  if (failure) throw (failure as { err: unknown }).err;
  return stopAt < n ? stopAt : null;
}

// Coalesces work items that arrive while a batch is being processed into the next batch: no delay
// when idle, bigger batches under load. A failing batch is retried one item at a time, so one bad
// item fails alone instead of taking its neighbours with it.

export interface Batcher<T> {
  /** Resolves when the batch holding `item` has been processed (rejects if that item failed). */
  add(item: T): Promise<void>;
}

export function createBatcher<T>(process: (items: T[]) => Promise<void>, maxBatch = 64): Batcher<T> {
  let waiting: { item: T; done: (failure?: { err: unknown }) => void }[] = [];
  let draining = false;

  async function drain(): Promise<void> {
    draining = true;
    while (waiting.length) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(maxBatch);
      try {
        await process(batch.map((w) => w.item));
        for (const w of batch) w.done();
      } catch (err) {
        if (batch.length === 1) batch[0]!.done({ err });
        else
          for (const w of batch) {
            try {
              await process([w.item]);
              w.done();
            } catch (single) {
              w.done({ err: single });
            }
          }
      }
    }
    draining = false;
  }

  return {
    add(item) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ item, done: (failure) => (failure ? reject(failure.err) : resolve()) });
        if (!draining) void drain();
      });
    },
  };
}

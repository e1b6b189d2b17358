/** Small pieces both bus implementations share: option defaults, in-flight tracking, sleeping. */
import type { WorkQueueOptions } from './types';
import { assertSubject } from './subject';

export const DEFAULT_REQUEST_TIMEOUT_MS = 5_000;
/** How long an enqueue id is remembered for de-duplication. */
export const DEDUPE_WINDOW_MS = 2 * 60_000;

export interface ResolvedWorkQueueOptions {
  concurrency: number;
  ackDeadlineMs: number;
  maxAttempts: number;
}

export function resolveWorkQueueOptions(
  queue: string,
  opts: WorkQueueOptions = {},
): ResolvedWorkQueueOptions {
  assertSubject(queue, false);
  const resolved = { concurrency: 1, ackDeadlineMs: 30_000, maxAttempts: 5, ...opts };
  for (const [key, value] of Object.entries(resolved)) {
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`bus: ${key} must be a positive integer, got ${value}`);
  }
  return resolved;
}

/** Dead-letter reasons, the same words on both buses. */
export const DeadReasons = {
  deadline: 'ack deadline exceeded on the last attempt',
  nak: 'nak on the last attempt',
  terminated: 'terminated',
  handlerError: (message: string) => `handler failed on the last attempt: ${message}`,
} as const;

/** Tracks promises still running so close()/unsubscribe can wait for them. */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  get size(): number {
    return this.running.size;
  }

  track<T>(promise: Promise<T>): Promise<T> {
    this.running.add(promise);
    const forget = () => this.running.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function reportHandlerError(context: string, err: unknown): void {
  console.error(`bus: handler for ${context} failed`, err);
}

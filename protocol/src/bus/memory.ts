/**
 * The in-process bus of the one-process embedded default. It keeps the semantics of the NATS bus
 * (wildcards, queue groups, request errors, ack deadlines, redelivery, dead letters, de-dup) so code
 * tested against it behaves the same in the cluster. Payloads cross it as JSON text, like the wire.
 */
import type { Bus, DeadLetter, Job, SubscribeOptions, Unsubscribe, WorkQueueOptions } from './types';
import { decodeJson, encodeJson, errorMessage, type ReplyEnvelope } from './codec';
import { BusClosedError, BusNoRespondersError, BusRequestTimeoutError, BusResponderError } from './errors';
import {
  DEDUPE_WINDOW_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DeadReasons,
  InFlight,
  reportHandlerError,
  resolveWorkQueueOptions,
  type ResolvedWorkQueueOptions,
} from './internal';
import { assertSubject, subjectMatches } from './subject';

interface Subscription {
  pattern: string;
  queue: string | undefined;
  deliver(text: string, subject: string): Promise<unknown>;
  inFlight: InFlight;
}

interface StoredJob {
  id: string | undefined;
  text: string;
  attempts: number;
  availableAt: number;
  /** Bumped on every delivery so a stale delivery's ack/nak is ignored. */
  delivery: number;
}

interface Consumer extends ResolvedWorkQueueOptions {
  handler: (job: Job<unknown>) => Promise<void>;
  running: number;
  stopped: boolean;
  inFlight: InFlight;
}

interface WorkQueue {
  name: string;
  waiting: StoredJob[];
  consumers: Consumer[];
  nextConsumer: number;
  dedupe: Map<string, number>;
  wakeTimer: NodeJS.Timeout | undefined;
  deadHandlers: Set<(dl: DeadLetter<unknown>) => void | Promise<void>>;
}

export interface MemoryBusOptions {
  /** Where errors thrown by subscribe/onDeadLetter handlers go (default: console.error). */
  onHandlerError?: (context: string, err: unknown) => void;
}

export function createMemoryBus(options: MemoryBusOptions = {}): Bus {
  const onHandlerError = options.onHandlerError ?? reportHandlerError;
  const subscriptions = new Set<Subscription>();
  const responders = new Set<Subscription>();
  const queues = new Map<string, WorkQueue>();
  const roundRobin = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new InFlight();
  let closed = false;

  function assertOpen(): void {
    if (closed) throw new BusClosedError();
  }

  function later(fn: () => void, ms: number): NodeJS.Timeout {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
    return timer;
  }

  function cancel(timer: NodeJS.Timeout | undefined): void {
    if (timer === undefined) return;
    clearTimeout(timer);
    timers.delete(timer);
  }

  /** Every plain subscriber, plus one member of each queue group (round robin). */
  function pickTargets(from: Set<Subscription>, subject: string): Subscription[] {
    const targets: Subscription[] = [];
    const groups = new Map<string, Subscription[]>();
    for (const sub of from) {
      if (!subjectMatches(sub.pattern, subject)) continue;
      if (sub.queue === undefined) targets.push(sub);
      else groups.set(sub.queue, [...(groups.get(sub.queue) ?? []), sub]);
    }
    for (const [queue, members] of groups) {
      // Keyed by group name only: per-subject keys would grow without bound (one per submission id).
      const turn = roundRobin.get(queue) ?? 0;
      roundRobin.set(queue, turn + 1);
      targets.push(members[turn % members.length]!);
    }
    return targets;
  }

  /** Runs a handler asynchronously (never inside the caller's stack), tracked for close(). */
  function run<T>(sub: Subscription | undefined, fn: () => T | Promise<T>): Promise<T> {
    const promise = Promise.resolve().then(fn);
    sub?.inFlight.track(promise);
    return inFlight.track(promise);
  }

  const pendingRequests = new Set<(err: Error) => void>();

  function addSubscription(
    into: Set<Subscription>,
    pattern: string,
    queue: string | undefined,
    handle: (text: string, subject: string) => unknown,
  ): Unsubscribe {
    assertSubject(pattern, true);
    if (queue !== undefined) assertSubject(queue, false);
    const sub: Subscription = {
      pattern,
      queue,
      deliver: (text, subject) => run(sub, () => handle(text, subject)),
      inFlight: new InFlight(),
    };
    into.add(sub);
    return async () => {
      into.delete(sub);
      await sub.inFlight.idle();
    };
  }

  // ---- work queues ----

  function getQueue(name: string): WorkQueue {
    let queue = queues.get(name);
    if (!queue) {
      queue = {
        name,
        waiting: [],
        consumers: [],
        nextConsumer: 0,
        dedupe: new Map(),
        wakeTimer: undefined,
        deadHandlers: new Set(),
      };
      queues.set(name, queue);
    }
    return queue;
  }

  function freeConsumer(queue: WorkQueue): Consumer | undefined {
    const { consumers } = queue;
    for (let i = 0; i < consumers.length; i++) {
      const consumer = consumers[(queue.nextConsumer + i) % consumers.length]!;
      if (!consumer.stopped && consumer.running < consumer.concurrency) {
        queue.nextConsumer = (queue.nextConsumer + i + 1) % consumers.length;
        return consumer;
      }
    }
    return undefined;
  }

  /** Hands every available job to a consumer with a free slot; wakes up again for delayed jobs. */
  function pump(queue: WorkQueue): void {
    if (closed) return;
    const now = Date.now();
    for (;;) {
      const index = queue.waiting.findIndex((job) => job.availableAt <= now);
      if (index < 0) break;
      const consumer = freeConsumer(queue);
      if (!consumer) break;
      const [job] = queue.waiting.splice(index, 1);
      deliver(queue, consumer, job!);
    }
    cancel(queue.wakeTimer);
    queue.wakeTimer = undefined;
    const nextAt = Math.min(...queue.waiting.map((job) => job.availableAt));
    if (Number.isFinite(nextAt) && nextAt > now) {
      queue.wakeTimer = later(() => pump(queue), nextAt - now);
    }
  }

  function requeue(queue: WorkQueue, job: StoredJob, delayMs: number): void {
    job.availableAt = Date.now() + delayMs;
    queue.waiting.push(job);
    pump(queue);
  }

  function deadLetter(queue: WorkQueue, job: StoredJob, reason: string): void {
    for (const handler of queue.deadHandlers) {
      const dl: DeadLetter<unknown> = {
        queue: queue.name,
        data: decodeJson(job.text),
        attempts: job.attempts,
        reason,
      };
      run(undefined, () => handler(dl)).catch((err) => onHandlerError(`dead letters of ${queue.name}`, err));
    }
  }

  function deliver(queue: WorkQueue, consumer: Consumer, stored: StoredJob): void {
    stored.attempts += 1;
    const delivery = ++stored.delivery;
    let settled = false;
    const current = () => !settled && stored.delivery === delivery;
    const settle = () => {
      settled = true;
      cancel(deadline);
    };
    const giveBack = (delayMs: number, lastAttemptReason: string) => {
      settle();
      if (stored.attempts >= consumer.maxAttempts) deadLetter(queue, stored, lastAttemptReason);
      else requeue(queue, stored, delayMs);
    };
    const onDeadline = () => {
      if (current()) giveBack(0, DeadReasons.deadline);
    };
    let deadline = later(onDeadline, consumer.ackDeadlineMs);

    const job: Job<unknown> = {
      data: decodeJson(stored.text),
      attempt: stored.attempts,
      id: stored.id,
      ack: async () => {
        if (current()) settle();
      },
      nak: async (delayMs = 0) => {
        if (current()) giveBack(delayMs, DeadReasons.nak);
      },
      working: async () => {
        if (!current()) return;
        cancel(deadline);
        deadline = later(onDeadline, consumer.ackDeadlineMs);
      },
      term: async (reason) => {
        if (!current()) return;
        settle();
        deadLetter(queue, stored, reason ?? DeadReasons.terminated);
      },
    };

    consumer.running += 1;
    const handled = Promise.resolve()
      .then(() => consumer.handler(job))
      .then(
        // A handler that returns without settling has succeeded; one that throws gives the job back.
        () => job.ack(),
        (err: unknown) => {
          if (current()) giveBack(0, DeadReasons.handlerError(errorMessage(err)));
        },
      )
      .finally(() => {
        consumer.running -= 1;
        pump(queue);
      });
    consumer.inFlight.track(handled);
    inFlight.track(handled);
  }

  return {
    async publish(subject, payload) {
      assertOpen();
      assertSubject(subject, false);
      const text = encodeJson(payload);
      for (const sub of pickTargets(subscriptions, subject)) {
        sub.deliver(text, subject).catch((err) => onHandlerError(sub.pattern, err));
      }
    },

    async subscribe<T>(
      pattern: string,
      handler: (payload: T, subject: string) => void | Promise<void>,
      opts: SubscribeOptions = {},
    ) {
      assertOpen();
      return addSubscription(subscriptions, pattern, opts.queue, (text, subject) =>
        handler(decodeJson<T>(text), subject),
      );
    },

    async request<T>(subject: string, payload: unknown, opts: { timeoutMs?: number } = {}) {
      assertOpen();
      assertSubject(subject, false);
      const text = encodeJson(payload);
      const targets = pickTargets(responders, subject);
      if (targets.length === 0) throw new BusNoRespondersError(subject);
      const timeoutMs = opts.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
      return new Promise<T>((resolve, reject) => {
        const fail = (err: Error) => {
          cancel(timer);
          pendingRequests.delete(fail);
          reject(err);
        };
        const timer = later(() => fail(new BusRequestTimeoutError(subject, timeoutMs)), timeoutMs);
        pendingRequests.add(fail);
        for (const target of targets) {
          // The first answer wins, as on NATS.
          target.deliver(text, subject).then((answer) => {
            cancel(timer);
            pendingRequests.delete(fail);
            const envelope = decodeJson<ReplyEnvelope>(answer as string);
            if (envelope.ok) resolve(envelope.value as T);
            else reject(new BusResponderError(subject, envelope.error));
          }, fail);
        }
      });
    },

    async reply<Q, A>(pattern: string, handler: (payload: Q) => A | Promise<A>, opts: SubscribeOptions = {}) {
      assertOpen();
      return addSubscription(responders, pattern, opts.queue, async (text) => {
        let envelope: ReplyEnvelope;
        try {
          envelope = { ok: true, value: await handler(decodeJson<Q>(text)) };
        } catch (err) {
          envelope = { ok: false, error: errorMessage(err) };
        }
        return encodeJson(envelope);
      });
    },

    async enqueue(name, payload, opts = {}) {
      assertOpen();
      assertSubject(name, false);
      const queue = getQueue(name);
      const now = Date.now();
      if (opts.id !== undefined) {
        for (const [id, expiresAt] of queue.dedupe) if (expiresAt <= now) queue.dedupe.delete(id);
        if (queue.dedupe.has(opts.id)) return;
        queue.dedupe.set(opts.id, now + DEDUPE_WINDOW_MS);
      }
      queue.waiting.push({
        id: opts.id,
        text: encodeJson(payload),
        attempts: 0,
        availableAt: now,
        delivery: 0,
      });
      pump(queue);
    },

    async consume<T>(name: string, handler: (job: Job<T>) => Promise<void>, opts?: WorkQueueOptions) {
      assertOpen();
      const consumer: Consumer = {
        ...resolveWorkQueueOptions(name, opts),
        handler: handler as Consumer['handler'],
        running: 0,
        stopped: false,
        inFlight: new InFlight(),
      };
      const queue = getQueue(name);
      queue.consumers.push(consumer);
      pump(queue);
      return async () => {
        consumer.stopped = true;
        queue.consumers = queue.consumers.filter((c) => c !== consumer);
        await consumer.inFlight.idle();
      };
    },

    async onDeadLetter<T>(name: string, handler: (dl: DeadLetter<T>) => void | Promise<void>) {
      assertOpen();
      assertSubject(name, false);
      const queue = getQueue(name);
      const registered = handler as (dl: DeadLetter<unknown>) => void | Promise<void>;
      queue.deadHandlers.add(registered);
      return async () => {
        queue.deadHandlers.delete(registered);
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const queue of queues.values()) for (const consumer of queue.consumers) consumer.stopped = true;
      subscriptions.clear();
      responders.clear();
      await inFlight.idle();
      for (const fail of pendingRequests) fail(new BusClosedError());
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

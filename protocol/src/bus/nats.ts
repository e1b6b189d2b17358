/**
 * The cluster bus on NATS: core NATS for publish/subscribe and request/reply, JetStream for work
 * queues. Each queue is a work-queue stream shared by one durable pull consumer, so every process
 * consuming a queue shares its work; exhausted or terminated jobs go to `<queue>.dead`, which a
 * limits stream keeps for inspection and onDeadLetter observes.
 */
import {
  AckPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
  type StreamConfig,
} from '@nats-io/jetstream';
import {
  connect,
  nanos,
  NoRespondersError,
  RequestError,
  TimeoutError,
  type Msg,
  type NatsConnection,
  type Subscription as NatsSubscription,
} from '@nats-io/transport-node';
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
  sleep,
  type ResolvedWorkQueueOptions,
} from './internal';
import { assertSubject } from './subject';

export interface NatsBusOptions {
  /** Comma-separated server URLs, e.g. `nats://127.0.0.1:4222`. */
  servers: string;
  /** Connection name shown by the server's monitoring. */
  name?: string;
  /** Prefix of every stream this bus creates (default `OJ`); tests use a unique one and delete its streams. */
  streamPrefix?: string;
  /** Put in front of every subject on the wire (`<prefix>.<subject>`), so test runs never see each other. */
  subjectPrefix?: string;
  /** Where errors thrown by subscribe/onDeadLetter handlers go (default: console.error). */
  onHandlerError?: (context: string, err: unknown) => void;
  /** Where the bus tells what it did on its own, e.g. streams recreated after a wiped server (default: console.log). */
  log?: (message: string) => void;
}

/** The durable consumer every process consuming a queue binds to. */
const DURABLE = 'workers';
/** How long one pull waits on the server before asking again. */
const PULL_EXPIRES_MS = 5_000;
const DEAD_LETTER_MAX_AGE_MS = 7 * 24 * 3600_000;

/** Stream names allow no dots or wildcards: `oj.queue.judge-task` → `OJ_Q_oj_queue_judge-task`. */
export function natsStreamNames(queue: string, streamPrefix = 'OJ'): { jobs: string; dead: string } {
  const token = queue.replace(/[^A-Za-z0-9_-]/g, '_');
  return { jobs: `${streamPrefix}_Q_${token}`, dead: `${streamPrefix}_DLQ_${token}` };
}

function isJsApiError(err: unknown, code: number): boolean {
  return err instanceof JetStreamApiError && err.code === code;
}

export async function createNatsBus(opts: NatsBusOptions): Promise<Bus> {
  const onHandlerError = opts.onHandlerError ?? reportHandlerError;
  const log = opts.log ?? ((message: string) => console.log(message));
  const streamPrefix = opts.streamPrefix ?? 'OJ';
  const wire = (subject: string) => (opts.subjectPrefix ? `${opts.subjectPrefix}.${subject}` : subject);
  const unwire = (subject: string) =>
    opts.subjectPrefix ? subject.slice(opts.subjectPrefix.length + 1) : subject;
  if (opts.subjectPrefix !== undefined) assertSubject(opts.subjectPrefix, false);

  // Never give up on the server: an outage of any length only delays the work (issue #11).
  const nc: NatsConnection = await connect({
    servers: opts.servers.split(','),
    name: opts.name ?? 'oj-bus',
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
  });
  const js = jetstream(nc);
  const jsm: JetStreamManager = await jetstreamManager(nc);

  const ensuredStreams = new Map<string, Promise<void>>();
  /** Streams this bus has ensured at least once (one created again means the server lost it). */
  const seenStreams = new Set<string>();
  const subscriptions = new Set<NatsSubscription>();
  const reconnectListeners = new Set<() => void>();
  /** Re-checks of the consumers of this bus, run after a reconnect (the server may have lost them). */
  const rebinds = new Set<() => Promise<void>>();
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type !== 'reconnect') continue;
      // The server that came back may be a new one or have lost its store (issue #23): streams
      // and consumers are checked again, and created again where missing.
      ensuredStreams.clear();
      for (const rebind of [...rebinds]) void rebind();
      for (const listener of [...reconnectListeners]) {
        try {
          listener();
        } catch (err) {
          onHandlerError('reconnect listener', err);
        }
      }
    }
  })();
  const consumerStops = new Set<() => Promise<void>>();
  const inFlight = new InFlight();
  let closed = false;

  function assertOpen(): void {
    if (closed) throw new BusClosedError();
  }

  // ---- JetStream topology: create what is missing, update what differs ----

  /** Creates the stream when missing (true) or brings its settings up to date (false). */
  async function ensureStream(config: Partial<StreamConfig> & { name: string }): Promise<boolean> {
    const infoOrNull = () =>
      jsm.streams.info(config.name).catch((err: unknown) => {
        if (isJsApiError(err, JetStreamApiCodes.StreamNotFound)) return null;
        throw err;
      });
    if (!(await infoOrNull())) {
      try {
        await jsm.streams.add(config);
        return true;
      } catch (err) {
        if (!(await infoOrNull())) throw err; // not a lost creation race
      }
    }
    const current = (await jsm.streams.info(config.name)).config;
    if (current.retention !== config.retention) {
      throw new Error(
        `bus: stream ${config.name} exists with retention ${current.retention}, expected ${config.retention}`,
      );
    }
    const same =
      JSON.stringify(current.subjects) === JSON.stringify(config.subjects) &&
      current.duplicate_window === config.duplicate_window &&
      current.max_age === config.max_age;
    if (!same) await jsm.streams.update(config.name, { ...current, ...config });
    return false;
  }

  /**
   * Ensures a stream once per connection (checked again after a reconnect or a failed publish).
   * A stream created again after the first time is logged: the server lost it (a wiped store).
   */
  function ensureOnce(config: Partial<StreamConfig> & { name: string }): Promise<void> {
    let ensured = ensuredStreams.get(config.name);
    if (!ensured) {
      const again = seenStreams.has(config.name);
      ensured = ensureStream(config).then((created) => {
        seenStreams.add(config.name);
        if (created && again) log(`bus: stream ${config.name} was missing on the server: created again`);
      });
      ensured.catch(() => ensuredStreams.delete(config.name)); // retry on the next call
      ensuredStreams.set(config.name, ensured);
    }
    return ensured;
  }

  /** A publish into a stream failed (it may be gone): check the stream again on the next one. */
  function forgetStream(name: string): void {
    ensuredStreams.delete(name);
  }

  async function ensureJobStream(queue: string): Promise<string> {
    const name = natsStreamNames(queue, streamPrefix).jobs;
    await ensureOnce({
      name,
      subjects: [wire(queue)],
      retention: RetentionPolicy.Workqueue,
      storage: StorageType.File,
      duplicate_window: nanos(DEDUPE_WINDOW_MS),
      max_age: 0,
    });
    return name;
  }

  /** Creates the durable consumer when missing (true) or brings its settings up to date (false). */
  async function ensureConsumer(stream: string, options: ResolvedWorkQueueOptions): Promise<boolean> {
    const wanted = {
      ack_wait: nanos(options.ackDeadlineMs),
      // One delivery more than the attempts: when a consumer receives it, the job overran its last
      // deadline, and that consumer moves it to the dead letters (the server alone would just stop).
      max_deliver: options.maxAttempts + 1,
    };
    const config: Partial<ConsumerConfig> = {
      durable_name: DURABLE,
      ack_policy: AckPolicy.Explicit,
      ...wanted,
    };
    const current = await jsm.consumers.info(stream, DURABLE).catch((err: unknown) => {
      if (isJsApiError(err, JetStreamApiCodes.ConsumerNotFound)) return null;
      throw err;
    });
    if (!current) {
      try {
        await jsm.consumers.add(stream, config);
        return true;
      } catch (err) {
        // Lost a creation race with another process: fall through to the update.
        await jsm.consumers.info(stream, DURABLE).catch(() => Promise.reject(err));
      }
    } else if (
      current.config.ack_wait === wanted.ack_wait &&
      current.config.max_deliver === wanted.max_deliver
    ) {
      return false;
    }
    await jsm.consumers.update(stream, DURABLE, wanted);
    return false;
  }

  async function deadLetter(queue: string, data: unknown, attempts: number, reason: string): Promise<void> {
    const name = natsStreamNames(queue, streamPrefix).dead;
    const subject = wire(`${queue}.dead`);
    await ensureOnce({
      name,
      subjects: [subject],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: nanos(DEAD_LETTER_MAX_AGE_MS),
    });
    const dl: DeadLetter<unknown> = { queue, data, attempts, reason };
    await js.publish(subject, encodeJson(dl)).catch((err: unknown) => {
      forgetStream(name);
      throw err;
    });
  }

  // ---- one delivery of a job ----

  async function handleDelivery(
    queue: string,
    msg: JsMsg,
    options: ResolvedWorkQueueOptions,
    handler: (job: Job<unknown>) => Promise<void>,
  ): Promise<void> {
    const attempt = msg.info.deliveryCount;
    const text = msg.string();
    let data: unknown;
    try {
      data = decodeJson(text);
    } catch (err) {
      // Someone published a non-JSON job on the queue subject: no handler could ever take it.
      await deadLetter(queue, text, attempt, `payload is not JSON: ${errorMessage(err)}`);
      await msg.ackAck();
      return;
    }
    if (attempt > options.maxAttempts) {
      await deadLetter(queue, data, attempt - 1, DeadReasons.deadline);
      await msg.ackAck();
      return;
    }
    let settled = false;
    let deadlineAt = Date.now() + options.ackDeadlineMs;
    // Past the deadline the server has handed the job on: this delivery may no longer settle it.
    const current = () => !settled && Date.now() < deadlineAt;
    const finish = async (deadReason: string) => {
      settled = true;
      await deadLetter(queue, data, attempt, deadReason);
      await msg.ackAck(); // removes it from the work queue
    };
    const giveBack = async (delayMs: number, lastAttemptReason: string) => {
      if (attempt >= options.maxAttempts) return finish(lastAttemptReason);
      settled = true;
      msg.nak(delayMs);
    };
    const job: Job<unknown> = {
      data,
      attempt,
      id: msg.headers?.get('Nats-Msg-Id') || undefined,
      ack: async () => {
        if (!current()) return;
        settled = true;
        await msg.ackAck();
      },
      nak: async (delayMs = 0) => {
        if (current()) await giveBack(delayMs, DeadReasons.nak);
      },
      working: async () => {
        if (!current()) return;
        deadlineAt = Date.now() + options.ackDeadlineMs;
        msg.working();
      },
      term: async (reason) => {
        if (current()) await finish(reason ?? DeadReasons.terminated);
      },
    };
    try {
      await handler(job);
    } catch (err) {
      if (current()) await giveBack(0, DeadReasons.handlerError(errorMessage(err)));
      return;
    }
    // A handler that returns without settling has succeeded.
    await job.ack();
  }

  /** A core subscription whose async handlers are tracked, so unsubscribe and close can wait for them. */
  async function listen(
    pattern: string,
    queue: string | undefined,
    onMessage: (msg: Msg) => Promise<void>,
  ): Promise<Unsubscribe> {
    assertOpen();
    assertSubject(pattern, true);
    if (queue !== undefined) assertSubject(queue, false);
    const mine = new InFlight();
    const sub = nc.subscribe(wire(pattern), {
      queue,
      callback: (err, msg) => {
        if (err) return onHandlerError(pattern, err);
        const handled = Promise.resolve().then(() => onMessage(msg));
        mine.track(handled);
        inFlight.track(handled).catch((e: unknown) => onHandlerError(pattern, e));
      },
    });
    subscriptions.add(sub);
    await nc.flush(); // the server knows the subscription before this resolves
    return async () => {
      subscriptions.delete(sub);
      sub.unsubscribe();
      await mine.idle();
    };
  }

  return {
    async publish(subject, payload) {
      assertOpen();
      assertSubject(subject, false);
      nc.publish(wire(subject), encodeJson(payload));
    },

    async subscribe<T>(
      pattern: string,
      handler: (payload: T, subject: string) => void | Promise<void>,
      o: SubscribeOptions = {},
    ) {
      return listen(pattern, o.queue, async (msg) => {
        await handler(decodeJson<T>(msg.string()), unwire(msg.subject));
      });
    },

    async request<T>(subject: string, payload: unknown, o: { timeoutMs?: number } = {}) {
      assertOpen();
      assertSubject(subject, false);
      const timeoutMs = o.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
      let envelope: ReplyEnvelope;
      try {
        const answer = await nc.request(wire(subject), encodeJson(payload), { timeout: timeoutMs });
        envelope = decodeJson<ReplyEnvelope>(answer.string());
      } catch (err) {
        const cause = err instanceof RequestError ? err.cause : err;
        if (cause instanceof NoRespondersError || (err instanceof RequestError && err.isNoResponders())) {
          throw new BusNoRespondersError(subject);
        }
        if (cause instanceof TimeoutError || err instanceof TimeoutError) {
          throw new BusRequestTimeoutError(subject, timeoutMs);
        }
        throw err;
      }
      if (!envelope.ok) throw new BusResponderError(subject, envelope.error);
      return envelope.value as T;
    },

    async reply<Q, A>(pattern: string, handler: (payload: Q) => A | Promise<A>, o: SubscribeOptions = {}) {
      return listen(pattern, o.queue, async (msg) => {
        let envelope: ReplyEnvelope;
        try {
          envelope = { ok: true, value: await handler(decodeJson<Q>(msg.string())) };
        } catch (err) {
          envelope = { ok: false, error: errorMessage(err) };
        }
        msg.respond(encodeJson(envelope));
      });
    },

    async enqueue(queue, payload, o = {}) {
      assertOpen();
      assertSubject(queue, false);
      const text = encodeJson(payload);
      const stream = await ensureJobStream(queue);
      try {
        await js.publish(wire(queue), text, o.id === undefined ? undefined : { msgID: o.id });
      } catch (err) {
        forgetStream(stream); // gone with a wiped server? The next enqueue checks it again.
        throw err;
      }
    },

    async consume<T>(queue: string, handler: (job: Job<T>) => Promise<void>, o?: WorkQueueOptions) {
      assertOpen();
      const options = resolveWorkQueueOptions(queue, o);
      const stream = await ensureJobStream(queue);
      await ensureConsumer(stream, options);
      let consumer = await js.consumers.get(stream, DURABLE);
      let stopped = false;
      const pulls = new Set<ConsumerMessages>();

      // The stream or the consumer may vanish under us (a new or wiped server, issue #23): after a
      // reconnect and after a failed pull they are checked and created again, which is logged.
      let rebinding: Promise<void> | null = null;
      const rebind = (): Promise<void> =>
        (rebinding ??= (async () => {
          try {
            forgetStream(stream);
            await ensureJobStream(queue);
            if (await ensureConsumer(stream, options))
              log(`bus: consumer ${DURABLE} of ${queue} was missing on the server: created again`);
            consumer = await js.consumers.get(stream, DURABLE);
          } catch (err) {
            if (!stopped) onHandlerError(`recreating the consumer of ${queue}`, err);
          } finally {
            rebinding = null;
          }
        })());
      rebinds.add(rebind);

      // One worker per concurrency slot, each pulling one job at a time: a job is only taken
      // from the server when a slot is free, so its ack deadline never runs while it waits here.
      const worker = async () => {
        while (!stopped) {
          let pull: ConsumerMessages;
          try {
            pull = await consumer.fetch({ max_messages: 1, expires: PULL_EXPIRES_MS });
          } catch (err) {
            if (!stopped) onHandlerError(`pull from ${queue}`, err);
            await sleep(500);
            if (!stopped) await rebind();
            continue;
          }
          pulls.add(pull);
          if (stopped) pull.stop();
          let delivered = false;
          try {
            for await (const msg of pull) {
              pulls.delete(pull);
              delivered = true;
              await handleDelivery(queue, msg, options, handler as (job: Job<unknown>) => Promise<void>);
            }
          } catch (err) {
            // A job longer than two of the pull's idle heartbeats ends its (finished) pull with
            // "heartbeats missed" once it returns: the job was handled, so that is no failure.
            const afterJob = delivered && err instanceof Error && err.message === 'heartbeats missed';
            if (!stopped && !afterJob) {
              onHandlerError(`job of ${queue}`, err);
              await sleep(500);
              if (!stopped) await rebind();
            }
          } finally {
            pulls.delete(pull);
          }
        }
      };
      const workers = Array.from({ length: options.concurrency }, () => inFlight.track(worker()));
      const stop = async () => {
        stopped = true;
        rebinds.delete(rebind);
        for (const pull of pulls) pull.stop();
        await Promise.allSettled(workers);
      };
      consumerStops.add(stop);
      return async () => {
        consumerStops.delete(stop);
        await stop();
      };
    },

    async onDeadLetter<T>(queue: string, handler: (dl: DeadLetter<T>) => void | Promise<void>) {
      assertSubject(queue, false);
      return listen(`${queue}.dead`, undefined, async (msg) => {
        await handler(decodeJson<DeadLetter<T>>(msg.string()));
      });
    },

    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => {
        reconnectListeners.delete(listener);
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      reconnectListeners.clear();
      await Promise.all([...consumerStops].map((stop) => stop()));
      for (const sub of subscriptions) sub.unsubscribe();
      await inFlight.idle();
      await nc.drain();
    },
  };
}

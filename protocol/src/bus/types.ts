/**
 * The event bus: one interface, two implementations (in-process for the embedded
 * default, NATS JetStream for the cluster). Payloads are JSON-serialisable values.
 */

export interface Unsubscribe {
  (): Promise<void>;
}

export interface SubscribeOptions {
  /** Queue group: each message goes to one member of the group instead of all subscribers. */
  queue?: string;
}

export interface RequestOptions {
  timeoutMs?: number;
}

export interface WorkQueueOptions {
  /** Handler invocations in flight at once for this consumer. */
  concurrency?: number;
  /** A job not acked within this time is redelivered (to any consumer). */
  ackDeadlineMs?: number;
  /** After this many delivery attempts the job goes to the dead-letter queue. */
  maxAttempts?: number;
}

export interface Job<T = unknown> {
  readonly data: T;
  /** 1 on first delivery. */
  readonly attempt: number;
  /** The id the job was enqueued with (used for de-duplication). */
  readonly id: string | undefined;
  ack(): Promise<void>;
  /** Give the job back for redelivery, optionally after a delay. */
  nak(delayMs?: number): Promise<void>;
  /** Still working: push the ack deadline forward. */
  working(): Promise<void>;
  /** Never redeliver; moves it to the dead-letter queue. */
  term(reason?: string): Promise<void>;
}

export interface DeadLetter<T = unknown> {
  queue: string;
  data: T;
  attempts: number;
  reason: string;
}

export interface Bus {
  /** Fire-and-forget publish to every subscriber of the subject. */
  publish(subject: string, payload: unknown): Promise<void>;
  /** Subscribe to a subject; `*` matches one token, `>` the rest (NATS semantics). */
  subscribe<T = unknown>(
    subject: string,
    handler: (payload: T, subject: string) => void | Promise<void>,
    opts?: SubscribeOptions,
  ): Promise<Unsubscribe>;
  /** Request/reply: resolves with the responder's answer, rejects on timeout or no responder. */
  request<T = unknown>(subject: string, payload: unknown, opts?: RequestOptions): Promise<T>;
  /** Answer requests on a subject. */
  reply<Q = unknown, A = unknown>(
    subject: string,
    handler: (payload: Q) => A | Promise<A>,
    opts?: SubscribeOptions,
  ): Promise<Unsubscribe>;
  /** Durably enqueue a job. Enqueuing twice with the same id within the dedupe window keeps one. */
  enqueue(queue: string, payload: unknown, opts?: { id?: string }): Promise<void>;
  /** Consume a durable work queue. Every consumer with the same queue name shares the work. */
  consume<T = unknown>(
    queue: string,
    handler: (job: Job<T>) => Promise<void>,
    opts?: WorkQueueOptions,
  ): Promise<Unsubscribe>;
  /** Observe jobs that exhausted their attempts or were terminated. */
  onDeadLetter<T = unknown>(
    queue: string,
    handler: (dl: DeadLetter<T>) => void | Promise<void>,
  ): Promise<Unsubscribe>;
  /**
   * Calls `listener` each time the connection to the server comes back after an outage: events
   * published meanwhile were not delivered here (a push gateway tells its clients to read again).
   * The in-process bus never reconnects. Returns the unregistration.
   */
  onReconnect?(listener: () => void): () => void;
  /** Stop consuming, wait for handlers in flight, close connections. */
  close(): Promise<void>;
}

/**
 * The behaviour every Bus must have, run against the in-process bus and against real NATS.
 * `peer` is a second handle on the same bus world (another connection on NATS, the same
 * instance in-process), used where the test is about two processes sharing work.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Bus, DeadLetter, Job } from './types';
import { BusNoRespondersError, BusRequestTimeoutError, BusResponderError } from './errors';

export interface BusWorld {
  bus: Bus;
  peer: Bus;
  /** Closes both handles and removes whatever the test created on the server. */
  cleanup(): Promise<void>;
}

let unique = 0;
/** A subject no other test (or test run) uses. */
function fresh(kind: string): string {
  unique += 1;
  return `test.${kind}.${process.pid}x${Date.now().toString(36)}x${unique}`;
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('waitFor: condition not met in time');
    await sleep(10);
  }
}

export function defineBusContract(name: string, setup: () => Promise<BusWorld>): void {
  describe(`Bus contract: ${name}`, () => {
    let world: BusWorld;
    let bus: Bus;
    let peer: Bus;
    /** Released in afterEach so handlers that "hang" finish and close() can return. */
    let gate: ReturnType<typeof deferred<void>>;

    beforeEach(async () => {
      world = await setup();
      ({ bus, peer } = world);
      gate = deferred();
    });

    afterEach(async () => {
      gate.resolve();
      await world.cleanup();
    });

    describe('publish/subscribe', () => {
      it('fans a message out to every subscriber, each with its own copy', async () => {
        const subject = fresh('fan');
        const got: Array<{ n: number; list: number[] }> = [];
        await bus.subscribe<{ n: number; list: number[] }>(subject, (p) => {
          p.list.push(99); // mutating one copy must not leak into the other
          got.push(p);
        });
        await peer.subscribe<{ n: number; list: number[] }>(subject, (p) => void got.push(p));
        const payload = { n: 1, list: [1] };
        await bus.publish(subject, payload);
        payload.list.push(2);
        await waitFor(() => got.length === 2);
        expect(got.map((p) => p.n)).toEqual([1, 1]);
        expect(got.some((p) => p.list.length === 1 && p.list[0] === 1)).toBe(true);
        expect(payload.list).toEqual([1, 2]);
      });

      it('matches * to one token and > to one or more', async () => {
        const root = fresh('wild');
        const star: string[] = [];
        const rest: string[] = [];
        await bus.subscribe(`${root}.*.end`, (_p, subject) => void star.push(subject));
        await bus.subscribe(`${root}.>`, (_p, subject) => void rest.push(subject));
        for (const s of [`${root}.a.end`, `${root}.a.b.end`, `${root}.b`, `${root}`])
          await bus.publish(s, null);
        await bus.publish(`${root}.z.end`, null); // marker: both see it, and it comes last
        await waitFor(() => star.includes(`${root}.z.end`) && rest.includes(`${root}.z.end`));
        expect(star).toEqual([`${root}.a.end`, `${root}.z.end`]);
        expect(rest).toEqual([`${root}.a.end`, `${root}.a.b.end`, `${root}.b`, `${root}.z.end`]);
      });

      it('gives each message to one member of a queue group, and to every plain subscriber', async () => {
        const subject = fresh('group');
        const memberA: number[] = [];
        const memberB: number[] = [];
        const plain: number[] = [];
        await bus.subscribe<number>(subject, (n) => void memberA.push(n), { queue: 'workers' });
        await peer.subscribe<number>(subject, (n) => void memberB.push(n), { queue: 'workers' });
        await bus.subscribe<number>(subject, (n) => void plain.push(n));
        for (let i = 0; i < 40; i++) await bus.publish(subject, i);
        await waitFor(() => memberA.length + memberB.length === 40 && plain.length === 40);
        await sleep(100);
        expect(memberA.length + memberB.length).toBe(40);
        expect(memberA.length).toBeGreaterThan(0);
        expect(memberB.length).toBeGreaterThan(0);
        expect([...memberA, ...memberB].sort((a, b) => a - b)).toEqual([...Array(40).keys()]);
      });

      it('stops delivering after unsubscribe', async () => {
        const subject = fresh('unsub');
        const got: number[] = [];
        const unsubscribe = await bus.subscribe<number>(subject, (n) => void got.push(n));
        await bus.publish(subject, 1);
        await waitFor(() => got.length === 1);
        await unsubscribe();
        await bus.publish(subject, 2);
        await sleep(150);
        expect(got).toEqual([1]);
      });

      it('rejects invalid subjects and payloads that are not JSON', async () => {
        await expect(bus.publish('bad subject', 1)).rejects.toThrow(/invalid subject/);
        await expect(bus.publish('wild.*', 1)).rejects.toThrow(/invalid subject/);
        await expect(bus.subscribe('a.>.b', () => {})).rejects.toThrow(/invalid subject/);
        await expect(bus.publish(fresh('json'), { n: 1n })).rejects.toThrow(TypeError);
      });
    });

    describe('request/reply', () => {
      it('resolves with the answer of a responder on another connection', async () => {
        const subject = fresh('rpc');
        await peer.reply<{ a: number; b: number }, number>(subject, ({ a, b }) => a + b);
        await expect(bus.request<number>(subject, { a: 2, b: 3 })).resolves.toBe(5);
      });

      it('rejects with the message of a responder that throws', async () => {
        const subject = fresh('rpc-err');
        await peer.reply(subject, () => {
          throw new Error('nope: bad input');
        });
        const failure = bus.request(subject, {});
        await expect(failure).rejects.toBeInstanceOf(BusResponderError);
        await expect(failure).rejects.toThrow(/nope: bad input/);
      });

      it('times out when the responder is too slow', async () => {
        const subject = fresh('rpc-slow');
        await peer.reply(subject, async () => {
          await sleep(600);
          return 'late';
        });
        const started = Date.now();
        await expect(bus.request(subject, {}, { timeoutMs: 200 })).rejects.toBeInstanceOf(
          BusRequestTimeoutError,
        );
        expect(Date.now() - started).toBeGreaterThanOrEqual(190);
        expect(Date.now() - started).toBeLessThan(550);
      });

      it('rejects at once when nobody answers the subject', async () => {
        const started = Date.now();
        await expect(bus.request(fresh('rpc-none'), {}, { timeoutMs: 3_000 })).rejects.toBeInstanceOf(
          BusNoRespondersError,
        );
        expect(Date.now() - started).toBeLessThan(1_000);
      });
    });

    describe('work queues', () => {
      it('delivers each job once across two consumers', async () => {
        const queue = fresh('wq');
        const seen: Array<{ by: string; n: number; attempt: number }> = [];
        const handler = (by: string) => async (job: Job<number>) => {
          seen.push({ by, n: job.data, attempt: job.attempt });
          await sleep(20);
          await job.ack();
        };
        await bus.consume(queue, handler('a'), { ackDeadlineMs: 2_000 });
        await peer.consume(queue, handler('b'), { ackDeadlineMs: 2_000 });
        for (let i = 0; i < 20; i++) await bus.enqueue(queue, i);
        await waitFor(() => seen.length >= 20);
        await sleep(300);
        expect(seen.map((s) => s.n).sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
        expect(seen.every((s) => s.attempt === 1)).toBe(true);
        expect(new Set(seen.map((s) => s.by))).toEqual(new Set(['a', 'b']));
      });

      it('keeps jobs enqueued before anyone consumes', async () => {
        const queue = fresh('wq-early');
        await bus.enqueue(queue, { hello: 'world' });
        const got: unknown[] = [];
        await peer.consume(queue, async (job) => void got.push(job.data));
        await waitFor(() => got.length === 1);
        expect(got).toEqual([{ hello: 'world' }]);
      });

      it('redelivers to another consumer when the first never acks within the deadline', async () => {
        const queue = fresh('wq-deadline');
        const first: number[] = [];
        await bus.consume<string>(
          queue,
          async (job) => {
            first.push(job.attempt);
            await gate.promise; // this consumer "dies": it never settles the job in time
          },
          { ackDeadlineMs: 300, maxAttempts: 5 },
        );
        await bus.enqueue(queue, 'task');
        await waitFor(() => first.length === 1);
        const startedAt = Date.now();
        const second: Array<{ data: string; attempt: number }> = [];
        await peer.consume<string>(
          queue,
          async (job) => {
            second.push({ data: job.data, attempt: job.attempt });
            await job.ack();
          },
          { ackDeadlineMs: 300, maxAttempts: 5 },
        );
        await waitFor(() => second.length === 1);
        expect(Date.now() - startedAt).toBeGreaterThanOrEqual(100);
        expect(second).toEqual([{ data: 'task', attempt: 2 }]);
        await sleep(500);
        expect(first).toEqual([1]);
        expect(second).toHaveLength(1);
      });

      it('redelivers a nak with delay no sooner than the delay', async () => {
        const queue = fresh('wq-nak');
        const deliveries: Array<{ attempt: number; at: number }> = [];
        await bus.consume(
          queue,
          async (job) => {
            deliveries.push({ attempt: job.attempt, at: Date.now() });
            if (job.attempt === 1) await job.nak(400);
            else await job.ack();
          },
          { ackDeadlineMs: 2_000 },
        );
        await bus.enqueue(queue, 'again');
        await waitFor(() => deliveries.length === 2);
        expect(deliveries.map((d) => d.attempt)).toEqual([1, 2]);
        expect(deliveries[1]!.at - deliveries[0]!.at).toBeGreaterThanOrEqual(350);
      });

      it('working() pushes the ack deadline forward', async () => {
        const queue = fresh('wq-working');
        const attempts: number[] = [];
        await bus.consume(
          queue,
          async (job) => {
            attempts.push(job.attempt);
            for (let i = 0; i < 8; i++) {
              await sleep(100); // 800 ms in all, twice the deadline
              await job.working();
            }
            await job.ack();
          },
          { ackDeadlineMs: 400, concurrency: 2 },
        );
        await bus.enqueue(queue, 'long');
        await sleep(1_300);
        expect(attempts).toEqual([1]);
      });

      it('dead-letters a job after maxAttempts failures, with the attempt count', async () => {
        const queue = fresh('wq-dead');
        const dead: DeadLetter<{ id: number }>[] = [];
        await peer.onDeadLetter<{ id: number }>(queue, (dl) => void dead.push(dl));
        let calls = 0;
        await bus.consume(
          queue,
          async () => {
            calls += 1;
            throw new Error('compiler exploded');
          },
          { ackDeadlineMs: 2_000, maxAttempts: 3 },
        );
        await bus.enqueue(queue, { id: 7 });
        await waitFor(() => dead.length === 1);
        await sleep(200);
        expect(calls).toBe(3);
        expect(dead).toHaveLength(1);
        expect(dead[0]).toMatchObject({ queue, data: { id: 7 }, attempts: 3 });
        expect(dead[0]!.reason).toMatch(/compiler exploded/);
      });

      it('dead-letters a job whose every attempt overran the deadline', async () => {
        const queue = fresh('wq-dead-deadline');
        const dead: DeadLetter[] = [];
        await bus.onDeadLetter(queue, (dl) => void dead.push(dl));
        const attempts: number[] = [];
        await bus.consume(
          queue,
          async (job) => {
            attempts.push(job.attempt);
            await gate.promise;
          },
          { ackDeadlineMs: 250, maxAttempts: 2, concurrency: 3 },
        );
        await bus.enqueue(queue, 'stuck');
        await waitFor(() => dead.length === 1);
        expect(attempts).toEqual([1, 2]);
        expect(dead[0]).toMatchObject({ queue, data: 'stuck', attempts: 2 });
        expect(dead[0]!.reason).toMatch(/deadline/);
      });

      it('term() dead-letters at once with the reason', async () => {
        const queue = fresh('wq-term');
        const dead: DeadLetter[] = [];
        await bus.onDeadLetter(queue, (dl) => void dead.push(dl));
        let calls = 0;
        await peer.consume(
          queue,
          async (job) => {
            calls += 1;
            await job.term('unsupported language');
          },
          { maxAttempts: 5 },
        );
        await bus.enqueue(queue, { lang: 'cobol' });
        await waitFor(() => dead.length === 1);
        await sleep(200);
        expect(calls).toBe(1);
        expect(dead).toEqual([
          { queue, data: { lang: 'cobol' }, attempts: 1, reason: 'unsupported language' },
        ]);
      });

      it('keeps one of two jobs enqueued with the same id', async () => {
        const queue = fresh('wq-dedupe');
        await bus.enqueue(queue, 'first', { id: 'submission-1' });
        await peer.enqueue(queue, 'second', { id: 'submission-1' });
        await bus.enqueue(queue, 'other', { id: 'submission-2' });
        const got: Array<{ data: string; id: string | undefined }> = [];
        await bus.consume<string>(queue, async (job) => void got.push({ data: job.data, id: job.id }));
        await waitFor(() => got.length >= 2);
        await sleep(200);
        expect(got).toEqual([
          { data: 'first', id: 'submission-1' },
          { data: 'other', id: 'submission-2' },
        ]);
      });

      it('never runs more handlers at once than the concurrency', async () => {
        const queue = fresh('wq-conc');
        let running = 0;
        let peak = 0;
        let done = 0;
        await bus.consume(
          queue,
          async (job) => {
            running += 1;
            peak = Math.max(peak, running);
            await sleep(60);
            running -= 1;
            done += 1;
            await job.ack();
          },
          { concurrency: 3, ackDeadlineMs: 2_000 },
        );
        for (let i = 0; i < 9; i++) await bus.enqueue(queue, i);
        await waitFor(() => done === 9);
        expect(peak).toBe(3);
      });

      it('rejects invalid options', async () => {
        await expect(bus.consume(fresh('wq-bad'), async () => {}, { concurrency: 0 })).rejects.toThrow(
          /concurrency/,
        );
        await expect(bus.consume('bad queue', async () => {})).rejects.toThrow(/invalid subject/);
      });
    });

    describe('close()', () => {
      it('waits for subscription and job handlers in flight', async () => {
        const subject = fresh('close-sub');
        const queue = fresh('close-wq');
        const finished: string[] = [];
        const started: string[] = [];
        await bus.subscribe(subject, async () => {
          started.push('sub');
          await sleep(300);
          finished.push('sub');
        });
        await bus.consume(queue, async (job) => {
          started.push('job');
          await sleep(300);
          finished.push('job');
          await job.ack();
        });
        await bus.publish(subject, 1);
        await bus.enqueue(queue, 1);
        await waitFor(() => started.length === 2);
        await bus.close();
        expect(finished.sort()).toEqual(['job', 'sub']);
        await expect(bus.publish(subject, 2)).rejects.toThrow(/closed/);
      });
    });
  });
}

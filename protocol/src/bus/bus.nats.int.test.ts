import { randomBytes } from 'node:crypto';
import { jetstream, jetstreamManager, RetentionPolicy } from '@nats-io/jetstream';
import { connect, nanos } from '@nats-io/transport-node';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { defineBusContract } from './bus.contract';
import { createBusFromEnv } from './index';
import type { DeadLetter } from './types';
import { createNatsBus, natsStreamNames } from './nats';

const servers = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
// Unique per run: streams and subjects of this run never meet another run's.
const runId = `${process.pid}${randomBytes(4).toString('hex')}`;
const streamPrefix = `TEST_${runId}`;
const subjectPrefix = `test-${runId}`;

function open() {
  return createNatsBus({
    servers,
    streamPrefix,
    subjectPrefix,
    name: 'bus-contract',
    onHandlerError: () => {},
  });
}

defineBusContract('NATS JetStream', async () => {
  const [bus, peer] = await Promise.all([open(), open()]);
  return { bus, peer, cleanup: async () => void (await Promise.all([bus.close(), peer.close()])) };
});

/** Deletes this run's streams, then returns the names of any still there. */
async function deleteStreamsOfThisRun(): Promise<string[]> {
  const nc = await connect({ servers });
  try {
    const jsm = await jetstreamManager(nc);
    const ours = async () => {
      const names: string[] = [];
      for await (const name of jsm.streams.names()) if (name.startsWith(streamPrefix)) names.push(name);
      return names;
    };
    for (const name of await ours()) await jsm.streams.delete(name);
    return await ours();
  } finally {
    await nc.close();
  }
}

describe('NATS bus topology', () => {
  it('updates an existing queue consumer whose deadline or attempts differ', async () => {
    const queue = `test.topology.${runId}`;
    const bus = await open();
    try {
      const stopFirst = await bus.consume(queue, async () => {}, { ackDeadlineMs: 1_000, maxAttempts: 2 });
      await stopFirst();
      await bus.consume(queue, async () => {}, { ackDeadlineMs: 2_000, maxAttempts: 4 });
      const nc = await connect({ servers });
      const jsm = await jetstreamManager(nc);
      const info = await jsm.consumers.info(natsStreamNames(queue, streamPrefix).jobs, 'workers');
      await nc.close();
      expect(info.config.ack_wait).toBe(2_000 * 1e6);
      expect(info.config.max_deliver).toBe(5);
    } finally {
      await bus.close();
    }
  });

  it('updates an existing queue stream whose de-dup window differs', async () => {
    const queue = `test.topology.stream.${runId}`;
    const stream = natsStreamNames(queue, streamPrefix).jobs;
    const nc = await connect({ servers });
    const jsm = await jetstreamManager(nc);
    const bus = await open();
    try {
      await jsm.streams.add({
        name: stream,
        subjects: [`${subjectPrefix}.${queue}`],
        retention: RetentionPolicy.Workqueue,
        duplicate_window: nanos(5_000),
      });
      await bus.enqueue(queue, 'job', { id: 'once' });
      await bus.enqueue(queue, 'job', { id: 'once' });
      const info = await jsm.streams.info(stream);
      expect(info.config.duplicate_window).toBe(nanos(120_000));
      expect(info.state.messages).toBe(1);
    } finally {
      await bus.close();
      await nc.close();
    }
  });
});

describe('NATS work queue input', () => {
  it('dead-letters a job that is not JSON instead of retrying it forever', async () => {
    const queue = `test.garbage.${runId}`;
    const bus = await open();
    const nc = await connect({ servers });
    try {
      const dead: DeadLetter[] = [];
      await bus.onDeadLetter(queue, (dl) => void dead.push(dl));
      let calls = 0;
      await bus.consume(queue, async () => void (calls += 1), { maxAttempts: 2 });
      await jetstream(nc).publish(`${subjectPrefix}.${queue}`, '{not json');
      await vi.waitFor(() => expect(dead).toHaveLength(1), { timeout: 5_000 });
      expect(dead[0]).toMatchObject({ queue, data: '{not json', attempts: 1 });
      expect(dead[0]!.reason).toMatch(/not JSON/);
      expect(calls).toBe(0);
    } finally {
      await bus.close();
      await nc.close();
    }
  });
});

describe('NATS work queue: a long job', () => {
  it('is handled once and its pull ending on missed heartbeats is no handler error', async () => {
    const queue = `test.long.${runId}`;
    const errors: string[] = [];
    const bus = await createNatsBus({
      servers,
      streamPrefix,
      subjectPrefix,
      name: 'bus-long-job',
      onHandlerError: (context, err) => void errors.push(`${context}: ${String(err)}`),
    });
    try {
      const done: number[] = [];
      // longer than two of the pull's idle heartbeats (half its 5 s expiry each)
      await bus.consume<{ n: number }>(queue, async (job) => {
        await new Promise((r) => setTimeout(r, 6_000));
        done.push(job.data.n);
      });
      await bus.enqueue(queue, { n: 1 });
      await bus.enqueue(queue, { n: 2 });
      await vi.waitFor(() => expect(done).toEqual([1, 2]), { timeout: 20_000, interval: 100 });
      expect(errors).toEqual([]);
    } finally {
      await bus.close();
    }
  }, 30_000);
});

describe('createBusFromEnv', () => {
  it('gives a NATS bus when a URL is configured', async () => {
    const subject = `test.env.${runId}`;
    const responder = await createNatsBus({ servers });
    const bus = await createBusFromEnv(servers);
    try {
      await responder.reply<number, number>(subject, (n) => n + 1);
      // Answered by a separate connection: only possible over the real server.
      await expect(bus.request(subject, 41)).resolves.toBe(42);
    } finally {
      await Promise.all([bus.close(), responder.close()]);
    }
  });
});

afterAll(async () => {
  expect(await deleteStreamsOfThisRun()).toEqual([]);
});

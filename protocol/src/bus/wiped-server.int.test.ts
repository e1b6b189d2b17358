// A NATS server that comes back with its store wiped (a new node, a lost volume: issue #23): a
// private nats-server on a port of its own is stopped, its store deleted, and started again on the
// same port. The bus and the blob store of the processes that stay up create again what they need
// (the queue's stream and durable consumer, the dead-letter stream, the bucket) and log it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNatsBus } from './nats';
import { createNatsBlobStore } from './blob';
import type { Bus } from './types';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** nats-server -js on its own port and store; resolves once it says it is ready. */
class PrivateServer {
  readonly store = mkdtempSync(join(tmpdir(), 'oj-bus-wipe-'));
  private child: ChildProcess | null = null;
  constructor(readonly port: number) {}
  get url() {
    return `nats://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    const child = spawn(
      'nats-server',
      ['-js', '-a', '127.0.0.1', '-p', String(this.port), '-sd', this.store],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (d: Buffer) => {
        output += d.toString();
        if (output.includes('Server is ready')) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', () => reject(new Error(`nats-server exited:\n${output}`)));
    });
  }
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  /** Stopped, its store deleted, started again on the same port. */
  async wipe(): Promise<void> {
    await this.stop();
    rmSync(this.store, { recursive: true, force: true });
    await this.start();
  }
}

/** Resolves when `read` returns a value, tried again every 100 ms (errors count as not yet). */
async function eventually<T>(
  read: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await read();
      if (v !== undefined) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${String(last)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a NATS server wiped under running processes', () => {
  let server: PrivateServer;
  let producer: Bus;
  let worker: Bus;
  const logs: string[] = [];
  const received: number[] = [];
  const queue = `test.wipe.${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    server = new PrivateServer(await freePort());
    await server.start();
    const open = (name: string) =>
      createNatsBus({ servers: server.url, name, onHandlerError: () => {}, log: (m) => void logs.push(m) });
    producer = await open('wipe-producer');
    worker = await open('wipe-worker');
  }, 30_000);

  afterAll(async () => {
    await Promise.all([producer?.close(), worker?.close()]);
    await server?.stop();
    rmSync(server.store, { recursive: true, force: true });
  });

  it('the queue works again: its stream and consumer are created again, and that is logged', async () => {
    await worker.consume<{ n: number }>(queue, async (job) => void received.push(job.data.n), {
      ackDeadlineMs: 2_000,
    });
    await producer.enqueue(queue, { n: 1 });
    await eventually(async () => (received.includes(1) ? true : undefined), 'the first job');

    await server.wipe();
    // The producer's enqueue fails until it has reconnected; then it creates the stream again.
    await eventually(() => producer.enqueue(queue, { n: 2 }).then(() => true), 'an enqueue after the wipe');
    // Formerly: the consumer was gone for good and this job was never delivered.
    await eventually(
      async () => (received.includes(2) ? true : undefined),
      'the job enqueued after the wipe',
    );
    expect(logs.some((l) => /consumer workers of .* was missing on the server: created again/.test(l))).toBe(
      true,
    );
    expect(received).toEqual([1, 2]);
  }, 60_000);

  it('the blob bucket is created again, and a lost blob is asked back from its durable copy', async () => {
    const blobLogs: string[] = [];
    const durable = new Map<string, Buffer>();
    // Both stores log: whichever reconnects first finds the bucket missing and creates it again
    // (the other then finds it there), so the log line may come from either.
    const writer = await createNatsBlobStore({
      servers: server.url,
      bucket: 'wipe-blobs',
      log: (m) => void blobLogs.push(m),
    });
    const reader = await createNatsBlobStore({
      servers: server.url,
      bucket: 'wipe-blobs',
      log: (m) => void blobLogs.push(m),
      // What the services answer a runner: put it back from the copy they keep.
      restore: async (hash) => {
        const data = durable.get(hash);
        if (!data) return false;
        await writer.put(data);
        return true;
      },
    });
    try {
      const data = randomBytes(50_000);
      const hash = await writer.put(data);
      durable.set(hash, data);
      expect((await reader.get(hash))?.equals(data)).toBe(true);

      await server.wipe();
      // Formerly: every operation failed on the missing bucket, and the blob was gone for good.
      const back = await eventually(
        () => reader.get(hash).then((d) => d ?? undefined),
        'the blob after the wipe',
      );
      expect(back.equals(data)).toBe(true);
      expect(blobLogs.some((l) => /bucket wipe-blobs was missing on the server: created again/.test(l))).toBe(
        true,
      );
      const other = await reader.get('0'.repeat(64));
      expect(other).toBeNull();
    } finally {
      await Promise.all([writer.close(), reader.close()]);
    }
  }, 60_000);
});

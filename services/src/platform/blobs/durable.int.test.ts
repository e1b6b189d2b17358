// The cluster's blob store keeps PostgreSQL as the source of truth under the NATS bucket (issue #23):
// a blob the bucket lost is put back from the copy, on a read or on a runner's restore request,
// and blobs stored before the copy existed are copied by the backfill.
import { randomBytes } from 'node:crypto';
import { Objm } from '@nats-io/obj';
import { connect } from '@nats-io/transport-node';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Subjects } from '@oj/protocol';
import { createNatsBlobStore, createNatsBus, type BlobStore, type Bus } from '@oj/protocol/bus';
import { createTestDatabase, type TestDatabase } from '../../../test/support/db';
import { durableBlobStore, serveBlobRestore, type DurableBlobStore } from './durable';
import * as copies from './repository';

const servers = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const runId = `${process.pid}${randomBytes(3).toString('hex')}`;
const bucket = `test-durable-${runId}`;
const silentLog = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

describe('durable blob store (NATS bucket over PostgreSQL)', () => {
  let tdb: TestDatabase;
  let raw: BlobStore;
  let blobs: DurableBlobStore;
  let bus: Bus;
  let db: Kysely<unknown>;

  beforeAll(async () => {
    tdb = await createTestDatabase('postgres');
    db = tdb.db as unknown as Kysely<unknown>;
    raw = await createNatsBlobStore({ servers, bucket });
    blobs = durableBlobStore(raw, db, silentLog);
    bus = await createNatsBus({
      servers,
      subjectPrefix: `t${runId}`,
      streamPrefix: `T${runId}`,
      log: () => {},
    });
  });

  afterAll(async () => {
    await bus?.close();
    await raw?.close();
    await tdb?.drop();
    const nc = await connect({ servers });
    await (await new Objm(nc).open(bucket)).destroy().catch(() => undefined);
    await nc.close();
  });

  it('a blob the bucket lost is put back from its copy when it is read', async () => {
    const data = randomBytes(20_000);
    const hash = await blobs.put(data);
    expect((await copies.getCopy(db, hash))?.equals(data)).toBe(true);
    await raw.delete(hash); // what a wiped NATS server leaves
    expect(await raw.get(hash)).toBeNull();
    expect((await blobs.get(hash))?.equals(data)).toBe(true);
    expect((await raw.get(hash))?.equals(data)).toBe(true);
  });

  it('a runner asks for a lost blob over the bus and reads it from the bucket again', async () => {
    const stop = await serveBlobRestore(bus, blobs);
    try {
      const data = randomBytes(5_000);
      const hash = await blobs.put(data);
      await raw.delete(hash);
      const runnerView = await createNatsBlobStore({
        servers,
        bucket,
        restore: (h) => bus.request<boolean>(Subjects.blobRestore, { hash: h }),
      });
      try {
        expect((await runnerView.get(hash))?.equals(data)).toBe(true);
        expect(await runnerView.get('f'.repeat(64))).toBeNull(); // no copy anywhere: still absent
      } finally {
        await runnerView.close();
      }
    } finally {
      await stop();
    }
  });

  it('blobs stored in the bucket before the copy existed are copied by the backfill', async () => {
    const data = randomBytes(7_000);
    const hash = await raw.put(data);
    expect(await copies.getCopy(db, hash)).toBeNull();
    expect(await blobs.backfill()).toBeGreaterThanOrEqual(1);
    expect((await copies.getCopy(db, hash))?.equals(data)).toBe(true);
    expect(await blobs.backfill()).toBe(0);
  });
});

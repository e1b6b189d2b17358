import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { Objm } from '@nats-io/obj';
import { connect } from '@nats-io/transport-node';
import { afterAll, describe, expect, it } from 'vitest';
import { createNatsBlobStore } from './blob';
import { defineBlobContract } from './blob.contract';

const servers = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const bucket = `test-blobs-${process.pid}-${randomBytes(4).toString('hex')}`;

defineBlobContract('NATS object store', () => createNatsBlobStore({ servers, bucket }));

describe('NATS blob store', () => {
  it('lets a store on another connection fetch a blob by hash', async () => {
    const writer = await createNatsBlobStore({ servers, bucket });
    const reader = await createNatsBlobStore({ servers, bucket });
    try {
      const data = randomBytes(300_000);
      const hash = await writer.put(data);
      expect((await reader.get(hash))?.equals(data)).toBe(true);
    } finally {
      await Promise.all([writer.close(), reader.close()]);
    }
  });
});

afterAll(async () => {
  const nc = await connect({ servers });
  try {
    await (await new Objm(nc).open(bucket)).destroy();
    const jsm = await jetstreamManager(nc);
    const left: string[] = [];
    for await (const name of jsm.streams.names()) if (name.includes(bucket)) left.push(name);
    expect(left).toEqual([]);
  } finally {
    await nc.close();
  }
});

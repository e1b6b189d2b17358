// The blob store of the cluster with a durable source of truth (issue #23): the NATS object store
// is a copy that a new or wiped NATS server loses, so every blob is also kept in PostgreSQL
// (written first) and put back into the bucket when it is found missing there — on a read by a
// service, or on a runner's request (oj.blob.restore), since runners never touch the database.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { Subjects } from '@oj/protocol';
import { assertBlobHash, sha256Hex, type BlobStore, type Bus, type Unsubscribe } from '@oj/protocol/bus';
import * as copies from './repository';

export interface DurableBlobStore extends BlobStore {
  /** Puts the blob back into the bucket from the durable copy when the bucket lost it; false: no copy. */
  restore(hash: string): Promise<boolean>;
  /** Copies into PostgreSQL the blobs of the bucket that have no copy yet (stored before the copy existed). */
  backfill(): Promise<number>;
}

export function durableBlobStore(
  bucket: BlobStore,
  db: Kysely<unknown>,
  log: FastifyBaseLogger,
): DurableBlobStore {
  /** The copy, put back into the bucket (null when there is no copy either). */
  async function refill(hash: string): Promise<Buffer | null> {
    const data = await copies.getCopy(db, hash);
    if (!data) return null;
    if (sha256Hex(data) !== hash)
      throw new Error(`blob: ${hash} is corrupt in blob_copy (content hash differs)`);
    await bucket.put(data);
    log.warn({ hash }, 'blob missing from the NATS bucket: put back from PostgreSQL');
    return data;
  }

  return {
    async put(data) {
      const hash = sha256Hex(data);
      await copies.putCopy(db, hash, data); // the truth first: a blob in the bucket always has its copy
      return bucket.put(data);
    },
    async get(hash) {
      assertBlobHash(hash);
      return (await bucket.get(hash)) ?? refill(hash);
    },
    async has(hash) {
      assertBlobHash(hash);
      return (await bucket.has(hash)) || copies.hasCopy(db, hash);
    },
    async delete(hash) {
      assertBlobHash(hash);
      await copies.deleteCopy(db, hash);
      await bucket.delete(hash);
    },
    async restore(hash) {
      assertBlobHash(hash);
      if (await bucket.has(hash)) return true;
      return (await refill(hash)) !== null;
    },
    async backfill() {
      const missing = await copies.missingCopies(db, (await bucket.list?.()) ?? []);
      let copied = 0;
      for (const hash of missing) {
        const data = await bucket.get(hash);
        if (data) await copies.putCopy(db, hash, data);
        if (data) copied++;
      }
      if (copied > 0) log.info(`blob store: ${copied} blob(s) of the NATS bucket copied into PostgreSQL`);
      return copied;
    },
    close: () => bucket.close(),
  };
}

/** Answers runners that found a blob missing from the bucket (one service process per request). */
export function serveBlobRestore(bus: Bus, blobs: DurableBlobStore): Promise<Unsubscribe> {
  return bus.reply<{ hash?: unknown }, boolean>(
    Subjects.blobRestore,
    (q) => {
      if (typeof q?.hash !== 'string') throw new Error('malformed blob restore request');
      return blobs.restore(q.hash);
    },
    { queue: 'blob-restore' },
  );
}

/**
 * Content-addressed blob storage (problem test data, etc.): a blob's name is the SHA-256 of its
 * bytes, so any judge runner on any host can fetch exactly the data a problem refers to and check it.
 * On disk for the one-process default, in a JetStream object store bucket for the cluster.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { JetStreamApiCodes, JetStreamApiError, jetstreamManager } from '@nats-io/jetstream';
import { Objm, StorageType, type ObjectStore } from '@nats-io/obj';

export interface BlobStore {
  /** Stores the bytes (once, however often they are put) and returns their SHA-256 in lowercase hex. */
  put(data: Buffer): Promise<string>;
  /** The bytes whose SHA-256 is `hash`, or null when absent. Throws if the stored bytes do not match. */
  get(hash: string): Promise<Buffer | null>;
  has(hash: string): Promise<boolean>;
  /** Removes the blob; removing an absent blob is not an error. */
  delete(hash: string): Promise<void>;
  /** The hashes of every blob stored (the NATS bucket only: for copying them elsewhere). */
  list?(): Promise<string[]>;
  /** Releases the connection, if any. */
  close(): Promise<void>;
}

export function sha256Hex(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

const hashPattern = /^[0-9a-f]{64}$/;

/** Rejects anything but a SHA-256 hex digest (which also keeps hashes from becoming paths elsewhere). */
export function assertBlobHash(hash: string): void {
  if (typeof hash !== 'string' || !hashPattern.test(hash)) {
    throw new Error(`blob: invalid hash ${JSON.stringify(hash)} (expected 64 lowercase hex digits)`);
  }
}

function assertBlobData(data: unknown): asserts data is Uint8Array {
  if (!(data instanceof Uint8Array)) throw new Error('blob: data must be a Buffer');
}

function verified(hash: string, data: Uint8Array, where: string): Buffer {
  if (sha256Hex(data) !== hash)
    throw new Error(`blob: ${hash} is corrupt in ${where} (content hash differs)`);
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

function isNotFound(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Blobs as files `<dir>/<first two hex digits>/<hash>`, written to a temp file and renamed into place. */
export function createDiskBlobStore(dir: string): BlobStore {
  const pathOf = (hash: string) => join(dir, hash.slice(0, 2), hash);
  const has = async (hash: string) => {
    assertBlobHash(hash);
    try {
      await stat(pathOf(hash));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  };

  return {
    has,
    async put(data) {
      assertBlobData(data);
      const hash = sha256Hex(data);
      if (await has(hash)) return hash;
      const tmpDir = join(dir, '.tmp');
      await mkdir(tmpDir, { recursive: true });
      await mkdir(join(dir, hash.slice(0, 2)), { recursive: true });
      // Readers only ever see a complete file: the rename is atomic on one filesystem.
      const tmp = join(tmpDir, `${hash}.${randomBytes(6).toString('hex')}`);
      try {
        await writeFile(tmp, data);
        await rename(tmp, pathOf(hash));
      } finally {
        await rm(tmp, { force: true });
      }
      return hash;
    },
    async get(hash) {
      assertBlobHash(hash);
      try {
        return verified(hash, await readFile(pathOf(hash)), dir);
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async delete(hash) {
      assertBlobHash(hash);
      await rm(pathOf(hash), { force: true });
    },
    async close() {},
  };
}

export interface NatsBlobStoreOptions {
  servers: string;
  /** Object store bucket (default `oj-blobs`). */
  bucket?: string;
  name?: string;
  /**
   * Asked when a blob is absent from the bucket (a wiped or new NATS server lost it): puts it back
   * from the durable copy and answers whether it did; the blob is then read again (issue #23).
   */
  restore?: (hash: string) => Promise<boolean>;
  /** Where the store tells what it did on its own, e.g. a bucket created again (default: console.log). */
  log?: (message: string) => void;
}

/**
 * Blobs in one JetStream object store bucket, object name = hash. The bucket is created again
 * when the server lost it (after a reconnect, or when an operation on it fails), which is logged.
 */
export async function createNatsBlobStore(opts: NatsBlobStoreOptions): Promise<BlobStore> {
  const bucket = opts.bucket ?? 'oj-blobs';
  const log = opts.log ?? ((message: string) => console.log(message));
  const nc: NatsConnection = await connect({
    servers: opts.servers.split(','),
    name: opts.name ?? 'oj-blobs',
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
  });
  try {
    const objm = new Objm(nc);
    const jsm = await jetstreamManager(nc);
    const streamName = `OBJ_${bucket}`;
    let store: ObjectStore = await objm.create(bucket, { storage: StorageType.File });
    /** Checks the bucket again and creates it when the server lost it. */
    let checking: Promise<void> | null = null;
    const ensureBucket = (): Promise<void> =>
      (checking ??= (async () => {
        try {
          const exists = await jsm.streams.info(streamName).then(
            () => true,
            (err: unknown) => {
              if (err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound)
                return false;
              throw err;
            },
          );
          store = await objm.create(bucket, { storage: StorageType.File });
          if (!exists) log(`blob: bucket ${bucket} was missing on the server: created again`);
        } finally {
          checking = null;
        }
      })());
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'reconnect') ensureBucket().catch(() => undefined); // retried on use
      }
    })();
    /** Runs `op` on the bucket; a failure checks (and recreates) the bucket, then runs it once more. */
    const onBucket = async <T>(op: (s: ObjectStore) => Promise<T>): Promise<T> => {
      try {
        return await op(store);
      } catch {
        await ensureBucket();
        return op(store);
      }
    };
    const has = async (hash: string) => {
      assertBlobHash(hash);
      const info = await onBucket((s) => s.info(hash));
      return info !== null && !info.deleted;
    };
    const read = async (hash: string) => {
      const data = await onBucket((s) => s.getBlob(hash));
      return data === null ? null : verified(hash, data, `bucket ${bucket}`);
    };
    return {
      has,
      async put(data) {
        assertBlobData(data);
        const hash = sha256Hex(data);
        if (!(await has(hash))) await onBucket((s) => s.putBlob({ name: hash }, data));
        return hash;
      },
      async get(hash) {
        assertBlobHash(hash);
        const data = await read(hash);
        if (data !== null || !opts.restore) return data;
        return (await opts.restore(hash)) ? read(hash) : null;
      },
      async delete(hash) {
        assertBlobHash(hash);
        await onBucket((s) => s.delete(hash));
      },
      async list() {
        const infos = await onBucket((s) => s.list());
        return infos.filter((i) => !i.deleted && hashPattern.test(i.name)).map((i) => i.name);
      },
      async close() {
        await nc.drain();
      },
    };
  } catch (err) {
    await nc.close();
    throw err;
  }
}

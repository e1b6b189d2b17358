/** The behaviour every BlobStore must have, run against the disk store and the NATS object store. */
import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlobStore } from './blob';

export function defineBlobContract(name: string, open: () => Promise<BlobStore>): void {
  describe(`BlobStore contract: ${name}`, () => {
    let store: BlobStore;

    beforeEach(async () => {
      store = await open();
    });

    afterEach(async () => {
      await store.close();
    });

    it('names a blob by the SHA-256 of its bytes and gives the same bytes back', async () => {
      const data = Buffer.from('1 2\n3\n');
      const hash = await store.put(data);
      expect(hash).toBe(createHash('sha256').update(data).digest('hex'));
      expect(await store.has(hash)).toBe(true);
      expect(await store.get(hash)).toEqual(data);
    });

    it('stores large and empty blobs intact', async () => {
      const large = randomBytes(3 * 1024 * 1024 + 17);
      const empty = Buffer.alloc(0);
      const [largeHash, emptyHash] = [await store.put(large), await store.put(empty)];
      expect((await store.get(largeHash))?.equals(large)).toBe(true);
      expect(await store.get(emptyHash)).toEqual(empty);
    });

    it('keeps one copy when the same bytes are put twice', async () => {
      const data = randomBytes(1000);
      const first = await store.put(data);
      const second = await store.put(Buffer.from(data));
      expect(second).toBe(first);
      expect((await store.get(first))?.equals(data)).toBe(true);
    });

    it('reports absent blobs as absent, and deleting them is fine', async () => {
      const hash = createHash('sha256').update(randomBytes(32)).digest('hex');
      expect(await store.has(hash)).toBe(false);
      expect(await store.get(hash)).toBeNull();
      await expect(store.delete(hash)).resolves.toBeUndefined();
    });

    it('deletes a blob', async () => {
      const hash = await store.put(randomBytes(64));
      await store.delete(hash);
      expect(await store.has(hash)).toBe(false);
      expect(await store.get(hash)).toBeNull();
      // and it can come back
      const data = Buffer.from('again');
      const again = await store.put(data);
      expect(await store.get(again)).toEqual(data);
    });

    it('rejects hashes that are not SHA-256 hex, and data that is not bytes', async () => {
      for (const bad of ['../../etc/passwd', 'ABC', 'a'.repeat(63), 'A'.repeat(64), '']) {
        await expect(store.get(bad)).rejects.toThrow(/invalid hash/);
        await expect(store.has(bad)).rejects.toThrow(/invalid hash/);
        await expect(store.delete(bad)).rejects.toThrow(/invalid hash/);
      }
      await expect(store.put('text' as unknown as Buffer)).rejects.toThrow(/must be a Buffer/);
    });
  });
}

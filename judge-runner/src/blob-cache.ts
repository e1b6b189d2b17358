/**
 * Test data blobs as local read-only files (the sandbox launcher opens them as stdin,
 * checkers get them in /w), fetched once from the BlobStore and verified by hash.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { BlobStore } from '@oj/protocol/bus';
import type { TestDataSource } from './judge/index';

const HASH = /^[0-9a-f]{64}$/;

export class BlobFileCache implements TestDataSource {
  private readonly pending = new Map<string, Promise<string | null>>();

  constructor(
    private readonly store: BlobStore,
    readonly dir: string,
  ) {
    // Only the leaf is private: parents may also hold the sandbox's (traversable) work dir.
    mkdirSync(dirname(dir), { recursive: true });
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  async path(hash: string): Promise<string | null> {
    if (!HASH.test(hash)) return null;
    const file = join(this.dir, hash);
    if (existsSync(file)) return file;
    let p = this.pending.get(hash);
    if (!p) {
      p = this.fetch(hash, file).finally(() => this.pending.delete(hash));
      this.pending.set(hash, p);
    }
    return p;
  }

  private async fetch(hash: string, file: string): Promise<string | null> {
    // BlobStore.get verifies the content hash.
    const data = await this.store.get(hash);
    if (!data) return null;
    const tmp = join(this.dir, `.tmp-${randomBytes(6).toString('hex')}`);
    writeFileSync(tmp, data);
    chmodSync(tmp, 0o444);
    renameSync(tmp, file);
    return file;
  }
}

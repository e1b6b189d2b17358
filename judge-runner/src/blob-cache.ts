/**
 * Test data blobs as local read-only files (the sandbox launcher opens them as stdin,
 * checkers get them in /w), fetched once from the BlobStore and verified by hash.
 * Bounded: least-recently-used files beyond the byte budget are removed, except those
 * used within the grace period (a task in progress may still need them).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { BlobStore } from '@oj/protocol/bus';
import type { TestDataSource } from './judge/index';

const HASH = /^[0-9a-f]{64}$/;

export interface BlobFileCacheOptions {
  maxBytes?: number;
  graceMs?: number;
}

export class BlobFileCache implements TestDataSource {
  private readonly pending = new Map<string, Promise<string | null>>();
  private readonly entries = new Map<string, { size: number; lastUsed: number }>();
  private total = 0;
  private readonly maxBytes: number;
  private readonly graceMs: number;

  constructor(
    private readonly store: BlobStore,
    readonly dir: string,
    opts: BlobFileCacheOptions = {},
  ) {
    this.maxBytes = opts.maxBytes ?? 4 * 1024 * 1024 * 1024;
    this.graceMs = opts.graceMs ?? 10 * 60_000;
    // Only the leaf is private: parents may also hold the sandbox's (traversable) work dir.
    mkdirSync(dirname(dir), { recursive: true });
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const name of readdirSync(dir)) {
      if (!HASH.test(name)) continue;
      const st = statSync(join(dir, name));
      this.entries.set(name, { size: st.size, lastUsed: st.mtimeMs });
      this.total += st.size;
    }
  }

  get sizeBytes(): number {
    return this.total;
  }

  async path(hash: string): Promise<string | null> {
    if (!HASH.test(hash)) return null;
    const file = join(this.dir, hash);
    const known = this.entries.get(hash);
    if (known) {
      known.lastUsed = Date.now();
      return file;
    }
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
    this.entries.set(hash, { size: data.length, lastUsed: Date.now() });
    this.total += data.length;
    this.evict(hash);
    return file;
  }

  private evict(keep: string): void {
    if (this.total <= this.maxBytes) return;
    const cutoff = Date.now() - this.graceMs;
    const oldest = [...this.entries.entries()]
      .filter(([h, e]) => h !== keep && e.lastUsed < cutoff)
      .sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [hash, e] of oldest) {
      if (this.total <= this.maxBytes) break;
      rmSync(join(this.dir, hash), { force: true });
      this.entries.delete(hash);
      this.total -= e.size;
    }
  }
}

import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDiskBlobStore } from '@oj/protocol/bus';
import { BlobFileCache } from './blob-cache';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('BlobFileCache', () => {
  it('fetches a blob once into a read-only file, returns null for unknown or malformed hashes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bfc-'));
    dirs.push(dir);
    const store = createDiskBlobStore(join(dir, 'store'));
    const hash = await store.put(Buffer.from('1 2\n'));
    const cache = new BlobFileCache(store, join(dir, 'cache'));
    const p = await cache.path(hash);
    expect(readFileSync(p!, 'utf8')).toBe('1 2\n');
    expect(statSync(p!).mode & 0o777).toBe(0o444);
    await store.delete(hash);
    expect(await cache.path(hash)).toBe(p); // served locally now
    expect(await cache.path('f'.repeat(64))).toBeNull();
    expect(await cache.path('../../etc/passwd')).toBeNull();
  });

  it('evicts least recently used files beyond the budget, sparing recently used ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bfc-'));
    dirs.push(dir);
    const store = createDiskBlobStore(join(dir, 'store'));
    const hashes = await Promise.all(['a', 'b', 'c'].map((x) => store.put(Buffer.alloc(100, x))));
    // A restart sees two old files (mtime an hour ago) and one fresh fetch over budget.
    const first = new BlobFileCache(store, join(dir, 'cache'));
    for (const h of hashes.slice(0, 2)) {
      const p = (await first.path(h))!;
      const hourAgo = new Date(Date.now() - 3600_000);
      utimesSync(p, hourAgo, hourAgo);
    }
    const cache = new BlobFileCache(store, join(dir, 'cache'), { maxBytes: 250, graceMs: 60_000 });
    await cache.path(hashes[1]!); // b used now: inside the grace period
    await cache.path(hashes[2]!);
    expect(existsSync(join(dir, 'cache', hashes[0]!))).toBe(false);
    expect(existsSync(join(dir, 'cache', hashes[1]!))).toBe(true);
    expect(cache.sizeBytes).toBe(200);
  });
});

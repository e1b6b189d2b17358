/**
 * Compiled artefacts on local disk, keyed by sha256(language + source + options),
 * least-recently-used entries evicted beyond a byte budget.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

export function compileCacheKey(parts: (string | Record<string, string> | undefined)[]): string {
  const h = createHash('sha256');
  for (const p of parts) {
    const text = typeof p === 'object' ? JSON.stringify(Object.entries(p).sort()) : (p ?? '');
    h.update(String(Buffer.byteLength(text)))
      .update(':')
      .update(text);
  }
  return h.digest('hex');
}

interface Entry {
  size: number;
  lastUsed: number;
}

export class CompileCache {
  private readonly entries = new Map<string, Entry>();
  private total = 0;
  private clock = 0;

  /** Strictly increasing use stamps (two uses in one millisecond still have an order). */
  private tick(): number {
    this.clock = Math.max(Date.now(), this.clock + 1);
    return this.clock;
  }

  constructor(
    readonly dir: string,
    readonly maxBytes = 512 * 1024 * 1024,
  ) {
    // Only the leaf is private: parents may also hold the sandbox's (traversable) work dir.
    mkdirSync(dirname(dir), { recursive: true });
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const name of readdirSync(dir)) {
      // Other names are another process's half-written entries: not ours to remove.
      if (!/^[0-9a-f]{64}$/.test(name)) continue;
      const st = statSync(join(dir, name, 'artefact'), { throwIfNoEntry: false });
      if (!st) {
        rmSync(join(dir, name), { recursive: true, force: true });
        continue;
      }
      this.entries.set(name, { size: st.size, lastUsed: st.mtimeMs });
      this.total += st.size;
    }
  }

  /** Copy the cached artefact to `dest`; false on a miss. */
  get(key: string, dest: string): boolean {
    const file = this.use(key);
    if (!file) return false;
    copyFileSync(file, dest);
    return true;
  }

  /**
   * The cached artefact's bytes (held by the caller, so a later eviction cannot take them
   * away mid-task); null on a miss or when it is larger than `maxBytes`.
   */
  read(key: string, maxBytes: number): Buffer | null {
    const e = this.entries.get(key);
    if (!e || e.size > maxBytes) return null;
    const file = this.use(key);
    if (!file) return null;
    try {
      return readFileSync(file);
    } catch {
      return null;
    }
  }

  /** The entry's file, marked as just used; null on a miss. */
  private use(key: string): string | null {
    const e = this.entries.get(key);
    const file = join(this.dir, key, 'artefact');
    if (!e || !existsSync(file)) return null;
    e.lastUsed = this.tick();
    const now = new Date();
    utimesSync(file, now, now);
    return file;
  }

  /** Store a copy of `src` under `key`, then evict least-recently-used entries over budget. */
  put(key: string, src: string): void {
    this.store(key, statSync(src).size, (dest) => copyFileSync(src, dest));
  }

  /** Store these bytes (an artefact read into memory) under `key`, with the given mode. */
  putData(key: string, data: Buffer, mode: number): void {
    this.store(key, data.length, (dest) => writeFileSync(dest, data, { mode }));
  }

  private store(key: string, size: number, write: (dest: string) => void): void {
    if (this.entries.has(key)) return;
    if (size > this.maxBytes) return;
    const tmp = join(this.dir, `.tmp-${randomBytes(6).toString('hex')}`);
    mkdirSync(tmp);
    write(join(tmp, 'artefact'));
    try {
      renameSync(tmp, join(this.dir, key));
    } catch {
      rmSync(tmp, { recursive: true, force: true });
      return;
    }
    this.entries.set(key, { size, lastUsed: this.tick() });
    this.total += size;
    this.evict();
  }

  get sizeBytes(): number {
    return this.total;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  private evict(): void {
    if (this.total <= this.maxBytes) return;
    const byAge = [...this.entries.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [key, e] of byAge) {
      if (this.total <= this.maxBytes) break;
      rmSync(join(this.dir, key), { recursive: true, force: true });
      this.entries.delete(key);
      this.total -= e.size;
    }
  }
}

// A small in-process cache with a lifetime per entry, a size bound, one load in flight per key,
// and invalidation that also beats loads already running (a load that started before an
// invalidation of its key returns its value to its callers but never fills the cache).

export interface TtlCacheOptions<V> {
  ttlMs: number;
  /** Oldest entries are dropped beyond this many. */
  maxEntries: number;
  /** Size of a value (default 1); oldest entries are dropped while the sum exceeds `maxWeight`. */
  weigh?: (value: V) => number;
  maxWeight?: number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  expires: number;
  weight: number;
}

export class TtlCache<K, V> {
  readonly #ttl: number;
  readonly #max: number;
  readonly #weigh: (value: V) => number;
  readonly #maxWeight: number;
  #weight = 0;
  readonly #now: () => number;
  readonly #entries = new Map<K, Entry<V>>();
  readonly #loading = new Map<K, Promise<V>>();
  /** Invalidation counter; a load remembers it at start to know whether it is still current. */
  #seq = 0;
  #clearedAt = 0;
  readonly #deletedAt = new Map<K, number>();
  /** Loader calls so far (tests and benchmarks observe the hit rate through it). */
  loads = 0;

  constructor(opts: TtlCacheOptions<V>) {
    this.#ttl = opts.ttlMs;
    this.#max = opts.maxEntries;
    this.#weigh = opts.weigh ?? (() => 1);
    this.#maxWeight = opts.maxWeight ?? Infinity;
    this.#now = opts.now ?? Date.now;
  }

  /** The cached value, or undefined when absent or expired. */
  peek(key: K): V | undefined {
    const e = this.#entries.get(key);
    if (!e) return undefined;
    if (e.expires <= this.#now()) {
      this.#drop(key);
      return undefined;
    }
    return e.value;
  }

  /** The cached value, or the loader's (shared by concurrent callers of the same key). */
  get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.peek(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const running = this.#loading.get(key);
    if (running) return running;
    this.loads++;
    return this.#track(key, this.#seq, load());
  }

  /**
   * Values of many keys; the missing ones come from one `loadMany` call (keys it leaves out
   * are answered by `fallback`). Keys already loading are awaited, not loaded again.
   */
  async getMany(
    keys: readonly K[],
    loadMany: (missing: K[]) => Promise<Map<K, V>>,
    fallback: (key: K) => V,
  ): Promise<Map<K, V>> {
    const out = new Map<K, V>();
    const waits: Promise<void>[] = [];
    const missing: K[] = [];
    for (const key of new Set(keys)) {
      const hit = this.peek(key);
      const running = hit === undefined ? this.#loading.get(key) : undefined;
      if (hit !== undefined) out.set(key, hit);
      else if (running) waits.push(running.then((v) => void out.set(key, v)));
      else missing.push(key);
    }
    if (missing.length) {
      this.loads++;
      const start = this.#seq;
      const batch = loadMany(missing);
      for (const key of missing) {
        const one = batch.then((found) => found.get(key) ?? fallback(key));
        waits.push(this.#track(key, start, one).then((v) => void out.set(key, v)));
      }
    }
    await Promise.all(waits);
    return out;
  }

  /** Stores a value read elsewhere (it lives `ttlMs` from now, like a loaded one). */
  set(key: K, value: V): void {
    this.#store(key, value);
  }

  /** Drops one key, and keeps loads already running for it from filling the cache. */
  delete(key: K): void {
    this.#seq++;
    this.#deletedAt.set(key, this.#seq);
    this.#drop(key);
    this.#loading.delete(key);
  }

  /** Drops everything, including what loads already running would store. */
  clear(): void {
    this.#seq++;
    this.#clearedAt = this.#seq;
    this.#deletedAt.clear();
    this.#entries.clear();
    this.#weight = 0;
    this.#loading.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Sum of the stored values' weights. */
  get weight(): number {
    return this.#weight;
  }

  /** Registers a running load of `key` and stores its value if nothing invalidated it meanwhile. */
  #track(key: K, start: number, load: Promise<V>): Promise<V> {
    const promise: Promise<V> = load.then(
      (value) => {
        if (this.#loading.get(key) === promise) this.#loading.delete(key);
        if (this.#current(key, start)) this.#store(key, value);
        return value;
      },
      (err: unknown) => {
        if (this.#loading.get(key) === promise) this.#loading.delete(key);
        throw err;
      },
    );
    this.#loading.set(key, promise);
    return promise;
  }

  #current(key: K, start: number): boolean {
    return this.#clearedAt <= start && (this.#deletedAt.get(key) ?? 0) <= start;
  }

  #store(key: K, value: V): void {
    this.#drop(key); // re-insert so Map order stays oldest-first
    const weight = this.#weigh(value);
    if (weight > this.#maxWeight) return; // would evict everything else: not kept
    this.#entries.set(key, { value, expires: this.#now() + this.#ttl, weight });
    this.#weight += weight;
    while (this.#entries.size > this.#max || this.#weight > this.#maxWeight) {
      this.#drop(this.#entries.keys().next().value as K);
    }
  }

  #drop(key: K): void {
    const e = this.#entries.get(key);
    if (!e) return;
    this.#entries.delete(key);
    this.#weight -= e.weight;
  }
}

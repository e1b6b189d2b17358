import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

/** A promise the test resolves by hand, to hold a load in flight. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function clockedCache(ttlMs = 100, maxEntries = 10) {
  const clock = { now: 1_000 };
  const cache = new TtlCache<string, string>({ ttlMs, maxEntries, now: () => clock.now });
  return { clock, cache };
}

describe('TtlCache', () => {
  it('set stores a value read elsewhere for one lifetime, without calling a loader', async () => {
    const { clock, cache } = clockedCache(100);
    cache.set('k', 'given');
    let loads = 0;
    const load = async () => `loaded${++loads}`;
    expect(await cache.get('k', load)).toBe('given');
    clock.now += 100;
    expect(await cache.get('k', load)).toBe('loaded1');
    expect(loads).toBe(1);
  });

  it('serves a stored value until its lifetime ends, then loads again', async () => {
    const { clock, cache } = clockedCache(100);
    let n = 0;
    const load = async () => `v${++n}`;
    expect(await cache.get('k', load)).toBe('v1');
    clock.now += 99;
    expect(await cache.get('k', load)).toBe('v1');
    clock.now += 1;
    expect(await cache.get('k', load)).toBe('v2');
    expect(cache.loads).toBe(2);
  });

  it('shares one load among concurrent callers of a key', async () => {
    const { cache } = clockedCache();
    const d = deferred<string>();
    let calls = 0;
    const load = () => {
      calls++;
      return d.promise;
    };
    const a = cache.get('k', load);
    const b = cache.get('k', load);
    d.resolve('x');
    expect(await Promise.all([a, b])).toEqual(['x', 'x']);
    expect(calls).toBe(1);
  });

  it('does not keep a value loaded before the key was deleted, and starts a new load after', async () => {
    const { cache } = clockedCache();
    const old = deferred<string>();
    const stale = cache.get('k', () => old.promise);
    cache.delete('k');
    const fresh = cache.get('k', async () => 'new');
    old.resolve('old');
    expect(await stale).toBe('old'); // its own callers still get an answer
    expect(await fresh).toBe('new');
    expect(cache.peek('k')).toBe('new');
  });

  it('a stale load finishing after a fresh one never overwrites it', async () => {
    const { cache } = clockedCache();
    const old = deferred<string>();
    const stale = cache.get('k', () => old.promise);
    cache.delete('k');
    expect(await cache.get('k', async () => 'new')).toBe('new');
    old.resolve('old');
    await stale;
    expect(cache.peek('k')).toBe('new');
  });

  it('clear drops every entry and what loads in flight would store', async () => {
    const { cache } = clockedCache();
    await cache.get('a', async () => 'A');
    const d = deferred<string>();
    const running = cache.get('b', () => d.promise);
    cache.clear();
    d.resolve('B');
    await running;
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not cache a failed load', async () => {
    const { cache } = clockedCache();
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('drops the oldest entries beyond its bound', async () => {
    const { cache } = clockedCache(1000, 2);
    await cache.get('a', async () => 'A');
    await cache.get('b', async () => 'B');
    await cache.get('c', async () => 'C');
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBe('B');
    expect(cache.peek('c')).toBe('C');
  });

  it('drops the oldest entries while the weights exceed their bound, and never keeps an oversized value', async () => {
    const cache = new TtlCache<string, string>({
      ttlMs: 1000,
      maxEntries: 100,
      weigh: (v) => v.length,
      maxWeight: 6,
    });
    await cache.get('a', async () => 'aa');
    await cache.get('b', async () => 'bbb');
    expect(cache.weight).toBe(5);
    await cache.get('c', async () => 'cc');
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.weight).toBe(5);
    expect(await cache.get('big', async () => 'x'.repeat(7))).toBe('xxxxxxx');
    expect(cache.peek('big')).toBeUndefined();
    expect(cache.peek('b')).toBe('bbb');
    cache.delete('b');
    expect(cache.weight).toBe(2);
    cache.clear();
    expect(cache.weight).toBe(0);
  });

  it('getMany loads only the missing keys, in one call, with a fallback for keys the loader omits', async () => {
    const { cache } = clockedCache();
    await cache.get('a', async () => 'A');
    const asked: string[][] = [];
    const loadMany = async (keys: string[]) => {
      asked.push(keys);
      return new Map(keys.filter((k) => k !== 'z').map((k) => [k, k.toUpperCase()]));
    };
    const got = await cache.getMany(['a', 'b', 'c', 'b', 'z'], loadMany, (k) => `none:${k}`);
    expect(asked).toEqual([['b', 'c', 'z']]);
    expect([...got.entries()].sort()).toEqual([
      ['a', 'A'],
      ['b', 'B'],
      ['c', 'C'],
      ['z', 'none:z'],
    ]);
    expect(cache.peek('c')).toBe('C');
    expect(cache.loads).toBe(2);
  });

  it('getMany waits for keys already loading instead of loading them again', async () => {
    const { cache } = clockedCache();
    const d = deferred<string>();
    const single = cache.get('a', () => d.promise);
    const asked: string[][] = [];
    const many = cache.getMany(
      ['a', 'b'],
      async (keys) => {
        asked.push(keys);
        return new Map(keys.map((k) => [k, `${k}!`]));
      },
      () => '?',
    );
    d.resolve('A');
    await single;
    expect(Object.fromEntries(await many)).toEqual({ a: 'A', b: 'b!' });
    expect(asked).toEqual([['b']]);
  });

  it('getMany does not store keys deleted while their batch was loading', async () => {
    const { cache } = clockedCache();
    const d = deferred<Map<string, string>>();
    const many = cache.getMany(
      ['a', 'b'],
      () => d.promise,
      () => '?',
    );
    cache.delete('a');
    d.resolve(
      new Map([
        ['a', 'old-a'],
        ['b', 'B'],
      ]),
    );
    await many;
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBe('B');
  });

  it('getMany rejects when the batch fails and caches nothing', async () => {
    const { cache } = clockedCache();
    await expect(
      cache.getMany(
        ['a', 'b'],
        () => Promise.reject(new Error('boom')),
        () => '?',
      ),
    ).rejects.toThrow('boom');
    expect(cache.size).toBe(0);
  });
});

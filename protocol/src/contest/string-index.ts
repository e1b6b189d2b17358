/**
 * Strings → dense indices 0, 1, 2, … in order of first addition: an open-addressing table
 * with its own hash (FNV-1a over the UTF-16 code units).
 *
 * Why not a Map: a board load looks up one uid per submission (500k), each a string just
 * parsed from a database row. A Map has to compute and store the hash of every such string
 * through a runtime call; here the hash is a loop the JIT inlines, and the stored hashes are
 * compared before any string is.
 */
export class StringIndex {
  private keys: string[] = [];
  private hashes = new Int32Array(0);
  /** Index + 1 of the key in each bucket, 0 for an empty bucket. */
  private slots = new Int32Array(0);
  private mask = -1;
  /** The keys in index order. */
  readonly list: string[] = [];

  constructor(expected = 16) {
    this.resize(expected);
  }

  get size(): number {
    return this.list.length;
  }

  /** FNV-1a of the string's code units. */
  static hash(s: string): number {
    let h = 0x811c9dc5;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
    return h;
  }

  /** The index of `key`, or -1. */
  get(key: string): number {
    return this.find(key, StringIndex.hash(key));
  }

  /** The index of `key`, added (as the next index) when absent. */
  intern(key: string): number {
    const h = StringIndex.hash(key);
    const found = this.find(key, h);
    return found >= 0 ? found : this.insert(key, h);
  }

  private find(key: string, h: number): number {
    const { slots, hashes, keys, mask } = this;
    for (let at = h & mask; ; at = (at + 1) & mask) {
      const s = slots[at]!;
      if (s === 0) return -1;
      if (hashes[at] === h && keys[at] === key) return s - 1;
    }
  }

  private insert(key: string, h: number): number {
    const index = this.list.length;
    if ((index + 1) * 2 > this.slots.length) this.resize(index + 1);
    this.list.push(key);
    this.place(key, h, index);
    return index;
  }

  private place(key: string, h: number, index: number) {
    const { slots, mask } = this;
    let at = h & mask;
    while (slots[at] !== 0) at = (at + 1) & mask;
    slots[at] = index + 1;
    this.hashes[at] = h;
    this.keys[at] = key;
  }

  /** Buckets for at least `n` keys at a load of at most one half; existing keys re-placed. */
  private resize(n: number) {
    let cap = 16;
    while (cap < n * 2) cap *= 2;
    this.slots = new Int32Array(cap);
    this.hashes = new Int32Array(cap);
    this.keys = new Array<string>(cap).fill('');
    this.mask = cap - 1;
    for (let i = 0; i < this.list.length; i++) {
      const key = this.list[i]!;
      this.place(key, StringIndex.hash(key), i);
    }
  }
}

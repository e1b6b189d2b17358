/**
 * Strings → dense indices 0, 1, 2, … in order of first addition: an open-addressing table
 * with its own hash (FNV-1a over the UTF-16 code units).
 *
 * Why not a Map: a board load looks up one uid per submission (500k), each a string just
 * parsed from a database row. A Map has to compute and store the hash of every such string
 * through a runtime call; here the hash is a loop the JIT inlines. A bucket is two adjacent
 * numbers (hash, index + 1) and the keys' code units are kept side by side in one buffer, so
 * a lookup reads one bucket and compares code units in a loop, without following a pointer
 * to a stored string scattered over the heap and without a call to compare strings.
 */
export class StringIndex {
  /** Per bucket: [2b] the key's hash, [2b + 1] its index + 1 (0: empty). */
  private table = new Int32Array(0);
  private mask = -1;
  /** Code units of every key, in index order; key i is units[starts[i], starts[i + 1]). */
  private units = new Uint16Array(256);
  private starts = new Int32Array(17);
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
    const { table, mask, units, starts } = this;
    const n = key.length;
    for (let at = h & mask; ; at = (at + 1) & mask) {
      const e = table[2 * at + 1]!;
      if (e === 0) return -1;
      if (table[2 * at] !== h) continue;
      const a = starts[e - 1]!;
      if (starts[e]! - a !== n) continue;
      let i = 0;
      while (i < n && units[a + i] === key.charCodeAt(i)) i++;
      if (i === n) return e - 1;
    }
  }

  private insert(key: string, h: number): number {
    const index = this.list.length;
    if ((index + 1) * 2 > this.mask + 1) this.resize(index + 1);
    this.list.push(key);
    if (index + 2 > this.starts.length) {
      const starts = new Int32Array(this.starts.length * 2);
      starts.set(this.starts);
      this.starts = starts;
    }
    const a = this.starts[index]!;
    if (a + key.length > this.units.length) {
      const units = new Uint16Array(Math.max(this.units.length * 2, a + key.length));
      units.set(this.units);
      this.units = units;
    }
    for (let i = 0; i < key.length; i++) this.units[a + i] = key.charCodeAt(i);
    this.starts[index + 1] = a + key.length;
    this.place(h, index);
    return index;
  }

  private place(h: number, index: number) {
    const { table, mask } = this;
    let at = h & mask;
    while (table[2 * at + 1] !== 0) at = (at + 1) & mask;
    table[2 * at] = h;
    table[2 * at + 1] = index + 1;
  }

  /** Buckets for at least `n` keys at a load of at most one half; existing keys re-placed. */
  private resize(n: number) {
    let cap = 16;
    while (cap < n * 2) cap *= 2;
    this.table = new Int32Array(cap * 2);
    this.mask = cap - 1;
    for (let i = 0; i < this.list.length; i++) this.place(StringIndex.hash(this.list[i]!), i);
  }
}

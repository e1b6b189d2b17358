/**
 * Strings → dense indices 0, 1, 2, … in order of first addition: an open-addressing table
 * with its own hash (FNV-1a over the UTF-16 code units).
 *
 * Why not a Map: a board load looks up one uid per submission (500k), each a string just
 * parsed from a database row. A Map has to compute and store the hash of every such string
 * through a runtime call; here the hash is a loop the JIT inlines. A bucket is four adjacent
 * numbers (hash, index + 1, where the key's code units start, how many) and the keys' code
 * units are kept side by side in one buffer, so a lookup reads one bucket and compares code
 * units in a loop, without following a pointer to a stored string scattered over the heap
 * and without a call to compare strings.
 */
export class StringIndex {
  /** Per bucket: [4b] the key's hash, [4b + 1] its index + 1 (0: empty), [4b + 2] start and [4b + 3] length of its code units. */
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
    const { table, mask, units } = this;
    const n = key.length;
    for (let at = h & mask; ; at = (at + 1) & mask) {
      const b = 4 * at;
      const e = table[b + 1]!;
      if (e === 0) return -1;
      if (table[b] !== h || table[b + 3] !== n) continue;
      const a = table[b + 2]!;
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
    this.place(h, index, a, key.length);
    return index;
  }

  private place(h: number, index: number, start: number, length: number) {
    const { table, mask } = this;
    let at = h & mask;
    while (table[4 * at + 1] !== 0) at = (at + 1) & mask;
    table[4 * at] = h;
    table[4 * at + 1] = index + 1;
    table[4 * at + 2] = start;
    table[4 * at + 3] = length;
  }

  /** Buckets for at least `n` keys at a load of at most one half; existing keys re-placed. */
  private resize(n: number) {
    let cap = 16;
    while (cap < n * 2) cap *= 2;
    this.table = new Int32Array(cap * 4);
    this.mask = cap - 1;
    const { starts } = this;
    for (let i = 0; i < this.list.length; i++)
      this.place(StringIndex.hash(this.list[i]!), i, starts[i]!, starts[i + 1]! - starts[i]!);
  }
}

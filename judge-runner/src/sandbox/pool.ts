/**
 * Pre-created sandbox slots, reused run after run. A slot is handed out clean (emptied, no
 * process; the keeper resets counters before each run) and comes back through release(),
 * which empties /w and the io directory; a slot in doubt
 * is destroyed and a new one is made when next needed. The pool grows on demand (an
 * interactive case holds two slots at once) and keeps what it made.
 */
import type { Slot } from './slot';

export class SlotPool {
  private readonly idle: Slot[] = [];
  private readonly live = new Set<Slot>();
  private closed = false;

  constructor(private readonly make: () => Promise<Slot>) {}

  /** Start `n` slots ahead of the first run. */
  async prewarm(n: number): Promise<void> {
    const made = await Promise.all(Array.from({ length: n }, () => this.create()));
    this.idle.push(...made);
  }

  private async create(): Promise<Slot> {
    const slot = await this.make();
    if (this.closed) {
      await slot.destroy();
      throw new Error('sandbox closed');
    }
    this.live.add(slot);
    return slot;
  }

  async acquire(): Promise<Slot> {
    if (this.closed) throw new Error('sandbox closed');
    for (let slot = this.idle.pop(); slot; slot = this.idle.pop()) {
      if (!slot.broken) return slot;
      await this.discard(slot);
    }
    return this.create();
  }

  /** Give a slot back: emptied and reused, or destroyed when anything about it is in doubt. */
  async release(slot: Slot): Promise<void> {
    if (!this.closed && slot.clear()) {
      this.idle.push(slot);
      return;
    }
    await this.discard(slot);
  }

  async discard(slot: Slot): Promise<void> {
    this.live.delete(slot);
    await slot.destroy();
  }

  /** Host pids of the slots' keepers, bubblewraps and zygotes. */
  pids(): { keeper: number; bwrap: number; zygote: number }[] {
    return [...this.live].map((s) => ({ ...s.pids }));
  }

  slots(): Slot[] {
    return [...this.live];
  }

  async close(): Promise<void> {
    this.closed = true;
    this.idle.length = 0;
    await Promise.all([...this.live].map((s) => this.discard(s)));
  }
}

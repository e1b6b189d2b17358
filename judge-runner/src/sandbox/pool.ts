/**
 * Pre-created sandbox slots, reused run after run. A slot is handed out clean (emptied, no
 * process; the keeper resets counters before each run) and comes back through release(),
 * which empties /w and the io directory; a slot in doubt
 * is destroyed and replaced in the background. The pool grows on demand (an interactive
 * case holds two slots at once) and keeps what it made.
 */
import type { Slot } from './slot';

export class SlotPool {
  private readonly idle: Slot[] = [];
  private readonly live = new Set<Slot>();
  private closed = false;
  /** Slots kept ready (prewarm count); replacements for discarded slots are made up to it. */
  private target = 0;
  private refilling: Promise<void> | null = null;

  constructor(private readonly make: () => Promise<Slot>) {}

  /** Start `n` slots ahead of the first run. */
  async prewarm(n: number): Promise<void> {
    this.target = n;
    const made = await Promise.all(Array.from({ length: n }, () => this.create()));
    this.idle.push(...made);
  }

  /** Make slots in the background until `target` are live again. */
  private refill(): void {
    if (this.closed || this.refilling || this.live.size >= this.target) return;
    this.refilling = (async () => {
      try {
        while (!this.closed && this.live.size < this.target) this.idle.push(await this.create());
      } catch {
        // the next acquire makes one on demand and reports the failure
      } finally {
        this.refilling = null;
      }
    })();
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
    for (;;) {
      if (this.closed) throw new Error('sandbox closed');
      const slot = this.idle.pop();
      if (slot) {
        if (!slot.broken) return slot;
        await this.discard(slot);
      } else if (this.refilling) {
        await this.refilling;
      } else {
        return this.create();
      }
    }
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
    this.refill();
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
    await this.refilling;
    this.idle.length = 0;
    await Promise.all([...this.live].map((s) => this.discard(s)));
  }
}

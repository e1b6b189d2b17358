// The worker's slots: contest waiters are served before general ones, whatever their arrival order.
import { describe, expect, it } from 'vitest';
import { prioritySlots } from './slots';

describe('prioritySlots', () => {
  it('hands a freed slot to a contest waiter before earlier general waiters', async () => {
    const slots = prioritySlots(1);
    const order: string[] = [];
    const holder = await slots.acquire(false);
    const waiter = (name: string, first: boolean) =>
      slots.acquire(first).then((release) => {
        order.push(name);
        release();
      });
    const all = [waiter('general-1', false), waiter('general-2', false), waiter('contest-1', true)];
    expect(slots.stats()).toEqual({ busy: 1, waitingFirst: 1, waitingOther: 2 });
    holder();
    await Promise.all(all);
    expect(order).toEqual(['contest-1', 'general-1', 'general-2']);
    expect(slots.stats()).toEqual({ busy: 0, waitingFirst: 0, waitingOther: 0 });
  });

  it('gives free slots at once, and a release twice frees one slot only', async () => {
    const slots = prioritySlots(2);
    const a = await slots.acquire(false);
    await slots.acquire(true);
    expect(slots.stats().busy).toBe(2);
    a();
    a();
    expect(slots.stats().busy).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { defineBusContract } from './bus.contract';
import { createBusFromEnv } from './index';
import { createMemoryBus } from './memory';
import { subjectMatches } from './subject';

// In one process there is one bus: the "peer" is the same instance.
defineBusContract('in-process', async () => {
  const bus = createMemoryBus({ onHandlerError: () => {} });
  return { bus, peer: bus, cleanup: () => bus.close() };
});

describe('subjectMatches', () => {
  it.each([
    ['a.b', 'a.b', true],
    ['a.*', 'a.b', true],
    ['a.*', 'a.b.c', false],
    ['a.>', 'a', false],
    ['a.>', 'a.b.c', true],
    ['*.b.>', 'x.b.c', true],
    ['a.b', 'a.b.c', false],
    ['a.b.c', 'a.b', false],
  ])('%s vs %s → %s', (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });
});

describe('createBusFromEnv', () => {
  it('gives the in-process bus when no NATS URL is configured', async () => {
    const bus = await createBusFromEnv(undefined);
    try {
      await bus.reply<number, number>('test.env.double', (n) => n * 2);
      await expect(bus.request('test.env.double', 21)).resolves.toBe(42);
    } finally {
      await bus.close();
    }
  });
});

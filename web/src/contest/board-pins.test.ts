import { describe, expect, it } from 'vitest';
import { pinnedCount } from './board-rules';

describe('pinnedCount (issue #16: the own row shown twice and counted twice)', () => {
  it('counts the own row and the starred copies at the head of page 1 (reference §5.5 example)', () => {
    // caller C, concernedList [A, S]: records = [C, S, A, S, A, B, C, D]
    expect(pinnedCount(['C', 'S', 'A', 'S', 'A', 'B', 'C', 'D'], 'C', ['A', 'S'], false)).toBe(3);
  });
  it('no own pin on the outside board, none for a viewer not on the board', () => {
    expect(pinnedCount(['S', 'A', 'S', 'A', 'B'], 'C', ['A', 'S'], true)).toBe(2);
    expect(pinnedCount(['A', 'B'], 'C', [], false)).toBe(0);
    expect(pinnedCount(['C', 'A', 'B', 'C'], 'C', [], false)).toBe(1);
  });
  it('stops at the first repeat so the ranked rows are not taken for pins', () => {
    expect(pinnedCount(['C', 'A', 'A', 'B'], 'C', ['A'], false)).toBe(2);
  });
});

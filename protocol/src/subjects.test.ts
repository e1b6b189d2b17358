// Request subjects must not lie under an event wildcard someone listens to: a plain listener takes
// the request too, and its silence turns "nobody answers" (the asker takes over) into a timeout.
import { describe, expect, it } from 'vitest';
import { subjectMatches } from './bus/subject';
import { Subjects } from './subjects';

describe('subjects', () => {
  it("a contest board request is outside every contest event listener's reach", () => {
    const board = Subjects.contestBoard(7);
    for (const pattern of [
      Subjects.contestEventAll,
      Subjects.contestChangedAll,
      Subjects.contestEvent('*', 'rank'),
    ])
      expect(subjectMatches(pattern, board), pattern).toBe(false);
    expect(subjectMatches(Subjects.contestEventAll, Subjects.contestEvent(7, 'rank'))).toBe(true);
  });
});

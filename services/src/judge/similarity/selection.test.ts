// Which submissions an analysis compares: per problem and language, each user's last AC by default.
import { describe, expect, it } from 'vitest';
import { groupSubmissions } from './selection';

const row = (submitId: number, pid: number, uid: string, language = 'C++') => ({
  submitId,
  pid,
  displayPid: `P${pid}`,
  uid,
  username: uid,
  code: `// ${submitId}`,
  language,
});

describe('groupSubmissions', () => {
  const rows = [
    row(1, 1, 'a'),
    row(2, 1, 'b'),
    row(3, 1, 'a'),
    row(4, 1, 'c', 'Java'),
    row(5, 2, 'a'),
    row(6, 1, 'd', 'Java'),
  ];

  it("keeps each user's last accepted submission per problem and language, groups of two or more", () => {
    const groups = groupSubmissions(rows, false);
    expect(groups.map((g) => [g.pid, g.language, g.subs.map((s) => s.submitId)])).toEqual([
      [1, 'C++', [2, 3]],
      [1, 'Java', [4, 6]],
    ]);
  });

  it('keeps every accepted submission when asked', () => {
    const groups = groupSubmissions(rows, true);
    expect(groups[0]!.subs.map((s) => s.submitId)).toEqual([1, 2, 3]);
  });
});

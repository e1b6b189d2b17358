import { describe, expect, it } from 'vitest';
import { memberPageLayout } from './member-list';

/** The page read straight off the merged, sorted list: what the layout must reproduce. */
function naivePage(visible: number[], hidden: number[], offset: number, limit: number) {
  return [...visible, ...hidden].sort((a, b) => a - b).slice(offset, offset + limit);
}

function pageIds(visible: number[], hidden: number[], offset: number, limit: number) {
  const layout = memberPageLayout(visible, hidden, offset, limit);
  const ids = layout.picks.map((p) => (p.kind === 'visible' ? visible[p.index]! : hidden[p.index]!));
  const visibleOnPage = layout.picks.filter((p) => p.kind === 'visible').map((p) => p.index);
  // the visible rows form one contiguous range, which is what the shared range cache serves
  expect(visibleOnPage).toEqual(
    Array.from({ length: layout.visibleTo - layout.visibleFrom }, (_, k) => layout.visibleFrom + k),
  );
  return ids;
}

describe('memberPageLayout', () => {
  it('interleaves hidden groups by id across page boundaries', () => {
    const visible = [1, 2, 4, 6, 7, 9];
    const hidden = [3, 5, 10];
    expect(pageIds(visible, hidden, 0, 4)).toEqual([1, 2, 3, 4]);
    expect(pageIds(visible, hidden, 4, 4)).toEqual([5, 6, 7, 9]);
    expect(pageIds(visible, hidden, 8, 4)).toEqual([10]);
    expect(pageIds(visible, hidden, 12, 4)).toEqual([]);
  });

  it('handles no hidden groups, no visible groups and pages past the end', () => {
    expect(memberPageLayout([1, 2, 3], [], 1, 1)).toEqual({
      visibleFrom: 1,
      visibleTo: 2,
      picks: [{ kind: 'visible', index: 1 }],
    });
    expect(memberPageLayout([], [4, 8], 0, 5)).toEqual({
      visibleFrom: 0,
      visibleTo: 0,
      picks: [
        { kind: 'hidden', index: 0 },
        { kind: 'hidden', index: 1 },
      ],
    });
    expect(memberPageLayout([1], [2], 5, 5).picks).toEqual([]);
  });

  it('equals the merged sorted list for random inputs', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 500; round++) {
      const ids = new Set<number>();
      const visible: number[] = [];
      const hidden: number[] = [];
      const n = rnd(40);
      for (let k = 0; k < n; k++) {
        const id = rnd(200);
        if (ids.has(id)) continue;
        ids.add(id);
        (rnd(4) === 0 ? hidden : visible).push(id);
      }
      visible.sort((a, b) => a - b);
      hidden.sort((a, b) => a - b);
      const limit = 1 + rnd(10);
      const offset = rnd(50);
      expect(pageIds(visible, hidden, offset, limit)).toEqual(naivePage(visible, hidden, offset, limit));
    }
  });
});

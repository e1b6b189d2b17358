import { describe, expect, it } from 'vitest';
import { heatLevel, heatmapWeeks, monthStarts, totalCount } from './heatmap';

describe('heatmap bucketing', () => {
  it('covers 365 days in Sunday-first week columns', () => {
    const weeks = heatmapWeeks({ endDate: '2024-06-15', dataList: [] });
    const days = weeks.flat().filter(Boolean);
    expect(days).toHaveLength(365);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(days.at(-1)!.date).toBe('2024-06-15');
    expect(days[0]!.date).toBe('2023-06-17');
    // 2024-06-15 is a Saturday: the last column is full.
    expect(weeks.at(-1)![6]!.date).toBe('2024-06-15');
    // 2023-06-17 is a Saturday too: the first column has only that day.
    expect(weeks[0]!.filter(Boolean)).toHaveLength(1);
  });

  it('sums counts per day, drops days out of range and bad rows', () => {
    const weeks = heatmapWeeks({
      endDate: '2024-03-10',
      dataList: [
        { date: '2024-03-10', count: 2 },
        { date: '2024-03-10', count: 1 },
        { date: '2024-02-29', count: 12 },
        { date: '2022-01-01', count: 5 },
        { date: '2024-03-11', count: 5 },
        { date: 'junk', count: 3 },
      ],
    });
    const cells = weeks.flat().filter(Boolean);
    expect(cells.find((c) => c!.date === '2024-03-10')).toEqual({ date: '2024-03-10', count: 3, level: 2 });
    expect(cells.find((c) => c!.date === '2024-02-29')!.level).toBe(4);
    expect(totalCount(weeks)).toBe(15);
  });

  it('maps counts to five levels', () => {
    expect([0, 1, 2, 3, 5, 6, 9, 10, 100].map(heatLevel)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4]);
  });
});

describe('heatmap month labels (issue #16)', () => {
  it('puts each month at the column holding its first day, never two labels closer than 3 columns', () => {
    const weeks = heatmapWeeks({ endDate: '2024-06-15', dataList: [] });
    const starts = monthStarts(weeks);
    // 2023-06-17 .. 2024-06-15: July 2023 to June 2024 start inside the year
    expect(starts.map((s) => s.month)).toEqual([6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5]);
    for (const { column, month } of starts) {
      const firstOfMonth = weeks[column]!.find((c) => c && c.date.endsWith('-01'));
      expect(Number(firstOfMonth!.date.slice(5, 7)) - 1).toBe(month);
    }
    for (let i = 1; i < starts.length; i++)
      expect(starts[i]!.column - starts[i - 1]!.column).toBeGreaterThanOrEqual(3);
  });
});

// Lays the one-year submission heatmap out as week columns (Sunday first), using UTC date
// arithmetic on the server's yyyy-MM-dd strings so time zones and DST never shift a day.
export interface HeatmapData {
  endDate: string;
  dataList: { date: string; count: number }[];
}

export interface HeatCell {
  date: string;
  count: number;
  level: 0 | 1 | 2 | 3 | 4;
}

const DAY_MS = 86_400_000;

function parseDay(s: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

const formatDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Colour level of a day's count. */
export function heatLevel(count: number): HeatCell['level'] {
  if (count <= 0) return 0;
  if (count <= 2) return 1;
  if (count <= 5) return 2;
  if (count <= 9) return 3;
  return 4;
}

/**
 * Columns of 7 cells (null before the first day / after the last), from the week holding
 * endDate minus 364 days up to the week holding endDate. Counts of the same date are summed.
 */
export function heatmapWeeks(data: HeatmapData): (HeatCell | null)[][] {
  const end = parseDay(data.endDate) ?? parseDay(new Date().toISOString().slice(0, 10))!;
  const start = end - 364 * DAY_MS;
  const counts = new Map<string, number>();
  for (const { date, count } of data.dataList) {
    const t = parseDay(date);
    if (t === null || t < start || t > end || !(count > 0)) continue;
    counts.set(date, (counts.get(date) ?? 0) + count);
  }
  const firstSunday = start - new Date(start).getUTCDay() * DAY_MS;
  const weeks: (HeatCell | null)[][] = [];
  for (let weekStart = firstSunday; weekStart <= end; weekStart += 7 * DAY_MS) {
    const week: (HeatCell | null)[] = [];
    for (let d = 0; d < 7; d++) {
      const t = weekStart + d * DAY_MS;
      if (t < start || t > end) {
        week.push(null);
        continue;
      }
      const date = formatDay(t);
      const count = counts.get(date) ?? 0;
      week.push({ date, count, level: heatLevel(count) });
    }
    weeks.push(week);
  }
  return weeks;
}

export function totalCount(weeks: (HeatCell | null)[][]): number {
  return weeks.flat().reduce((sum, c) => sum + (c?.count ?? 0), 0);
}

/**
 * Where each month starts along the columns (issue #16: month labels): the column of the first
 * week holding that month's first day, month as 0–11. A label too close to the previous one
 * (under 3 columns) is dropped so labels never overlap.
 */
export function monthStarts(weeks: (HeatCell | null)[][]): { column: number; month: number }[] {
  const out: { column: number; month: number }[] = [];
  weeks.forEach((week, column) => {
    const first = week.find((c) => c && c.date.endsWith('-01'));
    if (!first) return;
    const month = Number(first.date.slice(5, 7)) - 1;
    if (out.length > 0 && column - out[out.length - 1]!.column < 3) return;
    out.push({ column, month });
  });
  return out;
}

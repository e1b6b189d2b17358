// The rank sheet of GET /api/file/download-contest-rank (reference §1): pure layout rules.
import type { AcmCell, AcmRankRow, OiRankRow, RankRow, RankShowName } from '@oj/protocol/contest/scoreboard';
import type { Cell } from './xlsx';

/** ACM cell text: `+(k)` solved (k = errorNum + 1, `*` after the contest), `-(e+t)`, `-(e)`, `?(t)`, or empty. */
export function acmCellText(cell: AcmCell | undefined): string {
  if (!cell) return '';
  if (cell.isAC) return `+(${cell.errorNum + 1})${cell.isAfterContest ? '*' : ''}`;
  const e = cell.errorNum;
  const t = cell.tryNum ?? 0;
  if (e && t) return `-(${e}+${t})`;
  if (e) return `-(${e})`;
  if (t) return `?(${t})`;
  return '';
}

export function rankSheet(
  type: 0 | 1,
  rows: readonly RankRow[],
  displayIds: readonly string[],
  rankShowName: RankShowName,
): Cell[][] {
  const problems = [...displayIds].sort();
  const head = ['Rank', 'Username', 'ShowName', 'Real Name', 'School'];
  head.push(
    ...(type === 0 ? ['AC', 'Total Submission', 'Total Penalty Time'] : ['Total Score']),
    ...problems,
  );
  const out: Cell[][] = [head];
  for (const row of rows) {
    const line: Cell[] = [
      row.rank === -1 ? '*' : row.rank,
      row.username,
      row[rankShowName] ?? '',
      row.realname ?? '',
      row.school ?? '',
    ];
    if (type === 0) {
      const r = row as AcmRankRow;
      line.push(r.ac, r.total, r.totalTime, ...problems.map((p) => acmCellText(r.submissionInfo[p])));
    } else {
      const r = row as OiRankRow;
      line.push(r.totalScore, ...problems.map((p) => r.submissionInfo[p] ?? ''));
    }
    out.push(line);
  }
  return out;
}

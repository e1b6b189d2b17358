// Pure rules of the training screens: list query string, status icons, rank deltas.
import type { TrainingRankPushed, TrainingRankRow } from '@oj/protocol/training/schemas';

export interface TrainingListQuery {
  currentPage: number;
  keyword: string;
  categoryId: number | null;
  auth: 'Public' | 'Private' | null;
}

export function parseTrainingQuery(search: string): TrainingListQuery {
  const q = new URLSearchParams(search);
  const page = Number(q.get('currentPage'));
  const cat = Number(q.get('categoryId'));
  const auth = q.get('auth');
  return {
    currentPage: Number.isInteger(page) && page >= 1 ? page : 1,
    keyword: q.get('keyword') ?? '',
    categoryId: q.get('categoryId') && Number.isInteger(cat) ? cat : null,
    auth: auth === 'Public' || auth === 'Private' ? auth : null,
  };
}

export function trainingQueryString(q: TrainingListQuery): string {
  const p = new URLSearchParams();
  if (q.keyword) p.set('keyword', q.keyword);
  if (q.categoryId !== null) p.set('categoryId', String(q.categoryId));
  if (q.auth) p.set('auth', q.auth);
  p.set('currentPage', String(q.currentPage));
  return `?${p.toString()}`;
}

/** Spec part2 §2.7: check for accepted, minus for other statuses, nothing for -10 (never tried). */
export function statusIcon(status: number | undefined): 'tick' | 'minus' | null {
  if (status === undefined || status === -10) return null;
  return status === 0 ? 'tick' : 'minus';
}

/** Percent of accepted submissions (0 when none). */
export function acRate(ac: number, total: number): number {
  return total > 0 ? Math.round((ac / total) * 1000) / 10 : 0;
}

/** Short code of a rank cell's status. */
export function shortStatus(status: number): string {
  const codes: Record<number, string> = {
    0: 'AC',
    [-1]: 'WA',
    [-2]: 'CE',
    [-3]: 'PE',
    1: 'TLE',
    2: 'MLE',
    3: 'RE',
    8: 'PA',
  };
  return codes[status] ?? String(status);
}

/**
 * A pushed row applied to the page a viewer holds (`offset` = index of the page's first row in the
 * whole board, no keyword filter). Returns the new rows, or null when the page cannot be patched
 * (a reset, a keyword, or a move that brings in a row this page does not hold): refetch then.
 */
export function applyRankPush(
  rows: readonly TrainingRankRow[],
  offset: number,
  pageSize: number,
  push: TrainingRankPushed,
  filtered: boolean,
): TrainingRankRow[] | null {
  if (!('row' in push) || filtered) return null;
  const { row, order, prevOrder } = push;
  const end = offset + pageSize;
  const inPage = (i: number) => i >= offset && i < end;
  const above = (i: number) => i >= 0 && i < offset;
  const old = rows.find((r) => r.uid === row.uid);
  // Keep a real name the page already had: pushes never carry one.
  const next: TrainingRankRow = { ...row, realname: row.realname ?? old?.realname ?? null };
  if (!inPage(order)) {
    if (inPage(prevOrder)) return null; // left the page: the row moving in is unknown here
    const shiftsUp = above(prevOrder) && order >= end;
    const shiftsDown = !above(prevOrder) && above(order);
    return shiftsUp || shiftsDown ? null : rows.slice();
  }
  let list = rows.filter((r) => r.uid !== row.uid);
  // Removed from above the page: every row moved up one, the first one out of this page.
  if (above(prevOrder)) list = list.slice(1);
  list.splice(order - offset, 0, next);
  if (list.length > pageSize) list.length = pageSize;
  return list;
}

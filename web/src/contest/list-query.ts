// The contest list's query string: status, type, keyword, currentPage (spec §2.1).
export interface ListQuery {
  status: number | null;
  type: number | null;
  keyword: string;
  currentPage: number;
}

function oneOf(raw: string | null, allowed: readonly number[]): number | null {
  if (raw === null || raw === '') return null;
  const n = Number(raw);
  return allowed.includes(n) ? n : null;
}

export function parseListQuery(search: string): ListQuery {
  const q = new URLSearchParams(search);
  const page = Number(q.get('currentPage'));
  return {
    status: oneOf(q.get('status'), [-1, 0, 1]),
    type: oneOf(q.get('type'), [0, 1]),
    keyword: q.get('keyword') ?? '',
    currentPage: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function listQueryString(q: ListQuery): string {
  const p = new URLSearchParams();
  if (q.status !== null) p.set('status', String(q.status));
  if (q.type !== null) p.set('type', String(q.type));
  if (q.keyword) p.set('keyword', q.keyword);
  if (q.currentPage > 1) p.set('currentPage', String(q.currentPage));
  const s = p.toString();
  return s ? `?${s}` : '';
}

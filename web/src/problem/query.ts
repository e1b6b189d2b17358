// Problem-list filters <-> query string. Only non-default values go into the URL (spec §2 Problem list).
export const PROBLEM_PAGE_SIZE = 30;

export interface ProblemFilters {
  keyword: string;
  /** null = any difficulty. */
  difficulty: number | null;
  /** '' = All banks, 'Mine' = local problems, else a remote bank key. */
  oj: string;
  tagId: number[];
  currentPage: number;
  limit: number;
}

export const DEFAULT_PROBLEM_FILTERS: ProblemFilters = {
  keyword: '',
  difficulty: null,
  oj: 'Mine',
  tagId: [],
  currentPage: 1,
  limit: PROBLEM_PAGE_SIZE,
};

function positiveInt(raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

function parseTagIds(raw: string | null): number[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed)) return parsed.filter((v): v is number => Number.isInteger(v) && v > 0);
  } catch {
    // a hand-edited URL: fall through to comma-separated
  }
  return raw
    .split(',')
    .map(Number)
    .filter((v) => Number.isInteger(v) && v > 0);
}

export function parseProblemQuery(search: string): ProblemFilters {
  const q = new URLSearchParams(search);
  const difficulty = q.get('difficulty');
  const d = difficulty === null || difficulty === '' ? null : Number(difficulty);
  return {
    keyword: q.get('keyword') ?? '',
    difficulty: d !== null && [0, 1, 2].includes(d) ? d : null,
    oj: q.has('oj') ? (q.get('oj') ?? '') : DEFAULT_PROBLEM_FILTERS.oj,
    tagId: parseTagIds(q.get('tagId')),
    currentPage: positiveInt(q.get('currentPage'), 1),
    limit: positiveInt(q.get('limit'), PROBLEM_PAGE_SIZE, 100),
  };
}

/** The query string for the URL (tagId as a JSON array, as the spec says); '' when all defaults. */
export function problemQueryString(f: ProblemFilters): string {
  const q = new URLSearchParams();
  if (f.keyword.trim()) q.set('keyword', f.keyword.trim());
  if (f.difficulty !== null) q.set('difficulty', String(f.difficulty));
  if (f.oj !== DEFAULT_PROBLEM_FILTERS.oj) q.set('oj', f.oj);
  if (f.tagId.length) q.set('tagId', JSON.stringify(f.tagId));
  if (f.currentPage > 1) q.set('currentPage', String(f.currentPage));
  if (f.limit !== PROBLEM_PAGE_SIZE) q.set('limit', String(f.limit));
  return q.toString();
}

/** Parameters for GET /api/get-problem-list (empty ones dropped; oj omitted for All). */
export function problemListParams(f: ProblemFilters): Record<string, string | number> {
  const p: Record<string, string | number> = { currentPage: f.currentPage, limit: f.limit };
  if (f.keyword.trim()) p.keyword = f.keyword.trim();
  if (f.difficulty !== null) p.difficulty = f.difficulty;
  if (f.oj) p.oj = f.oj;
  if (f.tagId.length) p.tagId = f.tagId.join(',');
  return p;
}

let remoteBanks: Promise<string[]> | null = null;

/**
 * The remote banks that hold at least one problem (issue #16: empty banks were offered in the
 * filter). Asked once per page life, one row per bank; a failed ask counts as empty.
 */
export function nonEmptyRemoteBanks(
  banks: readonly string[],
  count: (oj: string) => Promise<number>,
): Promise<string[]> {
  remoteBanks ??= Promise.all(banks.map((oj) => count(oj).catch(() => 0))).then((totals) =>
    banks.filter((_, i) => (totals[i] ?? 0) > 0),
  );
  return remoteBanks;
}

/** Tests start from a clean slate. */
export function forgetRemoteBanks(): void {
  remoteBanks = null;
}

// Submission-list filters <-> query string: only non-empty fields are written (spec §2 Submission list).
import type { SubmissionListQuery } from '@oj/protocol/submission/schemas';
export const SUBMISSION_PAGE_SIZE = 15;

export interface SubmissionFilters {
  onlyMine: boolean;
  /** null = all statuses. */
  status: number | null;
  problemID: string;
  username: string;
  currentPage: number;
}

export function parseSubmissionQuery(search: string): SubmissionFilters {
  const q = new URLSearchParams(search);
  const rawStatus = q.get('status');
  const status = rawStatus === null || rawStatus === '' ? null : Number(rawStatus);
  const page = Number(q.get('currentPage'));
  return {
    onlyMine: q.get('onlyMine') === 'true',
    status: status !== null && Number.isInteger(status) ? status : null,
    problemID: q.get('problemID') ?? '',
    username: q.get('username') ?? '',
    currentPage: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function submissionQueryString(f: SubmissionFilters): string {
  const q = new URLSearchParams();
  if (f.onlyMine) q.set('onlyMine', 'true');
  if (f.status !== null) q.set('status', String(f.status));
  if (f.problemID.trim()) q.set('problemID', f.problemID.trim());
  if (f.username.trim()) q.set('username', f.username.trim());
  if (f.currentPage > 1) q.set('currentPage', String(f.currentPage));
  return q.toString();
}

/** GET /api/get-submission-list parameters; onlyMine must always be present. */
export function submissionListParams(
  f: SubmissionFilters,
  limit = SUBMISSION_PAGE_SIZE,
): SubmissionListQuery {
  return {
    onlyMine: f.onlyMine,
    currentPage: f.currentPage,
    limit,
    ...(f.status !== null ? { status: f.status } : {}),
    ...(f.problemID.trim() ? { problemID: f.problemID.trim() } : {}),
    ...(f.username.trim() ? { username: f.username.trim() } : {}),
  };
}

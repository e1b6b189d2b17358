// Calls of the contest screens (paths and shapes: services/src/contest/routes.ts).
import type { AcmRankRow, OiRankRow } from '@oj/protocol/contest/scoreboard';
import type { OiScrollBoard } from '@oj/protocol/contest/scroll-board';
import { api } from '../api/client';
import type {
  AcInfoRow,
  AnnouncementVO,
  ContestProblemRow,
  ContestSubmission,
  ContestVO,
  Page,
  PrintJob,
  ScrollBoardInfo,
  ScrollSubmission,
} from './types';

export type BoardRow = AcmRankRow | OiRankRow;

export interface RankRequest {
  cid: number;
  currentPage: number;
  limit: number;
  forceRefresh: boolean;
  removeStar: boolean;
  keyword?: string;
  concernedList: string[];
  containsEnd: boolean;
}

export const contestApi = {
  list: (params: { currentPage: number; limit: number; status?: number; type?: number; keyword?: string }) =>
    api.get<Page<ContestVO>>('/api/get-contest-list', params),
  info: (cid: string) => api.get<ContestVO>('/api/get-contest-info', { cid }),
  outsideInfo: (cid: string) =>
    api.get<{ contest: ContestVO; problemList: ContestProblemRow[] }>('/api/get-contest-outsize-info', {
      cid,
    }),
  access: (cid: string) => api.get<{ access: boolean }>('/api/get-contest-access', { cid }, { quiet: true }),
  register: (cid: string, password: string) =>
    api.post<null>('/api/register-contest', { cid: Number(cid), password }),
  problems: (cid: string, opts?: { quiet?: boolean }) =>
    api.get<ContestProblemRow[]>('/api/get-contest-problem', { cid, containsEnd: true }, opts),
  problemStatus: (cid: string, pidList: number[]) =>
    api.post<Record<string, { status: number; score: number | null }>>(
      '/api/get-user-problem-status',
      { pidList, isContestProblemList: true, cid: Number(cid), containsEnd: true },
      { quiet: true },
    ),
  submissions: (params: Record<string, unknown>) =>
    api.get<Page<ContestSubmission>>('/api/contest-submissions', params),
  announcements: (cid: string) =>
    api.get<Page<AnnouncementVO>>('/api/get-contest-announcement', { cid, currentPage: 1, limit: 100 }),
  /** `onVersion`: the board version the page is at (pushed rank deltas start from it), or null. */
  rank: (body: RankRequest, outside: boolean, onVersion?: (version: string | null) => void) =>
    api.post<Page<BoardRow>>(
      outside ? '/api/get-contest-outside-scoreboard' : '/api/get-contest-rank',
      body,
      {
        quiet: true,
        onHeaders: onVersion && ((h) => onVersion(h.get('x-oj-board-version'))),
      },
    ),
  acInfo: (cid: string, currentPage: number) =>
    api.get<Page<AcInfoRow>>('/api/get-contest-ac-info', { cid, currentPage, limit: 20 }),
  checkAcInfo: (cid: string, id: number, checked: boolean) =>
    api.put<null>('/api/check-contest-ac-info', { cid: Number(cid), id, checked }),
  submitPrint: (cid: string, content: string) =>
    api.post<null>('/api/submit-print-text', { cid: Number(cid), content }),
  prints: (cid: string, currentPage: number) =>
    api.get<Page<PrintJob>>('/api/get-contest-print', { cid, currentPage, limit: 15 }),
  checkPrint: (cid: string, id: number) =>
    api.put<null>(`/api/check-contest-print-status?id=${id}&cid=${encodeURIComponent(cid)}`),
  rejudgeProblem: (cid: string, pid: number) =>
    api.get<null>('/api/admin/judge/rejudge-contest-problem', { cid, pid }),
  scrollInfo: (cid: string, opts?: { quiet?: boolean }) =>
    api.get<ScrollBoardInfo>('/api/get-contest-scroll-board-info', { cid }, opts),
  scrollSubmissions: (cid: string, removeStar: boolean, opts?: { quiet?: boolean }) =>
    api.get<ScrollSubmission[]>('/api/get-contest-scroll-board-submission', { cid, removeStar }, opts),
  scrollOi: (cid: string, removeStar: boolean, opts?: { quiet?: boolean }) =>
    api.get<OiScrollBoard>('/api/get-contest-scroll-board-oi', { cid, removeStar }, opts),
};

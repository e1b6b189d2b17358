// Calls of the contest screens, typed by protocol's route table (issue #30).
import type { Static } from '@sinclair/typebox';
import type { ACMContestRankVO, OIContestRankVO } from '@oj/protocol/contest/responses';
import type { ContestListQuery, ContestRankBody } from '@oj/protocol/contest/schemas';
import type { ContestSubmissionListQuery } from '@oj/protocol/contest/submissions';
import { api, http } from '../api/client';

export type BoardRow = Static<typeof ACMContestRankVO> | Static<typeof OIContestRankVO>;

export type RankRequest = Static<typeof ContestRankBody> & { cid: number };

export const contestApi = {
  list: (params: Static<typeof ContestListQuery>) => http.get('/api/get-contest-list', params),
  info: (cid: string) => http.get('/api/get-contest-info', { cid: Number(cid) }),
  outsideInfo: (cid: string) => http.get('/api/get-contest-outsize-info', { cid: Number(cid) }),
  access: (cid: string) => http.get('/api/get-contest-access', { cid: Number(cid) }, { quiet: true }),
  register: (cid: string, password: string) =>
    http.post('/api/register-contest', { cid: Number(cid), password }),
  problems: (cid: string, opts?: { quiet?: boolean }) =>
    http.get('/api/get-contest-problem', { cid: Number(cid), containsEnd: true }, opts),
  problemStatus: (cid: string, pidList: number[]) =>
    http.post(
      '/api/get-user-problem-status',
      { pidList, isContestProblemList: true, cid: Number(cid), containsEnd: true },
      { quiet: true },
    ),
  submissions: (params: Static<typeof ContestSubmissionListQuery>) =>
    http.get('/api/contest-submissions', params),
  announcements: (cid: string) =>
    http.get('/api/get-contest-announcement', { cid: Number(cid), currentPage: 1, limit: 100 }),
  /** `onVersion`: the board version the page is at (pushed rank deltas start from it), or null. */
  rank: (body: RankRequest, outside: boolean, onVersion?: (version: string | null) => void) =>
    http.post(outside ? '/api/get-contest-outside-scoreboard' : '/api/get-contest-rank', body, {
      quiet: true,
      onHeaders: onVersion && ((h) => onVersion(h.get('x-oj-board-version'))),
    }),
  acInfo: (cid: string, currentPage: number) =>
    http.get('/api/get-contest-ac-info', { cid: Number(cid), currentPage, limit: 20 }),
  checkAcInfo: (cid: string, id: number, checked: boolean) =>
    http.put('/api/check-contest-ac-info', { cid: Number(cid), id, checked }),
  submitPrint: (cid: string, content: string) =>
    http.post('/api/submit-print-text', { cid: Number(cid), content }),
  prints: (cid: string, currentPage: number) =>
    http.get('/api/get-contest-print', { cid: Number(cid), currentPage, limit: 15 }),
  // The server reads this PUT's id and cid from the query (the reference's shape). It stays on `api`:
  // the table types cid as an integer, and this cid is the page's route text, sent as it is.
  checkPrint: (cid: string, id: number) =>
    api.put<null>(`/api/check-contest-print-status?id=${id}&cid=${encodeURIComponent(cid)}`),
  rejudgeProblem: (cid: string, pid: number) =>
    http.get('/api/admin/judge/rejudge-contest-problem', { cid: Number(cid), pid }),
  scrollInfo: (cid: string, opts?: { quiet?: boolean }) =>
    http.get('/api/get-contest-scroll-board-info', { cid: Number(cid) }, opts),
  scrollSubmissions: (cid: string, removeStar: boolean, opts?: { quiet?: boolean }) =>
    http.get('/api/get-contest-scroll-board-submission', { cid: Number(cid), removeStar }, opts),
  scrollOi: (cid: string, removeStar: boolean, opts?: { quiet?: boolean }) =>
    http.get('/api/get-contest-scroll-board-oi', { cid: Number(cid), removeStar }, opts),
};

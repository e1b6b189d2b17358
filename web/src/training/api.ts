// Calls of the training screens (paths and shapes: services/src/training/routes.ts).
import { http } from '../api/client';

export const trainingApi = {
  categories: () => http.get('/api/get-training-category', undefined, { quiet: true }),
  list: (params: {
    currentPage: number;
    limit: number;
    keyword?: string;
    categoryId?: number;
    auth?: string;
  }) => http.get('/api/get-training-list', params),
  detail: (tid: number) => http.get('/api/get-training-detail', { tid }),
  access: (tid: number) => http.get('/api/get-training-access', { tid }, { quiet: true }),
  register: (tid: number, password: string) => http.post('/api/register-training', { tid, password }),
  problems: (tid: number) => http.get('/api/get-training-problem-list', { tid }, { quiet: true }),
  statuses: (tid: number) => http.get('/api/get-training-problem-status', { tid }, { quiet: true }),
  rank: (tid: number, currentPage: number, limit: number, keyword: string) =>
    http.get(
      '/api/get-training-rank',
      { tid, currentPage, limit, ...(keyword ? { keyword } : {}) },
      { quiet: true },
    ),
};

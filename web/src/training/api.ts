// Calls of the training screens (paths and shapes: services/src/training/routes.ts).
import type { Page } from '@oj/protocol';
import type {
  TrainingCategory,
  TrainingProblemVO,
  TrainingRankRow,
  TrainingVO,
} from '@oj/protocol/training/schemas';
import { api } from '../api/client';

export const trainingApi = {
  categories: () => api.get<TrainingCategory[]>('/api/get-training-category', undefined, { quiet: true }),
  list: (params: {
    currentPage: number;
    limit: number;
    keyword?: string;
    categoryId?: number;
    auth?: string;
  }) => api.get<Page<TrainingVO>>('/api/get-training-list', params),
  detail: (tid: number) => api.get<TrainingVO>('/api/get-training-detail', { tid }),
  access: (tid: number) => api.get<{ access: boolean }>('/api/get-training-access', { tid }, { quiet: true }),
  register: (tid: number, password: string) => api.post<null>('/api/register-training', { tid, password }),
  problems: (tid: number) =>
    api.get<TrainingProblemVO[]>('/api/get-training-problem-list', { tid }, { quiet: true }),
  statuses: (tid: number) =>
    api.get<Record<string, { status: number }>>('/api/get-training-problem-status', { tid }, { quiet: true }),
  rank: (tid: number, currentPage: number, limit: number, keyword: string) =>
    api.get<Page<TrainingRankRow>>(
      '/api/get-training-rank',
      { tid, currentPage, limit, ...(keyword ? { keyword } : {}) },
      { quiet: true },
    ),
};

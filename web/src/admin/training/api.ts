// Calls of the admin training screens (groups-admin-files.md §4.9; services/src/training/routes.ts).
import type { Page } from '@oj/protocol';
import type {
  AdminTraining,
  AdminTrainingProblemRow,
  TrainingCategory,
  TrainingProblemLink,
} from '@oj/protocol/training/schemas';
import { http } from '../../api/client';

export interface TrainingForm {
  id?: number;
  title: string;
  description: string;
  auth: 'Public' | 'Private';
  privatePwd: string;
  status: boolean;
  rank: number;
  rankShowName: string;
}

/** The category a saved training gets: a stored one by id, a new or reused one by name, or none. */
export type CategoryChoice = { id: number } | { name: string } | null;

/**
 * The calls the training back-office screens make: the site back office (/api/admin/training/*)
 * and a group's trainings (/api/group/*training*) plug in their own.
 */
export interface TrainingAdminAdapter {
  list(currentPage: number, keyword: string): Promise<Page<AdminTraining>>;
  get(tid: number): Promise<{ training: AdminTraining; trainingCategory: TrainingCategory | null }>;
  create(training: TrainingForm, category: CategoryChoice): Promise<null>;
  update(training: TrainingForm, category: CategoryChoice): Promise<null>;
  remove(tid: number): Promise<null>;
  changeStatus(tid: number, status: boolean): Promise<null>;
  problems(tid: number): Promise<{
    problemList: Page<AdminTrainingProblemRow>;
    trainingProblemMap: Record<string, TrainingProblemLink>;
  }>;
  addProblem(tid: number, pid: number, displayId: string): Promise<null>;
  updateLink(link: { id: number; tid: number; rank: number; displayId?: string }): Promise<null>;
  removeProblem(tid: number, pid: number): Promise<null>;
  /** Adds a problem of the training's group by its display id (group trainings only). */
  addGroupProblem?: (tid: number, problemId: string) => Promise<null>;
  /** Stored categories to pick from; absent: the category is typed by name. */
  categories?: () => Promise<TrainingCategory[]>;
}

export const adminTrainingApi = {
  list: (currentPage: number, keyword: string) =>
    http.get('/api/admin/training/get-training-list', {
      currentPage,
      limit: 10,
      ...(keyword ? { keyword } : {}),
    }),
  get: (tid: number) => http.get('/api/admin/training', { tid }),
  create: (training: TrainingForm, category: CategoryChoice) =>
    http.post('/api/admin/training', { training, trainingCategory: category }),
  update: (training: TrainingForm, category: CategoryChoice) =>
    http.put('/api/admin/training', { training, trainingCategory: category }),
  remove: (tid: number) => http.delete('/api/admin/training', { tid }),
  changeStatus: (tid: number, status: boolean) =>
    http.put('/api/admin/training/change-training-status', undefined, { params: { tid, status } }),
  problems: (tid: number) =>
    http.get('/api/admin/training/get-problem-list', { tid, queryExisted: true, currentPage: 1, limit: 500 }),
  addProblem: (tid: number, pid: number, displayId: string) =>
    http.post('/api/admin/training/add-problem-from-public', {
      tid,
      pid,
      ...(displayId ? { displayId } : {}),
    }),
  updateLink: (link: { id: number; tid: number; rank: number; displayId?: string }) =>
    http.put('/api/admin/training/problem', link),
  removeProblem: (tid: number, pid: number) => http.delete('/api/admin/training/problem', { tid, pid }),
  categories: () => http.get('/api/get-training-category'),
  createCategory: (name: string, color: string) => http.post('/api/admin/training/category', { name, color }),
  updateCategory: (id: number, name: string, color: string) =>
    http.put('/api/admin/training/category', { id, name, color }),
  removeCategory: (id: number) => http.delete('/api/admin/training/category', { cid: id }),
} satisfies TrainingAdminAdapter & Record<string, unknown>;

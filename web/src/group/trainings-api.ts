// Calls of the group Trainings tab (groups-admin-files.md §3; services/src/training/routes.ts):
// the members' list, and the back-office adapter the shared training admin screens run with.
import { http } from '../api/client';
import type { TrainingAdminAdapter } from '../admin/training/api';

export const GROUP_TRAINING_PAGE_SIZE = 10;

export const groupTrainingApi = {
  list: (gid: number, currentPage: number) =>
    http.get('/api/group/get-training-list', {
      gid,
      currentPage,
      limit: GROUP_TRAINING_PAGE_SIZE,
    }),
};

/** The training back office of one group: every call goes to /api/group/*training*. */
export function groupTrainingAdmin(gid: number): TrainingAdminAdapter {
  return {
    list: (currentPage) =>
      http.get('/api/group/get-admin-training-list', { gid, currentPage, limit: GROUP_TRAINING_PAGE_SIZE }),
    get: (tid) => http.get('/api/group/training', { tid }),
    create: (training, category) =>
      http.post('/api/group/training', { training: { ...training, gid }, trainingCategory: category }),
    update: (training, category) =>
      http.put('/api/group/training', { training: { ...training, gid }, trainingCategory: category }),
    remove: (tid) => http.delete('/api/group/training', { tid }),
    changeStatus: (tid, status) =>
      http.put('/api/group/change-training-status', undefined, { params: { tid, status } }),
    problems: (tid) =>
      http.get('/api/group/get-training-problem-list', {
        tid,
        queryExisted: true,
        currentPage: 1,
        limit: 500,
      }),
    addProblem: (tid, pid, displayId) =>
      http.post('/api/group/add-training-problem-from-public', {
        tid,
        pid,
        ...(displayId ? { displayId } : {}),
      }),
    // the caller sends a non-empty (trimmed) display id, so the query keeps both fields
    addGroupProblem: (tid, problemId) =>
      http.post('/api/group/add-training-problem-from-group', undefined, { params: { problemId, tid } }),
    updateLink: (link) => http.put('/api/group/training-problem', link),
    removeProblem: (tid, pid) => http.delete('/api/group/training-problem', { tid, pid }),
  };
}

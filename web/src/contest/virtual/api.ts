// Calls of virtual participation (paths and shapes: protocol's contest route table, issue #30).
import type { Clarification, GhostPage, VirtualParticipation } from '@oj/protocol/contest/virtual-schemas';
import { http } from '../../api/client';

export type { Clarification, GhostPage };

export const virtualApi = {
  start: (cid: number, password?: string) =>
    http.post('/api/contest/virtual/start', { cid, password: password || null }),
  /** The caller's running participation, or null. */
  current: (): Promise<VirtualParticipation | null> =>
    http.get('/api/contest/virtual/current', undefined, { quiet: true }),
  /** The caller's participation in the contest, or null. */
  ofContest: (cid: number): Promise<VirtualParticipation | null> =>
    http.get('/api/contest/virtual/of-contest', { cid }, { quiet: true }),
  board: (vid: number) => http.get('/api/contest/virtual/board', { vid, limit: 500 }, { quiet: true }),
  announcements: (vid: number) => http.get('/api/contest/virtual/announcements', { vid }, { quiet: true }),
  clarifications: (vid: number) => http.get('/api/contest/virtual/clarifications', { vid }, { quiet: true }),
  finalBoard: (cid: number) =>
    http.get('/api/contest/virtual/final-board', { cid, limit: 500 }, { quiet: true }),
  ofUser: (username: string) => http.get('/api/contest/virtual/of-user', { username }, { quiet: true }),
};

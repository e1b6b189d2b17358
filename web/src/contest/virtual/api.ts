// Calls of virtual participation (paths and shapes: services/src/contest/virtual/routes.ts).
import type { RankRow } from '@oj/protocol/contest/scoreboard';
import type { VirtualParticipation } from '@oj/protocol/contest/virtual-schemas';
import { api } from '../../api/client';
import type { AnnouncementVO } from '../types';

export interface GhostPage {
  records: RankRow[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /** `<variant>/<version>`: pushes chain from it. */
  version: string;
  elapsed: number;
  sealed: boolean;
}

/** A contest Q&A post as of the participant's elapsed time (services/src/contest/virtual/service.ts). */
export interface Clarification {
  id: number;
  content: string;
  fromUid: string;
  fromName: string;
  gmtCreate: string;
  replies: { id: number; content: string; fromName: string; toName: string; gmtCreate: string }[];
}

export const virtualApi = {
  start: (cid: number, password?: string) =>
    api.post<VirtualParticipation>('/api/contest/virtual/start', { cid, password: password || null }),
  current: () => api.get<VirtualParticipation | null>('/api/contest/virtual/current', {}, { quiet: true }),
  ofContest: (cid: number) =>
    api.get<VirtualParticipation | null>('/api/contest/virtual/of-contest', { cid }, { quiet: true }),
  board: (vid: number) =>
    api.get<GhostPage>('/api/contest/virtual/board', { vid, limit: 500 }, { quiet: true }),
  announcements: (vid: number) =>
    api.get<AnnouncementVO[]>('/api/contest/virtual/announcements', { vid }, { quiet: true }),
  clarifications: (vid: number) =>
    api.get<Clarification[]>('/api/contest/virtual/clarifications', { vid }, { quiet: true }),
  finalBoard: (cid: number) =>
    api.get<{ records: RankRow[]; total: number; virtualUids: string[] }>(
      '/api/contest/virtual/final-board',
      { cid, limit: 500 },
      { quiet: true },
    ),
  ofUser: (username: string) =>
    api.get<VirtualParticipation[]>('/api/contest/virtual/of-user', { username }, { quiet: true }),
};

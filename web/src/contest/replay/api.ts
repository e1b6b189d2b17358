// Calls of contest replays (paths and shapes: services/src/contest/replay/routes.ts).
import type { ReplayBoardPage, ReplayState } from '@oj/protocol/contest/replay';
import type { RankRow } from '@oj/protocol/contest/scoreboard';
import { api } from '../../api/client';

export type ReplayControl = {
  paused?: boolean;
  speed?: number;
  seek?: number;
  unsealed?: boolean;
  close?: boolean;
};

export const replayApi = {
  ofContest: (cid: number) =>
    api.get<{ canStart: boolean; replays: ReplayState[] }>('/api/contest/replay/of-contest', { cid }),
  start: (cid: number, speed: number, unsealed: boolean) =>
    api.post<ReplayState>('/api/contest/replay/start', { cid, speed, unsealed }),
  control: (rid: number, c: ReplayControl) =>
    api.post<ReplayState>('/api/contest/replay/control', { rid, ...c }),
  board: (rid: number) =>
    api.get<ReplayBoardPage<RankRow>>('/api/contest/replay/board', { rid, limit: 500 }, { quiet: true }),
};

// Calls of contest replays (paths and shapes: protocol's contest route table, issue #30).
import type { ReplayControlBody } from '@oj/protocol/contest/replay';
import { http } from '../../api/client';

export type ReplayControl = Omit<ReplayControlBody, 'rid'>;

export const replayApi = {
  ofContest: (cid: number) => http.get('/api/contest/replay/of-contest', { cid }),
  start: (cid: number, speed: number, unsealed: boolean) =>
    http.post('/api/contest/replay/start', { cid, speed, unsealed }),
  control: (rid: number, c: ReplayControl) => http.post('/api/contest/replay/control', { rid, ...c }),
  board: (rid: number) => http.get('/api/contest/replay/board', { rid, limit: 500 }, { quiet: true }),
};

// Live training pushes: progress on the user's own room (joined on connect), rank rows on the
// training's room (joined while the rank is open).
import type { SubscribeAck } from '@oj/protocol/realtime/events';
import { ClientEvents, ServerEvents } from '@oj/protocol/realtime/names';
import type { TrainingProgressPushed, TrainingRankPushed } from '@oj/protocol/training/schemas';
import { useEffect, useRef, useState } from 'react';
import { connectSocket } from '../api/socket';
import { useSession } from '../store/session';

/** Calls `onProgress` for every progress push of the logged-in user about training `tid`. */
export function useTrainingProgress(
  tid: number,
  onProgress: (p: { pid: number; status: number; acCount: number }) => void,
): void {
  const token = useSession((s) => s.token);
  const ref = useRef(onProgress);
  ref.current = onProgress;
  useEffect(() => {
    if (!token || !(tid > 0)) return;
    let cleanup = () => undefined as void;
    let stopped = false;
    const fn = (payload: TrainingProgressPushed) => {
      const hit = payload?.trainings?.find((x) => x.tid === tid);
      if (hit) ref.current({ pid: payload.pid, status: payload.status, acCount: hit.acCount });
    };
    void connectSocket(token)
      .then((socket) => {
        if (stopped) return;
        socket.on(ServerEvents.trainingProgress, fn);
        cleanup = () => void socket.off(ServerEvents.trainingProgress, fn);
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      cleanup();
    };
  }, [tid, token]);
}

/** Joins the training's room while mounted; returns whether pushes flow. */
export function useTrainingRankLive(tid: number, onPush: (p: TrainingRankPushed) => void): boolean {
  const token = useSession((s) => s.token);
  const ref = useRef(onPush);
  ref.current = onPush;
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!token || !(tid > 0)) return;
    let stopped = false;
    let cleanup = () => undefined as void;
    const fn = (payload: TrainingRankPushed) => {
      if (payload?.tid === tid) ref.current(payload);
    };
    void connectSocket(token)
      .then((socket) => {
        if (stopped) return;
        const subscribe = () =>
          socket.emit(ClientEvents.subscribeTraining, { tid }, (ack: SubscribeAck | undefined) => {
            if (!stopped) setLive(!!ack?.ok);
          });
        const down = () => setLive(false);
        socket.on(ServerEvents.trainingRank, fn);
        socket.on('connect', subscribe);
        socket.on('disconnect', down);
        if (socket.connected) subscribe();
        cleanup = () => {
          socket.off(ServerEvents.trainingRank, fn);
          socket.off('connect', subscribe);
          socket.off('disconnect', down);
          if (socket.connected) socket.emit(ClientEvents.unsubscribeTraining, { tid }, () => undefined);
        };
      })
      .catch(() => setLive(false));
    return () => {
      stopped = true;
      setLive(false);
      cleanup();
    };
  }, [tid, token]);
  return live;
}

// Keeps the running rows of a submission list up to date: one socket room per running row; the
// rows still running are read again (POST /api/check-submissions-status) after a quiet time with no
// push (RESYNC_DELAYS_MS, so a dropped push is caught; issue #26), and every 2 s without a
// connected socket (at most 300 reads).
import { isRunningStatus } from '@oj/protocol/enums/judge-status';
import type { SubmissionUpdate, SubscribeAck } from '@oj/protocol/realtime/events';
import { ClientEvents, ServerEvents } from '@oj/protocol/realtime/names';
import { useEffect, useRef } from 'react';
import { http } from '../api/client';
import { connectSocket, onSocketResync } from '../api/socket';
import { useSession } from '../store/session';
import { MAX_POLLS, resyncDelay } from './watch';

/** A running row's news: a push, or the row read again (view model of both). */
export interface RowPatch {
  submitId: number;
  status: number;
  reason?: SubmissionUpdate['reason'];
  time?: number | null;
  memory?: number | null;
  score?: number | null;
  judger?: string | null;
}

export function useRowsWatch(runningIds: number[], onPatch: (p: RowPatch) => void): void {
  const token = useSession((s) => s.token);
  const patchRef = useRef(onPatch);
  patchRef.current = onPatch;
  const idsKey = [...runningIds].sort((a, b) => a - b).join(',');

  useEffect(() => {
    const ids = idsKey ? idsKey.split(',').map(Number) : [];
    if (ids.length === 0) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let polls = 0;
    const pending = new Set(ids);

    /** Reads the pending rows once; false when the request failed. */
    const readRows = async () => {
      try {
        const rows = await http.post(
          '/api/check-submissions-status',
          { submitIds: [...pending] },
          { quiet: true },
        );
        for (const { submitId, status, time, memory, score, judger } of Object.values(rows ?? {})) {
          if (stopped) return true;
          // the Judge object's id is nullable on the wire; a stored row always has one
          if (submitId === null) continue;
          patchRef.current({ submitId, status, time, memory, score, judger });
          if (!isRunningStatus(status)) pending.delete(submitId);
        }
        return true;
      } catch {
        return false;
      }
    };
    let live = false;
    /** Reads since the last push: picks the next quiet delay. */
    let quietReads = 0;
    const poll = async () => {
      timer = null;
      if (stopped || pending.size === 0 || polls >= MAX_POLLS) return;
      polls++;
      quietReads++;
      await readRows();
      schedule();
    };
    // Verdicts pushed while the socket was down are lost: read the rows once after a reconnect.
    const stopResync = onSocketResync(() => {
      if (!stopped && pending.size > 0) void readRows();
    });
    const schedule = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      if (!stopped && pending.size > 0 && polls < MAX_POLLS)
        timer = setTimeout(() => void poll(), resyncDelay(live, quietReads));
    };

    const onUpdate = (u: SubmissionUpdate) => {
      if (!ids.includes(u.submitId) || stopped) return;
      patchRef.current({ ...u });
      if (!isRunningStatus(u.status)) pending.delete(u.submitId);
      quietReads = 0;
      schedule();
    };
    let cleanup = () => undefined as void;
    void connectSocket(token)
      .then((socket) => {
        if (stopped) return;
        const subscribe = () => {
          live = true;
          quietReads = 0;
          // a refused room leaves that row to the quiet reads
          for (const submitId of ids)
            socket.emit(ClientEvents.subscribeSubmission, { submitId }, (_ack: SubscribeAck) => undefined);
          schedule();
        };
        const onDisconnect = () => {
          live = false;
          schedule();
        };
        socket.on(ServerEvents.submissionUpdated, onUpdate);
        socket.on('connect', subscribe);
        socket.on('disconnect', onDisconnect);
        if (socket.connected) subscribe();
        cleanup = () => {
          socket.off(ServerEvents.submissionUpdated, onUpdate);
          socket.off('connect', subscribe);
          socket.off('disconnect', onDisconnect);
          if (socket.connected)
            for (const submitId of ids)
              socket.emit(ClientEvents.unsubscribeSubmission, { submitId }, () => undefined);
        };
      })
      .catch(() => undefined);
    schedule();
    return () => {
      stopped = true;
      stopResync();
      if (timer) clearTimeout(timer);
      cleanup();
    };
  }, [idsKey, token]);
}

// Keeps the running rows of a submission list up to date: one socket room per running row,
// or, without a connected socket, POST /api/check-submissions-status every 2 s (at most 300 polls).
import { isRunningStatus } from '@oj/protocol/enums/judge-status';
import type { SubmissionUpdate, SubscribeAck } from '@oj/protocol/realtime/events';
import { ClientEvents, ServerEvents } from '@oj/protocol/realtime/names';
import { useEffect, useRef } from 'react';
import { api } from '../api/client';
import { connectSocket, onSocketResync } from '../api/socket';
import { useSession } from '../store/session';
import { MAX_POLLS, POLL_INTERVAL_MS } from './watch';

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
        const rows = await api.post<Record<string, RowPatch>>(
          '/api/check-submissions-status',
          { submitIds: [...pending] },
          { quiet: true },
        );
        for (const row of Object.values(rows ?? {})) {
          if (stopped) return true;
          patchRef.current(row);
          if (!isRunningStatus(row.status)) pending.delete(row.submitId);
        }
        return true;
      } catch {
        return false;
      }
    };
    const poll = async () => {
      timer = null;
      if (stopped || pending.size === 0 || polls >= MAX_POLLS) return;
      polls++;
      if (await readRows()) schedule();
    };
    // Verdicts pushed while the socket was down are lost: read the rows once after a reconnect.
    const stopResync = onSocketResync(() => {
      if (!stopped && pending.size > 0) void readRows();
    });
    const schedule = () => {
      if (!stopped && !timer && pending.size > 0) timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    };

    const onUpdate = (u: SubmissionUpdate) => {
      if (!ids.includes(u.submitId) || stopped) return;
      patchRef.current({ ...u });
    };
    let cleanup = () => undefined as void;
    void connectSocket(token)
      .then((socket) => {
        if (stopped) return;
        const subscribe = () => {
          let denied = false;
          for (const submitId of ids)
            socket.emit(ClientEvents.subscribeSubmission, { submitId }, (ack: SubscribeAck) => {
              if (!ack?.ok && !denied) {
                denied = true;
                schedule();
              }
            });
        };
        const onDisconnect = () => schedule();
        socket.on(ServerEvents.submissionUpdated, onUpdate);
        socket.on('connect', subscribe);
        socket.on('disconnect', onDisconnect);
        if (socket.connected) subscribe();
        else schedule();
        cleanup = () => {
          socket.off(ServerEvents.submissionUpdated, onUpdate);
          socket.off('connect', subscribe);
          socket.off('disconnect', onDisconnect);
          if (socket.connected)
            for (const submitId of ids)
              socket.emit(ClientEvents.unsubscribeSubmission, { submitId }, () => undefined);
        };
      })
      .catch(() => schedule());
    return () => {
      stopped = true;
      stopResync();
      if (timer) clearTimeout(timer);
      cleanup();
    };
  }, [idsKey, token]);
}

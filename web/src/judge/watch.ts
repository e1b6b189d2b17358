// Watches one submission: socket.io push when the socket is connected, polling
// /api/get-submission-detail every 2 s otherwise (spec §4 Submission flow).
import { isRunningStatus } from '@oj/protocol/enums/judge-status';
import type { SubmissionUpdate, SubscribeAck } from '@oj/protocol/realtime/events';
import { ClientEvents, ServerEvents } from '@oj/protocol/realtime/names';
import { isFinalStatus } from '@oj/protocol/submission/final-statuses';
import { useEffect, useRef, useState } from 'react';
import { api } from '../api/client';
import { connectSocket, onSocketResync } from '../api/socket';
import { useSession } from '../store/session';

export const POLL_INTERVAL_MS = 2000;
/** Lists stop after this many polls (spec §4). */
export const MAX_POLLS = 300;

export type StatusReport = (
  status: number,
  reason?: SubmissionUpdate['reason'],
  update?: SubmissionUpdate,
) => void;

interface DetailAnswer {
  submission: { status: number };
}

/**
 * Calls `report` with each status change of `submitId` until it is final.
 * Returns whether live push is in use (false while polling).
 */
export function useSubmissionWatch(submitId: number | null, report: StatusReport): boolean {
  const token = useSession((s) => s.token);
  const reportRef = useRef(report);
  reportRef.current = report;
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (submitId === null) return;
    let stopped = false;
    let finished = false;
    let pollTimer: ReturnType<typeof setTimeout> | null = null;
    let polls = 0;
    const emit: StatusReport = (status, reason, update) => {
      if (stopped) return;
      reportRef.current(status, reason, update);
      if (isFinalStatus(status)) finished = true;
    };

    const poll = async () => {
      pollTimer = null;
      if (stopped || finished) return;
      polls++;
      try {
        const d = await api.get<DetailAnswer>('/api/get-submission-detail', { submitId }, { quiet: true });
        emit(d.submission.status);
        if (!isRunningStatus(d.submission.status) && d.submission.status !== 9) finished = true;
      } catch {
        // spec §4: a failed poll stops polling
        finished = true;
        return;
      }
      schedulePoll();
    };
    const schedulePoll = () => {
      if (stopped || finished || pollTimer || polls >= MAX_POLLS) return;
      pollTimer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    };
    const stopPolling = () => {
      if (pollTimer) clearTimeout(pollTimer);
      pollTimer = null;
    };

    const onUpdate = (u: SubmissionUpdate) => {
      if (u.submitId === submitId) emit(u.status, u.reason, u);
    };
    let cleanupSocket = () => undefined as void;
    // The gateway missed events (or the socket reconnected): read the submission once more.
    const stopResync = onSocketResync(() => {
      if (stopped || finished) return;
      void api
        .get<DetailAnswer>('/api/get-submission-detail', { submitId }, { quiet: true })
        .then((d) => emit(d.submission.status))
        .catch(() => undefined);
    });

    void connectSocket(token)
      .then((socket) => {
        if (stopped) return;
        const subscribe = () => {
          socket.emit(ClientEvents.subscribeSubmission, { submitId }, (ack: SubscribeAck) => {
            if (stopped) return;
            if (ack?.ok) {
              setLive(true);
              stopPolling();
              // Catch up with anything that happened before the room was joined.
              void api
                .get<DetailAnswer>('/api/get-submission-detail', { submitId }, { quiet: true })
                .then((d) => emit(d.submission.status))
                .catch(() => undefined);
            } else {
              setLive(false);
              schedulePoll();
            }
          });
        };
        const onDisconnect = () => {
          setLive(false);
          schedulePoll();
        };
        socket.on(ServerEvents.submissionUpdated, onUpdate);
        socket.on('connect', subscribe);
        socket.on('disconnect', onDisconnect);
        if (socket.connected) subscribe();
        else schedulePoll();
        cleanupSocket = () => {
          socket.off(ServerEvents.submissionUpdated, onUpdate);
          socket.off('connect', subscribe);
          socket.off('disconnect', onDisconnect);
          if (socket.connected)
            socket.emit(ClientEvents.unsubscribeSubmission, { submitId }, () => undefined);
        };
      })
      .catch(() => schedulePoll());

    return () => {
      stopped = true;
      stopResync();
      stopPolling();
      cleanupSocket();
    };
  }, [submitId, token]);

  return live;
}

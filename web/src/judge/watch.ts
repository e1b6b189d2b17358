// Watches one submission until its verdict is stored (spec §4 Submission flow, issue #26 items 1-2).
//
// Pushes carry the status as it happens: the owner's socket gets them through its user room from
// the moment it connects, anyone else through the submission room joined here. A push can still be
// missed (the socket connects late or reconnects, a gateway drops an event), so while the
// submission runs the stored row is read again whenever no push came for a while: quickly at first
// (RESYNC_DELAYS_MS), then every few seconds, and every 2 s (POLL_INTERVAL_MS) while no socket is
// connected. A failed read is tried again later unless the server refused the submission. None of
// this plumbing is shown to the person waiting: they only see the status move.
import { isRunningStatus } from '@oj/protocol/enums/judge-status';
import type { SubmissionUpdate, SubscribeAck } from '@oj/protocol/realtime/events';
import { ClientEvents, ServerEvents } from '@oj/protocol/realtime/names';
import { isFinalStatus } from '@oj/protocol/submission/final-statuses';
import { useEffect, useRef } from 'react';
import { ApiError, http } from '../api/client';
import { connectSocket, onSocketResync } from '../api/socket';
import { useSession } from '../store/session';

export const POLL_INTERVAL_MS = 2000;
/** Lists stop after this many polls (spec §4); the single-submission watch after as many reads. */
export const MAX_POLLS = 300;
/**
 * Quiet times after which a running submission is read again although the socket is connected
 * (each push starts the sequence over); the last one repeats. A dropped final push costs at most
 * the first delay after the last push that did arrive.
 */
export const RESYNC_DELAYS_MS = [1500, 3000, 5000] as const;

export type StatusReport = (
  status: number,
  reason?: SubmissionUpdate['reason'],
  update?: SubmissionUpdate,
) => void;

/** Is a failed read worth repeating (the network or the server), or did the server refuse it? */
export function retryableFailure(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  const f = err.failure;
  if (f.kind === 'network' || f.kind === 'timeout' || f.kind === 'http') return true;
  return f.kind === 'envelope' && f.status >= 500;
}

/** The delay before the next read: while live, the n-th since the last push; else the poll interval. */
export function resyncDelay(live: boolean, quietReads: number): number {
  if (!live) return POLL_INTERVAL_MS;
  return RESYNC_DELAYS_MS[Math.min(quietReads, RESYNC_DELAYS_MS.length - 1)]!;
}

/** Calls `report` with each status change of `submitId` until it is final. */
export function useSubmissionWatch(submitId: number | null, report: StatusReport): void {
  const token = useSession((s) => s.token);
  const reportRef = useRef(report);
  reportRef.current = report;

  useEffect(() => {
    if (submitId === null) return;
    let stopped = false;
    let finished = false;
    let live = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let reads = 0;
    /** Reads since the last push (or since live began): picks the next delay. */
    let quietReads = 0;
    const done = () => stopped || finished || reads >= MAX_POLLS;
    const emit: StatusReport = (status, reason, update) => {
      if (stopped || finished) return;
      reportRef.current(status, reason, update);
      if (isFinalStatus(status) || (reason === undefined && !isRunningStatus(status) && status !== 9))
        finished = true;
      if (finished) cancel();
    };
    const cancel = () => {
      if (timer) clearTimeout(timer);
      timer = null;
    };
    const schedule = () => {
      cancel();
      if (done()) return;
      timer = setTimeout(() => void read(true), resyncDelay(live, quietReads));
    };
    /** Reads the stored row once and reports it; then waits for the next quiet time. */
    const read = async (afterQuiet: boolean) => {
      timer = null;
      if (done()) return;
      reads++;
      if (afterQuiet) quietReads++;
      try {
        const d = await http.get('/api/get-submission-detail', { submitId }, { quiet: true });
        emit(d.submission.status);
      } catch (err) {
        if (!retryableFailure(err)) finished = true;
      }
      if (!timer) schedule();
    };
    /** Reads now (socket came back, room joined, gateway asked for a resync). */
    const readNow = () => {
      if (done()) return;
      cancel();
      void read(false);
    };

    const onUpdate = (u: SubmissionUpdate) => {
      if (u.submitId !== submitId || stopped) return;
      quietReads = 0;
      emit(u.status, u.reason, u);
      if (!finished) schedule();
    };
    let cleanupSocket = () => undefined as void;
    // The gateway missed events (or the socket reconnected): read the submission once more.
    const stopResync = onSocketResync(readNow);
    schedule();

    void connectSocket(token)
      .then((socket) => {
        if (stopped) return;
        const subscribe = () => {
          live = true;
          quietReads = 0;
          socket.emit(ClientEvents.subscribeSubmission, { submitId }, (ack: SubscribeAck) => {
            // Joined: catch up with anything that happened before. Refused: the owner still gets
            // the pushes through the user room, and the quiet reads cover the rest.
            if (!stopped && ack?.ok) readNow();
          });
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
        cleanupSocket = () => {
          socket.off(ServerEvents.submissionUpdated, onUpdate);
          socket.off('connect', subscribe);
          socket.off('disconnect', onDisconnect);
          if (socket.connected)
            socket.emit(ClientEvents.unsubscribeSubmission, { submitId }, () => undefined);
        };
      })
      .catch(() => undefined);

    return () => {
      stopped = true;
      stopResync();
      cancel();
      cleanupSocket();
    };
  }, [submitId, token]);
}

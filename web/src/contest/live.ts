// Live contest pushes over socket.io: joins the contest room and reports rank and announcement events.
// Event names match protocol/src/realtime/events.ts (ClientEvents.subscribeContest, ServerEvents.contestRank,
// ServerEvents.contestAnnouncement); they are spelled here so this area builds before that change lands.
import { useEffect, useRef, useState } from 'react';
import { connectSocket } from '../api/socket';
import { useSession } from '../store/session';

export const CONTEST_EVENTS = {
  subscribe: 'subscribe:contest',
  unsubscribe: 'unsubscribe:contest',
  rank: 'contest:rank',
  announcement: 'contest:announcement',
} as const;

export interface ContestLiveHandlers {
  rank?(): void;
  announcement?(): void;
}

/** Joins the room of `cid` while mounted; returns whether pushes are flowing (false: rely on polling). */
export function useContestLive(cid: number | null, handlers: ContestLiveHandlers): boolean {
  const token = useSession((s) => s.token);
  const ref = useRef(handlers);
  ref.current = handlers;
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (cid === null || !Number.isInteger(cid) || cid <= 0) return;
    let stopped = false;
    let cleanup = () => undefined as void;
    const mine = (payload: unknown) =>
      !!payload && typeof payload === 'object' && (payload as { cid?: unknown }).cid === cid;
    const onRank = (p: unknown) => {
      if (mine(p)) ref.current.rank?.();
    };
    const onAnnouncement = (p: unknown) => {
      if (mine(p)) ref.current.announcement?.();
    };
    void connectSocket(token)
      .then((socket) => {
        if (stopped) return;
        const subscribe = () =>
          socket.emit(CONTEST_EVENTS.subscribe, { cid }, (ack: { ok?: boolean } | undefined) => {
            if (!stopped) setLive(!!ack?.ok);
          });
        const onDisconnect = () => setLive(false);
        socket.on(CONTEST_EVENTS.rank, onRank);
        socket.on(CONTEST_EVENTS.announcement, onAnnouncement);
        socket.on('connect', subscribe);
        socket.on('disconnect', onDisconnect);
        if (socket.connected) subscribe();
        cleanup = () => {
          socket.off(CONTEST_EVENTS.rank, onRank);
          socket.off(CONTEST_EVENTS.announcement, onAnnouncement);
          socket.off('connect', subscribe);
          socket.off('disconnect', onDisconnect);
          if (socket.connected) socket.emit(CONTEST_EVENTS.unsubscribe, { cid }, () => undefined);
        };
      })
      .catch(() => setLive(false));
    return () => {
      stopped = true;
      setLive(false);
      cleanup();
    };
  }, [cid, token]);

  return live;
}

/** Runs `fn` at most once per `ms`, the last call in a burst included (pushes can come in bursts). */
export function throttle(fn: () => void, ms: number, now: () => number = Date.now) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const call = () => {
    const wait = last + ms - now();
    if (wait <= 0) {
      last = now();
      fn();
      return;
    }
    timer ??= setTimeout(() => {
      timer = null;
      last = now();
      fn();
    }, wait);
  };
  call.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return call;
}

// Live contest pushes over socket.io: joins the contest room and reports rank, announcement,
// print and first-AC events (protocol/src/realtime/events.ts). Several screens may watch one
// contest at once, so the room is left only when the last of them stops.
import type {
  ContestBoardView,
  ContestCommentPushed,
  ContestRankChanged,
  SubscribeAck,
} from '@oj/protocol/realtime/events';
import { ClientEvents, ServerEvents } from '@oj/protocol/realtime/names';
import { useEffect, useRef, useState } from 'react';
import { connectSocket, onSocketResync } from '../api/socket';
import { useSession } from '../store/session';

export interface ContestLiveHandlers {
  /** The board changed; the payload carries the deltas of the room's boards when the server had them. */
  rank?(payload: ContestRankChanged): void;
  /** The same for the real boards while sealed (admin room only). */
  rankAdmin?(payload: ContestRankChanged): void;
  announcement?(): void;
  /** Admin room only. */
  print?(): void;
  /** Admin room only. */
  firstAc?(): void;
  /** A Q&A comment or reply was posted (admin room), or an answer to the viewer (user room). */
  comment?(payload: ContestCommentPushed): void;
  /** The board page this watcher shows, asked as a snapshot with every (re)subscribe (issue #22). */
  view?(): ContestBoardView | null;
  /** The asked page, read on the board's holder: the rank body's JSON and its `<variant>/<version>`. */
  snapshot?(snapshot: { json: string; version: string }): void;
}

const watchers = new Map<number, number>();

/** Counts a watcher in; true when it is the first for this contest. */
export function enterRoom(cid: number): boolean {
  const n = watchers.get(cid) ?? 0;
  watchers.set(cid, n + 1);
  return n === 0;
}

/** Counts a watcher out; true when it was the last one (the room may be left). */
export function leaveRoom(cid: number): boolean {
  const n = (watchers.get(cid) ?? 0) - 1;
  if (n <= 0) watchers.delete(cid);
  else watchers.set(cid, n);
  return n <= 0;
}

const EVENTS: [keyof ContestLiveHandlers, string][] = [
  ['rank', ServerEvents.contestRank],
  ['rankAdmin', ServerEvents.contestRankAdmin],
  ['announcement', ServerEvents.contestAnnouncement],
  ['print', ServerEvents.contestPrint],
  ['firstAc', ServerEvents.contestFirstAc],
  ['comment', ServerEvents.contestComment],
];

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
    enterRoom(cid);
    // Pushes sent while the socket was down are lost: after a reconnect, read the board and the
    // announcements again (a rank push without deltas makes the board refetch).
    const stopResync = onSocketResync(() => {
      if (stopped) return;
      ref.current.rank?.({ cid, at: Date.now() });
      ref.current.announcement?.();
    });
    const listeners = EVENTS.map(([key, event]) => {
      const fn = (payload: unknown) => {
        if (payload && typeof payload === 'object' && (payload as { cid?: unknown }).cid === cid)
          (ref.current[key] as ((p: unknown) => void) | undefined)?.(payload);
      };
      return [event, fn] as const;
    });
    void connectSocket(token)
      .then((socket) => {
        if (stopped) return;
        // Joining again is harmless (socket.io rooms are sets), and each watcher learns the answer.
        const subscribe = () => {
          const view = ref.current.view?.() ?? null;
          socket.emit(
            ClientEvents.subscribeContest,
            view ? { cid, view } : { cid },
            (ack: SubscribeAck | undefined) => {
              if (stopped) return;
              setLive(!!ack?.ok);
              if (ack?.ok && ack.snapshot) ref.current.snapshot?.(ack.snapshot);
            },
          );
        };
        const onDisconnect = () => setLive(false);
        for (const [event, fn] of listeners) socket.on(event, fn);
        socket.on('connect', subscribe);
        socket.on('disconnect', onDisconnect);
        if (socket.connected) subscribe();
        cleanup = () => {
          for (const [event, fn] of listeners) socket.off(event, fn);
          socket.off('connect', subscribe);
          socket.off('disconnect', onDisconnect);
        };
      })
      .catch(() => setLive(false));
    return () => {
      stopped = true;
      stopResync();
      setLive(false);
      cleanup();
      if (leaveRoom(cid))
        void connectSocket(token)
          .then((socket) => {
            if (socket.connected && !watchers.has(cid))
              socket.emit(ClientEvents.unsubscribeContest, { cid }, () => undefined);
          })
          .catch(() => undefined);
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

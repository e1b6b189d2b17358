// Contest replay (issue #27 item 4).
import type { replayZhCN } from './replay.zh-CN';

export const replayEnUS: typeof replayZhCN = {
  replayUi: {
    title: 'Contest replay',
    none: 'No replay of this contest is running',
    notEnded: 'A contest can be replayed once it has ended',
    start: 'Start replay',
    speed: 'Speed',
    speedValue: '{{n}}×',
    unsealed: 'Show the real board (no seal)',
    play: 'Play',
    pause: 'Pause',
    seek: 'Jump to (minutes)',
    go: 'Jump',
    close: 'End replay',
    elapsed: '{{text}} into the contest',
    paused: 'Paused',
    running: 'Replaying',
    sealed: 'Sealed',
    atEnd: 'At the end',
    closed: 'The replay has ended',
    viewerOnly: 'The contest admins control the replay; every viewer sees the same moment',
    board: 'Replay board',
    open: 'Replay',
  },
};

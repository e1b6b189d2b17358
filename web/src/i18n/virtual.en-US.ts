// Virtual participation and the ghost board (issue #27).
import type { virtualZhCN } from './virtual.zh-CN';

export const virtualEnUS: typeof virtualZhCN = {
  virtualUi: {
    title: 'Virtual participation',
    intro:
      "Start when you choose: the contest's duration runs from then; problems, announcements and your submissions behave as live; the ghost board shows the original participants as they stood at the same time.",
    start: 'Start virtual participation',
    password: 'Contest password',
    running: 'Running',
    sealed: 'Sealed',
    ended: 'Ended',
    remaining: '{{text}} left',
    elapsed: '{{text}} elapsed',
    ghostBoard: 'Ghost board',
    you: 'You',
    virtualTag: 'Virtual',
    rank: 'Rank',
    user: 'User',
    solved: 'Solved',
    score: 'Score',
    penalty: 'Penalty',
    problems: 'Go to problems',
    announcements: 'Announcements',
    noAnnouncements: 'No announcements',
    clarifications: 'Q&A (as of this moment of the contest)',
    noClarifications: 'No Q&A yet',
    result: 'Result: rank {{rank}}',
    empty: 'Nobody on the board yet',
    notEnded: 'Virtual participation opens once the contest has ended',
    myVirtual: 'My virtual participations',
    withVirtual: 'With virtual participants',
    otherRunning: 'You are taking another contest virtually',
    goRunning: 'Go',
  },
};

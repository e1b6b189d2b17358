// Import verification screen (issue #25 item 3).
import type { verifyZhCN } from './verify.zh-CN';

export const verifyEnUS: typeof verifyZhCN = {
  verifyUi: {
    title: 'Package verification',
    solution: 'Solution',
    language: 'Language',
    expected: 'Expected',
    got: 'Got',
    time: 'Time',
    memory: 'Memory',
    held: 'Waiting for the time limit',
    heldTitle: 'Judged once the accepted solutions give the time limit (their slowest time × {{multiplier}})',
    pending: 'Judging',
    mismatch: 'mismatch',
    none: 'This problem has no solutions shipped with its package.',
    progress: '{{done}} of {{total}} solutions judged',
    mismatches: '{{count}} solution(s) did not get the expected verdict',
    allMatch: 'All {{total}} solutions got the expected verdict',
    rerun: 'Verify again',
    publish: 'Make public',
    public: 'Public',
    verifyOption: 'Judge the solutions shipped in the package after import (the problem stays private)',
    open: 'Open the verification',
  },
};

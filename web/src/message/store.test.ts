import { describe, expect, it } from 'vitest';
import { badgeCount, totalUnread, useMessages } from './store';

describe('unread counts', () => {
  it('caps the badge at 99', () => {
    expect(badgeCount(0)).toBe('0');
    expect(badgeCount(42)).toBe('42');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(1000)).toBe('99');
  });
  it('merges partial counts and sums them', () => {
    useMessages.getState().reset();
    useMessages.getState().setUnread({ comment: 2, sys: 5 });
    useMessages.getState().setUnread({ reply: 1 });
    expect(useMessages.getState().unread).toEqual({ comment: 2, reply: 1, like: 0, sys: 5, mine: 0 });
    expect(totalUnread(useMessages.getState().unread)).toBe(8);
  });
});

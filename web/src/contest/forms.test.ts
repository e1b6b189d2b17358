import { describe, expect, it, vi } from 'vitest';
import { printError } from './AdminTabs';
import { listQueryString, parseListQuery } from './list-query';
import { scrollBoardUrl } from './ScrollBoardSettings';
import { formatDuration } from './format';

describe('print form check', () => {
  it('rejects empty and short content, accepts 50 characters', () => {
    expect(printError('   ')).toBe('contestUi.printEmpty');
    expect(printError('x'.repeat(49))).toBe('contestUi.printShort');
    expect(printError('x'.repeat(50))).toBeNull();
  });
});

describe('contest list query', () => {
  it('keeps only valid filters and round-trips', () => {
    expect(parseListQuery('?status=2&type=1&keyword=cup&currentPage=-3')).toEqual({
      status: null,
      type: 1,
      keyword: 'cup',
      currentPage: 1,
    });
    const q = { status: -1, type: 0, keyword: 'a b', currentPage: 3 };
    expect(parseListQuery(listQueryString(q))).toEqual(q);
    expect(listQueryString({ status: null, type: null, keyword: '', currentPage: 1 })).toBe('');
  });
});

describe('scroll board link and durations', () => {
  it('puts medals[] three times', () => {
    expect(scrollBoardUrl('7', true, [1, 2, 3])).toBe(
      '/scrollBoard?cid=7&removeStar=true&medals%5B%5D=1&medals%5B%5D=2&medals%5B%5D=3',
    );
  });

  it('formats durations with days', () => {
    expect(formatDuration(5 * 3600)).toBe('05:00:00');
    expect(formatDuration(86400 + 61)).toBe('1d 00:01:01');
    expect(formatDuration(null)).toBe('--');
  });
});

describe('throttle', () => {
  it('runs at once, then once more at the end of a burst', async () => {
    const { throttle } = await import('./live');
    vi.useFakeTimers();
    try {
      let now = 0;
      let runs = 0;
      const f = throttle(
        () => runs++,
        1000,
        () => now,
      );
      f();
      expect(runs).toBe(1);
      now = 100;
      f();
      f();
      expect(runs).toBe(1);
      now = 1000;
      vi.advanceTimersByTime(900);
      expect(runs).toBe(2);
      now = 5000;
      f();
      expect(runs).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('contest room reference counting', () => {
  it('leaves the room only with its last watcher', async () => {
    const { enterRoom, leaveRoom } = await import('./live');
    expect(enterRoom(41)).toBe(true);
    expect(enterRoom(41)).toBe(false);
    expect(leaveRoom(41)).toBe(false);
    expect(leaveRoom(41)).toBe(true);
    expect(enterRoom(41)).toBe(true);
    expect(leaveRoom(41)).toBe(true);
  });
});

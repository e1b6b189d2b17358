import { describe, expect, it } from 'vitest';
import type { JudgeHeartbeat } from '@oj/protocol/judge/schemas';
import {
  editUserProblem,
  generatedNames,
  judgeServerOf,
  minuteOf,
  parseBatchRow,
  generatedPasswordBits,
  GENERATED_MIN_LENGTH,
  PASSWORD_ALPHABET,
  passwordFrom,
  rateSeries,
} from './rules';
import { M } from './messages';

const hb = (over: Partial<JudgeHeartbeat> = {}): JudgeHeartbeat => ({
  name: 'r1',
  version: '1',
  languages: ['C'],
  unavailableLanguages: [],
  concurrency: 2,
  inFlight: 1,
  load: 0.5,
  draining: false,
  at: 0,
  ...over,
});

describe('admin rules', () => {
  it('edit-user checks run in the reference order', () => {
    expect(editUserProblem({ username: 'a', realname: 'x'.repeat(51) })).toBe(M.REALNAME_LONG);
    expect(editUserProblem({ username: 'a', titleName: 'x'.repeat(21) })).toBe(M.TITLE_LONG);
    expect(editUserProblem({ username: 'a', password: '12345' })).toBe(M.PASSWORD_LENGTH);
    expect(editUserProblem({ username: 'a', password: '' })).toBeNull();
    expect(editUserProblem({ username: 'x'.repeat(21) })).toBe(M.USERNAME_LONG);
    expect(editUserProblem({ username: 'ok', password: '123456' })).toBeNull();
  });

  it('parses batch rows with blank optional cells and gender codes', () => {
    expect(parseBatchRow(['  bob ', 'secret1', '', 'Bob', '1'])).toEqual({
      user: {
        username: 'bob',
        password: 'secret1',
        email: null,
        realname: 'Bob',
        gender: 'female',
        nickname: null,
        school: null,
      },
    });
    expect(parseBatchRow(['', 'secret1'])).toEqual({ error: M.ROW_USERNAME });
    expect(parseBatchRow(['bob', '123'])).toEqual({ error: M.ROW_PASSWORD });
    expect(parseBatchRow(['bob', 'secret1', null, null, 'male'])).toMatchObject({ user: { gender: 'male' } });
  });

  it('generates names and passwords', () => {
    expect(generatedNames('t', 'x', 8, 10)).toEqual(['t8x', 't9x', 't10x']);
    const pwd = passwordFrom(() => new Uint8Array([0, 25, 26, 35, 36]), 5);
    expect(pwd).toBe('az09a');
  });

  it('generated passwords carry at least 96 random bits, uniform over the alphabet', () => {
    expect(PASSWORD_ALPHABET).toHaveLength(36);
    expect(new Set(PASSWORD_ALPHABET).size).toBe(36);
    expect(GENERATED_MIN_LENGTH).toBe(19);
    expect(generatedPasswordBits(GENERATED_MIN_LENGTH)).toBeGreaterThanOrEqual(96);
    expect(generatedPasswordBits(GENERATED_MIN_LENGTH - 1)).toBeLessThan(96);
    // Bytes 252..255 would favour a..d if folded: they are dropped and more bytes drawn.
    const feed = [
      [252, 253, 254, 255, 1],
      [2, 3],
    ];
    const pwd = passwordFrom(() => new Uint8Array(feed.shift() ?? []), 3);
    expect(pwd).toBe('bcd');
  });

  it('a runner turns down after the stale window and draining shows', () => {
    expect(judgeServerOf(hb(), 1000, 1000 + 12_000, 12_500).state).toBe('up');
    expect(judgeServerOf(hb(), 1000, 1000 + 12_501, 12_500).state).toBe('down');
    expect(judgeServerOf(hb({ draining: true }), 1000, 1001, 12_500).state).toBe('draining');
  });

  it('the rate series is zero-filled minute by minute', () => {
    const now = 10 * 60_000 + 5;
    const counts = new Map([
      [minuteOf(now), 3],
      [minuteOf(now) - 120_000, 1],
    ]);
    const s = rateSeries(counts, now, 4);
    expect(s.map((p) => p.count)).toEqual([0, 1, 0, 3]);
    expect(s[3]!.minute).toBe(10 * 60_000);
  });
});

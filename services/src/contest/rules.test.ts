import { describe, expect, it } from 'vitest';
import { contestColumns, matchesAccountRule, parseAccountLimitRule, validateContestInput } from './rules';
import { M } from './messages';

describe('account limit rule (§0.4)', () => {
  const rule =
    '<prefix>team</prefix><suffix>_x</suffix><start>1</start><end>12</end><extra>judge guest</extra>';
  it('parses the tagged form', () => {
    expect(parseAccountLimitRule(rule)).toEqual({
      prefix: 'team',
      suffix: '_x',
      start: 1,
      end: 12,
      extra: ['judge', 'guest'],
    });
  });
  it('accepts prefix + i + suffix for i in range, without padding, and the extras', () => {
    expect(matchesAccountRule('team1_x', rule)).toBe(true);
    expect(matchesAccountRule('team12_x', rule)).toBe(true);
    expect(matchesAccountRule('team13_x', rule)).toBe(false);
    expect(matchesAccountRule('team01_x', rule)).toBe(false);
    expect(matchesAccountRule('team0_x', rule)).toBe(false);
    expect(matchesAccountRule('team1', rule)).toBe(false);
    expect(matchesAccountRule('teamx_x', rule)).toBe(false);
    expect(matchesAccountRule('guest', rule)).toBe(true);
  });
  it('an empty or broken rule only admits extras', () => {
    expect(matchesAccountRule('team1', null)).toBe(false);
    expect(matchesAccountRule('a', '<extra>a</extra>')).toBe(true);
    expect(matchesAccountRule('team5', '<prefix>team</prefix><start>x</start><end>9</end>')).toBe(false);
  });
});

describe('contest validation (§5.4) and packing', () => {
  const ok = {
    title: 'T',
    type: 0,
    auth: 0,
    startTime: '2026-01-01T08:00:00.000+0000',
    endTime: '2026-01-01T13:00:00.000+0000',
  };
  it('accepts a minimal contest', () => expect(validateContestInput(ok)).toBeNull());
  it('names the first failing rule', () => {
    expect(validateContestInput({ ...ok, title: '  ' })).toBe(M.TITLE_EMPTY);
    expect(validateContestInput({ ...ok, title: 'x'.repeat(501) })).toBe(M.TITLE_LONG);
    expect(validateContestInput({ ...ok, description: 'x'.repeat(65536) })).toBe(M.DESCRIPTION_LONG);
    expect(validateContestInput({ ...ok, type: 2 })).toBe(M.BAD_TYPE);
    expect(validateContestInput({ ...ok, type: 1 })).toBe(M.BAD_OI_SCORE_TYPE);
    expect(validateContestInput({ ...ok, type: 1, oiRankScoreType: 'Highest' })).toBeNull();
    expect(validateContestInput({ ...ok, auth: 3 })).toBe(M.BAD_AUTH);
    expect(validateContestInput({ ...ok, startTime: 'soon' })).toBe(M.BAD_TIMES);
  });
  it('packs duration, star accounts and awards sorted by priority', () => {
    const cols = contestColumns({
      ...ok,
      starAccount: [' a ', '', 'b'],
      awardType: 1,
      awardConfigList: [
        { priority: 3, name: 'Bronze', background: '', color: '', num: 30 },
        { priority: 1, name: 'Gold', background: '', color: '', num: 10 },
      ],
    });
    expect(cols.duration).toBe(5 * 3600);
    expect(cols.star_account).toEqual(['a', 'b']);
    expect(cols.award_config.map((a) => a.name)).toEqual(['Gold', 'Bronze']);
    expect(cols.start_time.toISOString()).toBe('2026-01-01T08:00:00.000Z');
    expect(
      contestColumns({
        ...ok,
        awardType: 0,
        awardConfigList: [{ name: 'G', background: '', color: '', num: 1 }],
      }).award_config,
    ).toEqual([]);
  });
});

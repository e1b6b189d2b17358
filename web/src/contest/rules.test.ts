import { clockStateAt } from '@oj/protocol/contest/clock';
import { describe, expect, it } from 'vitest';
import { acmCellTone, acmCellText, oiCellTone, shownName, toggleConcerned } from './board-rules';
import {
  clockTimes,
  contestTabs,
  countdown,
  hasRealTimePermission,
  hidesOiVerdict,
  isContestAdminFor,
  menuDisabled,
  parseServerDate,
  phaseOf,
  showContestSetting,
  showPasswordForm,
  type TabFacts,
} from './rules';
import type { ContestVO } from './types';

describe('parseServerDate', () => {
  it('reads the ISO form with a colon-less offset and the scroll-board GMT+8 form', () => {
    expect(parseServerDate('2026-01-01T08:00:00.000+0000')).toBe(Date.UTC(2026, 0, 1, 8));
    expect(parseServerDate('2026/01/01 16:00:00')).toBe(Date.UTC(2026, 0, 1, 8));
    expect(parseServerDate('nonsense')).toBeNull();
    expect(parseServerDate(null)).toBeNull();
  });
});

const contest = (over: Partial<ContestVO> = {}): ContestVO => ({
  id: 1,
  author: 'alice',
  title: 't',
  type: 0,
  description: '',
  status: 0,
  source: 0,
  auth: 0,
  startTime: '2026-01-01T00:00:00.000+0000',
  endTime: '2026-01-01T05:00:00.000+0000',
  duration: 18000,
  openRank: true,
  oiRankScoreType: 'Recent',
  gid: null,
  allowEndSubmit: false,
  count: 3,
  now: null,
  autoRealRank: null,
  sealRank: true,
  openPrint: true,
  sealRankTime: '2026-01-01T04:00:00.000+0000',
  rankShowName: 'username',
  ...over,
});

describe('clock phase from the shared machine state', () => {
  const times = clockTimes(contest());
  it.each([
    [Date.UTC(2025, 11, 31), 'scheduled'],
    [Date.UTC(2026, 0, 1, 1), 'running'],
    [Date.UTC(2026, 0, 1, 4, 30), 'sealed'],
    [Date.UTC(2026, 0, 2), 'ended'],
  ])('at %s is %s', (now, phase) => {
    expect(phaseOf(clockStateAt(times, now))).toBe(phase);
  });
});

describe('countdown', () => {
  const times = { startTime: Date.UTC(2026, 0, 10), endTime: Date.UTC(2026, 0, 10, 5) };
  it('humanizes a start over a week away, else counts down', () => {
    expect(countdown('scheduled', times, Date.UTC(2026, 0, 1))).toEqual({ kind: 'startsInDays', days: 9 });
    expect(countdown('scheduled', times, Date.UTC(2026, 0, 9, 23, 0, 1))).toEqual({
      kind: 'startsIn',
      text: '00:59:59',
    });
    expect(countdown('running', times, Date.UTC(2026, 0, 10, 1))).toEqual({
      kind: 'endsIn',
      text: '04:00:00',
    });
    expect(countdown('sealed', times, Date.UTC(2026, 0, 10, 5))).toEqual({
      kind: 'endsIn',
      text: '00:00:00',
    });
    expect(countdown('ended', times, Date.UTC(2026, 0, 11))).toEqual({ kind: 'ended' });
  });
});

describe('contest tabs', () => {
  const facts = (over: Partial<TabFacts> = {}): TabFacts => ({
    phase: 'running',
    contest: { type: 0, auth: 0, openPrint: false },
    access: false,
    isContestAdmin: false,
    isSuperAdmin: false,
    openContestComment: false,
    ...over,
  });
  const names = (f: TabFacts) => contestTabs(f).map((t) => t.name);

  it('shows the user tabs, with print and comment by configuration', () => {
    expect(names(facts())).toEqual(['overview', 'problems', 'submissions', 'rank', 'announcements']);
    expect(
      names(facts({ openContestComment: true, contest: { type: 0, auth: 0, openPrint: true } })),
    ).toEqual(['overview', 'problems', 'submissions', 'rank', 'announcements', 'comment', 'print']);
  });

  it('adds the admin tabs: AC info only for ACM, scroll board for ACM and OI (issue #26 item 9), rejudge for the super admin', () => {
    const admin = facts({ isContestAdmin: true, contest: { type: 0, auth: 0, openPrint: true } });
    expect(names(admin)).toContain('ac-info');
    expect(names(admin)).toContain('scroll-board');
    expect(names(admin)).toContain('admin-print');
    expect(names(admin)).not.toContain('rejudge');
    const oi = facts({
      isContestAdmin: true,
      isSuperAdmin: true,
      contest: { type: 1, auth: 0, openPrint: false },
    });
    expect(names(oi)).not.toContain('ac-info');
    expect(names(oi)).toContain('scroll-board');
    expect(names(oi)).toContain('rejudge');
    expect(names(facts({ contest: { type: 1, auth: 0, openPrint: false } }))).not.toContain('scroll-board');
  });

  it('disables everything but the overview while scheduled or without access to a private contest', () => {
    const scheduled = contestTabs(facts({ phase: 'scheduled' }));
    expect(scheduled.filter((t) => t.enabled).map((t) => t.name)).toEqual(['overview']);
    expect(menuDisabled(facts({ contest: { type: 0, auth: 1, openPrint: false } }))).toBe(true);
    expect(menuDisabled(facts({ contest: { type: 0, auth: 1, openPrint: false }, access: true }))).toBe(
      false,
    );
    expect(menuDisabled(facts({ contest: { type: 0, auth: 2, openPrint: false } }))).toBe(false);
    expect(menuDisabled(facts({ phase: 'scheduled', isContestAdmin: true }))).toBe(false);
    expect(contestTabs(facts({ phase: 'ended' })).every((t) => t.enabled)).toBe(true);
  });

  it('shows the password form only for a private contest without access to a non-admin', () => {
    const priv = { type: 0, auth: 1, openPrint: false };
    expect(showPasswordForm({ contest: priv, access: false, isContestAdmin: false })).toBe(true);
    expect(showPasswordForm({ contest: priv, access: true, isContestAdmin: false })).toBe(false);
    expect(showPasswordForm({ contest: priv, access: false, isContestAdmin: true })).toBe(false);
    expect(showPasswordForm({ contest: { ...priv, auth: 2 }, access: false, isContestAdmin: false })).toBe(
      false,
    );
  });

  it('treats the author and root as contest admins', () => {
    expect(isContestAdminFor({ username: 'alice', roleList: [] }, { author: 'alice' })).toBe(true);
    expect(isContestAdminFor({ username: 'bob', roleList: ['root'] }, { author: 'alice' })).toBe(true);
    expect(isContestAdminFor({ username: 'bob', roleList: ['admin'] }, { author: 'alice' })).toBe(false);
    expect(isContestAdminFor(null, { author: 'alice' })).toBe(false);
  });
});

describe('cell styles', () => {
  it('ACM: after-contest, first AC, AC, pending while sealed, wrong, none', () => {
    expect(acmCellTone({ errorNum: 0, isAC: true, ACTime: 60, isAfterContest: true })).toBe('after');
    expect(acmCellTone({ errorNum: 1, isAC: true, isFirstAC: true, ACTime: 60 })).toBe('first-ac');
    expect(acmCellTone({ errorNum: 0, isAC: true, isFirstAC: false, ACTime: 60 })).toBe('ac');
    expect(acmCellTone({ errorNum: 2, tryNum: 1 })).toBe('pending');
    expect(acmCellTone({ errorNum: 2 })).toBe('wrong');
    expect(acmCellTone({ errorNum: 0 })).toBe('none');
    expect(acmCellTone(undefined)).toBe('none');
  });

  it('ACM cell text: AC time, errors and hidden tries', () => {
    expect(acmCellText({ errorNum: 2, isAC: true, ACTime: 3725 })).toEqual({
      time: '01:02:05',
      note: '(-2)',
    });
    expect(acmCellText({ errorNum: 1, tryNum: 3 })).toEqual({ time: null, note: '(-1) +3' });
  });

  it('OI: 100, 0, between, none', () => {
    expect(oiCellTone(100)).toBe('full');
    expect(oiCellTone(0)).toBe('zero');
    expect(oiCellTone(35)).toBe('partial');
    expect(oiCellTone(null)).toBe('none');
  });

  it('names by rankShowName with the username as fallback; stars toggle', () => {
    expect(shownName({ username: 'u', realname: 'R' }, 'realname')).toBe('R');
    expect(shownName({ username: 'u', realname: null }, 'realname')).toBe('u');
    expect(shownName({ username: 'u', nickname: 'N' }, 'nickname')).toBe('N');
    expect(toggleConcerned(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleConcerned(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('real-time permission and the OI hidden verdict', () => {
  const sealedAt = Date.UTC(2026, 0, 1, 4, 30);
  const oi = contest({ type: 1 });
  it('is lost by non-admins only while the board is sealed', () => {
    expect(hasRealTimePermission(oi, false, Date.UTC(2026, 0, 1, 1))).toBe(true);
    expect(hasRealTimePermission(oi, false, sealedAt)).toBe(false);
    expect(hasRealTimePermission(oi, true, sealedAt)).toBe(true);
    expect(hasRealTimePermission(contest({ sealRank: false }), false, sealedAt)).toBe(true);
    // after the end: real again unless the server says the board stays frozen
    expect(hasRealTimePermission(oi, false, Date.UTC(2026, 0, 2))).toBe(true);
    expect(hasRealTimePermission({ ...oi, autoRealRank: false }, false, Date.UTC(2026, 0, 2))).toBe(false);
  });
  it('hides the verdict for OI only', () => {
    expect(hidesOiVerdict(oi, false, sealedAt)).toBe(true);
    expect(hidesOiVerdict(contest({ type: 0 }), false, sealedAt)).toBe(false);
    expect(hidesOiVerdict(oi, true, sealedAt)).toBe(false);
  });
});

describe('contest setting visibility', () => {
  it('is for contest admins once ended or when after-end submissions are allowed', () => {
    expect(showContestSetting({ isContestAdmin: true, ended: true, allowEndSubmit: false })).toBe(true);
    expect(showContestSetting({ isContestAdmin: true, ended: false, allowEndSubmit: true })).toBe(true);
    expect(showContestSetting({ isContestAdmin: true, ended: false, allowEndSubmit: false })).toBe(false);
    expect(showContestSetting({ isContestAdmin: false, ended: true, allowEndSubmit: true })).toBe(false);
  });
});

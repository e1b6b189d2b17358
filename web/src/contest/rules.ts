// Pure contest-screen rules: dates, clock input, countdown text, which tabs show and which are enabled.
import { boardSealedAt, type ClockStateValue, type ContestTimes } from '@oj/protocol/contest/clock-times';
import { ContestAuth, ContestType, type ContestVO } from './types';

/** Server dates are ISO with a colon-less offset ("…+0000"); the scroll board uses "yyyy/MM/dd HH:mm:ss" in GMT+8. */
export function parseServerDate(s: string | null | undefined): number | null {
  if (!s) return null;
  const scroll = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s);
  if (scroll) {
    const [, y, mo, d, h, mi, se] = scroll.map(Number) as number[];
    return Date.UTC(y!, mo! - 1, d!, h! - 8, mi!, se!);
  }
  const ms = Date.parse(s.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(ms) ? null : ms;
}

/** The clock machine's input. The client is not told autoRealRank; the ended sub-state is cosmetic here. */
export function clockTimes(
  c: Pick<ContestVO, 'startTime' | 'endTime' | 'sealRank' | 'sealRankTime'>,
): ContestTimes {
  return {
    startTime: parseServerDate(c.startTime) ?? 0,
    endTime: parseServerDate(c.endTime) ?? 0,
    sealRank: !!c.sealRank,
    sealRankTime: parseServerDate(c.sealRankTime),
    autoRealRank: true,
  };
}

export type ClockPhase = 'scheduled' | 'running' | 'sealed' | 'ended';

export function phaseOf(value: ClockStateValue | string): ClockPhase {
  if (typeof value === 'object') return 'ended';
  if (value === 'scheduled' || value === 'running' || value === 'sealed') return value;
  return value === 'route' ? 'scheduled' : 'ended';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** H…H:MM:SS of a non-negative duration in seconds. */
export function hms(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** What the header countdown says (spec §4): a humanized start over a week away, else a time; "ended" at the end. */
export type Countdown =
  | { kind: 'startsInDays'; days: number }
  | { kind: 'startsIn'; text: string }
  | { kind: 'endsIn'; text: string }
  | { kind: 'ended' };

export function countdown(
  phase: ClockPhase,
  times: Pick<ContestTimes, 'startTime' | 'endTime'>,
  now: number,
): Countdown {
  if (phase === 'ended') return { kind: 'ended' };
  if (phase === 'scheduled') {
    const left = times.startTime - now;
    if (left > WEEK_MS) return { kind: 'startsInDays', days: Math.floor(left / (24 * 3600 * 1000)) };
    return { kind: 'startsIn', text: hms(left / 1000) };
  }
  return { kind: 'endsIn', text: hms((times.endTime - now) / 1000) };
}

export type TabName =
  | 'overview'
  | 'problems'
  | 'submissions'
  | 'rank'
  | 'announcements'
  | 'comment'
  | 'print'
  | 'ac-info'
  | 'admin-print'
  | 'rejudge'
  | 'scroll-board';

export interface TabFacts {
  phase: ClockPhase;
  contest: Pick<ContestVO, 'type' | 'auth' | 'openPrint'>;
  /** Registered (get-contest-access). */
  access: boolean;
  isContestAdmin: boolean;
  isSuperAdmin: boolean;
  openContestComment: boolean;
}

/** contestMenuDisabled: non-admins wait for the start, and a private contest needs registration. */
export function menuDisabled(f: TabFacts): boolean {
  if (f.isContestAdmin) return false;
  if (f.phase === 'scheduled') return true;
  return f.contest.auth === ContestAuth.PRIVATE && !f.access;
}

export interface TabSpec {
  name: TabName;
  enabled: boolean;
}

/** The tabs shown (spec §2.2) in order, each enabled unless the menu is disabled (the overview always is). */
export function contestTabs(f: TabFacts): TabSpec[] {
  const acm = f.contest.type === ContestType.ACM;
  const shown: [TabName, boolean][] = [
    ['overview', true],
    ['problems', true],
    ['submissions', true],
    ['rank', true],
    ['announcements', true],
    ['comment', f.openContestComment],
    ['print', !!f.contest.openPrint],
    ['ac-info', f.isContestAdmin && acm],
    ['admin-print', f.isContestAdmin && !!f.contest.openPrint],
    ['rejudge', f.isSuperAdmin],
    // ACM and OI both have a resolver (issue #26 item 9).
    ['scroll-board', f.isContestAdmin && (acm || f.contest.type === ContestType.OI)],
  ];
  const disabled = menuDisabled(f);
  return shown
    .filter(([, show]) => show)
    .map(([name]) => ({ name, enabled: name === 'overview' || !disabled }));
}

/** The password form shows for a private contest without access to a non-admin (spec §4). */
export function showPasswordForm(f: Pick<TabFacts, 'contest' | 'access' | 'isContestAdmin'>): boolean {
  return f.contest.auth === ContestAuth.PRIVATE && !f.access && !f.isContestAdmin;
}

/** Contest admin as the client can tell: super admin or the author (group owners are decided by the server). */
export function isContestAdminFor(
  user: { username: string; roleList: string[] } | null,
  contest: Pick<ContestVO, 'author'>,
): boolean {
  if (!user) return false;
  return user.roleList.includes('root') || (!!contest.author && contest.author === user.username);
}

/**
 * Real-time permission (ContestRealTimePermission): a contest admin always has it; others lack it
 * while the board is sealed for them (§0.7 without forceRefresh). autoRealRank is absent from the
 * info VO, so an ended contest counts as unsealed unless the server says otherwise.
 */
export function hasRealTimePermission(
  contest: Pick<ContestVO, 'startTime' | 'endTime' | 'sealRank' | 'sealRankTime' | 'autoRealRank'>,
  isContestAdmin: boolean,
  now: number,
): boolean {
  if (isContestAdmin) return true;
  const times = { ...clockTimes(contest), autoRealRank: contest.autoRealRank ?? true };
  return !boardSealedAt(times, now);
}

/** Spec part1 §4: an OI contest without real-time permission confirms an overwrite and hides the status. */
export function hidesOiVerdict(
  contest: Pick<ContestVO, 'type' | 'startTime' | 'endTime' | 'sealRank' | 'sealRankTime' | 'autoRealRank'>,
  isContestAdmin: boolean,
  now: number,
): boolean {
  return contest.type === ContestType.OI && !hasRealTimePermission(contest, isContestAdmin, now);
}

/** isShowContestSetting: contest admins, once the contest has ended or when it allows after-end submissions. */
export function showContestSetting(f: {
  isContestAdmin: boolean;
  ended: boolean;
  allowEndSubmit: boolean;
}): boolean {
  return f.isContestAdmin && (f.ended || f.allowEndSubmit);
}

/**
 * What keeps the scroll board from running (issue #16; the server refuses the same cases):
 * neither ACM nor OI, no sealed board, or not ended yet. null when it can run.
 */
export function scrollBoardBlocker(
  c: Pick<ContestVO, 'type' | 'sealRank' | 'sealRankTime' | 'endTime'>,
  now: number,
): 'notAcm' | 'notSealed' | 'notEnded' | null {
  if (c.type !== ContestType.ACM && c.type !== ContestType.OI) return 'notAcm';
  if (!c.sealRank || !c.sealRankTime) return 'notSealed';
  const end = parseServerDate(c.endTime);
  if (end !== null && now < end) return 'notEnded';
  return null;
}

const NAMED_COLORS: Record<string, string> = {
  white: '#ffffff',
  black: '#000000',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  yellow: '#ffff00',
  orange: '#ffa500',
  purple: '#800080',
  pink: '#ffc0cb',
  gray: '#808080',
  grey: '#808080',
};

/**
 * A stored balloon colour as `#rrggbb`, the only form a colour input accepts (anything else
 * shows black: issue #16, a white balloon saved as "#FFF" showed a black swatch); null if unreadable.
 */
export function hexColor(c: string | null | undefined): string | null {
  if (!c) return null;
  const v = c.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(v)) return v;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(v);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})/.exec(v);
  if (rgb)
    return `#${[rgb[1], rgb[2], rgb[3]].map((n) => Math.min(255, Number(n)).toString(16).padStart(2, '0')).join('')}`;
  return NAMED_COLORS[v] ?? null;
}

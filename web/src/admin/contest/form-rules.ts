// Pure rules of the admin contest form (spec part3 §3–§5 "Contest save", §9.1 awards and seal options):
// the form state, its checks, and the conversion to and from AdminContestVO.
import { parseServerDate } from '../../contest/rules';
import type { AdminContest, AdminContestBody, AwardRow } from './api';

/** 0 = end minus 30 min, 1 = end minus 1 h, 2 = from the start (the whole contest is sealed). */
export type SealOption = 0 | 1 | 2;
export const SEAL_OPTIONS: readonly SealOption[] = [0, 1, 2];
const SEAL_OFFSET_S: Record<0 | 1, number> = { 0: 1800, 1: 3600 };

export type RankShowName = 'username' | 'nickname' | 'realname';
export const RANK_SHOW_NAMES: readonly RankShowName[] = ['username', 'nickname', 'realname'];

export interface AccountLimit {
  prefix: string;
  suffix: string;
  start: number | null;
  end: number | null;
  /** Extra accounts, separated by spaces, commas or new lines. */
  extra: string;
}

export interface ContestForm {
  id: number | null;
  uid: string | null;
  author: string | null;
  title: string;
  description: string;
  type: 0 | 1;
  auth: 0 | 1 | 2;
  pwd: string;
  /** `datetime-local` values (local time, seconds precision). */
  startTime: string;
  endTime: string;
  sealRank: boolean;
  sealOption: SealOption;
  autoRealRank: boolean;
  openPrint: boolean;
  openRank: boolean;
  allowEndSubmit: boolean;
  rankShowName: RankShowName;
  oiRankScoreType: 'Recent' | 'Highest';
  starAccount: string[];
  awardType: 0 | 1 | 2;
  awardConfigList: AwardRow[];
  openAccountLimit: boolean;
  accountLimit: AccountLimit;
  visible: boolean;
}

/** Default awards (part3 §9.1): gold 10, silver 20, bronze 30, white text. */
export function defaultAwards(): AwardRow[] {
  return [
    { priority: 1, name: 'Gold', background: '#e6bf25', color: '#ffffff', num: 10 },
    { priority: 2, name: 'Silver', background: '#b4c0c7', color: '#ffffff', num: 20 },
    { priority: 3, name: 'Bronze', background: '#CD7F32', color: '#ffffff', num: 30 },
  ];
}

/** A new award row: priority count+1, name 'name', num 0. */
export function newAwardRow(list: readonly AwardRow[]): AwardRow {
  return { priority: list.length + 1, name: 'name', background: '#e6bf25', color: '#ffffff', num: 0 };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The `datetime-local` value of an instant, in the browser's time zone. */
export function localInputOf(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` +
    `T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  );
}

/** The instant of a `datetime-local` value (seconds optional), or null. */
export function msOfLocalInput(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as number[];
  const ms = new Date(y!, mo! - 1, d!, h!, mi!, s!).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** Whole seconds from start to end; 0 when either is missing or the end is not after the start. */
export function durationSeconds(form: Pick<ContestForm, 'startTime' | 'endTime'>): number {
  const start = msOfLocalInput(form.startTime);
  const end = msOfLocalInput(form.endTime);
  if (start === null || end === null) return 0;
  return Math.max(0, Math.floor((end - start) / 1000));
}

/** A seal option is disabled when the contest is shorter than its offset. */
export function sealOptionDisabled(option: SealOption, duration: number): boolean {
  return option !== 2 && duration < SEAL_OFFSET_S[option];
}

/** The seal instant of an option. */
export function sealTimeOf(option: SealOption, startMs: number, endMs: number): number {
  return option === 2 ? startMs : endMs - SEAL_OFFSET_S[option] * 1000;
}

/** Editing: the option is inferred from the stored seal time (the closest of the three). */
export function sealOptionOf(sealMs: number | null, startMs: number, endMs: number): SealOption {
  if (sealMs === null) return 0;
  let best: SealOption = 0;
  for (const o of SEAL_OPTIONS)
    if (
      Math.abs(sealTimeOf(o, startMs, endMs) - sealMs) < Math.abs(sealTimeOf(best, startMs, endMs) - sealMs)
    )
      best = o;
  return best;
}

const tagOf = (rule: string, name: string) =>
  new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(rule)?.[1] ?? '';

/** `<prefix>P</prefix><suffix>S</suffix><start>a</start><end>b</end><extra>u1 u2</extra>`. */
export function serialiseAccountLimit(a: AccountLimit): string {
  const extra = a.extra
    .split(/[\s,]+/)
    .filter((s) => s.length > 0)
    .join(' ');
  return (
    `<prefix>${a.prefix.trim()}</prefix><suffix>${a.suffix.trim()}</suffix>` +
    `<start>${a.start ?? ''}</start><end>${a.end ?? ''}</end><extra>${extra}</extra>`
  );
}

export function parseAccountLimit(rule: string | null | undefined): AccountLimit {
  const r = rule ?? '';
  const num = (s: string) => (/^\s*-?\d+\s*$/.test(s) ? Number(s.trim()) : null);
  return {
    prefix: tagOf(r, 'prefix'),
    suffix: tagOf(r, 'suffix'),
    start: num(tagOf(r, 'start')),
    end: num(tagOf(r, 'end')),
    extra: tagOf(r, 'extra'),
  };
}

/** Adds a trimmed star account; the i18n key of the warning when it is empty or already there. */
export function addStarAccount(
  list: readonly string[],
  name: string,
): { list: string[]; error: string | null } {
  const n = name.trim();
  if (!n) return { list: [...list], error: null };
  if (list.includes(n)) return { list: [...list], error: 'adminContest.starDuplicate' };
  return { list: [...list, n], error: null };
}

/** The first failing check as an i18n key, or null (part3 §5 "Contest save"). */
export function formError(form: ContestForm): string | null {
  if (!form.title.trim()) return 'adminContest.titleRequired';
  if (!form.description.trim()) return 'adminContest.descriptionRequired';
  if (msOfLocalInput(form.startTime) === null) return 'adminContest.startRequired';
  if (msOfLocalInput(form.endTime) === null) return 'adminContest.endRequired';
  if (durationSeconds(form) <= 0) return 'adminContest.durationCheck';
  if (form.auth !== 0 && !form.pwd) return 'adminContest.passwordRequired';
  if (form.openAccountLimit) {
    const { start, end } = form.accountLimit;
    if (start !== null && end !== null && end < start) return 'adminContest.accountRangeCheck';
  }
  return null;
}

/** A new contest: starts in an hour, lasts five hours, public ACM, seal off. */
export function emptyForm(now: number): ContestForm {
  const start = Math.ceil((now + 3600_000) / 60_000) * 60_000;
  return {
    id: null,
    uid: null,
    author: null,
    title: '',
    description: '',
    type: 0,
    auth: 0,
    pwd: '',
    startTime: localInputOf(start),
    endTime: localInputOf(start + 5 * 3600_000),
    sealRank: false,
    sealOption: 0,
    autoRealRank: true,
    openPrint: false,
    openRank: false,
    allowEndSubmit: false,
    rankShowName: 'username',
    oiRankScoreType: 'Recent',
    starAccount: [],
    awardType: 0,
    awardConfigList: defaultAwards(),
    openAccountLimit: false,
    accountLimit: { prefix: '', suffix: '', start: null, end: null, extra: '' },
    visible: true,
  };
}

/** The form of a stored contest. */
export function formOf(c: AdminContest): ContestForm {
  const start = parseServerDate(c.startTime) ?? 0;
  const end = parseServerDate(c.endTime) ?? 0;
  const show = RANK_SHOW_NAMES.find((n) => n === c.rankShowName) ?? 'username';
  return {
    id: c.id,
    uid: c.uid,
    author: c.author,
    title: c.title,
    description: c.description ?? '',
    type: c.type === 1 ? 1 : 0,
    auth: c.auth === 1 || c.auth === 2 ? c.auth : 0,
    pwd: c.pwd ?? '',
    startTime: localInputOf(start),
    endTime: localInputOf(end),
    sealRank: c.sealRank,
    sealOption: sealOptionOf(parseServerDate(c.sealRankTime), start, end),
    autoRealRank: c.autoRealRank,
    openPrint: c.openPrint,
    openRank: c.openRank,
    allowEndSubmit: c.allowEndSubmit,
    rankShowName: show,
    oiRankScoreType: c.oiRankScoreType === 'Highest' ? 'Highest' : 'Recent',
    starAccount: c.starAccount ?? [],
    awardType: c.awardType === 1 || c.awardType === 2 ? c.awardType : 0,
    awardConfigList: c.awardConfigList && c.awardConfigList.length > 0 ? c.awardConfigList : defaultAwards(),
    openAccountLimit: c.openAccountLimit,
    accountLimit: parseAccountLimit(c.accountLimitRule),
    visible: c.visible,
  };
}

/** What POST/PUT /api/admin/contest receives for a checked form. */
export function bodyOf(form: ContestForm, me: { uid: string; username: string }): AdminContestBody {
  const start = msOfLocalInput(form.startTime)!;
  const end = msOfLocalInput(form.endTime)!;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    ...(form.id !== null ? { id: form.id } : {}),
    uid: form.uid ?? me.uid,
    author: form.author ?? me.username,
    title: form.title.trim(),
    description: form.description,
    type: form.type,
    auth: form.auth,
    pwd: form.auth === 0 ? null : form.pwd,
    startTime: iso(start),
    endTime: iso(end),
    duration: durationSeconds(form),
    sealRank: form.sealRank,
    sealRankTime: form.sealRank ? iso(sealTimeOf(form.sealOption, start, end)) : null,
    autoRealRank: form.autoRealRank,
    openPrint: form.openPrint,
    openRank: form.openRank,
    allowEndSubmit: form.allowEndSubmit,
    rankShowName: form.rankShowName,
    oiRankScoreType: form.oiRankScoreType,
    starAccount: form.starAccount,
    awardType: form.awardType,
    awardConfigList: form.awardType === 0 ? [] : form.awardConfigList,
    openAccountLimit: form.openAccountLimit,
    accountLimitRule: form.openAccountLimit ? serialiseAccountLimit(form.accountLimit) : null,
    visible: form.visible,
  };
}

// Pure contest rules: account limit, contest admin, validation, wire mapping.
import { toDateStr } from '@oj/protocol';
import { contestStatusAt, type ContestTimes } from '@oj/protocol/contest/clock';
import type { AwardConfig, BoardConfig } from '@oj/protocol/contest/scoreboard';
import { isRoot, type AuthUser } from '../platform/http/access';
import { M } from './messages';

/** A contest row in camelCase with dates as epoch ms (what the rules need). */
export interface ContestRecordRow {
  id: number;
  uid: string;
  author: string;
  title: string;
  description: string;
  type: number;
  source: number;
  auth: number;
  pwd: string | null;
  startTime: Date;
  endTime: Date;
  duration: number;
  sealRank: boolean;
  sealRankTime: Date | null;
  autoRealRank: boolean;
  openPrint: boolean;
  openRank: boolean;
  rankShowName: string;
  allowEndSubmit: boolean;
  oiRankScoreType: string;
  starAccount: string[];
  awardType: number;
  awardConfig: AwardConfig[];
  openAccountLimit: boolean;
  accountLimitRule: string | null;
  visible: boolean;
  isGroup: boolean;
  gid: number | null;
  gmtCreate: Date;
  gmtModified: Date;
}

export function timesOf(c: ContestRecordRow): ContestTimes {
  return {
    startTime: c.startTime.getTime(),
    endTime: c.endTime.getTime(),
    sealRank: c.sealRank,
    sealRankTime: c.sealRankTime ? c.sealRankTime.getTime() : null,
    autoRealRank: c.autoRealRank,
  };
}

export const statusOf = (c: ContestRecordRow, now: number) =>
  contestStatusAt({ startTime: c.startTime.getTime(), endTime: c.endTime.getTime() }, now);

export interface AccountLimitRule {
  prefix: string;
  suffix: string;
  start: number | null;
  end: number | null;
  extra: string[];
}

function tag(rule: string, name: string): string {
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(rule);
  return m ? m[1]! : '';
}

/** `<prefix>P</prefix><suffix>S</suffix><start>a</start><end>b</end><extra>u1 u2</extra>` (§0.4). */
export function parseAccountLimitRule(rule: string | null | undefined): AccountLimitRule {
  const r = rule ?? '';
  const num = (s: string) => (/^\s*-?\d+\s*$/.test(s) ? Number(s.trim()) : null);
  return {
    prefix: tag(r, 'prefix'),
    suffix: tag(r, 'suffix'),
    start: num(tag(r, 'start')),
    end: num(tag(r, 'end')),
    extra: tag(r, 'extra')
      .split(/\s+/)
      .filter((s) => s.length > 0),
  };
}

/** Username = prefix + i + suffix with i an integer in [start, end] (no padding), or an extra account. */
export function matchesAccountRule(username: string, rule: string | null | undefined): boolean {
  const r = parseAccountLimitRule(rule);
  if (r.extra.includes(username)) return true;
  if (r.start === null || r.end === null) return false;
  if (!username.startsWith(r.prefix) || !username.endsWith(r.suffix)) return false;
  const middle = username.slice(r.prefix.length, username.length - r.suffix.length);
  if (!/^(0|-?[1-9]\d*)$/.test(middle)) return false;
  const i = Number(middle);
  return i >= r.start && i <= r.end;
}

/** Contest admin (§0.3): root, the creator, or an owner of the contest's group. */
export function isContestAdmin(
  user: AuthUser | null | undefined,
  c: ContestRecordRow,
  groupOwner: boolean,
): boolean {
  if (!user) return false;
  return isRoot(user) || c.uid === user.uid || (c.isGroup && groupOwner);
}

/** The board configuration of a contest. */
export function boardConfigOf(c: ContestRecordRow, excludedUids: readonly string[]): BoardConfig {
  return {
    type: c.type === 1 ? 1 : 0,
    startTime: c.startTime.getTime(),
    endTime: c.endTime.getTime(),
    sealRankTime: c.sealRank && c.sealRankTime ? c.sealRankTime.getTime() : null,
    oiRankScoreType: c.oiRankScoreType === 'Highest' ? 'Highest' : 'Recent',
    excludedUids,
    starUsernames: c.starAccount,
    awardType: c.awardType,
    awards: c.awardConfig,
    rankShowName:
      (['username', 'realname', 'nickname'] as const).find((n) => n === c.rankShowName) ?? 'username',
  };
}

/** A stored (never null) time as the wire writes dates: 2023-05-01T08:30:00.000+0000. */
const wireDate = (d: Date) => d.toISOString().replace('Z', '+0000');

/** ContestVO (§1). `full` fills the info fields; the list fills fewer. */
export function toContestVO(c: ContestRecordRow, count: number, now: number, full: boolean) {
  const list = {
    id: c.id,
    author: c.author,
    title: c.title,
    type: c.type,
    description: c.description,
    status: statusOf(c, now),
    source: c.source,
    auth: c.auth,
    startTime: wireDate(c.startTime),
    endTime: wireDate(c.endTime),
    duration: c.duration,
    openRank: c.openRank,
    oiRankScoreType: c.oiRankScoreType,
    gid: c.gid,
    allowEndSubmit: c.allowEndSubmit,
    count: count > 0 ? count : null,
  };
  return {
    ...list,
    now: full ? wireDate(new Date(now)) : null,
    sealRank: full ? c.sealRank : null,
    openPrint: full ? c.openPrint : null,
    sealRankTime: full ? toDateStr(c.sealRankTime) : null,
    rankShowName: full ? c.rankShowName : null,
    // Not in the reference's ContestVO: lets clients run the seal clock after the end.
    autoRealRank: full ? c.autoRealRank : null,
  };
}
export type ContestVO = ReturnType<typeof toContestVO>;

/** AdminContestVO (groups-admin-files.md §3 GET /api/group/contest). */
export function toAdminContestVO(c: ContestRecordRow, now: number) {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    startTime: wireDate(c.startTime),
    endTime: wireDate(c.endTime),
    duration: c.duration,
    type: c.type,
    auth: c.auth,
    pwd: c.pwd,
    sealRank: c.sealRank,
    sealRankTime: toDateStr(c.sealRankTime),
    autoRealRank: c.autoRealRank,
    openPrint: c.openPrint,
    openRank: c.openRank,
    allowEndSubmit: c.allowEndSubmit,
    rankShowName: c.rankShowName,
    openAccountLimit: c.openAccountLimit,
    accountLimitRule: c.accountLimitRule,
    starAccount: c.starAccount,
    oiRankScoreType: c.oiRankScoreType,
    awardType: c.awardType,
    awardConfigList: c.awardType !== 0 ? c.awardConfig : [],
    status: statusOf(c, now),
    visible: c.visible,
    uid: c.uid,
    author: c.author,
    gid: c.gid,
    isGroup: c.isGroup,
    source: c.source,
    gmtCreate: toDateStr(c.gmtCreate),
    gmtModified: toDateStr(c.gmtModified),
  };
}

/** What an admin sends to create or update a contest. */
export interface ContestInput {
  id?: number | null;
  title?: string | null;
  description?: string | null;
  type?: number | null;
  auth?: number | null;
  pwd?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  sealRank?: boolean | null;
  sealRankTime?: string | null;
  autoRealRank?: boolean | null;
  openPrint?: boolean | null;
  openRank?: boolean | null;
  allowEndSubmit?: boolean | null;
  rankShowName?: string | null;
  oiRankScoreType?: string | null;
  starAccount?: string[] | null;
  awardType?: number | null;
  awardConfigList?: AwardConfig[] | null;
  openAccountLimit?: boolean | null;
  accountLimitRule?: string | null;
  visible?: boolean | null;
  uid?: string | null;
  author?: string | null;
  gid?: number | null;
  source?: number | null;
}

const parseDate = (s: string | null | undefined): Date | null => {
  if (!s) return null;
  // The wire form has a colon-less offset ("+0000"); Date parses it on V8, normalise anyway.
  const d = new Date(s.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(d.getTime()) ? null : d;
};

/** §5.4 validation plus the packing rules; returns the message of the first failure. */
export function validateContestInput(input: ContestInput): string | null {
  const title = input.title?.trim() ?? '';
  if (!title) return M.TITLE_EMPTY;
  if (title.length > 500) return M.TITLE_LONG;
  if ((input.description ?? '').length > 65535) return M.DESCRIPTION_LONG;
  if (input.type !== 0 && input.type !== 1) return M.BAD_TYPE;
  if (input.type === 1 && input.oiRankScoreType !== 'Recent' && input.oiRankScoreType !== 'Highest')
    return M.BAD_OI_SCORE_TYPE;
  if (input.auth !== 0 && input.auth !== 1 && input.auth !== 2) return M.BAD_AUTH;
  if (!parseDate(input.startTime) || !parseDate(input.endTime)) return M.BAD_TIMES;
  return null;
}

/** Columns to store for a validated input. */
export function contestColumns(input: ContestInput) {
  const start = parseDate(input.startTime)!;
  const end = parseDate(input.endTime)!;
  const awardType = input.awardType ?? 0;
  const awards = awardType !== 0 ? [...(input.awardConfigList ?? [])] : [];
  awards.sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0));
  return {
    title: input.title!.trim(),
    description: input.description ?? '',
    type: input.type!,
    auth: input.auth!,
    pwd: input.pwd ?? null,
    start_time: start,
    end_time: end,
    duration: Math.max(0, Math.floor((end.getTime() - start.getTime()) / 1000)),
    seal_rank: input.sealRank ?? false,
    seal_rank_time: parseDate(input.sealRankTime),
    auto_real_rank: input.autoRealRank ?? true,
    open_print: input.openPrint ?? false,
    open_rank: input.openRank ?? false,
    allow_end_submit: input.allowEndSubmit ?? false,
    rank_show_name: input.rankShowName ?? 'username',
    oi_rank_score_type: input.oiRankScoreType ?? 'Recent',
    star_account: (input.starAccount ?? []).map((s) => s.trim()).filter((s) => s.length > 0),
    award_type: awardType,
    award_config: awards,
    open_account_limit: input.openAccountLimit ?? false,
    account_limit_rule: input.accountLimitRule ?? null,
    visible: input.visible ?? true,
  };
}

/** "yyyy/MM/dd HH:mm:ss" in GMT+8, the scroll board's date format. */
export function scrollBoardDate(d: Date | null): string | null {
  if (!d) return null;
  const t = new Date(d.getTime() + 8 * 3600 * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${t.getUTCFullYear()}/${two(t.getUTCMonth() + 1)}/${two(t.getUTCDate())} ` +
    `${two(t.getUTCHours())}:${two(t.getUTCMinutes())}:${two(t.getUTCSeconds())}`
  );
}

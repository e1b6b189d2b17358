// Pure scoreboard rules: cell styles, time texts, page sizes, the starred (concerned) list.
import type { AcmCell } from '@oj/protocol/contest/scoreboard';

export const BOARD_PAGE_SIZES = [10, 30, 50, 100, 300] as const;
export const BOARD_DEFAULT_SIZE = 50;
export const BOARD_REFRESH_MS = 30_000;

export type AcmTone = 'after' | 'first-ac' | 'ac' | 'pending' | 'wrong' | 'none';

/** ACM cell style (spec §2.3): after-contest AC, first AC, AC, tried while sealed, wrong. */
export function acmCellTone(cell: AcmCell | undefined): AcmTone {
  if (!cell) return 'none';
  if (cell.isAC) {
    if (cell.isAfterContest) return 'after';
    return cell.isFirstAC ? 'first-ac' : 'ac';
  }
  if ((cell.tryNum ?? 0) > 0) return 'pending';
  return cell.errorNum > 0 ? 'wrong' : 'none';
}

/** The cell text: AC time, then "(-errors)" and "+tries" while sealed. */
export function acmCellText(cell: AcmCell | undefined): { time: string | null; note: string | null } {
  if (!cell) return { time: null, note: null };
  const time = cell.isAC && cell.ACTime !== undefined ? hmsOf(cell.ACTime) : null;
  const parts: string[] = [];
  if (cell.errorNum > 0) parts.push(`(-${cell.errorNum})`);
  if (!cell.isAC && (cell.tryNum ?? 0) > 0) parts.push(`+${cell.tryNum}`);
  return { time, note: parts.length ? parts.join(' ') : null };
}

export type OiTone = 'full' | 'zero' | 'partial' | 'none';

/** OI cell style (spec §2.3): 100, 0, anything between. */
export function oiCellTone(score: number | null | undefined): OiTone {
  if (score === null || score === undefined) return 'none';
  if (score >= 100) return 'full';
  if (score <= 0) return 'zero';
  return 'partial';
}

function hmsOf(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(Math.floor(s / 3600))}:${p(Math.floor((s % 3600) / 60))}:${p(s % 60)}`;
}

/** Total ACM time shown in whole minutes (the exact H:MM:SS goes in a tooltip). */
export const minutesOf = (seconds: number) => Math.floor(seconds / 60);
export const exactTime = hmsOf;

/** Which name the board shows for a row (rankShowName: username, realname or nickname). */
export function shownName(
  row: { username: string; realname?: string | null; nickname?: string | null },
  rankShowName: string | null | undefined,
): string {
  if (rankShowName === 'realname' && row.realname) return row.realname;
  if (rankShowName === 'nickname' && row.nickname) return row.nickname;
  return row.username;
}

/** Starred users are kept per contest in localStorage (uids). */
export const concernedKey = (cid: string | number) => `contest_${cid}_concernedList`;

export function readConcerned(cid: string | number): string[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(concernedKey(cid)) ?? '[]');
    return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function toggleConcerned(list: readonly string[], uid: string): string[] {
  return list.includes(uid) ? list.filter((u) => u !== uid) : [...list, uid];
}

export function writeConcerned(cid: string | number, list: readonly string[]): void {
  try {
    localStorage.setItem(concernedKey(cid), JSON.stringify(list));
  } catch {
    // storage disabled: the stars last for this page only
  }
}

/**
 * How many rows at the head of the combined board list are pinned copies (reference §5.5: the
 * caller's own row on the inner board, then the concerned users); they are duplicates of rows
 * further down and are counted in `total`. Read from page 1's rows.
 */
export function pinnedCount(
  firstPageUids: readonly string[],
  me: string | null,
  concerned: readonly string[],
  outside: boolean,
): number {
  let i = 0;
  if (!outside && me && firstPageUids[0] === me) i = 1;
  const seen = new Set<string>();
  while (i < firstPageUids.length) {
    const uid = firstPageUids[i]!;
    if (uid === me || !concerned.includes(uid) || seen.has(uid)) break;
    seen.add(uid);
    i++;
  }
  return i;
}

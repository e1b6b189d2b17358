// Pure rules of the back office: edit-user checks, batch rows, generated names, judge-server state.
import type { JudgeServer, JudgeServerState } from '@oj/protocol/admin/schemas';
import type { JudgeHeartbeat } from '@oj/protocol/judge/schemas';
import { M } from './messages';

export interface EditUserInput {
  username: string;
  realname?: string | null;
  password?: string | null;
  titleName?: string | null;
}

/** The first reference check an edit fails (§4.2 edit-user), or null. */
export function editUserProblem(b: EditUserInput): string | null {
  if ((b.realname ?? '').length > 50) return M.REALNAME_LONG;
  if ((b.titleName ?? '').length > 20) return M.TITLE_LONG;
  const pwd = b.password ?? '';
  if (pwd !== '' && (pwd.length < 6 || pwd.length > 20)) return M.PASSWORD_LENGTH;
  if (b.username.length > 20) return M.USERNAME_LONG;
  return null;
}

export interface BatchUser {
  username: string;
  password: string;
  email: string | null;
  realname: string | null;
  gender: 'male' | 'female' | null;
  nickname: string | null;
  school: string | null;
}

const blankToNull = (v: string | null | undefined) => {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
};

function genderOf(raw: string | null): BatchUser['gender'] {
  const g = (raw ?? '').trim().toLowerCase();
  if (g === 'male' || g === '0') return 'male';
  if (g === 'female' || g === '1') return 'female';
  return null;
}

/** A row [username, password, email?, realname?, gender?, nickname?, school?] → user, or why not. */
export function parseBatchRow(row: readonly (string | null)[]): { user: BatchUser } | { error: string } {
  const username = (row[0] ?? '').trim();
  const password = row[1] ?? '';
  if (!username) return { error: M.ROW_USERNAME };
  if (username.length > 20) return { error: M.USERNAME_LONG };
  if (password.length < 6 || password.length > 20) return { error: M.ROW_PASSWORD };
  return {
    user: {
      username,
      password,
      email: blankToNull(row[2]),
      realname: blankToNull(row[3]),
      gender: genderOf(row[4] ?? null),
      nickname: blankToNull(row[5]),
      school: blankToNull(row[6]),
    },
  };
}

/** Usernames prefix+n+suffix for n in [from, to]. */
export function generatedNames(prefix: string, suffix: string, from: number, to: number): string[] {
  const names: string[] = [];
  for (let n = from; n <= to; n++) names.push(`${prefix}${n}${suffix}`);
  return names;
}

export const MAX_GENERATED = 5000;

export const PASSWORD_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Random bits a generated password of `length` characters carries (uniform over the alphabet). */
export function generatedPasswordBits(length: number): number {
  return length * Math.log2(PASSWORD_ALPHABET.length);
}

/** Random bits every generated password carries at least (issue #29.3: the fast keyed hash needs 96). */
export const GENERATED_MIN_BITS = 96;

/** The shortest generated password carrying GENERATED_MIN_BITS: 19 characters of 36 (98.2 bits). */
export const GENERATED_MIN_LENGTH = Math.ceil(GENERATED_MIN_BITS / Math.log2(PASSWORD_ALPHABET.length));

/**
 * A lower-case alphanumeric password of `length` characters, each uniform over the alphabet:
 * `random(n)` gives n random bytes; a byte ≥ 252 (7 × 36) is dropped rather than folded (no modulo bias).
 */
export function passwordFrom(random: (n: number) => Uint8Array, length: number): string {
  const n = PASSWORD_ALPHABET.length;
  const limit = 256 - (256 % n);
  let out = '';
  while (out.length < length) {
    for (const b of random(length - out.length + 4)) {
      if (b >= limit) continue;
      out += PASSWORD_ALPHABET[b % n];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A runner is down after this many missed heartbeats. */
export const MISSED_BEATS = 2.5;

/** What the dashboard shows of a runner, given its last heartbeat and when it arrived. */
export function judgeServerOf(
  hb: JudgeHeartbeat,
  lastSeen: number,
  now: number,
  staleAfterMs: number,
): JudgeServer {
  let state: JudgeServerState = hb.draining ? 'draining' : 'up';
  if (now - lastSeen > staleAfterMs) state = 'down';
  return {
    name: hb.name,
    version: hb.version,
    languages: hb.languages,
    concurrency: hb.concurrency,
    inFlight: hb.inFlight,
    load: hb.load,
    lastSeen,
    state,
  };
}

/** The start (epoch ms) of the minute holding `t`. */
export const minuteOf = (t: number) => Math.floor(t / 60_000) * 60_000;

/** The last `n` minutes up to the one holding `now`, zero-filled from `counts`. */
export function rateSeries(counts: ReadonlyMap<number, number>, now: number, n = 60) {
  const last = minuteOf(now);
  const points: { minute: number; count: number }[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const minute = last - i * 60_000;
    points.push({ minute, count: counts.get(minute) ?? 0 });
  }
  return points;
}

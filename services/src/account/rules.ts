// Pure account rules: input limits, counters and locks, role mapping. No I/O here.
import { randomInt } from 'node:crypto';
import { ROLE_PERMISSIONS, roleName, ADMIN_ROLE_NAMES, type RoleId } from '@oj/protocol';

export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

/** Failed logins for one username from one IP that lock login for LOGIN_LOCK_MS (core.md §3 login). */
export const LOGIN_LOCK_THRESHOLD = 20;
export const LOGIN_LOCK_MS = 30 * 60_000;
/** Failed logins for one username (any IP) from which the captcha proof is required (spec part 1 §Session). */
export const LOGIN_VERIFY_THRESHOLD = 5;

/** change-password / change-email: the 5th failure locks the feature for 30 minutes. */
export const CHANGE_FAIL_LIMIT = 5;
export const CHANGE_FAIL_WINDOW_MS = 30 * 60_000;
export const CHANGE_LOCK_MS = 30 * 60_000;

export const REGISTER_CODE_TTL_MS = 600_000;
/** Wrong register codes for one address after which the code is discarded. */
export const REGISTER_CODE_MAX_TRIES = 5;
/** What get-register-code reports as `expire` (the original says 300 while the code lives 600 s). */
export const REGISTER_CODE_REPORTED_EXPIRE_S = 300;
export const RESET_CODE_TTL_MS = 600_000;
export const CHANGE_EMAIL_CODE_TTL_MS = 600_000;
export const CAPTCHA_TTL_MS = 1_800_000;

/** The window of the login tries per client address (their number is config.ipLimits.loginsPerMinute). */
export const LOGIN_IP_WINDOW_MS = 60_000;
/** Failed logins per client address and window, whatever the usernames. */
export const LOGIN_IP_MAX_FAILURES = 30;
export const LOGIN_IP_FAIL_WINDOW_MS = 10 * 60_000;
/**
 * The window of mail-sending requests (register code, reset link, change-email code) per client
 * address (their number is config.ipLimits.mailsPer10Minutes).
 */
export const MAIL_IP_WINDOW_MS = 10 * 60_000;

export const REGISTER_COOLDOWN_MS = 60_000;
export const RESET_COOLDOWN_MS = 90_000;
export const CHANGE_EMAIL_COOLDOWN_MS = 30_000;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png', 'webp'] as const;

/** Not blank: present and not only whitespace (the original's @NotBlank). */
export function isBlank(v: string | null | undefined): v is null | undefined | '' {
  return v == null || v.trim() === '';
}

export function passwordLengthOk(password: string): boolean {
  return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
}

// One '@', a dot in the domain, no spaces: what a mail server can deliver to.
const EMAIL_RE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export function isEmail(v: string): boolean {
  return v.length <= 320 && EMAIL_RE.test(v);
}

/** Suffix match against the configured blacklist of domains (the original's email-rule.yml). */
export function emailBlacklisted(email: string, suffixes: readonly string[]): boolean {
  const lower = email.toLowerCase();
  return suffixes.some((s) => s !== '' && lower.endsWith(s.toLowerCase()));
}

/** Profile field limits of change-userInfo, checked in this order; item names are part of the message. */
export const PROFILE_LIMITS = [
  ['realname', 50, '真实姓名'],
  ['nickname', 20, '昵称'],
  ['signature', 65535, '个性简介'],
  ['blog', 255, '博客'],
  ['github', 255, 'Github'],
  ['school', 100, '学校'],
  ['number', 200, '学号'],
  ['cfUsername', 255, 'Codeforces用户名'],
] as const;
export type ProfileField = (typeof PROFILE_LIMITS)[number][0];

/** The first over-long profile field's message, or null when every field fits. */
export function profileLengthError(
  body: Partial<Record<ProfileField, string | null | undefined>>,
): string | null {
  for (const [field, max, item] of PROFILE_LIMITS) {
    const v = body[field];
    if (v != null && v.length > max) return `${item}的内容长度超过限制，请重新编辑！`;
  }
  return null;
}

/**
 * Avatar file types: the extension after the last '.' must be one of the allowed ones
 * (case-insensitive). Stricter than the original's substring test, which let "pg" through.
 */
export function avatarExtension(filename: string): string | null {
  const dot = filename.lastIndexOf('.');
  const ext = (dot >= 0 ? filename.slice(dot + 1) : filename).toLowerCase();
  return (AVATAR_EXTENSIONS as readonly string[]).includes(ext) ? ext : null;
}

/** Whole seconds left until `until`, at least 1 while any time remains. */
export function remainingSeconds(until: Date, now: Date): number {
  return Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/** "m分s秒" split of the time left, as the lock messages show it. */
export function minutesSeconds(until: Date, now: Date): { m: number; s: number } {
  const total = remainingSeconds(until, now);
  return { m: Math.floor(total / 60), s: total % 60 };
}

/** yyyy-MM-dd HH:mm:ss in the server's local time zone. */
export function formatDateTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(d)} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** yyyy-MM-dd in the server's local time zone. */
export function formatDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

export function changeLockMessage(feature: '修改密码' | '修改邮箱', until: Date, now: Date): string {
  const { m, s } = minutesSeconds(until, now);
  return `由于您多次${feature}失败，${feature}功能已锁定，请在${m}分${s}秒后(${formatDateTime(until)})再进行尝试！`;
}

/** What a failed change attempt leads to: a warning with the count, or the lock. */
export function changeFailureOutcome(count: number): { lock: boolean; count: number } {
  return { lock: count >= CHANGE_FAIL_LIMIT, count };
}

/** A numeric code of `digits` digits (leading zeros allowed). */
export function numericCode(digits = 6): string {
  let s = '';
  for (let i = 0; i < digits; i++) s += String(randomInt(10));
  return s;
}

/** A hex code of `length` characters (the reset-password link code is 21). */
export function hexCode(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += randomInt(16).toString(16);
  return s;
}

/** Role names and the union of their permissions, for the access guard. */
export function authOfRoles(roleIds: readonly number[]): { roles: string[]; permissions: string[] } {
  const roles: string[] = [];
  const perms = new Set<string>();
  for (const id of roleIds) {
    const name = roleName(id);
    if (!name) continue;
    roles.push(name);
    for (const p of ROLE_PERMISSIONS[id as RoleId]) perms.add(p);
  }
  return { roles, permissions: [...perms] };
}

export function isAdminRoles(roleNames: readonly string[]): boolean {
  return roleNames.some((n) => (ADMIN_ROLE_NAMES as readonly string[]).includes(n));
}

/** The trimmed lookup keys of user-home-info / heatmap: uid, username, or neither. */
export function lookupKeys(q: { uid?: string; username?: string }): { uid?: string; username?: string } {
  const uid = q.uid?.trim() || undefined;
  const username = q.username?.trim() || undefined;
  return { uid, username };
}

/**
 * A math captcha with a few hundred possible answers (the original's 1..9 ± 1..9 has 27):
 * a two-digit number plus, minus or times a one- or two-digit one.
 */
export function mathCaptcha(rnd: (lo: number, hi: number) => number = randomInt): {
  question: string;
  answer: string;
} {
  const a = rnd(11, 100);
  switch (rnd(0, 3)) {
    case 0: {
      const b = rnd(11, 100);
      return { question: `${a}+${b}=?`, answer: String(a + b) };
    }
    case 1: {
      const b = rnd(2, a);
      return { question: `${a}-${b}=?`, answer: String(a - b) };
    }
    default: {
      const b = rnd(2, 10);
      return { question: `${a}*${b}=?`, answer: String(a * b) };
    }
  }
}

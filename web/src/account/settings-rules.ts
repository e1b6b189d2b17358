// Checks of the settings forms (spec §5 Settings; field limits from reference/api/core.md change-userInfo).
import { checkEmail, checkPassword, checkPasswordAgain } from './validation';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  againPassword: string;
}

/** i18n keys per field; empty when the form may be sent. */
export function passwordChangeErrors(f: PasswordChange): Partial<Record<keyof PasswordChange, string>> {
  const out: Partial<Record<keyof PasswordChange, string>> = {};
  const old = checkPassword(f.oldPassword);
  if (old) out.oldPassword = old;
  const next = checkPassword(f.newPassword) ?? (f.newPassword === f.oldPassword ? 'setting.sameAsOld' : null);
  if (next) out.newPassword = next;
  const again = checkPasswordAgain(f.newPassword, f.againPassword);
  if (again) out.againPassword = again;
  return out;
}

export interface EmailChange {
  currentEmail: string;
  newEmail: string;
  password: string;
  code: string;
}

export const isSixDigits = (code: string) => /^\d{6}$/.test(code.trim());

export function newEmailError(currentEmail: string, newEmail: string): string | null {
  const format = checkEmail(newEmail);
  if (format) return format;
  if (newEmail.trim().toLowerCase() === currentEmail.trim().toLowerCase()) return 'setting.sameEmail';
  return null;
}

export function emailChangeErrors(f: EmailChange): Partial<Record<keyof EmailChange, string>> {
  const out: Partial<Record<keyof EmailChange, string>> = {};
  const email = newEmailError(f.currentEmail, f.newEmail);
  if (email) out.newEmail = email;
  const pw = checkPassword(f.password);
  if (pw) out.password = pw;
  if (!isSixDigits(f.code)) out.code = 'setting.codeSixDigits';
  return out;
}

/** Profile fields the server writes, with their length limits. */
export const PROFILE_FIELDS = {
  realname: 50,
  nickname: 20,
  school: 100,
  number: 200,
  github: 255,
  blog: 255,
  cfUsername: 255,
  signature: 65535,
} as const;
export type ProfileField = keyof typeof PROFILE_FIELDS;

export function profileTooLong(values: Partial<Record<ProfileField, string>>): ProfileField | null {
  for (const [k, max] of Object.entries(PROFILE_FIELDS) as [ProfileField, number][])
    if ((values[k] ?? '').length > max) return k;
  return null;
}

/** Body of change-userInfo: every writable field (absent would clear it), gender defaulting to secrecy. */
export function profileBody(
  values: Partial<Record<ProfileField, string>>,
  gender: string,
): Record<string, string | null> {
  const body: Record<string, string | null> = { gender: gender || 'secrecy' };
  for (const k of Object.keys(PROFILE_FIELDS) as ProfileField[]) {
    const v = (values[k] ?? '').trim();
    body[k] = v === '' ? null : v;
  }
  return body;
}

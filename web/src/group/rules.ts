// Pure rules of the group screens: form validation (spec §5), the list query, name truncation.
import { GROUP_DEFAULT_PAGE_SIZE, GROUP_LIMITS, GROUP_PAGE_SIZES, GroupAuth } from '@oj/protocol/group';

export interface GroupForm {
  name: string;
  shortName: string;
  brief: string;
  auth: number;
  code: string;
  visible: boolean;
  description: string;
}

export const EMPTY_GROUP_FORM: GroupForm = {
  name: '',
  shortName: '',
  brief: '',
  auth: GroupAuth.PUBLIC,
  code: '',
  visible: true,
  description: '',
};

export type FieldError =
  { key: 'required' } | { key: 'lengthBetween'; min: number; max: number } | { key: 'codeLength' };

const chars = (s: string) => [...s].length;

/** Errors by field name (empty = valid). */
export function groupFormErrors(f: GroupForm): Partial<Record<keyof GroupForm, FieldError>> {
  const out: Partial<Record<keyof GroupForm, FieldError>> = {};
  const range = (field: 'name' | 'shortName' | 'brief' | 'description') => {
    const [min, max] = GROUP_LIMITS[field];
    const n = chars(f[field].trim());
    if (n === 0) out[field] = { key: 'required' };
    else if (n < min || n > max) out[field] = { key: 'lengthBetween', min, max };
  };
  range('name');
  range('shortName');
  range('brief');
  range('description');
  if (f.auth !== GroupAuth.PUBLIC && chars(f.code) !== GROUP_LIMITS.codeLength)
    out.code = { key: 'codeLength' };
  return out;
}

/** The application's reason: 5..100 when the group is not public; the code: 6 for private groups. */
export function applyErrors(
  groupAuth: number,
  code: string,
  reason: string,
): { code?: FieldError; reason?: FieldError } {
  const out: { code?: FieldError; reason?: FieldError } = {};
  if (groupAuth === GroupAuth.PRIVATE && chars(code) !== GROUP_LIMITS.codeLength)
    out.code = { key: 'codeLength' };
  if (groupAuth !== GroupAuth.PUBLIC) {
    const [min, max] = GROUP_LIMITS.reason;
    const n = chars(reason.trim());
    if (n < min || n > max) out.reason = { key: 'lengthBetween', min, max };
  }
  return out;
}

export interface GroupListQuery {
  keyword: string;
  auth: number;
  onlyMine: boolean;
  currentPage: number;
  limit: number;
}

export function parseGroupListQuery(search: string): GroupListQuery {
  const p = new URLSearchParams(search);
  const int = (k: string, d: number) => {
    const n = Number(p.get(k));
    return Number.isInteger(n) && n > 0 ? n : d;
  };
  const limit = int('limit', GROUP_DEFAULT_PAGE_SIZE);
  const auth = Number(p.get('auth'));
  return {
    keyword: p.get('keyword') ?? '',
    auth: [1, 2, 3].includes(auth) ? auth : 0,
    onlyMine: p.get('onlyMine') === 'true',
    currentPage: int('currentPage', 1),
    limit: (GROUP_PAGE_SIZES as readonly number[]).includes(limit) ? limit : GROUP_DEFAULT_PAGE_SIZE,
  };
}

export function groupListQueryString(q: GroupListQuery): string {
  const p = new URLSearchParams();
  if (q.keyword) p.set('keyword', q.keyword);
  if (q.auth) p.set('auth', String(q.auth));
  if (q.onlyMine) p.set('onlyMine', 'true');
  if (q.currentPage > 1) p.set('currentPage', String(q.currentPage));
  if (q.limit !== GROUP_DEFAULT_PAGE_SIZE) p.set('limit', String(q.limit));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** Spec §2.3: names past 26 width units end in an ellipsis; wide (CJK) characters count double. */
export function truncateName(name: string, maxUnits = 26): string {
  let units = 0;
  let out = '';
  for (const ch of name) {
    const w = /[\u1100-\uffff]/.test(ch) ? 2 : 1;
    if (units + w > maxUnits) return `${out}…`;
    units += w;
    out += ch;
  }
  return out;
}

/** Spec §2.12: the nickname tag colour is one of five styles by nickname length modulo 5. */
export const NICKNAME_INTENTS = ['primary', 'success', 'warning', 'danger', 'none'] as const;
export const nicknameIntent = (nickname: string) => NICKNAME_INTENTS[[...nickname].length % 5]!;

/** Group avatar (spec §5): accepted extensions, size, and the cropped square's side in pixels. */
export const AVATAR_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE = 200;

export function avatarFileError(name: string, size: number): 'fileTypeNotSupport' | 'exceedMaxSize' | null {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(ext)) return 'fileTypeNotSupport';
  if (size > AVATAR_MAX_BYTES) return 'exceedMaxSize';
  return null;
}

/**
 * The source square to draw: the largest square of the image shrunk by `zoom` (≥ 1), its centre
 * placed at (fx, fy) ∈ [0,1]² of the room left to move in, always inside the image.
 */
export function cropSquare(width: number, height: number, zoom: number, fx: number, fy: number) {
  const side = Math.min(width, height) / Math.max(1, zoom);
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return { sx: (width - side) * clamp(fx), sy: (height - side) * clamp(fy), side };
}

/** The display id without the group's prefix (stored upper-case with it). */
export const bareDisplayId = (problemId: string, shortName: string) =>
  problemId.toUpperCase().startsWith(shortName.toUpperCase()) ? problemId.slice(shortName.length) : problemId;

// Editor preferences and per-problem code, kept in localStorage (spec §3, §9 editor defaults).
import { readJson, writeStorage } from '../store/storage';

/** Spec themes that have a CodeMirror 6 counterpart (base16-dark and cobalt have none here). */
export const EDITOR_THEMES = ['monokai', 'solarized', 'material', 'idea', 'eclipse', 'dracula'] as const;
export type EditorTheme = (typeof EDITOR_THEMES)[number];
export const FONT_SIZES = [12, 14, 16, 18, 20, 22] as const;
export const TAB_SIZES = [2, 4, 8] as const;
export const EDITOR_HEIGHT = 550;

export interface EditorPrefs {
  theme: EditorTheme;
  fontSize: number;
  tabSize: number;
}

export const DEFAULT_PREFS: EditorPrefs = { theme: 'monokai', fontSize: 22, tabSize: 4 };
const PREFS_KEY = 'editorPrefs';

export function loadPrefs(): EditorPrefs {
  const raw = readJson<Partial<EditorPrefs>>(PREFS_KEY) ?? {};
  return {
    theme: EDITOR_THEMES.includes(raw.theme as EditorTheme)
      ? (raw.theme as EditorTheme)
      : DEFAULT_PREFS.theme,
    fontSize: (FONT_SIZES as readonly number[]).includes(raw.fontSize ?? 0)
      ? raw.fontSize!
      : DEFAULT_PREFS.fontSize,
    tabSize: (TAB_SIZES as readonly number[]).includes(raw.tabSize ?? 0)
      ? raw.tabSize!
      : DEFAULT_PREFS.tabSize,
  };
}

export function savePrefs(prefs: EditorPrefs): void {
  writeStorage(PREFS_KEY, JSON.stringify(prefs));
}

export interface SavedCode {
  code: string;
  language: string;
}

/** Code is saved per problem, and separately per contest/group/training. */
export function codeKey(problemId: string, scope: { cid?: string; gid?: string; tid?: string }): string {
  const where = scope.cid ? `c${scope.cid}` : scope.gid ? `g${scope.gid}` : scope.tid ? `t${scope.tid}` : 'p';
  return `code:${where}:${problemId}`;
}

export function loadCode(key: string): SavedCode | null {
  const v = readJson<SavedCode>(key);
  return v && typeof v.code === 'string' && typeof v.language === 'string' ? v : null;
}

export function saveCode(key: string, value: SavedCode): void {
  writeStorage(key, JSON.stringify(value));
}

export const MAX_CODE_LENGTH = 65535;
export const MAX_TEST_INPUT = 1000;

/** Client-side submit check (spec §5): the i18n key of the problem, or null. */
export function codeProblem(code: string): 'editor.codeEmpty' | 'editor.codeTooLong' | null {
  if (!code.trim()) return 'editor.codeEmpty';
  if (code.length > MAX_CODE_LENGTH) return 'editor.codeTooLong';
  return null;
}

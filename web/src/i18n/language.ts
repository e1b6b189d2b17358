// Which interface language to show (spec §1): ?l=, then the stored choice, then the browser; default zh-CN.
export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
export const LANGUAGE_STORAGE_KEY = 'Web_Language';

export function normaliseLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const v = value.toLowerCase();
  if (v.startsWith('zh')) return 'zh-CN';
  // Only English maps to en-US; any other browser language gets the default (spec §1: zh-CN).
  return v.startsWith('en') ? 'en-US' : null;
}

export interface LanguageSources {
  /** Value of the `l` query parameter, if any. */
  query: string | null;
  stored: string | null;
  browser: string | null | undefined;
}

export function pickLanguage({ query, stored, browser }: LanguageSources): Language {
  if (query !== null && query !== '') return query.toLowerCase() === 'zh-cn' ? 'zh-CN' : 'en-US';
  const fromStore = stored && (LANGUAGES as readonly string[]).includes(stored) ? (stored as Language) : null;
  return fromStore ?? normaliseLanguage(browser) ?? DEFAULT_LANGUAGE;
}

/** The language in force at start-up: ?l=, the stored choice, the browser (no i18next: the early entry reads it). */
export function initialLanguage(): Language {
  const query = new URLSearchParams(window.location.search).get('l');
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    stored = null;
  }
  return pickLanguage({ query, stored, browser: navigator.language });
}

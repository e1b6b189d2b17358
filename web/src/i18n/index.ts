import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage, LANGUAGE_STORAGE_KEY, type Language } from './language';
import { zhCN, type Translations } from './zh-CN';

/**
 * Chinese (the default and the fallback) ships with the entry; English is its own chunk, loaded
 * before the first render when it is the language in force (issue #16: a Chinese first load does
 * not carry the English strings of every area).
 */
const bundles: Partial<Record<Language, Translations>> = { 'zh-CN': zhCN };

/** Makes a language's strings available (also to an i18next already initialised). */
export function registerLanguageBundle(lng: Language, strings: Translations): void {
  bundles[lng] = strings;
  if (i18next.isInitialized) i18next.addResourceBundle(lng, 'translation', strings, true, true);
}

/** Loads the strings of `lng` unless they are there already. */
export async function loadLanguageBundle(lng: Language): Promise<void> {
  if (bundles[lng]) return;
  const { enUS } = await import('./en-US');
  registerLanguageBundle('en-US', enUS);
}

export { initialLanguage };

export const i18n = i18next;

export function initI18n(lng: Language = initialLanguage()): typeof i18next {
  void i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'zh-CN',
    resources: Object.fromEntries(
      Object.entries(bundles).map(([key, strings]) => [key, { translation: strings }]),
    ),
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  document.documentElement.lang = lng;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // storage may be disabled; the choice then lasts for this page only
  }
  return i18next;
}

export async function changeLanguage(lng: Language): Promise<void> {
  // without the strings (offline) the Chinese fallback shows, as before a reload
  await loadLanguageBundle(lng).catch(() => undefined);
  await i18next.changeLanguage(lng);
  document.documentElement.lang = lng;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // ignore: see initI18n
  }
}

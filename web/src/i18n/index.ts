import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';
import { LANGUAGE_STORAGE_KEY, pickLanguage, type Language } from './language';

function safeStorageGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function initialLanguage(): Language {
  const query = new URLSearchParams(window.location.search).get('l');
  return pickLanguage({ query, stored: safeStorageGet(LANGUAGE_STORAGE_KEY), browser: navigator.language });
}

export const i18n = i18next;

export function initI18n(lng: Language = initialLanguage()): typeof i18next {
  void i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'zh-CN',
    resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
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

export function changeLanguage(lng: Language): void {
  void i18next.changeLanguage(lng);
  document.documentElement.lang = lng;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // ignore: see initI18n
  }
}

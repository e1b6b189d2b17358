// Site theme (issue #16): light or dark, following the system setting unless the user picks one.
// Dark puts Blueprint's dark class on <html> (portals render under <body>, so every overlay follows)
// and the app's CSS variables switch with it (styles.css).
import { Classes } from '@blueprintjs/core';
import { create } from 'zustand';
import { readStorage, writeStorage } from '../store/storage';

export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_STORAGE_KEY = 'oj-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function storedChoice(): ThemeChoice {
  const v = readStorage(THEME_STORAGE_KEY);
  return v === 'light' || v === 'dark' ? v : 'system';
}

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY).matches
    : false;
}

/** The theme shown for a choice and the system setting. */
export function resolveTheme(choice: ThemeChoice, systemDark: boolean): 'light' | 'dark' {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

export function applyTheme(theme: 'light' | 'dark'): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.classList.toggle(Classes.DARK, theme === 'dark');
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}

interface ThemeState {
  choice: ThemeChoice;
  theme: 'light' | 'dark';
  setChoice(choice: ThemeChoice): void;
  /** The system setting changed. */
  systemChanged(dark: boolean): void;
}

export const useTheme = create<ThemeState>((set, get) => ({
  choice: storedChoice(),
  theme: resolveTheme(storedChoice(), systemPrefersDark()),
  setChoice(choice) {
    writeStorage(THEME_STORAGE_KEY, choice === 'system' ? null : choice);
    const theme = resolveTheme(choice, systemPrefersDark());
    applyTheme(theme);
    set({ choice, theme });
  },
  systemChanged(dark) {
    const theme = resolveTheme(get().choice, dark);
    applyTheme(theme);
    set({ theme });
  },
}));

/** Applies the stored choice now and follows the system setting; returns a stop function. */
export function installTheme(): () => void {
  applyTheme(useTheme.getState().theme);
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const mq = window.matchMedia(DARK_QUERY);
  const onChange = (e: MediaQueryListEvent) => useTheme.getState().systemChanged(e.matches);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

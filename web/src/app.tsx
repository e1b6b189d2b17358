// The app itself: Blueprint, i18n, the router and the page frame. The entry (main.tsx) loads it
// after starting what the URL needs at once (issue #16).
import { BlueprintProvider } from '@blueprintjs/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { initI18n, loadLanguageBundle } from './i18n';
import type { Language } from './i18n/language';
import { installIconLoader } from './shell/icons';
import { Layout } from './shell/Layout';
import { installTheme } from './shell/theme';

export async function startApp(root: HTMLElement, language: Language): Promise<void> {
  installIconLoader();
  installTheme();
  // English strings are a chunk of their own: the first render waits for them (or falls back to Chinese).
  await loadLanguageBundle(language).catch(() => undefined);
  initI18n(language);
  createRoot(root).render(
    <StrictMode>
      <BlueprintProvider>
        <Router>
          <Layout />
        </Router>
      </BlueprintProvider>
    </StrictMode>,
  );
}

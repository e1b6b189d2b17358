import '@blueprintjs/core/lib/css/blueprint.css';
import './styles.css';
import { BlueprintProvider } from '@blueprintjs/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { initialLanguage, initI18n, loadLanguageBundle } from './i18n';
import { installIconLoader } from './shell/icons';
import { Layout } from './shell/Layout';
import { isProblemPage, preloadProblemChunks } from './problem/preload';
import { installTheme } from './shell/theme';

// A problem page needs the editor and KaTeX at once: fetch them with the route's chunk (issue #16).
if (isProblemPage(window.location.pathname)) preloadProblemChunks();

installIconLoader();
installTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

const language = initialLanguage();
// English strings are a chunk of their own: the first render waits for them (or falls back to Chinese).
void loadLanguageBundle(language)
  .catch(() => undefined)
  .then(() => {
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
  });

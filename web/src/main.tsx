import '@blueprintjs/core/lib/css/blueprint.css';
import './styles.css';
import { BlueprintProvider } from '@blueprintjs/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { initI18n } from './i18n';
import { installIconLoader } from './shell/icons';
import { Layout } from './shell/Layout';
import { installTheme } from './shell/theme';

initI18n();
installIconLoader();
installTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

createRoot(root).render(
  <StrictMode>
    <BlueprintProvider>
      <Router>
        <Layout />
      </Router>
    </BlueprintProvider>
  </StrictMode>,
);

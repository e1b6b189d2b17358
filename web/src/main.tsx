// The entry: small on purpose, and async in index.html, so it runs as soon as it arrives rather
// than after the stylesheet (issue #16). On a problem URL it sends the detail request and fetches
// the route's chunks first, then the app loads in parallel with them.
import '@blueprintjs/core/lib/css/blueprint.css';
import './styles.css';
import { initialLanguage } from './i18n/language';
import { isProblemPage, startProblemPage } from './problem/preload';

if (isProblemPage(window.location.pathname)) void startProblemPage(window.location.pathname);

const language = initialLanguage();

/** An async script may run before the parser has reached #root. */
function parsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) =>
    document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }),
  );
}

void Promise.all([import('./app'), parsed()]).then(([app]) => {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks #root');
  return app.startApp(root, language);
});

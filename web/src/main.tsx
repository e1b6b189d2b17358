// The entry: small on purpose, so that it runs as soon as it arrives. On a problem URL it sends
// the detail request and fetches the route's chunks first (issue #16), then the app loads in
// parallel with them.
import '@blueprintjs/core/lib/css/blueprint.css';
import './styles.css';
import { initialLanguage } from './i18n/language';
import { isProblemPage, startProblemPage } from './problem/preload';

if (isProblemPage(window.location.pathname)) void startProblemPage(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

const language = initialLanguage();
void import('./app').then((app) => app.startApp(root, language));

// What a problem page needs at once, started by the entry on a problem URL (main.tsx), so the
// editor, its grammar and theme and KaTeX load in parallel with the route's own chunk instead of
// after it (issue #16: no spinners in series). Light on purpose: only dynamic imports.
import { loadEditorTheme } from './editor-loaders';
import { loadKatex } from './katex-load';

export const loadEditor = () => import('./CodeEditor');

/** A problem page of the bank, a contest, a training or a group (also full screen). */
export function isProblemPage(pathname: string): boolean {
  return /^\/(problem|(contest|training|group)\/[^/]+\/(training\/[^/]+\/)?problem)\/[^/]+/.test(pathname);
}

export function preloadProblemChunks(): void {
  void loadEditor().catch(() => undefined);
  // C++ is the default language
  void import('@codemirror/lang-cpp').catch(() => undefined);
  // the preferences module (with the code templates) comes with the route; the theme follows it
  void import('./editor-prefs').then((m) => loadEditorTheme(m.loadPrefs().theme)).catch(() => undefined);
  // statements nearly always carry math: KaTeX arrives with the statement instead of after it
  void loadKatex().catch(() => undefined);
}

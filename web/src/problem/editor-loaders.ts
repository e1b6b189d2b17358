// What the editor loads on demand (issue #16): each theme is its own chunk, fetched when chosen,
// and the search panel with its keymap arrives on the first search key or selection.
import type * as CodeMirrorSearch from '@codemirror/search';
import type { Extension } from '@codemirror/state';
import type { EditorTheme } from './editor-prefs';

const themeLoads = new Map<EditorTheme, Promise<Extension>>();

async function importTheme(theme: EditorTheme): Promise<Extension> {
  switch (theme) {
    case 'monokai':
      return (await import('@uiw/codemirror-theme-monokai')).monokai;
    case 'solarized':
      return (await import('@uiw/codemirror-theme-solarized')).solarizedLight;
    case 'material':
      return (await import('@uiw/codemirror-theme-material')).materialDark;
    case 'idea': {
      // "idea" has no CM6 port: CodeMirror's own light highlighting stands in.
      const { syntaxHighlighting, defaultHighlightStyle } = await import('@codemirror/language');
      return syntaxHighlighting(defaultHighlightStyle);
    }
    case 'eclipse':
      return (await import('@uiw/codemirror-theme-eclipse')).eclipse;
    case 'base16-dark':
      return (await import('./editor-themes')).base16Dark;
    case 'cobalt':
      return (await import('./editor-themes')).cobalt;
    case 'dracula':
      return (await import('@uiw/codemirror-theme-dracula')).dracula;
  }
}

/** The theme's extension; the same promise for every caller (a failed load is tried again next time). */
export function loadEditorTheme(theme: EditorTheme): Promise<Extension> {
  let load = themeLoads.get(theme);
  if (!load) {
    load = importTheme(theme);
    load.catch(() => themeLoads.delete(theme));
    themeLoads.set(theme, load);
  }
  return load;
}

export type SearchModule = typeof CodeMirrorSearch;
let searchLoad: Promise<SearchModule> | null = null;

export function loadSearch(): Promise<SearchModule> {
  searchLoad ??= import('@codemirror/search').catch((err: unknown) => {
    searchLoad = null;
    throw err;
  });
  return searchLoad;
}

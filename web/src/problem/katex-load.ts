// KaTeX and its stylesheet, fetched once on first use (statements, previews) or ahead of a problem
// page whose statement has math. Its two commonest fonts are preloaded with it: the browser
// would otherwise ask for them only once rendered math uses them (issue #16: no fonts in series).
import type Katex from 'katex';
import mainRegular from 'katex/dist/fonts/KaTeX_Main-Regular.woff2?url';
import mathItalic from 'katex/dist/fonts/KaTeX_Math-Italic.woff2?url';

let katexLoad: Promise<typeof Katex> | null = null;

/** The font files preloaded with KaTeX (the same URLs its stylesheet names). */
export const KATEX_PRELOADED_FONTS = [mainRegular, mathItalic];

/** Asks for KaTeX's two commonest fonts (also for math the server rendered). */
export function preloadKatexFonts(): void {
  if (typeof document === 'undefined') return;
  for (const href of KATEX_PRELOADED_FONTS) {
    if (document.head.querySelector(`link[rel="preload"][href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'font');
    link.type = 'font/woff2';
    // fonts are fetched in CORS mode: the preload must match to be reused
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.appendChild(link);
  }
}

export function loadKatex(): Promise<typeof Katex> {
  if (!katexLoad) {
    preloadKatexFonts();
    katexLoad = Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([k]) => k.default);
  }
  return katexLoad;
}

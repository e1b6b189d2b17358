// KaTeX and its stylesheet, fetched once on first use (statements, previews) or ahead of a problem page.
import type Katex from 'katex';

let katexLoad: Promise<typeof Katex> | null = null;

export function loadKatex(): Promise<typeof Katex> {
  katexLoad ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([k]) => k.default);
  return katexLoad;
}

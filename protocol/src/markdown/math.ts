// Shared by the browser (web/src/problem/MathMarkdown.tsx) and the server, which renders
// statements ahead of the page (services/src/problem/statement-html.ts).
// Math in statements: $...$ / $$...$$ are lifted out before markdown (so marked cannot mangle
// underscores and asterisks), then put back as escaped spans before the sanitiser runs; KaTeX
// renders them later and its markup is sanitised too.
const MATH = /\$\$([\s\S]+?)\$\$|\$((?:\\\$|[^$\n])+?)\$/g;

export interface MathPiece {
  tex: string;
  display: boolean;
}

/** Whether `source` holds math MathMarkdown would hand to KaTeX. */
export function hasMath(source: string | null | undefined): boolean {
  return !!source && new RegExp(MATH.source).test(source);
}

export function liftMath(source: string): { text: string; pieces: MathPiece[] } {
  const pieces: MathPiece[] = [];
  const text = source.replace(MATH, (_m, block: string | undefined, inline: string | undefined) => {
    pieces.push({ tex: (block ?? inline ?? '').trim(), display: block !== undefined });
    return `OJMATH${pieces.length - 1}X`;
  });
  return { text, pieces };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Replaces the placeholders in markdown's HTML with spans holding the (escaped) TeX source; runs
 * before the sanitiser (renderMarkdown's `substitute`), so nothing it writes skips sanitising.
 */
export function dropMath(html: string, pieces: MathPiece[]): string {
  return html.replace(/OJMATH(\d+)X/g, (m, i: string) => {
    const p = pieces[Number(i)];
    if (!p) return m;
    return `<span class="oj-math" data-display="${p.display ? '1' : '0'}">${escapeHtml(p.tex)}</span>`;
  });
}

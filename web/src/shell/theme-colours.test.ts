// Dark theme (issue #16): a colour written into a stylesheet stays the same under the dark theme
// and is easily unreadable there. Colours come from the theme variables (styles.css :root and
// .bp6-dark); a fixed colour passes only where it cannot go wrong:
// - it defines a variable (--x: #...), or is the fallback of var(--x, #...);
// - its rule is for the dark theme (.bp6-dark ...), or a .bp6-dark rule of the same selector
//   sets the same property (a light/dark pair);
// - it is a mask (mask-image: only its alpha counts);
// - or it is on ALLOWED below, each with its reason.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('..', import.meta.url).pathname;

/** "file|selector|property": fixed colours that are meant to be fixed in both themes. */
const PICTURE = 'a picture, the same in both themes (its own text colour is set with it)';
const SCROLL = 'the scroll board is a dark projector screen in both themes';
const MEDAL = 'medal colours';
const ALLOWED: Record<string, string> = {
  'contest/contest.css|.oj-balloon|box-shadow': 'outline of a balloon in its data colour',
  'contest/contest.css|.oj-scroll|background': SCROLL,
  'contest/contest.css|.oj-scroll|color': SCROLL,
  'contest/contest.css|.oj-scroll-table td, .oj-scroll-table th|border': SCROLL,
  'contest/contest.css|.oj-scroll-cursor|outline': SCROLL,
  'contest/contest.css|.oj-scroll-focus|outline': SCROLL,
  'contest/contest.css|.oj-medal-gold td:first-child|background': MEDAL,
  'contest/contest.css|.oj-medal-silver td:first-child|background': MEDAL,
  'contest/contest.css|.oj-medal-bronze td:first-child|background': MEDAL,
  'styles.css|.oj-carousel|background': PICTURE,
  'styles.css|.oj-carousel__dots button|background': 'dots over the carousel picture',
  'styles.css|.oj-slide-verify__picture|background': PICTURE,
  'styles.css|.oj-slide-verify__gap|background': 'the puzzle gap, drawn over the picture',
  'styles.css|.oj-slide-verify__gap|box-shadow': 'the puzzle gap, drawn over the picture',
  'styles.css|.oj-slide-verify__piece|background': 'the puzzle piece, drawn over the picture',
  'styles.css|.oj-slide-verify__piece|box-shadow': 'the puzzle piece, drawn over the picture',
};

const COLOUR = /#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?)\(|\b(?:white|black)\b/;

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return cssFiles(path);
    return e.name.endsWith('.css') ? [path] : [];
  });
}

interface Decl {
  selector: string;
  property: string;
  value: string;
}

/** The declarations of the innermost blocks (rules, also those inside @media). */
export function declarations(css: string): Decl[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const out: Decl[] = [];
  for (const m of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selector = m[1]!.trim().replace(/\s+/g, ' ');
    for (const part of m[2]!.split(';')) {
      const i = part.indexOf(':');
      if (i < 0) continue;
      out.push({ selector, property: part.slice(0, i).trim(), value: part.slice(i + 1).trim() });
    }
  }
  return out;
}

/** The value without var() fallbacks (var(--a, #fff) is a themed colour). */
const withoutFallbacks = (value: string) =>
  value.replace(/var\(\s*--[\w-]+\s*,[^()]*(?:\([^()]*\)[^()]*)*\)/g, '');

const parts = (selector: string) => selector.split(',').map((s) => s.trim());

export function fixedColours(file: string, css: string): string[] {
  const decls = declarations(css);
  // "selector|property" of every single selector a dark rule sets, without its .bp6-dark prefix
  const dark = new Set(
    decls.flatMap((d) =>
      parts(d.selector)
        .filter((s) => s.startsWith('.bp6-dark '))
        .map((s) => `${s.slice('.bp6-dark '.length)}|${d.property}`),
    ),
  );
  const bad: string[] = [];
  for (const d of decls) {
    if (d.property.startsWith('--') || /mask/.test(d.property)) continue;
    if (!COLOUR.test(withoutFallbacks(d.value))) continue;
    if (d.selector.includes('.bp6-dark')) continue;
    if (parts(d.selector).every((s) => dark.has(`${s}|${d.property}`))) continue;
    const key = `${file}|${d.selector}|${d.property}`;
    if (key in ALLOWED) continue;
    bad.push(`${key}: ${d.value}`);
  }
  return bad;
}

describe('stylesheets use the theme colours (dark theme, issue #16)', () => {
  it('finds a fixed colour, and passes variables, fallbacks and dark pairs', () => {
    const css = `
      :root { --oj-x: #fff; }
      .a { color: #123456; }
      .b { color: var(--oj-x, #fff); border: 1px solid var(--bp-border, rgba(1, 2, 3, 0.2)); }
      .c, .c2 { background: #eee; }
      .bp6-dark .c, .bp6-dark .c2, .bp6-dark .f { background: #222; }
      .f, .g { color: #eee; }
      .d { mask-image: linear-gradient(#000, transparent); white-space: nowrap; }
      @media (max-width: 1px) { .e { border-color: rgb(1, 2, 3); } }`;
    expect(fixedColours('x.css', css)).toEqual([
      'x.css|.a|color: #123456',
      // .g has no dark twin, and .f's twin sets the background, not the colour
      'x.css|.f, .g|color: #eee',
      'x.css|.e|border-color: rgb(1, 2, 3)',
    ]);
  });

  it('no stylesheet under src/ has a fixed colour outside the allowed places', () => {
    const bad = cssFiles(SRC).flatMap((path) =>
      fixedColours(relative(SRC, path), readFileSync(path, 'utf8')),
    );
    expect(bad).toEqual([]);
  });

  it('every allowed entry still exists (the list does not outlive the CSS)', () => {
    const seen = new Set(
      cssFiles(SRC).flatMap((path) =>
        declarations(readFileSync(path, 'utf8')).map(
          (d) => `${relative(SRC, path)}|${d.selector}|${d.property}`,
        ),
      ),
    );
    expect(Object.keys(ALLOWED).filter((k) => !seen.has(k))).toEqual([]);
  });
});

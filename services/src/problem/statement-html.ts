// A problem statement rendered on the server (issue #29): the problem page shows this HTML at
// once instead of loading marked, DOMPurify and KaTeX before the text is readable. The same
// pipeline as the browser's MathMarkdown, under the same policy (@oj/protocol/markdown/policy):
// math lifted out, markdown to HTML, the math put back as escaped TeX, DOMPurify with the
// markdown class allow-list; then each math span's TeX rendered by KaTeX (trust off) and that
// markup sanitised under the KaTeX policy before it goes in. Nothing unsanitised is added after.
import { dropMath, liftMath } from '@oj/protocol/markdown/math';
import {
  filterClasses,
  isKatexClass,
  isMarkdownClass,
  KATEX_SANITIZE,
  MARKDOWN_SANITIZE,
  MARKED_OPTIONS,
} from '@oj/protocol/markdown/policy';
import type { StatementHtml } from '@oj/protocol/problem';

/** The sections of a statement that are markdown (examples are plain text). */
export const STATEMENT_SECTIONS = ['description', 'input', 'output', 'hint', 'source'] as const;
type Section = (typeof STATEMENT_SECTIONS)[number];

interface Renderer {
  render(source: string): string;
}

/** jsdom, DOMPurify, marked and KaTeX load on the first statement, not with the server. */
async function createRenderer(): Promise<Renderer> {
  const [{ JSDOM }, { default: createPurify }, { marked }, { default: katex }] = await Promise.all([
    import('jsdom'),
    import('dompurify'),
    import('marked'),
    import('katex'),
  ]);
  const { window } = new JSDOM('<!doctype html><body></body>');
  const purifierKeeping = (allowed: (c: string) => boolean) => {
    const purifier = createPurify(window);
    purifier.addHook('uponSanitizeAttribute', (_node, data) => {
      if (data.attrName !== 'class') return;
      data.attrValue = filterClasses(data.attrValue, allowed);
      if (!data.attrValue) data.keepAttr = false;
    });
    return purifier;
  };
  const markdownPurifier = purifierKeeping(isMarkdownClass);
  const katexPurifier = purifierKeeping(isKatexClass);
  return {
    render(source) {
      const { text, pieces } = liftMath(source);
      const markdown = marked.parse(text, MARKED_OPTIONS);
      const safe = markdownPurifier.sanitize(dropMath(markdown, pieces), MARKDOWN_SANITIZE);
      if (pieces.length === 0) return safe;
      const box = window.document.createElement('div');
      box.innerHTML = safe;
      for (const el of box.querySelectorAll('.oj-math')) {
        const markup = katex.renderToString(el.textContent ?? '', {
          throwOnError: false,
          displayMode: el.getAttribute('data-display') === '1',
          trust: false,
        });
        el.innerHTML = katexPurifier.sanitize(markup, KATEX_SANITIZE);
      }
      return box.innerHTML;
    },
  };
}

let renderer: Promise<Renderer> | null = null;

/** Rendered statements by their text: a problem's page is asked for far more often than it changes. */
const cache = new Map<string, StatementHtml>();
const CACHE_LIMIT = 500;

type StatementText = Partial<Record<Section, string | null>>;

/** The statement's markdown sections as sanitised HTML (only the sections that have text). */
export async function renderStatement(problem: StatementText): Promise<StatementHtml> {
  const key = JSON.stringify(STATEMENT_SECTIONS.map((s) => problem[s] ?? null));
  const hit = cache.get(key);
  if (hit) {
    // least recently used goes first
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  renderer ??= createRenderer();
  const { render } = await renderer;
  const html: StatementHtml = {};
  for (const section of STATEMENT_SECTIONS) {
    const text = problem[section];
    if (text) html[section] = render(text);
  }
  cache.set(key, html);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return html;
}

// Renders untrusted markdown. The pipeline ends with the sanitiser: marked turns the text into
// HTML, an optional `substitute` step puts back what was lifted out before markdown (math
// placeholders), and only then DOMPurify removes everything executable or able to dress up the
// page: scripts and handlers, `style` attributes and `<style>`, forms and their controls, frames,
// and every `class` the renderer itself does not produce (Blueprint's overlay classes such as
// `bp6-overlay-backdrop` would otherwise build a full-screen layer that swallows clicks).
// Nothing is added to the HTML after sanitising.
import DOMPurify, { type Config } from 'dompurify';
import { marked } from 'marked';
import { useMemo } from 'react';

/** Tags no user markdown may produce (on top of DOMPurify's defaults). */
const FORBID_TAGS = [
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'optgroup',
  'fieldset',
  'legend',
  'label',
  'datalist',
  'output',
  'style',
  'link',
  'meta',
  'base',
  'dialog',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'portal',
];
/** Attributes no user markdown may carry: inline styles (a full-page fake login needs no script). */
const FORBID_ATTR = ['style', 'action', 'formaction', 'form', 'srcdoc', 'popover', 'popovertarget'];

export const MARKDOWN_SANITIZE: Config = { FORBID_TAGS, FORBID_ATTR };

/**
 * Classes user markdown may keep: the ones our renderer produces (code block languages, the
 * math placeholders, highlight and task-list classes). None of them positions anything.
 */
const MARKDOWN_CLASSES = [
  /^language-[\w+#.-]{1,40}$/,
  /^hljs(-[\w-]{1,40})?$/,
  /^oj-math$/,
  /^(contains-task-list|task-list-item|task-list-item-checkbox)$/,
];

/**
 * KaTeX's own markup (trust off: the TeX cannot name a class) keeps KaTeX's class names; every
 * rule of KaTeX's stylesheet is scoped under `.katex`. Classes of other stylesheets (Blueprint's
 * `bp<n>-`, ours `oj-`) are stripped all the same.
 */
const KATEX_CLASS = /^(?!bp\d|oj-)[a-z][a-z0-9-]{0,40}$/;
const isKatexClass = (c: string) => KATEX_CLASS.test(c);
const isMarkdownClass = (c: string) => MARKDOWN_CLASSES.some((re) => re.test(c));

/** Keeps only the `class` names `allowed` accepts; drops the attribute when none is left. */
export function filterClasses(value: string, allowed: (c: string) => boolean): string {
  return value
    .split(/\s+/)
    .filter((c) => c && allowed(c))
    .join(' ');
}

/** A DOMPurify instance of its own (hooks are per instance) that filters `class` values. */
function purifierKeeping(allowed: (c: string) => boolean) {
  const purifier = DOMPurify(window);
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName !== 'class') return;
    data.attrValue = filterClasses(data.attrValue, allowed);
    if (!data.attrValue) data.keepAttr = false;
  });
  return purifier;
}

let markdownPurifier: ReturnType<typeof purifierKeeping> | undefined;
let katexPurifier: ReturnType<typeof purifierKeeping> | undefined;

/**
 * KaTeX's own output (rendered with trust off from the TeX text) is sanitised too: it keeps the
 * style attributes KaTeX positions glyphs with, and the MathML copy, nothing else.
 */
export const KATEX_SANITIZE: Config = {
  USE_PROFILES: { html: true, mathMl: true, svg: true },
  FORBID_TAGS,
  FORBID_ATTR: FORBID_ATTR.filter((a) => a !== 'style'),
};

export function renderMarkdown(
  source: string | null | undefined,
  opts: { substitute?: (html: string) => string } = {},
): string {
  let html = marked.parse(source ?? '', { async: false, gfm: true, breaks: true });
  if (opts.substitute) html = opts.substitute(html);
  markdownPurifier ??= purifierKeeping(isMarkdownClass);
  return markdownPurifier.sanitize(html, MARKDOWN_SANITIZE);
}

/** KaTeX markup made safe to insert (see KATEX_SANITIZE). */
export function sanitizeKatex(html: string): string {
  katexPurifier ??= purifierKeeping(isKatexClass);
  return katexPurifier.sanitize(html, KATEX_SANITIZE);
}

export function Markdown({ source, className }: { source: string | null | undefined; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <div
      className={['oj-markdown', className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

// Renders untrusted markdown. The pipeline ends with the sanitiser: marked turns the text into
// HTML, an optional `substitute` step puts back what was lifted out before markdown (math
// placeholders), and only then DOMPurify removes everything executable or able to dress up the
// page: scripts and handlers, `style` attributes and `<style>`, forms and their controls, frames.
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
  return DOMPurify.sanitize(html, MARKDOWN_SANITIZE);
}

/** KaTeX markup made safe to insert (see KATEX_SANITIZE). */
export function sanitizeKatex(html: string): string {
  return DOMPurify.sanitize(html, KATEX_SANITIZE);
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

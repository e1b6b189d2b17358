// What user markdown (and KaTeX's markup) may keep after sanitising: one policy for the browser's
// DOMPurify (web/src/shell/Markdown.tsx) and the server's, which renders problem statements ahead
// of the page (issue #29). Plain data and predicates, no DOM.

/** Tags no user markdown may produce (on top of DOMPurify's defaults). */
export const FORBID_TAGS = [
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
export const FORBID_ATTR = ['style', 'action', 'formaction', 'form', 'srcdoc', 'popover', 'popovertarget'];

/** DOMPurify's options for markdown's HTML. */
export const MARKDOWN_SANITIZE = { FORBID_TAGS, FORBID_ATTR };

/**
 * KaTeX's own output (rendered with trust off from the TeX text): it keeps the style attributes
 * KaTeX positions glyphs with, and the MathML copy, nothing else.
 */
export const KATEX_SANITIZE = {
  USE_PROFILES: { html: true, mathMl: true, svg: true },
  FORBID_TAGS,
  FORBID_ATTR: FORBID_ATTR.filter((a) => a !== 'style'),
};

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

export const isKatexClass = (c: string) => KATEX_CLASS.test(c);
export const isMarkdownClass = (c: string) => MARKDOWN_CLASSES.some((re) => re.test(c));

/** Keeps only the `class` names `allowed` accepts (an empty result drops the attribute). */
export function filterClasses(value: string, allowed: (c: string) => boolean): string {
  return value
    .split(/\s+/)
    .filter((c) => c && allowed(c))
    .join(' ');
}

/** marked's options for statements and every other user markdown. */
export const MARKED_OPTIONS = { async: false, gfm: true, breaks: true } as const;

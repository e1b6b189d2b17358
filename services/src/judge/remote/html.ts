// Small HTML helpers for the problem and status pages of the remote judges (no DOM on the server).

/** The inner HTML of the first `<tag …>` whose opening tag matches `attr` (nested tags counted). */
export function innerOf(
  html: string,
  tag: string,
  attr: RegExp,
  from = 0,
): { inner: string; end: number } | null {
  const open = new RegExp(`<${tag}\\b[^>]*>`, 'gi');
  open.lastIndex = from;
  let m: RegExpExecArray | null;
  while ((m = open.exec(html))) {
    if (!attr.test(m[0])) continue;
    const start = m.index + m[0].length;
    const any = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
    any.lastIndex = start;
    let depth = 1;
    let t: RegExpExecArray | null;
    while ((t = any.exec(html))) {
      depth += t[1] ? -1 : 1;
      if (depth === 0) return { inner: html.slice(start, t.index), end: t.index + t[0].length };
    }
    return null;
  }
  return null;
}

/** Every inner HTML of tags matching `attr`. */
export function allInnerOf(html: string, tag: string, attr: RegExp): string[] {
  const out: string[] = [];
  let from = 0;
  for (;;) {
    const hit = innerOf(html, tag, attr, from);
    if (!hit) return out;
    out.push(hit.inner);
    from = hit.end;
  }
}

/** `<input name="x" value="y">` (any attribute order, either quote). */
export function inputValue(html: string, name: string): string | null {
  const re = new RegExp(`<input[^>]*name=["']${name}["'][^>]*>`, 'i');
  const tag = re.exec(html)?.[0];
  return tag ? (/value=["']([^"']*)["']/i.exec(tag)?.[1] ?? null) : null;
}

/** `<pre>` contents as plain text (line breaks kept). */
export function preText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/div>\s*<div[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/^\n+/, '');
}

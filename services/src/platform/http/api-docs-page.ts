// A browsable page over the OpenAPI document: operations grouped by tag, with a filter, each
// opening to its parameters, request body and responses (the JSON schemas, pretty-printed).
// Self-contained: its script is served from /api/docs/page.js (the CSP allows no inline script) and
// fetches the document from /api/docs/json.
export const API_DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API documentation</title>
<style>
  body { font: 14px/1.45 system-ui, sans-serif; margin: 0; padding: 16px; color: CanvasText; background: Canvas; }
  header { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin-bottom: 12px; }
  input { font: inherit; padding: 6px 8px; min-width: 240px; flex: 1; }
  h2 { margin: 20px 0 6px; font-size: 16px; }
  details { border: 1px solid color-mix(in srgb, CanvasText 20%, transparent); border-radius: 4px; margin: 4px 0; }
  summary { cursor: pointer; padding: 6px 8px; display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap; }
  .m { font: 600 12px monospace; padding: 1px 6px; border-radius: 3px; min-width: 52px; text-align: center; color: #fff; }
  .GET { background: #2d72d2; } .POST { background: #238551; } .PUT { background: #c87619; } .DELETE { background: #cd4246; }
  code, pre { font: 12px/1.4 ui-monospace, monospace; }
  pre { margin: 0 8px 8px; padding: 8px; overflow: auto; background: color-mix(in srgb, CanvasText 6%, transparent); }
  .sec { margin: 4px 8px; font-weight: 600; }
  .muted { opacity: .7; }
</style>
</head>
<body>
<header><strong id="title">API</strong><span id="version" class="muted"></span><input id="q" placeholder="Filter by path or tag" autofocus><a href="/api/docs/json">JSON</a></header>
<main id="list">Loading…</main>
<script src="/api/docs/page.js"></script>
</body>
</html>
`;

export const API_DOCS_SCRIPT = `(async () => {
  const doc = await (await fetch('/api/docs/json')).json();
  document.getElementById('title').textContent = doc.info?.title ?? 'API';
  document.getElementById('version').textContent = doc.info?.version ?? '';
  const ops = [];
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const [method, op] of Object.entries(item))
      ops.push({ path, method: method.toUpperCase(), op, tag: (op.tags ?? ['other'])[0] });
  const esc = (s) => String(s).replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]);
  const block = (name, value) => value ? '<div class="sec">' + name + '</div><pre>' + esc(JSON.stringify(value, null, 2)) + '</pre>' : '';
  const render = (filter) => {
    const f = filter.toLowerCase();
    const shown = ops.filter((o) => !f || o.path.toLowerCase().includes(f) || o.tag.toLowerCase().includes(f));
    const tags = [...new Set(shown.map((o) => o.tag))].sort();
    document.getElementById('list').innerHTML = tags.map((t) => '<h2>' + esc(t) + '</h2>' + shown.filter((o) => o.tag === t)
      .sort((a, b) => a.path.localeCompare(b.path))
      .map((o) => '<details><summary><span class="m ' + o.method + '">' + o.method + '</span><code>' + esc(o.path) + '</code><span class="muted">' + esc(o.op.summary ?? '') + '</span></summary>'
        + block('Parameters', o.op.parameters) + block('Request body', o.op.requestBody?.content) + block('Responses', o.op.responses) + '</details>').join('')).join('')
      || '<p class="muted">No operation matches.</p>';
  };
  render('');
  document.getElementById('q').addEventListener('input', (e) => render(e.target.value));
})();
`;

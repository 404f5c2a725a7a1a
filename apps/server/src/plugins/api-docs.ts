/**
 * A rendered API reference at /api/docs, built in the browser from /api/v1/openapi.json. Self-contained
 * (no CDN: self-hosters may run offline) and CSP-friendly (no inline script).
 */
import type { FastifyInstance } from 'fastify';

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Lectio API reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#111827;background:#f9fafb}
main{max-width:960px;margin:0 auto;padding:24px}
h1{margin:0 0 4px}section{background:#fff;border:1px solid #e5e7eb;border-radius:8px;margin:12px 0;padding:12px 16px}
.m{display:inline-block;min-width:64px;font-weight:700;font-family:monospace}.GET{color:#065f46}.POST{color:#1e40af}.PATCH{color:#92400e}.DELETE{color:#991b1b}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f3f4f6;padding:8px;border-radius:6px;overflow:auto;max-height:320px}
summary{cursor:pointer}.access{color:#374151;font-size:14px}
</style></head>
<body><main><h1>Lectio API reference</h1><p>Generated from <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>. Send <code>Authorization: Bearer &lt;accessToken&gt;</code> from <code>POST /api/v1/auth/login</code>.</p><div id="ops">Loading…</div></main>
<script src="/api/docs/reference.js"></script></body></html>`;

const script = `(async () => {
  const root = document.getElementById('ops');
  const doc = await (await fetch('/api/v1/openapi.json')).json();
  root.textContent = '';
  const el = (tag, attrs, ...children) => { const node = document.createElement(tag); Object.assign(node, attrs || {}); for (const c of children) node.append(c); return node; };
  const json = (value) => el('pre', {}, JSON.stringify(value, null, 2));
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const section = el('section', {});
      section.append(el('h2', { style: 'font-size:16px;margin:0' }, el('span', { className: 'm ' + method.toUpperCase() }, method.toUpperCase()), el('code', {}, path)));
      section.append(el('p', { style: 'margin:4px 0' }, op.summary || ''), el('p', { className: 'access' }, op.description || ''));
      if (op.parameters && op.parameters.length) { const d = el('details', {}, el('summary', {}, 'Parameters')); d.append(json(op.parameters)); section.append(d); }
      if (op.requestBody) { const d = el('details', {}, el('summary', {}, 'Request body')); d.append(json(op.requestBody.content)); section.append(d); }
      const d = el('details', {}, el('summary', {}, 'Responses')); d.append(json(op.responses)); section.append(d);
      root.append(section);
    }
  }
})();`;

export function registerApiDocs(app: FastifyInstance): void {
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
  app.get('/api/docs/reference.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(script),
  );
}

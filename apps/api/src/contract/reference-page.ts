import type { OpenApiDocument } from './openapi-document';

/**
 * The API reference as one server-rendered HTML page, built from the OpenAPI document. No scripts and
 * nothing loaded from elsewhere, so it works under the app's CSP (script-src 'self') and offline.
 */
type Json = Record<string, unknown>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const escapeHtml = (value: unknown) =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const anchor = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase();
const code = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
const asJson = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const refName = (ref: string) => ref.split('/').pop() ?? ref;
const schemaLink = (name: string) => `<a href="#schema-${anchor(name)}">${escapeHtml(name)}</a>`;

/** A schema as a short type expression: `string`, `Agent[]`, `'a' | 'b'`, `{ agents: TeamAgent[] }`. */
function typeOf(schema: unknown, depth = 0): string {
  const s = asJson(schema);
  if (typeof s.$ref === 'string') return schemaLink(refName(s.$ref));
  if ('const' in s) return escapeHtml(JSON.stringify(s.const));
  if (Array.isArray(s.enum)) return s.enum.map((v) => escapeHtml(JSON.stringify(v))).join(' | ');
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(union)) return union.map((part) => typeOf(part, depth)).join(' | ');
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string | undefined];
  return types
    .map((type) => {
      if (type === 'array') return `${typeOf(s.items, depth)}[]`;
      if (type === 'object' && s.properties && depth < 2) return `{ ${fieldsInline(s, depth + 1)} }`;
      if (type === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object')
        return `Record&lt;string, ${typeOf(s.additionalProperties, depth)}&gt;`;
      if (type === 'string' && s.format) return `string (${escapeHtml(s.format)})`;
      return escapeHtml(type ?? 'any');
    })
    .join(' | ');
}

function fieldsInline(schema: Json, depth: number): string {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(asJson(schema.properties))
    .map(([name, field]) => `${escapeHtml(name)}${required.has(name) ? '' : '?'}: ${typeOf(field, depth)}`)
    .join('; ');
}

function fieldTable(schema: unknown): string {
  const s = asJson(schema);
  if (!s.properties) return `<p class="type">${typeOf(s)}</p>`;
  const required = new Set((s.required as string[] | undefined) ?? []);
  const rows = Object.entries(asJson(s.properties)).map(([name, field]) => {
    const f = asJson(field);
    const limits = [f.minLength !== undefined && `min length ${f.minLength}`, f.maxLength !== undefined && `max length ${f.maxLength}`, f.default !== undefined && `default ${JSON.stringify(f.default)}`]
      .filter(Boolean)
      .join(', ');
    const note = [f.description ? code(String(f.description)) : '', escapeHtml(limits)].filter(Boolean).join(' · ');
    return `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? '' : ' <span class="opt">optional</span>'}</td><td>${typeOf(f, 1)}</td><td>${note}</td></tr>`;
  });
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function operationHtml(path: string, method: string, op: Json): string {
  const id = anchor(`${method} ${path}`);
  const params = (op.parameters as Json[] | undefined) ?? [];
  const body = asJson(asJson(op.requestBody).content);
  const responses = Object.entries(asJson(op.responses)).map(([status, response]) => {
    const r = asJson(response);
    const content = Object.entries(asJson(r.content))
      .map(([type, media]) => `<code>${escapeHtml(type)}</code> ${typeOf(asJson(media).schema)}`)
      .join('<br>');
    return `<tr><td>${escapeHtml(status)}</td><td>${code(String(r.description ?? ''))}</td><td>${content}</td></tr>`;
  });
  return `<section class="op" id="${id}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${code(String(op.summary ?? ''))}. <span class="auth">${code(String(op.description ?? ''))}</span></p>
${params.length ? `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th></tr></thead><tbody>${params.map((p) => `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? '' : ' <span class="opt">optional</span>'}</td><td>${escapeHtml(p.in)}</td><td>${typeOf(p.schema)}</td></tr>`).join('')}</tbody></table>` : ''}
${Object.entries(body).map(([type, media]) => `<h4>Body <code>${escapeHtml(type)}</code></h4>${fieldTable(asJson(media).schema)}`).join('')}
<h4>Responses</h4><table><thead><tr><th>Status</th><th>Meaning</th><th>Body</th></tr></thead><tbody>${responses.join('')}</tbody></table>
</section>`;
}

function socketTable(events: Json, withAck: boolean): string {
  const rows = Object.entries(events).map(([name, doc]) => {
    const d = asJson(doc);
    const extra = withAck ? (d.ack ? typeOf(d.ack) : '—') : escapeHtml(d.audience ?? '');
    return `<tr><td><code>${escapeHtml(name)}</code></td><td>${code(String(d.summary ?? ''))}</td><td>${typeOf(d.payload)}</td><td>${extra}</td></tr>`;
  });
  return `<table><thead><tr><th>Event</th><th>What</th><th>Payload</th><th>${withAck ? 'Ack' : 'Sent to'}</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:980px;margin:2rem auto;padding:0 1rem;color:#111;line-height:1.45}
table{border-collapse:collapse;width:100%;margin:.4rem 0 1rem;font-size:.9rem}th,td{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f6f6f6}code{font-family:ui-monospace,monospace;font-size:.9em}.op{border-top:1px solid #ddd;padding-top:.5rem}
.method{display:inline-block;min-width:4rem;padding:.1rem .4rem;border-radius:6px;color:#fff;font-size:.8rem;text-align:center;background:#555}
.get{background:#1f6feb}.post{background:#1a7f37}.put,.patch{background:#9a6700}.delete{background:#cf222e}.opt,.auth{color:#666;font-size:.85rem}
nav ul{columns:2;font-size:.9rem}h4{margin:.6rem 0 .2rem}`;

export function renderReferencePage(doc: OpenApiDocument, openApiUrl: string): string {
  const d = doc as unknown as Json;
  const info = asJson(d.info);
  const byTag = new Map<string, string[]>();
  const toc: string[] = [];
  for (const [path, item] of Object.entries(asJson(d.paths))) {
    for (const method of METHODS) {
      const op = asJson(asJson(item)[method]);
      if (!op.responses) continue;
      const tag = (op.tags as string[] | undefined)?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(path, method, op)]);
      toc.push(`<li><a href="#${anchor(`${method} ${path}`)}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`);
    }
  }
  const sockets = asJson(d['x-socket-events']);
  const connection = asJson(sockets.connection);
  const schemas = Object.entries(asJson(asJson(d.components).schemas))
    .map(([name, schema]) => `<section id="schema-${anchor(name)}"><h3>${escapeHtml(name)}</h3>${asJson(schema).description ? `<p>${code(String(asJson(schema).description))}</p>` : ''}${fieldTable(schema)}</section>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(info.title)} reference</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}</style></head><body>
<h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1>
<p>${code(String(info.description ?? ''))}</p>
<p>Base path <code>${escapeHtml(asJson((d.servers as unknown[])[0]).url)}</code>. Machine-readable: <a href="${escapeHtml(openApiUrl)}">OpenAPI 3.1 document</a>.</p>
<nav><h2>Routes</h2><ul>${toc.join('')}</ul><p><a href="#socket-events">Socket.IO events</a> · <a href="#schemas">Schemas</a></p></nav>
${[...byTag].map(([tag, ops]) => `<h2 id="tag-${anchor(tag)}">${escapeHtml(tag)}</h2>${ops.join('\n')}`).join('\n')}
<h2 id="socket-events">Socket.IO events</h2>
<p>Path <code>${escapeHtml(connection.path)}</code>. ${code(String(connection.auth ?? ''))} ${code(String(connection.limits ?? ''))}</p>
<h3>Client → server</h3>${socketTable(asJson(sockets.clientToServer), true)}
<h3>Server → client</h3>${socketTable(asJson(sockets.serverToClient), false)}
<h2 id="schemas">Schemas</h2>
${schemas}
</body></html>`;
}

type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  security?: unknown[];
  parameters: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};
type Document = { info: { title: string; version: string; description?: string }; paths: unknown };

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

function parametersTable(parameters: Operation['parameters']): string {
  if (parameters.length === 0) return '';
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'required' : 'optional'}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Parameter</th><th>In</th><th></th><th>Schema</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function responsesList(responses: Operation['responses']): string {
  const items = Object.entries(responses).map(([status, answer]) => {
    const schema = Object.values(answer.content ?? {})[0]?.schema;
    const body = schema ? `<details><summary>Body</summary>${json(schema)}</details>` : '';
    return `<li><strong>${status}</strong> ${escapeHtml(answer.description)}${body}</li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

function operationSection(method: string, path: string, op: Operation): string {
  const auth = op.security ? ' <em>(bearer access token)</em>' : '';
  const body = op.requestBody
    ? `<h4>Request body</h4>${json(Object.values(op.requestBody.content)[0]?.schema)}`
    : '';
  return `<section id="${escapeHtml(op.operationId)}"><h3><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h3><p>${escapeHtml(op.summary)}${auth}</p>${parametersTable(op.parameters)}${body}<h4>Answers</h4>${responsesList(op.responses)}</section>`;
}

/** The OpenAPI document as one static HTML page: no script, so it needs nothing the CSP forbids. */
export function renderApiDocsPage(document: Record<string, unknown>): string {
  const doc = document as Document;
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationSection(method, path, op)]);
    }
  }
  const sections = [...byTag].map(([tag, ops]) => `<h2>${escapeHtml(tag)}</h2>${ops.join('')}`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" type="image/svg+xml" href="/logo.svg"><link rel="stylesheet" href="/legal.css"><title>${escapeHtml(doc.info.title)}</title></head><body><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1><p>${escapeHtml(doc.info.description ?? '')} Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.</p>${sections}</body></html>`;
}

import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GITHUB_REST_CALLS } from './rest-calls.ts';

/**
 * Every REST call the server makes, held against GitHub's REST description: the npm package
 * `@octokit/openapi` (23.0.2, a devDependency pinned in package-lock.json), its `api.github.com`
 * description. The route, the answer's status and every field Fluxion reads must be there.
 */
const require = createRequire(import.meta.url);
type Schema = {
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: Schema | boolean;
};
type Operation = { responses: Record<string, { content?: Record<string, { schema: Schema }> }> };
const DESCRIPTION = JSON.parse(
  readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8'),
) as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

function resolved(schema: Schema): Schema {
  const name = schema.$ref?.replace('#/components/schemas/', '');
  return name ? resolved(DESCRIPTION.components.schemas[name] ?? {}) : schema;
}

/** The schemas a dotted path (`a.b`, `[]` for an array's items) reaches, through every branch. */
function reach(schema: Schema, steps: string[]): Schema[] {
  const here = resolved(schema);
  const branches = [...(here.allOf ?? []), ...(here.anyOf ?? []), ...(here.oneOf ?? [])];
  if (branches.length > 0 && !here.properties && !here.items)
    return branches.flatMap((branch) => reach(branch, steps));
  const [step, ...rest] = steps;
  if (step === undefined) return [here];
  if (step === '[]') return here.items ? reach(here.items, rest) : [];
  const next = here.properties?.[step] ?? branches.map((b) => resolved(b).properties?.[step]).find(Boolean);
  return next ? reach(next, rest) : [];
}

const splitPath = (read: string) =>
  read
    .replace(/^\[\]\./, '[].')
    .split('.')
    .flatMap((s) => (s.endsWith('[]') && s !== '[]' ? [s.slice(0, -2), '[]'] : [s]));

/** The GitHub API routes in the server's source: Octokit's `'GET /path'` and fetch's `${apiUrl}/path`. */
function routesInSource(): string[] {
  const root = join(import.meta.dirname, '..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('testing'),
  );
  const found = new Set<string>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const [, method, path] of text.matchAll(/'(GET|POST|PUT|PATCH|DELETE) (\/[^'\s]*)'/g))
      found.add(`${method?.toLowerCase()} ${path}`);
    if (!/github\.apiUrl/.test(text)) continue;
    // fetch(`${base}/user/installations?...`): the API path, its ${…} parts as {…}.
    // Fluxion's own pages (`${publicUrl}/api/…`) are no GitHub route: GitHub's API base has its /api.
    for (const [, path] of text.matchAll(/`\$\{[^}]+\}(\/[a-z][^`?]*)/g))
      if (!path?.startsWith('/api/')) found.add(`get ${path?.replace(/\$\{[^}]*\}/g, '{}')}`);
  }
  for (const route of oauthMethodRoutes(join(root, 'github', 'oauth.ts'))) found.add(route);
  return [...found].sort();
}

/**
 * The REST routes behind the @octokit/oauth-methods functions a file imports. The web flow's are on
 * github.com, not the API; a function not classified here fails the test, to be classified.
 */
const OAUTH_METHODS: Record<string, string | null> = {
  getWebFlowAuthorizationUrl: null,
  exchangeWebFlowCode: null,
  refreshToken: null,
  deleteToken: 'delete /applications/{client_id}/token',
  deleteAuthorization: 'delete /applications/{client_id}/grant',
  checkToken: 'post /applications/{client_id}/token',
  resetToken: 'patch /applications/{client_id}/token',
  scopeToken: 'post /applications/{client_id}/token/scoped',
};
function oauthMethodRoutes(file: string): string[] {
  const imported =
    /import \{([^}]*)\} from '@octokit\/oauth-methods'/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  const names = imported
    .split(',')
    .map((name) => name.trim().replace(/^type /, ''))
    .filter((name) => name && /^[a-z]/.test(name));
  return names
    .map((name) => {
      if (!(name in OAUTH_METHODS))
        throw new Error(`classify ${name} of @octokit/oauth-methods in this test`);
      return OAUTH_METHODS[name];
    })
    .filter((route): route is string => route !== null && route !== undefined);
}

const template = (route: string) => route.replace(/\{[^}]*\}/g, '{}');

describe("the server's REST calls against GitHub's REST description", () => {
  it('lists every route the source calls, and no other', () => {
    const listed = GITHUB_REST_CALLS.map((c) => template(`${c.method} ${c.path}`)).sort();
    expect(routesInSource().map(template)).toEqual(listed);
  });

  it.each(GITHUB_REST_CALLS.map((call) => [`${call.method.toUpperCase()} ${call.path}`, call]))(
    '%s is described, with its answer and every field Fluxion reads',
    (_name, call) => {
      const operation = DESCRIPTION.paths[call.path]?.[call.method];
      expect(operation, 'the route').toBeDefined();
      const answer = operation?.responses[String(call.status)];
      expect(answer, `a ${call.status} answer`).toBeDefined();
      const schema = answer?.content?.['application/json']?.schema;
      if (call.reads.length === 0) return;
      expect(schema, 'the answer schema').toBeDefined();
      const missing = call.reads.filter((read) => schema && reach(schema, splitPath(read)).length === 0);
      expect(missing).toEqual([]);
    },
  );
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type GithubSim, SEEDED, startGithubSim } from '@fluxion/github-sim';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJwt } from '../installations/app-jwt.ts';
import { simAppConfig, simInstall } from '../testing/github-app.ts';
import { GITHUB_REST_CALLS, type RestCall } from './rest-calls.ts';

/**
 * What the GitHub simulator answers for every REST call Fluxion makes (rest-calls.ts), held against the
 * answer schema GitHub's REST description gives it (`@octokit/openapi` 23.0.2, `api.github.com`): the
 * simulator may not answer what only Fluxion accepts.
 */
const require = createRequire(import.meta.url);
const DESCRIPTION = JSON.parse(
  readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8'),
) as { paths: Record<string, Record<string, unknown>> };
/** OpenAPI 3.0's `nullable: true` as JSON Schema says it (Ajv reads `nullable` only beside a `type`). */
function withNull(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNull);
  if (typeof node !== 'object' || node === null) return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, withNull(value)]));
  if (nullable !== true) return converted;
  if (typeof converted.type === 'string' && !converted.enum)
    return { ...converted, type: [converted.type, 'null'] };
  return { anyOf: [converted, { type: 'null' }] };
}
/**
 * Where the published description contradicts itself, mended here and nowhere else: the list of
 * installations (`GET /app/installations`) copies the installation schema inline with its `account` as
 * `allOf` a user and an enterprise, which no account is; the installation schema itself has `anyOf`.
 */
function mendPublishedDefects(description: typeof DESCRIPTION): void {
  const list = description.paths['/app/installations']?.get as {
    responses: { 200: { content: { 'application/json': { schema: { items: unknown } } } } };
  };
  list.responses[200].content['application/json'].schema.items = {
    $ref: '#/components/schemas/installation',
  };
}
mendPublishedDefects(DESCRIPTION);
// The description's examples and x- keys are not keywords: not strict.
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...(withNull(DESCRIPTION) as object), $id: 'github' });

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

function problems(call: RestCall, status: number, body: unknown): string[] {
  if (status !== call.status) return [`answered ${status}, not ${call.status}`];
  if (call.status === 204) return body === null ? [] : ['a 204 with a body'];
  const ref = `github#/${pointer('paths', call.path, call.method, 'responses', String(status), 'content', 'application/json', 'schema')}`;
  const validate = ajv.getSchema(ref);
  if (!validate) return [`no schema at ${ref}`];
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}

let sim: GithubSim;
let installationId = 0;
let userToken = '';
/** Another user's token, whose authorization the grant's deletion ends. */
let grantToken = '';
let jwt = '';
let emailToken = '';

async function ask(call: RestCall, path: string, token: string, body?: unknown, headers = {}) {
  const response = await fetch(`${sim.url}${path}`, {
    method: call.method.toUpperCase(),
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  sim = await startGithubSim({ port: 0 });
  installationId = (await simInstall(sim, SEEDED.org)).id;
  const minted = await fetch(`${sim.url}/_sim/app/user-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'octo-alice' }),
  });
  userToken = ((await minted.json()) as { access_token: string }).access_token;
  const bob = await fetch(`${sim.url}/_sim/app/user-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'octo-bob' }),
  });
  grantToken = ((await bob.json()) as { access_token: string }).access_token;
  jwt = await appJwt(simAppConfig(sim), sim.world.now());
  // An OAuth app's token with the scope sign-in asks for the addresses (issue 33, finding 12).
  const classic = await fetch(`${sim.url}/_sim/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'octo-alice', scopes: ['read:org', 'read:project', 'user:email'] }),
  });
  emailToken = ((await classic.json()) as { token: string }).token;
});
afterAll(() => sim.close());

/** How the test asks each call, as the server does (its credentials, a real path). */
function request(call: RestCall): Promise<{ status: number; body: unknown }> {
  const app = sim.app();
  switch (call.path) {
    case '/repos/{owner}/{repo}':
      return ask(call, `/repos/${SEEDED.org}/platform`, userToken);
    case '/user/emails':
      return ask(call, '/user/emails?per_page=100', emailToken);
    case '/user/memberships/orgs/{org}':
      return ask(call, `/user/memberships/orgs/${SEEDED.org}`, userToken);
    case '/app/installations/{installation_id}':
      return ask(call, `/app/installations/${installationId}`, jwt);
    case '/app/installations':
      return ask(call, '/app/installations?per_page=100&page=1', jwt);
    case '/app/installations/{installation_id}/access_tokens':
      return ask(call, `/app/installations/${installationId}/access_tokens`, jwt, {});
    case '/applications/{client_id}/token':
    case '/applications/{client_id}/grant': {
      const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
      const token = call.path.endsWith('/grant') ? grantToken : userToken;
      return ask(
        call,
        call.path.replace('{client_id}', app.clientId),
        '',
        { access_token: token },
        {
          authorization: `Basic ${basic}`,
        },
      );
    }
    default:
      return ask(call, call.path, userToken);
  }
}

describe("the GitHub simulator's REST answers against GitHub's REST description", () => {
  // The token's deletion last: the other calls use it.
  const calls = [...GITHUB_REST_CALLS].sort(
    (a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'),
  );
  it.each(calls.map((call) => [`${call.method.toUpperCase()} ${call.path}`, call]))(
    '%s answers as GitHub describes',
    async (_name, call) => {
      const { status, body } = await request(call);
      expect(problems(call, status, body)).toEqual([]);
      // A list checked is a list with something in it.
      expect(JSON.stringify(body)).not.toMatch(/^\[\]$|"installations":\[\]/);
    },
  );
});

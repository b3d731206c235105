import { createSign } from 'node:crypto';
import type { GithubSim } from '../index.ts';

/** Signs claims as an App JWT (RS256), as @octokit/auth-app and GitHub's examples do. */
export function signJwt(privateKey: string, claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const data = `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}`;
  const signature = createSign('RSA-SHA256').update(data).sign(privateKey).toString('base64url');
  return `${data}.${signature}`;
}

/** A valid JWT for the simulator's App on its clock: iat 60 s back, exp 9 minutes ahead. */
export function appJwt(sim: GithubSim, claims: Record<string, unknown> = {}): string {
  const now = Math.floor(sim.world.now() / 1000);
  const app = sim.app();
  return signJwt(app.privateKey, { iat: now - 60, exp: now + 540, iss: app.id, ...claims });
}

export async function api<T = Record<string, unknown>>(
  sim: GithubSim,
  path: string,
  token: string | undefined,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; headers: Headers; body: T }> {
  const response = await fetch(`${sim.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/vnd.github+json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T };
}

/** Mints an installation token the way a server does: JWT → POST /app/installations/{id}/access_tokens. */
export async function installationToken(
  sim: GithubSim,
  installationId: number,
  body?: Record<string, unknown>,
): Promise<string> {
  const answer = await api<{ token: string }>(
    sim,
    `/app/installations/${installationId}/access_tokens`,
    appJwt(sim),
    {
      method: 'POST',
      body: body ?? {},
    },
  );
  if (answer.status !== 201)
    throw new Error(`access_tokens: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.token;
}

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createTokenStore } from '../auth/tokens.ts';
import { createApiClient } from './client.ts';
import { SessionExpiredError } from './errors.ts';

type Call = { url: string; auth: string | null; body: string | null };

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(refreshAnswer: () => Response | Promise<Response>) {
  localStorage.clear();
  const tokens = createTokenStore(localStorage);
  tokens.save({ access: 'old', refresh: 'r1' });
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const auth = new Headers(init?.headers).get('Authorization');
    calls.push({ url, auth, body: typeof init?.body === 'string' ? init.body : null });
    if (url === '/api/token/refresh/') return refreshAnswer();
    return auth === 'Bearer new' ? jsonResponse(200, { ok: url }) : jsonResponse(401, { error: 'x' });
  });
  const onSessionExpired = vi.fn();
  const client = createApiClient({ fetch, tokens, onSessionExpired });
  return { client, calls, tokens, onSessionExpired };
}

describe('api client', () => {
  beforeEach(() => localStorage.clear());

  it('sends the bearer access token', async () => {
    const { client, calls } = setup(() => jsonResponse(200, { access: 'new' }));
    localStorage.setItem('access_token', 'new');
    await expect(client.json('/api/me/')).resolves.toEqual({ ok: '/api/me/' });
    expect(calls).toEqual([{ url: '/api/me/', auth: 'Bearer new', body: null }]);
  });

  it('on 401 refreshes with {refresh}, stores the new access token and retries once', async () => {
    const { client, calls, tokens } = setup(() => jsonResponse(200, { access: 'new' }));
    await expect(client.json('/api/projects/')).resolves.toEqual({ ok: '/api/projects/' });
    expect(calls.map((c) => c.url)).toEqual(['/api/projects/', '/api/token/refresh/', '/api/projects/']);
    expect(calls[1]?.body).toBe(JSON.stringify({ refresh: 'r1' }));
    expect(calls[2]?.auth).toBe('Bearer new');
    expect(tokens.getAccess()).toBe('new');
  });

  it('stores the rotated refresh token when the server sends a successor', async () => {
    const { client, tokens } = setup(() => jsonResponse(200, { access: 'new', refresh: 'r2' }));
    await client.json('/api/projects/');
    expect(tokens.getRefresh()).toBe('r2');
    expect(tokens.getAccess()).toBe('new');
  });

  it('retries only once: a second 401 is returned to the caller', async () => {
    const { client, calls } = setup(() => jsonResponse(200, { access: 'still-bad' }));
    const response = await client.request('/api/me/');
    expect(response.status).toBe(401);
    expect(calls).toHaveLength(3);
  });

  it('does not refresh without a refresh token', async () => {
    const { client, calls } = setup(() => jsonResponse(200, { access: 'new' }));
    localStorage.removeItem('refresh_token');
    expect((await client.request('/api/me/')).status).toBe(401);
    expect(calls).toHaveLength(1);
  });

  it('refresh failure clears both tokens, redirects and raises the German session message', async () => {
    const { client, tokens, onSessionExpired } = setup(() => jsonResponse(401, { error: 'bad' }));
    const error = await client.json('/api/me/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect((error as Error).message).toBe('Session abgelaufen. Bitte neu einloggen.');
    expect(tokens.getAccess()).toBeNull();
    expect(tokens.getRefresh()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('a refresh that throws or answers without access counts as a failure', async () => {
    const thrown = setup(() => Promise.reject(new Error('offline')));
    await expect(thrown.client.request('/api/me/')).rejects.toBeInstanceOf(SessionExpiredError);
    const empty = setup(() => jsonResponse(200, {}));
    await expect(empty.client.request('/api/me/')).rejects.toBeInstanceOf(SessionExpiredError);
  });

  it('two parallel calls that both get 401 share one refresh and both succeed', async () => {
    let release: (r: Response) => void = () => {};
    const gate = new Promise<Response>((resolve) => {
      release = resolve;
    });
    const { client, calls } = setup(() => gate);
    const both = Promise.all([client.json('/api/a/'), client.json('/api/b/')]);
    await vi.waitFor(() => expect(calls.filter((c) => c.url === '/api/token/refresh/')).toHaveLength(1));
    release(jsonResponse(200, { access: 'new' }));
    await expect(both).resolves.toEqual([{ ok: '/api/a/' }, { ok: '/api/b/' }]);
    expect(calls.filter((c) => c.url === '/api/token/refresh/')).toHaveLength(1);
  });

  it('two parallel 401s with a refused refresh: one redirect, both raise', async () => {
    const { client, onSessionExpired } = setup(() => jsonResponse(401, {}));
    const results = await Promise.allSettled([client.request('/api/a/'), client.request('/api/b/')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('non-OK answers throw with the server message or the status text', async () => {
    const { client } = setup(() => jsonResponse(200, { access: 'new' }));
    localStorage.setItem('access_token', 'new');
    const fetch = vi.fn(async () => jsonResponse(404, { error: 'not_found', message: 'Project not found' }));
    const other = createApiClient({
      fetch,
      tokens: createTokenStore(localStorage),
      onSessionExpired: vi.fn(),
    });
    await expect(other.json('/api/projects/x/')).rejects.toMatchObject({
      status: 404,
      message: 'Project not found',
    });
    await expect(client.postJson('/api/x/', { a: 1 })).resolves.toEqual({ ok: '/api/x/' });
  });
});

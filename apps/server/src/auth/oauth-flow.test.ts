import { startGithubSim } from '@fluxion/github-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { captureLogs, buildTestApp, listenTestApp, testClock } from '../testing/app.ts';
import { createSqliteTestDatabase, dialectCases } from '../testing/databases.ts';
import { decryptSecret } from '../users/secret-box.ts';

/**
 * The whole sign-in as a browser does it, over real HTTP: the app on a real port, the GitHub simulator
 * as the OAuth provider, redirects followed by hand with a cookie jar.
 */
const cases = await dialectCases();
const sim = await startGithubSim({ port: 0 });
afterAll(() => sim.close());

/** A minimal browser cookie jar for one site. */
class CookieJar {
  readonly values = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const expired = attributes.some(
        (a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) <= Date.now()),
      );
      if (expired || value === '') this.values.delete(name);
      else this.values.set(name, value);
    }
  }
  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

async function visit(url: string, jar?: CookieJar, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (jar?.values.size) headers.set('cookie', jar.header());
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar?.store(response);
  return response;
}

/** The web app's step after the callback: trades the HttpOnly handoff cookie for the token pair. */
async function takeHandoff(appUrl: string, jar: CookieJar): Promise<Response> {
  return visit(`${appUrl}/api/token/handoff/`, jar, { method: 'POST' });
}

async function handedOffTokens(appUrl: string, jar: CookieJar): Promise<{ access: string; refresh: string }> {
  const response = await takeHandoff(appUrl, jar);
  expect(response.status).toBe(200);
  return (await response.json()) as { access: string; refresh: string };
}

function location(response: Response): string {
  expect(response.status, `redirect expected, got ${response.status}`).toBe(302);
  return response.headers.get('location') ?? '';
}

describe.each(cases)('sign-in with GitHub over real HTTP ($name)', async ({ name, create }) => {
  const database = await create();
  /** A GitHub user who has not approved the app yet (one per dialect: the simulator is shared). */
  const carol = `octo-carol-${name}`;
  sim.world.createUser({ login: carol, name: 'Carol Octo', approvedClients: [] });
  const logs = captureLogs();
  const testApp = await buildTestApp(database, {
    githubUrl: sim.url,
    logs,
    config: { logLevel: 'debug' },
    clock: testClock(Date.now()),
  });
  const { app, ctx } = testApp;
  const appUrl = await listenTestApp(testApp);
  afterAll(async () => {
    await app.close();
    await database.drop();
  });
  /** Every value that must never reach a log line. */
  const secrets = new Map<string, string>([
    ['client secret', ctx.config.github.clientSecret],
    ['JWT secret', ctx.config.jwtSecret],
    ['token encryption key', ctx.config.tokenEncryptionKey],
  ]);

  it('signs octo-bob in: login → GitHub authorize → callback → one-time handoff cookie → token pair', async () => {
    const browser = new CookieJar();
    const toGithub = location(await visit(`${appUrl}/accounts/github/login/?login=octo-bob`, browser));
    expect(toGithub.startsWith(`${sim.url}/login/oauth/authorize?`)).toBe(true);
    expect(browser.values.has('oauth_state')).toBe(true);
    const authorize = new URL(toGithub);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${appUrl}/accounts/github/login/callback/`);
    const state = authorize.searchParams.get('state') ?? '';
    secrets.set('state', state);
    const stateCookie = browser.values.get('oauth_state') ?? '';
    const pending = JSON.parse(decodeURIComponent(stateCookie).replace(/\.[^.]*$/, ''));
    expect(pending.state).toBe(state);
    secrets.set('PKCE verifier', pending.verifier);

    // The simulator's GitHub knows octo-bob approved the app: straight back with a code.
    const callback = new URL(location(await visit(toGithub)));
    expect(`${callback.origin}${callback.pathname}`).toBe(`${appUrl}/accounts/github/login/callback/`);
    expect(callback.searchParams.get('state')).toBe(state);
    const code = callback.searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    secrets.set('code', code);

    const landed = await visit(callback.toString(), browser);
    expect(location(landed)).toBe('/?signed_in=1');
    // Handed over in one short-lived HttpOnly cookie, sent only to the handoff call, never in the URL;
    // no token cookie a script (or another site's link) could use; the state cookie is gone.
    const cookies = landed.headers.getSetCookie();
    expect(cookies.filter((c) => /^(access|refresh)_token=/.test(c))).toEqual([]);
    const handoffCookie = cookies.find((c) => c.startsWith('fluxion_handoff=')) ?? '';
    expect(handoffCookie).toMatch(/Max-Age=60/);
    expect(handoffCookie).toMatch(/Path=\/api\/token\/handoff\//);
    expect(handoffCookie).toMatch(/HttpOnly/i);
    expect(handoffCookie).toMatch(/SameSite=Strict/i);
    secrets.set('handoff cookie', browser.values.get('fluxion_handoff') ?? '');
    expect(browser.values.has('oauth_state')).toBe(false);
    const spentHandoff = new CookieJar();
    spentHandoff.values.set('fluxion_handoff', browser.values.get('fluxion_handoff') ?? '');

    const { access, refresh } = await handedOffTokens(appUrl, browser);
    secrets.set('access token', access);
    secrets.set('refresh token', refresh);
    // One time only: the cookie is cleared, and a copy of it is refused.
    expect(browser.values.has('fluxion_handoff')).toBe(false);
    expect((await takeHandoff(appUrl, browser)).status).toBe(401);

    const me = await visit(`${appUrl}/api/me/`, undefined, {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      username: 'octo-bob',
      subscription_status: 'trial',
      is_active_user: true,
      cancel_at_period_end: false,
    });

    // The GitHub token is stored encrypted and works for GitHub calls made for the user.
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'octo-bob')
      .executeTakeFirstOrThrow();
    const githubToken = decryptSecret(user.github_token_enc ?? '', ctx.config.tokenEncryptionKey);
    expect(sim.world.tokens.get(githubToken)?.login).toBe('octo-bob');
    secrets.set('GitHub token', githubToken);
    expect(user.github_token_enc).not.toContain(githubToken);
    const owners = await visit(`${appUrl}/api/github-owner-options/`, undefined, {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(owners.status).toBe(200);
    expect((await owners.json())[0]).toMatchObject({ value: '' });

    const refreshed = await visit(`${appUrl}/api/token/refresh/`, undefined, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh }),
    });
    expect(refreshed.status).toBe(200);
    const pair = (await refreshed.json()) as { access: string; refresh: string };
    secrets.set('refreshed access token', pair.access);
    secrets.set('rotated refresh token', pair.refresh);
    // A replayed handoff cookie is a stolen one: refused, and the sign-in it started ends.
    expect((await takeHandoff(appUrl, spentHandoff)).status).toBe(401);
    const afterReplay = await visit(`${appUrl}/api/me/`, undefined, {
      headers: { authorization: `Bearer ${pair.access}` },
    });
    expect(afterReplay.status).toBe(401);

    // Replays of the same callback fail: with the browser's cookies (the state cookie is spent), and
    // with the original signed state cookie too (the code is single-use).
    const replay = await visit(callback.toString(), browser);
    expect(location(replay)).toBe('/login?error=oauth_failed');
    const copied = new CookieJar();
    copied.values.set('oauth_state', stateCookie);
    expect(location(await visit(callback.toString(), copied))).toBe('/login?error=oauth_failed');
    expect(logs.text()).toContain('OAuth sign-in failed');
    // None of the failures signed anyone in.
    const users = await ctx.db.selectFrom('users').select('username').execute();
    expect(users.map((u) => u.username)).toEqual(['octo-bob']);
  });

  it('signs a returning user in again as the same Fluxion user', async () => {
    const browser = new CookieJar();
    const toGithub = location(await visit(`${appUrl}/accounts/github/login/?login=octo-bob`, browser));
    secrets.set('state 3', new URL(toGithub).searchParams.get('state') ?? '');
    const callback = location(await visit(toGithub));
    secrets.set('code 3', new URL(callback).searchParams.get('code') ?? '');
    expect(location(await visit(callback, browser))).toBe('/?signed_in=1');
    const tokens = await handedOffTokens(appUrl, browser);
    secrets.set('access token 3', tokens.access);
    secrets.set('refresh token 3', tokens.refresh);
    const rows = await ctx.db.selectFrom('users').select(['username', 'github_token_enc']).execute();
    expect(rows).toHaveLength(1);
    const token = decryptSecret(rows[0]?.github_token_enc ?? '', ctx.config.tokenEncryptionKey);
    secrets.set('GitHub token 3', token);
  });

  it('lands on oauth_failed when the user cancels on GitHub, and signs in a user who approves', async () => {
    const browser = new CookieJar();
    const toGithub = location(await visit(`${appUrl}/accounts/github/login/?login=${carol}`, browser));
    secrets.set('state 4', new URL(toGithub).searchParams.get('state') ?? '');
    // Carol has not approved the app yet: GitHub shows its approval page.
    const page = await visit(toGithub);
    expect(page.status).toBe(200);
    const fields = Object.fromEntries(
      [...(await page.text()).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1] ?? '',
        (m[2] ?? '').replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))),
      ]),
    );
    expect(fields.state).toBe(new URL(toGithub).searchParams.get('state'));
    const decide = (authorize: '0' | '1') =>
      visit(`${sim.url}/login/oauth/authorize`, undefined, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...fields, authorize }).toString(),
      });
    const denied = new URL(location(await decide('0')));
    expect(denied.searchParams.get('error')).toBe('access_denied');
    const linesBefore = logs.lines.length;
    expect(location(await visit(denied.toString(), browser))).toBe('/login?error=oauth_failed');
    // Said as what it is, not as a forged or mismatched state.
    const cancelLog = logs.lines.slice(linesBefore).join('');
    expect(cancelLog).toContain('sign-in cancelled on GitHub');
    expect(cancelLog).not.toContain('state missing or mismatched');

    const again = new CookieJar();
    const retry = location(await visit(`${appUrl}/accounts/github/login/?login=${carol}`, again));
    fields.state = new URL(retry).searchParams.get('state') ?? '';
    fields.code_challenge = new URL(retry).searchParams.get('code_challenge') ?? '';
    secrets.set('state 5', fields.state);
    const approved = new URL(location(await decide('1')));
    secrets.set('code 5', approved.searchParams.get('code') ?? '');
    expect(location(await visit(approved.toString(), again))).toBe('/?signed_in=1');
    const { access, refresh } = await handedOffTokens(appUrl, again);
    secrets.set('access token 5', access);
    secrets.set('refresh token 5', refresh);
    const me = await visit(`${appUrl}/api/me/`, undefined, {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(await me.json()).toMatchObject({ username: carol, subscription_status: 'trial' });
  });

  it('wrote debug logs of all of this without a single token or secret', async () => {
    const text = logs.text();
    expect(logs.lines.length).toBeGreaterThan(20);
    expect(text).toContain('signed in with GitHub');
    expect(text).toContain('/accounts/github/login/callback/');
    // Secret query parameters are logged as "[redacted]" (URL-encoded in the logged URL).
    expect(text).toContain(encodeURIComponent('[redacted]'));
    expect(secrets.size).toBeGreaterThan(15);
    for (const [name, value] of secrets) {
      expect(value.length, name).toBeGreaterThanOrEqual(8);
      expect(text.includes(value), `${name} appears in the logs`).toBe(false);
      expect(text.includes(encodeURIComponent(value)), `${name} appears URL-encoded in the logs`).toBe(false);
    }
  });
});

describe('sign-in behind https', async () => {
  const database = await createSqliteTestDatabase();
  afterAll(() => database.drop());
  const publicUrl = 'https://fluxion.example';
  const { app } = await buildTestApp(database, { githubUrl: sim.url, config: { publicUrl } });

  it('marks the state and handoff cookies Secure', async () => {
    const start = await app.inject('/accounts/github/login/?login=octo-alice');
    const stateCookies = start.headers['set-cookie'];
    expect(String(stateCookies)).toMatch(/oauth_state=.*; Secure/);
    const authorize = start.headers.location ?? '';
    expect(new URL(authorize).searchParams.get('redirect_uri')).toBe(
      `${publicUrl}/accounts/github/login/callback/`,
    );
    const callback = new URL(location(await visit(authorize)));
    expect(callback.origin).toBe(publicUrl);
    const cookie = (Array.isArray(stateCookies) ? stateCookies : [String(stateCookies)])
      .map((c) => c.split(';')[0])
      .join('; ');
    const landed = await app.inject({ url: `${callback.pathname}${callback.search}`, headers: { cookie } });
    expect(landed.headers.location).toBe('/?signed_in=1');
    const handoff = [landed.headers['set-cookie'] ?? []]
      .flat()
      .filter((c) => c.startsWith('fluxion_handoff='));
    expect(handoff).toHaveLength(1);
    for (const line of handoff) expect(line).toMatch(/; Secure/);
  });
});

/** What a browser holds after signing in. */
export type Session = { access: string; refresh: string };

export type Answer<T> = { status: number; body: T };

/** A call to a replica's API as the web app makes it, with the session's access token. */
export async function api<T = unknown>(
  baseUrl: string,
  path: string,
  options: { session?: Session; method?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.session) headers.authorization = `Bearer ${options.session.access}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A call to a simulator's control API (`/_sim/...`): GET without a body, POST with one. */
export async function simControl<T = unknown>(simUrl: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${simUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A webhook delivery made by hand (a forged one): the raw body with its headers; answers the status. */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * The real sign-in through the GitHub simulator, as a browser does it (with the handoff cookie's value,
 * spent once the pair is handed off), redirects followed by hand: the
 * login starts at one replica and GitHub's callback lands at the other (a load balancer may route the two
 * requests anywhere), so the signed state cookie and PKCE verifier must be readable by every replica.
 */
export async function signInAcrossReplicas(params: {
  start: string;
  finish: string;
  login: string;
}): Promise<Session & { spentHandoff: string }> {
  const jar = new Map<string, string>();
  const toGithub = await redirect(`${params.start}/accounts/github/login/?login=${params.login}`, jar);
  const callback = new URL(await redirect(toGithub, new Map()));
  const atOtherReplica = `${params.finish}${callback.pathname}${callback.search}`;
  const landed = await redirect(atOtherReplica, jar);
  if (landed !== '/?signed_in=1') throw new Error(`sign-in failed: redirected to ${landed}`);
  // The web app's one-time handoff, at the first replica again.
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const handoff = await fetch(`${params.start}/api/token/handoff/`, { method: 'POST', headers: { cookie } });
  if (handoff.status !== 200) throw new Error(`sign-in failed: handoff answered ${handoff.status}`);
  const spentHandoff = decodeURIComponent(jar.get('fluxion_handoff') ?? '');
  return { ...((await handoff.json()) as Session), spentHandoff };
}

/** One request without following its redirect; returns the location and keeps the cookies set. */
async function redirect(url: string, jar: Map<string, string>): Promise<string> {
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    const index = pair.indexOf('=');
    const value = decodeURIComponent(pair.slice(index + 1));
    if (value) jar.set(pair.slice(0, index), pair.slice(index + 1));
    else jar.delete(pair.slice(0, index));
  }
  const location = response.headers.get('location');
  if (response.status !== 302 || !location)
    throw new Error(`${url}: expected a redirect, got ${response.status}`);
  return location;
}

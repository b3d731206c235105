import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  mintUserToken,
  REFRESH_TOKEN_SECONDS,
  refreshUserToken,
  revokeAuthorization,
  type UserTokenPair,
  USER_TOKEN_SECONDS,
} from '../app/model.ts';
import { mintToken } from '../model/tokens.ts';
import type { SimToken } from '../model/types.ts';
import type { World } from '../model/world.ts';
import { approvalPage } from './oauth-page.ts';
import { type OAuthApp, type OAuthState, parseScopes, pkceMatches, redirectAllowed } from './oauth-state.ts';

type Params = Record<string, string | undefined>;
const TROUBLESHOOT =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors';
const ERRORS = {
  incorrect_client_credentials: 'The client_id and/or client_secret passed are incorrect.',
  redirect_uri_mismatch: 'The redirect_uri MUST match the registered callback URL for this application.',
  bad_verification_code: 'The code passed is incorrect or expired.',
  bad_refresh_token: 'The refresh token passed is incorrect or expired.',
} as const;

type TokenBody = Record<string, string | number>;

/** A GitHub App's answer: the user access token, and with expiring tokens its lifetimes and refresh token. */
function userTokenAnswer(pair: UserTokenPair): TokenBody {
  if (!pair.refresh) return { access_token: pair.access.token, token_type: 'bearer', scope: '' };
  return {
    access_token: pair.access.token,
    expires_in: USER_TOKEN_SECONDS,
    refresh_token: pair.refresh.token,
    refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
    token_type: 'bearer',
    scope: '',
  };
}

function redirectWith(reply: FastifyReply, target: string, params: Params): FastifyReply {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return reply.redirect(url.toString(), 302);
}

/** Answers in JSON when asked (Accept: application/json), else form-encoded, as GitHub does. */
function tokenAnswer(request: FastifyRequest, reply: FastifyReply, body: TokenBody): FastifyReply {
  if ((request.headers.accept ?? '').includes('application/json')) return reply.send(body);
  const form = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
  return reply
    .type('application/x-www-form-urlencoded; charset=utf-8')
    .send(new URLSearchParams(form).toString());
}

function authorize(
  world: World,
  oauth: OAuthState,
  p: Params,
  reply: FastifyReply,
  decided?: boolean,
): FastifyReply {
  const app = oauth.find(p.client_id);
  if (!app)
    return reply.code(404).type('text/html').send('<h1>404 — Not Found</h1><p>Unknown client_id.</p>');
  const redirectUri = p.redirect_uri || app.callbackUrl;
  if (!redirectUri)
    return reply.code(400).type('text/html').send('<p>The application has no callback URL.</p>');
  if (!redirectAllowed(app.callbackUrl, redirectUri)) {
    return redirectWith(reply, app.callbackUrl ?? redirectUri, {
      error: 'redirect_uri_mismatch',
      error_description: ERRORS.redirect_uri_mismatch,
      error_uri:
        'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/#redirect-uri-mismatch',
      state: p.state,
    });
  }
  if (p.code_challenge && p.code_challenge_method !== 'S256')
    return reply
      .code(400)
      .send({ error: 'invalid_request', error_description: 'code_challenge_method must be S256' });
  const user = world.users.get(p.login ?? '') ?? [...world.users.values()][0];
  if (!user) return reply.code(500).send('no users in the simulator');
  // A GitHub App has permissions, not scopes: GitHub ignores `scope` for it.
  const scopes = app.githubApp ? [] : parseScopes(p.scope);
  const granted = user.approvals.get(app.clientId);
  const approved = granted && (granted.has('*') || scopes.every((s) => granted.has(s)));
  if (decided === false)
    return redirectWith(reply, redirectUri, {
      error: 'access_denied',
      error_description: 'The user has denied your application access.',
      state: p.state,
    });
  if (!approved && decided !== true) {
    const fields = { ...p, login: user.login, redirect_uri: redirectUri } as Record<string, string>;
    delete fields.authorize;
    // A GitHub App asks for its permissions, not scopes.
    const asked = app.githubApp
      ? Object.entries(world.app?.permissions ?? {}).map(([name, level]) => `${name}: ${level}`)
      : scopes;
    return reply.type('text/html').send(approvalPage(app, user.login, asked, fields));
  }
  if (!approved) user.approvals.set(app.clientId, new Set([...(granted ?? []), ...scopes]));
  const code = oauth.issue({
    clientId: app.clientId,
    login: user.login,
    redirectUri,
    scopes,
    codeChallenge: p.code_challenge ?? null,
  });
  return redirectWith(reply, redirectUri, { code: code.code, state: p.state });
}

function exchange(world: World, oauth: OAuthState, p: Params): TokenBody {
  const fail = (error: keyof typeof ERRORS) => ({
    error,
    error_description: ERRORS[error],
    error_uri: `${TROUBLESHOOT}/#${error.replaceAll('_', '-')}`,
  });
  const app = oauth.find(p.client_id);
  if (!app || app.clientSecret !== p.client_secret) return fail('incorrect_client_credentials');
  if (p.grant_type === 'refresh_token') {
    // Single use: the old refresh token and its access token stop working (refreshUserToken).
    const pair = app.githubApp ? refreshUserToken(world, p.refresh_token ?? '') : undefined;
    return pair ? userTokenAnswer(pair) : fail('bad_refresh_token');
  }
  const code = oauth.redeem(p.code ?? '');
  if (!code || code.clientId !== app.clientId) return fail('bad_verification_code');
  if (p.redirect_uri && p.redirect_uri !== code.redirectUri) return fail('redirect_uri_mismatch');
  if (code.codeChallenge && !pkceMatches(code.codeChallenge, p.code_verifier))
    return fail('bad_verification_code');
  if (app.githubApp) return userTokenAnswer(mintUserToken(world, code.login));
  const token = mintToken(world, code.login, code.scopes);
  return { access_token: token.token, token_type: 'bearer', scope: code.scopes.join(',') };
}

const APPLICATION_DOCS = 'https://docs.github.com/rest/apps/oauth-applications';

/** Basic auth with the client id of the path and its secret, as `/applications/{client_id}/…` wants. */
function basicClient(request: FastifyRequest, oauth: OAuthState, clientId: string) {
  const match = /^basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  const [id, secret] = Buffer.from(match?.[1] ?? '', 'base64')
    .toString('utf8')
    .split(':');
  const found = oauth.find(clientId);
  return found && id === clientId && secret === found.clientSecret ? found : undefined;
}

/** Whether a user token was issued to this app (classic tokens do not record their app: any OAuth app's). */
function issuedTo(world: World, app: OAuthApp, token: string): SimToken | undefined {
  const found = world.tokens.get(token);
  if (!found) return undefined;
  if (app.githubApp) return found.kind === 'app-user' && found.appId === world.app?.id ? found : undefined;
  return found.kind === 'app-user' ? undefined : found;
}

/** GitHub's OAuth web flow: authorize (with approval page) and the code-for-token exchange. */
export function registerOAuthRoutes(app: FastifyInstance, world: World, oauth: OAuthState): void {
  // "Delete an app token" and "Delete an app authorization" (sign-out, uninstall from the app's side).
  app.delete<{ Params: { clientId: string; what: string }; Body: { access_token?: string } | undefined }>(
    '/applications/:clientId/:what',
    async (request, reply) => {
      const { clientId, what } = request.params;
      if (what !== 'token' && what !== 'grant')
        return reply
          .code(404)
          .send({ message: 'Not Found', documentation_url: APPLICATION_DOCS, status: '404' });
      const client = basicClient(request, oauth, clientId);
      if (!client)
        return reply
          .code(401)
          .send({ message: 'Bad credentials', documentation_url: APPLICATION_DOCS, status: '401' });
      const token = issuedTo(world, client, request.body?.access_token ?? '');
      if (!token)
        return reply
          .code(404)
          .send({ message: 'Not Found', documentation_url: APPLICATION_DOCS, status: '404' });
      if (what === 'grant' && client.githubApp) revokeAuthorization(world, token.login);
      else if (what === 'grant') {
        for (const [value, entry] of world.tokens)
          if (entry.login === token.login && entry.kind !== 'app-user') world.tokens.delete(value);
        world.users.get(token.login)?.approvals.delete(client.clientId);
      } else {
        world.tokens.delete(token.token);
        for (const [value, entry] of world.refreshTokens)
          if (entry.accessToken === token.token) world.refreshTokens.delete(value);
      }
      return reply.code(204).send();
    },
  );
  app.get<{ Querystring: Params }>('/login/oauth/authorize', async (request, reply) =>
    authorize(world, oauth, request.query, reply),
  );
  app.post<{ Body: Params }>('/login/oauth/authorize', async (request, reply) =>
    authorize(world, oauth, request.body ?? {}, reply, request.body?.authorize === '1'),
  );
  app.post<{ Body: Params | undefined; Querystring: Params }>(
    '/login/oauth/access_token',
    async (request, reply) =>
      tokenAnswer(request, reply, exchange(world, oauth, { ...request.query, ...(request.body ?? {}) })),
  );
}

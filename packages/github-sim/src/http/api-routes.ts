import type { FastifyInstance } from 'fastify';
import { runGraphql, type GraphqlBody } from '../graphql/execute.ts';
import { rateHeaders } from '../model/rate-limits.ts';
import type { SimUser } from '../model/types.ts';
import type { World } from '../model/world.ts';
import { budgetOf, canReadOwnMembership, type Principal } from '../model/access.ts';

/** A classic token reads its organization memberships only with one of these scopes, as on GitHub. */
const MEMBERSHIP_SCOPES = ['admin:org', 'read:org', 'user', 'write:org'];
const MEMBERSHIP_SCOPE_MISSING =
  'You need at least read:org scope or user scope to list your organization memberships.';
const hasMembershipScope = (principal: Principal) =>
  principal.kind !== 'classic' || principal.token.scopes.some((s) => MEMBERSHIP_SCOPES.includes(s));
import { authenticate, NOT_ACCESSIBLE, scopeHeaders, sendError } from './auth.ts';
import { avatarUrl } from './avatars.ts';
import { organizationJson } from '../webhooks/payload.ts';

const API = 'https://api.github.com';

function userJson(user: SimUser, avatar: string): Record<string, unknown> {
  const url = `${API}/users/${user.login}`;
  const created = new Date(user.createdAt).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    login: user.login,
    id: user.databaseId,
    node_id: user.nodeId,
    avatar_url: avatar,
    gravatar_id: '',
    url,
    html_url: `https://github.com/${user.login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: 'User',
    user_view_type: 'private',
    site_admin: false,
    name: user.name,
    company: null,
    blog: '',
    location: null,
    email: user.email,
    hireable: null,
    bio: null,
    twitter_username: null,
    public_repos: 0,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: created,
    updated_at: created,
  };
}

/** The REST calls Fluxion makes, and `POST /graphql`. */
export function registerApiRoutes(app: FastifyInstance, world: World): void {
  app.get('/user', async (request, reply) => {
    const docs = 'https://docs.github.com/rest/users/users#get-the-authenticated-user';
    const auth = authenticate(world, request, reply, docs);
    if (!auth) return reply;
    const headers = {
      ...rateHeaders(budgetOf(world, auth.principal, '#core'), 'core'),
      ...scopeHeaders(auth.principal, ''),
    };
    // An installation acts as no user: GitHub refuses it the authenticated user.
    if (auth.principal.kind === 'installation')
      return sendError(reply.headers(headers), 403, NOT_ACCESSIBLE, docs);
    return reply.headers(headers).send(userJson(auth.user, avatarUrl(request, auth.user.databaseId)));
  });
  app.get<{ Querystring: { per_page?: string; page?: string } }>('/user/orgs', async (request, reply) => {
    const docs = 'https://docs.github.com/rest/orgs/orgs#list-organizations-for-the-authenticated-user';
    const auth = authenticate(world, request, reply, docs);
    if (!auth) return reply;
    if (auth.principal.kind === 'installation') return sendError(reply, 403, NOT_ACCESSIBLE, docs);
    const perPage = Math.min(Number(request.query.per_page ?? 30) || 30, 100);
    const page = Math.max(Number(request.query.page ?? 1) || 1, 1);
    const orgs = world.orgsOf(auth.user.login).slice((page - 1) * perPage, page * perPage);
    const headers = {
      ...rateHeaders(budgetOf(world, auth.principal, '#core'), 'core'),
      ...scopeHeaders(auth.principal, 'admin:org, read:org, repo, user, write:org'),
    };
    return reply
      .headers(headers)
      .send(orgs.map((org) => organizationJson(org, avatarUrl(request, org.databaseId))));
  });
  // The user's e-mail addresses: a classic token needs user:email (or user); a GitHub App's user token
  // the App's user permission "Email addresses" (`emails`); an installation acts as no user.
  app.get('/user/emails', async (request, reply) => {
    const docs = 'https://docs.github.com/rest/users/emails#list-email-addresses-for-the-authenticated-user';
    const auth = authenticate(world, request, reply, docs);
    if (!auth) return reply;
    const { principal } = auth;
    const headers = scopeHeaders(principal, 'user, user:email');
    if (
      principal.kind === 'installation' ||
      (principal.kind === 'app-user' && !principal.app.permissions.emails)
    )
      return sendError(reply.headers(headers), 403, NOT_ACCESSIBLE, docs);
    if (
      principal.kind === 'classic' &&
      !principal.token.scopes.some((s) => s === 'user' || s === 'user:email')
    )
      return sendError(reply.headers(headers), 404, 'Not Found', docs);
    const user = auth.user;
    const listed = [
      { email: user.email, primary: true, verified: true, visibility: 'private' },
      ...(user.otherEmails ?? []).map((e) => ({ ...e, primary: false, visibility: null })),
    ];
    return reply.headers(headers).send(listed);
  });
  app.get<{ Params: { org: string } }>('/user/memberships/orgs/:org', async (request, reply) => {
    const docs =
      'https://docs.github.com/rest/orgs/members#get-an-organization-membership-for-the-authenticated-user';
    const auth = authenticate(world, request, reply, docs);
    if (!auth) return reply;
    const org = world
      .orgsOf(auth.user.login)
      .find((o) => o.login.toLowerCase() === request.params.org.toLowerCase());
    const scopes = scopeHeaders(auth.principal, MEMBERSHIP_SCOPES.join(', '));
    if (!hasMembershipScope(auth.principal))
      return sendError(reply.headers(scopes), 403, MEMBERSHIP_SCOPE_MISSING, docs);
    if (!canReadOwnMembership(world, auth.principal, org?.login ?? request.params.org))
      return sendError(reply, 403, NOT_ACCESSIBLE, docs);
    if (!org) return sendError(reply, 404, 'Not Found', docs);
    const headers = {
      ...rateHeaders(budgetOf(world, auth.principal, '#core'), 'core'),
      ...scopes,
    };
    const avatar = avatarUrl(request, org.databaseId);
    return reply.headers(headers).send({
      url: `${API}/orgs/${org.login}/memberships/${auth.user.login}`,
      state: 'active',
      // GitHub calls an organization's owners `admin` here.
      role: org.owners?.has(auth.user.login) ? 'admin' : 'member',
      organization_url: `${API}/orgs/${org.login}`,
      organization: organizationJson(org, avatar),
      user: userJson(auth.user, avatarUrl(request, auth.user.databaseId)),
    });
  });
  app.post<{ Body: GraphqlBody }>('/graphql', async (request, reply) => {
    const auth = authenticate(world, request, reply, 'https://docs.github.com/graphql');
    if (!auth) return reply;
    const answer = await runGraphql(world, auth.principal, request.body ?? {});
    const scopes =
      auth.principal.kind === 'classic' ? { 'x-oauth-scopes': auth.principal.token.scopes.join(', ') } : {};
    return reply
      .code(answer.status)
      .headers({ ...answer.headers, ...scopes })
      .send(answer.body);
  });
}

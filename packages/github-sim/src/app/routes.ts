import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, sendError } from '../http/auth.ts';
import { budgetOf } from '../model/access.ts';
import { rateHeaders } from '../model/rate-limits.ts';
import type { AppPermissions, SimApp, SimInstallation } from '../model/types.ts';
import type { World } from '../model/world.ts';
import { installationJson } from '../webhooks/app-payload.ts';
import { accountJson, iso } from '../webhooks/payload.ts';
import { verifyAppJwt } from './jwt.ts';
import {
  fullNameIn,
  installationCovers,
  installationOn,
  installationRepositories,
  mintInstallationToken,
  repositoryId,
  repositoryJson,
  uninstall,
} from './model.ts';

const DOCS = {
  app: 'https://docs.github.com/rest/apps/apps#get-the-authenticated-app',
  installations: 'https://docs.github.com/rest/apps/apps#list-installations-for-the-authenticated-app',
  installation: 'https://docs.github.com/rest/apps/apps#get-an-installation-for-the-authenticated-app',
  accessTokens: 'https://docs.github.com/rest/apps/apps#create-an-installation-access-token-for-an-app',
  orgInstallation:
    'https://docs.github.com/rest/apps/apps#get-an-organization-installation-for-the-authenticated-app',
  userInstallations:
    'https://docs.github.com/rest/apps/installations#list-app-installations-accessible-to-the-user-access-token',
  userRepositories:
    'https://docs.github.com/rest/apps/installations#list-repositories-accessible-to-the-user-access-token',
  installationRepositories:
    'https://docs.github.com/rest/apps/installations#list-repositories-accessible-to-the-app-installation',
  revoke: 'https://docs.github.com/rest/apps/installations#revoke-an-installation-access-token',
} as const;

const LEVELS = { read: 1, write: 2 } as const;

/** Authenticates as the App (a JWT in `Authorization: Bearer`); 401 with GitHub's message otherwise. */
function authenticateApp(
  world: World,
  request: FastifyRequest,
  reply: FastifyReply,
  docs: string,
): SimApp | null {
  const header = request.headers.authorization ?? '';
  const match = /^bearer\s+(\S+)$/i.exec(header.trim());
  if (!match?.[1]) {
    sendError(reply, 401, header ? 'A JSON web token could not be decoded' : 'Requires authentication', docs);
    return null;
  }
  const result = verifyAppJwt(world, match[1]);
  if ('error' in result) {
    sendError(reply, 401, result.error, docs);
    return null;
  }
  return result.app;
}

function paging(query: { per_page?: string; page?: string }): { from: number; to: number } {
  const perPage = Math.min(Number(query.per_page ?? 30) || 30, 100);
  const page = Math.max(Number(query.page ?? 1) || 1, 1);
  return { from: (page - 1) * perPage, to: page * perPage };
}

function appJson(world: World, app: SimApp): Record<string, unknown> {
  return {
    id: app.id,
    slug: app.slug,
    node_id: app.nodeId,
    client_id: app.clientId,
    owner: accountJson(world.account(app.owner)),
    name: app.name,
    description: 'Flow analytics for GitHub Projects boards',
    external_url: 'https://fluxion.example',
    html_url: `https://github.com/apps/${app.slug}`,
    created_at: iso(app.createdAt),
    updated_at: iso(app.createdAt),
    permissions: { ...app.permissions },
    events: [...app.events],
    installations_count: world.installations.size,
  };
}

type TokenBody = { repositories?: unknown; repository_ids?: unknown; permissions?: unknown } | undefined;

/** The narrowing a token request asks for, or GitHub's 422 message. */
function narrowing(
  world: World,
  installation: SimInstallation,
  body: TokenBody,
): { repositories: string[] | null; permissions: AppPermissions } | { error: string } {
  const covered = installationRepositories(world, installation);
  let repositories: string[] | null = null;
  const names = Array.isArray(body?.repositories) ? body.repositories.map(String) : null;
  const ids = Array.isArray(body?.repository_ids) ? body.repository_ids.map(Number) : null;
  if (names || ids) {
    const byName = (names ?? []).map((n) => fullNameIn(installation.account, n));
    const byId = (ids ?? []).map((id) => covered.find((r) => repositoryId(r) === id) ?? `#${id}`);
    repositories = [...new Set([...byName, ...byId])];
    if (repositories.some((r) => !covered.includes(r) || !installationCovers(installation, r)))
      return {
        error:
          'There is at least one repository that does not exist or is not accessible to the parent installation.',
      };
  }
  let permissions = { ...installation.permissions };
  if (body?.permissions && typeof body.permissions === 'object') {
    const asked = body.permissions as Record<string, string>;
    for (const [name, level] of Object.entries(asked)) {
      const granted = installation.permissions[name];
      if (!granted || !(level in LEVELS) || LEVELS[level as 'read'] > LEVELS[granted])
        return { error: 'The permissions requested are not granted to this installation.' };
    }
    permissions = asked as AppPermissions;
  }
  return { repositories, permissions };
}

/** REST endpoints of GitHub Apps: as the App (JWT), as an installation, as a user of the App. */
export function registerAppRoutes(app: FastifyInstance, world: World): void {
  app.get('/app', async (request, reply) => {
    const found = authenticateApp(world, request, reply, DOCS.app);
    return found ? appJson(world, found) : reply;
  });

  app.get<{ Querystring: { per_page?: string; page?: string } }>(
    '/app/installations',
    async (request, reply) => {
      if (!authenticateApp(world, request, reply, DOCS.installations)) return reply;
      const { from, to } = paging(request.query);
      return [...world.installations.values()]
        .sort((a, b) => a.id - b.id)
        .slice(from, to)
        .map((i) => installationJson(world, i));
    },
  );

  app.get<{ Params: { id: string } }>('/app/installations/:id', async (request, reply) => {
    if (!authenticateApp(world, request, reply, DOCS.installation)) return reply;
    const installation = world.installations.get(Number(request.params.id));
    if (!installation) return sendError(reply, 404, 'Not Found', DOCS.installation);
    return installationJson(world, installation);
  });

  app.delete<{ Params: { id: string } }>('/app/installations/:id', async (request, reply) => {
    const found = authenticateApp(world, request, reply, DOCS.installation);
    if (!found) return reply;
    if (!world.installations.has(Number(request.params.id)))
      return sendError(reply, 404, 'Not Found', DOCS.installation);
    uninstall(world, Number(request.params.id), found.owner);
    return reply.code(204).send();
  });

  app.post<{ Params: { id: string }; Body: TokenBody }>(
    '/app/installations/:id/access_tokens',
    async (request, reply) => {
      if (!authenticateApp(world, request, reply, DOCS.accessTokens)) return reply;
      const installation = world.installations.get(Number(request.params.id));
      if (!installation) return sendError(reply, 404, 'Not Found', DOCS.accessTokens);
      if (installation.suspendedAt !== null)
        return sendError(reply, 403, 'This installation has been suspended', DOCS.accessTokens);
      const narrowed = narrowing(world, installation, request.body);
      if ('error' in narrowed) return sendError(reply, 422, narrowed.error, DOCS.accessTokens);
      const token = mintInstallationToken(world, installation, narrowed);
      const listed =
        narrowed.repositories ??
        (installation.repositorySelection === 'selected'
          ? installationRepositories(world, installation)
          : null);
      return reply.code(201).send({
        token: token.token,
        expires_at: iso(token.expiresAt),
        permissions: token.permissions,
        repository_selection: installation.repositorySelection,
        ...(listed ? { repositories: listed.map((r) => repositoryJson(world, r)) } : {}),
      });
    },
  );

  app.get<{ Params: { org: string } }>('/orgs/:org/installation', async (request, reply) => {
    if (!authenticateApp(world, request, reply, DOCS.orgInstallation)) return reply;
    const installation = installationOn(world, request.params.org);
    if (!installation) return sendError(reply, 404, 'Not Found', DOCS.orgInstallation);
    return installationJson(world, installation);
  });

  // A repository's installation: its owner's, when it covers the repository.
  app.get<{ Params: { owner: string; repo: string } }>(
    '/repos/:owner/:repo/installation',
    async (request, reply) => {
      if (!authenticateApp(world, request, reply, DOCS.installation)) return reply;
      const { owner, repo } = request.params;
      const installation = installationOn(world, owner);
      if (!installation || !installationCovers(installation, `${owner}/${repo}`))
        return sendError(reply, 404, 'Not Found', DOCS.installation);
      return installationJson(world, installation);
    },
  );

  // GitHub Apps are installed on organizations here (user-owned boards are out of their reach).
  app.get('/users/:username/installation', async (request, reply) => {
    if (!authenticateApp(world, request, reply, DOCS.installation)) return reply;
    return sendError(reply, 404, 'Not Found', DOCS.installation);
  });

  app.get<{ Querystring: { per_page?: string; page?: string } }>(
    '/user/installations',
    async (request, reply) => {
      const auth = authenticate(world, request, reply, DOCS.userInstallations);
      if (!auth) return reply;
      reply.headers(rateHeaders(budgetOf(world, auth.principal, '#core'), 'core'));
      if (auth.principal.kind !== 'app-user')
        return sendError(
          reply,
          403,
          'You must authenticate with an access token authorized to a GitHub App in order to list installations',
          DOCS.userInstallations,
        );
      const login = auth.user.login;
      const visible = [...world.installations.values()]
        .filter((i) => world.orgs.get(i.account)?.members.has(login))
        .sort((a, b) => a.id - b.id);
      const { from, to } = paging(request.query);
      return {
        total_count: visible.length,
        installations: visible.slice(from, to).map((i) => installationJson(world, i)),
      };
    },
  );

  app.get<{ Params: { id: string }; Querystring: { per_page?: string; page?: string } }>(
    '/user/installations/:id/repositories',
    async (request, reply) => {
      const auth = authenticate(world, request, reply, DOCS.userRepositories);
      if (!auth) return reply;
      reply.headers(rateHeaders(budgetOf(world, auth.principal, '#core'), 'core'));
      const installation = world.installations.get(Number(request.params.id));
      const login = auth.user.login;
      if (
        auth.principal.kind !== 'app-user' ||
        !installation ||
        !world.orgs.get(installation.account)?.members.has(login)
      )
        return sendError(reply, 404, 'Not Found', DOCS.userRepositories);
      const readable = installationRepositories(world, installation).filter((repo) =>
        [...world.contents.values()].some((c) => c.repo === repo && (!c.visibleTo || c.visibleTo.has(login))),
      );
      const { from, to } = paging(request.query);
      return {
        total_count: readable.length,
        repository_selection: installation.repositorySelection,
        repositories: readable.slice(from, to).map((r) => repositoryJson(world, r)),
      };
    },
  );

  app.get<{ Querystring: { per_page?: string; page?: string } }>(
    '/installation/repositories',
    async (request, reply) => {
      const auth = authenticate(world, request, reply, DOCS.installationRepositories);
      if (!auth) return reply;
      reply.headers(rateHeaders(budgetOf(world, auth.principal, '#core'), 'core'));
      if (auth.principal.kind !== 'installation')
        return sendError(
          reply,
          403,
          'This endpoint requires an installation access token',
          DOCS.installationRepositories,
        );
      const { installation, token } = auth.principal;
      const repositories = token.repositories ?? installationRepositories(world, installation);
      const { from, to } = paging(request.query);
      return {
        total_count: repositories.length,
        repository_selection: installation.repositorySelection,
        repositories: repositories.slice(from, to).map((r) => repositoryJson(world, r)),
      };
    },
  );

  app.delete('/installation/token', async (request, reply) => {
    const auth = authenticate(world, request, reply, DOCS.revoke);
    if (!auth) return reply;
    if (auth.principal.kind !== 'installation') return sendError(reply, 403, 'Forbidden', DOCS.revoke);
    world.installationTokens.delete(auth.principal.token.token);
    return reply.code(204).send();
  });
}

import { GITHUB_SECONDARY_LIMITS, type SecondaryLimits } from '../model/secondary-limits.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppPermissions } from '../model/types.ts';
import { emptyStats, type World } from '../model/world.ts';
import { installationJson } from '../webhooks/app-payload.ts';
import {
  acceptPermissions,
  appKeys,
  type AppInput,
  ensureApp,
  install,
  installationRepositories,
  mintInstallationToken,
  mintUserToken,
  mustApp,
  mustInstallation,
  REFRESH_TOKEN_SECONDS,
  revokeAuthorization,
  setRepositories,
  setSuspended,
  uninstall,
  USER_TOKEN_SECONDS,
} from './model.ts';

type Selection = { repositorySelection?: 'all' | 'selected'; repositories?: string[]; sender?: string };

function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The App's registration, its private key included, for local mode and tests. */
export function appState(world: World, base: string): Record<string, unknown> {
  const app = mustApp(world);
  const keys = appKeys(world);
  return {
    id: app.id,
    slug: app.slug,
    name: app.name,
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    privateKey: keys.privateKey,
    publicKey: keys.publicKey,
    permissions: app.permissions,
    events: app.events,
    webhookUrl: app.webhookUrl,
    webhookSecret: app.webhookSecret,
    setupUrl: app.setupUrl,
    callbackUrl: app.callbackUrl,
    userTokensExpire: app.userTokensExpire,
    installUrl: `${base}/apps/${app.slug}/installations/new`,
    installRequests: world.installRequests.map((r) => ({ ...r, at: new Date(r.at).toISOString() })),
  };
}

function installationAnswer(world: World, id: number): Record<string, unknown> {
  const installation = mustInstallation(world, id);
  return {
    ...installationJson(world, installation),
    repositories: installationRepositories(world, installation),
  };
}

/** Control API of the GitHub App: its registration, installations, tokens, stats and world options. */
function secondaryLimitsValid(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).every(
    ([key, limit]) => key in GITHUB_SECONDARY_LIMITS && Number.isInteger(limit) && (limit as number) > 0,
  );
}

export function registerAppControl(app: FastifyInstance, world: World): void {
  app.get('/_sim/app', async (req) => appState(world, origin(req)));
  app.post<{ Body: AppInput }>('/_sim/app', async (req) => {
    const { id: _id, ...patch } = req.body ?? {};
    ensureApp(world, patch);
    return appState(world, origin(req));
  });

  app.get('/_sim/installations', async () =>
    [...world.installations.keys()].sort((a, b) => a - b).map((id) => installationAnswer(world, id)),
  );
  app.post<{ Body: Selection & { org: string } }>('/_sim/installations', async (req, reply) => {
    const installation = install(world, req.body);
    return reply.code(201).send(installationAnswer(world, installation.id));
  });
  app.delete<{ Params: { id: string }; Body: { sender?: string } | undefined }>(
    '/_sim/installations/:id',
    async (req, reply) => {
      uninstall(world, Number(req.params.id), req.body?.sender);
      return reply.code(204).send();
    },
  );
  for (const [path, suspended] of [
    ['suspend', true],
    ['unsuspend', false],
  ] as const) {
    app.post<{ Params: { id: string }; Body: { sender?: string } | undefined }>(
      `/_sim/installations/:id/${path}`,
      async (req) => {
        setSuspended(world, Number(req.params.id), suspended, req.body?.sender);
        return installationAnswer(world, Number(req.params.id));
      },
    );
  }
  app.put<{ Params: { id: string }; Body: Selection }>(
    '/_sim/installations/:id/repositories',
    async (req) => {
      setRepositories(world, Number(req.params.id), req.body ?? {});
      return installationAnswer(world, Number(req.params.id));
    },
  );
  app.post<{ Params: { id: string }; Body: { sender?: string } | undefined }>(
    '/_sim/installations/:id/accept-permissions',
    async (req) => {
      acceptPermissions(world, Number(req.params.id), req.body?.sender);
      return installationAnswer(world, Number(req.params.id));
    },
  );
  app.post<{
    Params: { id: string };
    Body: { repositories?: string[]; permissions?: AppPermissions } | undefined;
  }>('/_sim/installations/:id/tokens', async (req, reply) => {
    const installation = mustInstallation(world, Number(req.params.id));
    const token = mintInstallationToken(world, installation, {
      repositories: req.body?.repositories?.map((r) =>
        r.includes('/') ? r : `${installation.account}/${r}`,
      ),
      permissions: req.body?.permissions,
    });
    return reply.code(201).send({ token: token.token, expires_at: new Date(token.expiresAt).toISOString() });
  });

  app.post<{ Body: { login: string } }>('/_sim/app/user-tokens', async (req, reply) => {
    const pair = mintUserToken(world, req.body.login);
    return reply.code(201).send({
      access_token: pair.access.token,
      expires_in: pair.refresh ? USER_TOKEN_SECONDS : undefined,
      refresh_token: pair.refresh?.token,
      refresh_token_expires_in: pair.refresh ? REFRESH_TOKEN_SECONDS : undefined,
      token_type: 'bearer',
      scope: '',
    });
  });
  // The user revokes the App's authorization in their settings: GitHub tells the App (github_app_authorization).
  app.delete<{ Params: { login: string } }>('/_sim/app/authorizations/:login', async (req) => {
    const login = req.params.login;
    const authorized = world.users.get(login)?.approvals.has(mustApp(world).clientId) ?? false;
    const revoked = revokeAuthorization(world, login);
    if (authorized || revoked > 0)
      world.emitApp({ event: 'github_app_authorization', action: 'revoked', sender: login });
    return { revoked };
  });

  app.post<{ Params: { org: string }; Body: { login: string } }>(
    '/_sim/orgs/:org/owners',
    async (req, reply) => {
      const org = world.orgs.get(req.params.org);
      if (!org) return reply.code(404).send({ message: 'no such org' });
      org.owners = org.owners ?? new Set();
      org.owners.add(req.body.login);
      org.members.add(req.body.login);
      return { login: org.login, owners: [...org.owners], members: [...org.members] };
    },
  );

  app.get('/_sim/stats', async () => world.stats);
  app.delete('/_sim/stats', async (_req, reply) => {
    world.stats = emptyStats();
    return reply.code(204).send();
  });

  app.get('/_sim/options', async () => world.options);
  app.post<{ Body: { classicScopesEnforced?: unknown; secondaryLimits?: unknown } }>(
    '/_sim/options',
    async (req, reply) => {
      const value = req.body?.classicScopesEnforced;
      if (value !== undefined && typeof value !== 'boolean')
        return reply.code(400).send({ message: 'classicScopesEnforced must be true or false' });
      const limits = req.body?.secondaryLimits;
      if (limits !== undefined && limits !== null && !secondaryLimitsValid(limits))
        return reply.code(400).send({
          message: `secondaryLimits must be null (GitHub's) or positive integers: ${Object.keys(GITHUB_SECONDARY_LIMITS).join(', ')}`,
        });
      if (typeof value === 'boolean') world.options.classicScopesEnforced = value;
      if (limits === null) delete world.options.secondaryLimits;
      else if (limits !== undefined)
        world.options.secondaryLimits = {
          ...GITHUB_SECONDARY_LIMITS,
          ...(limits as Partial<SecondaryLimits>),
        };
      return world.options;
    },
  );
}

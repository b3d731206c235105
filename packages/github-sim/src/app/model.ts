import { createHash, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { nodeId } from '../model/ids.ts';
import type {
  AppPermissions,
  SimApp,
  SimInstallation,
  SimInstallationToken,
  SimRefreshToken,
  SimToken,
  SimUser,
} from '../model/types.ts';
import type { World } from '../model/world.ts';

export const APP_DEFAULTS = {
  id: 1_187_301,
  slug: 'fluxion-analytics-local',
  name: 'Fluxion Analytics (local)',
  clientId: 'Iv23liFluxionLocal01',
  clientSecret: 'fluxion-app-local-secret',
  webhookSecret: 'fluxion-app-webhook-secret',
} as const;

/**
 * What Fluxion asks for: read its boards and the metadata of their issues and pull requests, no code; and the
 * organization's members, to tell its owners (who may buy its team plan) from its other members.
 */
export const APP_PERMISSIONS: AppPermissions = {
  organization_projects: 'read',
  members: 'read',
  issues: 'read',
  pull_requests: 'read',
  metadata: 'read',
};
/**
 * The events the App subscribes to, as GitHub lists them (`GET /app`, `installation.events`):
 * `installation` and `installation_repositories` reach every App unasked and are never listed.
 */
export const APP_EVENTS = ['projects_v2_item', 'sub_issues', 'issue_dependencies'];

export const INSTALLATION_TOKEN_MS = 3_600_000;
export const USER_TOKEN_SECONDS = 28_800;
export const REFRESH_TOKEN_SECONDS = 15_897_600;

export type AppInput = Partial<
  Pick<
    SimApp,
    | 'id'
    | 'slug'
    | 'name'
    | 'clientId'
    | 'clientSecret'
    | 'privateKey'
    | 'webhookUrl'
    | 'webhookSecret'
    | 'setupUrl'
    | 'callbackUrl'
    | 'permissions'
    | 'events'
    | 'userTokensExpire'
  >
>;

/** Creates the world's App (once); a world restored from an older state file gets it here too. */
export function ensureApp(world: World, input: AppInput = {}): SimApp {
  if (!world.app) {
    const id = input.id ?? APP_DEFAULTS.id;
    world.app = {
      id,
      slug: APP_DEFAULTS.slug,
      name: APP_DEFAULTS.name,
      nodeId: `A_kwHO${Buffer.from(String(id)).toString('base64url')}`,
      owner: [...world.orgs.keys()][0] ?? 'fluxion-labs',
      clientId: APP_DEFAULTS.clientId,
      clientSecret: APP_DEFAULTS.clientSecret,
      privateKey: '',
      publicKey: '',
      permissions: { ...APP_PERMISSIONS },
      events: [...APP_EVENTS],
      webhookUrl: null,
      webhookSecret: APP_DEFAULTS.webhookSecret,
      setupUrl: null,
      callbackUrl: null,
      userTokensExpire: true,
      createdAt: world.now(),
    };
  }
  const app = world.app;
  const { privateKey, ...rest } = input;
  Object.assign(app, Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)));
  if (privateKey) {
    app.privateKey = privateKey;
    app.publicKey = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  }
  return app;
}

export function mustApp(world: World): SimApp {
  return world.app ?? ensureApp(world);
}

/** The App's key pair, made on first use (RSA 2048, PKCS#1 as GitHub's downloaded .pem). */
export function appKeys(world: World): { privateKey: string; publicKey: string } {
  const app = mustApp(world);
  if (!app.privateKey) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    app.privateKey = pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    app.publicKey = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }
  return { privateKey: app.privateKey, publicKey: app.publicKey };
}

/** The App's bot account (`<slug>[bot]`), the `viewer` of its installation tokens. */
export function botUser(app: SimApp): SimUser {
  return {
    kind: 'User',
    login: `${app.slug}[bot]`,
    databaseId: app.id + 100_000_000,
    nodeId: `BOT_kgDO${Buffer.from(String(app.id)).toString('base64url')}`,
    name: app.name,
    email: '',
    createdAt: app.createdAt,
    approvals: new Map(),
  };
}

export function isOwner(world: World, org: string, login: string): boolean {
  return world.orgs.get(org)?.owners?.has(login) ?? false;
}

// ─── repositories: the simulator has no repository objects; a repository is the issues that name it ───

export function repositoryExists(world: World, fullName: string): boolean {
  for (const c of world.contents.values()) if (c.repo === fullName) return true;
  return false;
}

/** Private when its issues are visible to some people only (content.visibleTo). */
export function repositoryIsPrivate(world: World, fullName: string): boolean {
  for (const c of world.contents.values()) if (c.repo === fullName && c.visibleTo) return true;
  return false;
}

export function repositoriesOf(world: World, owner: string): string[] {
  const names = new Set<string>();
  for (const c of world.contents.values()) if (c.repo.startsWith(`${owner}/`)) names.add(c.repo);
  return [...names].sort();
}

/** A stable numeric id per repository name (repositories have no counter of their own). */
export function repositoryId(fullName: string): number {
  return (
    100_000_000 +
    (Number.parseInt(createHash('sha1').update(fullName).digest('hex').slice(0, 7), 16) % 800_000_000)
  );
}

export function repositoryJson(world: World, fullName: string): Record<string, unknown> {
  const [owner = '', name = ''] = fullName.split('/');
  const account = world.account(owner);
  return {
    id: repositoryId(fullName),
    node_id: nodeId('Repository', fullName),
    name,
    full_name: fullName,
    private: repositoryIsPrivate(world, fullName),
    owner: account ? { login: account.login, id: account.databaseId, type: account.kind } : { login: owner },
    html_url: `https://github.com/${fullName}`,
    url: `https://api.github.com/repos/${fullName}`,
  };
}

/** The repositories an installation covers now. */
export function installationRepositories(world: World, installation: SimInstallation): string[] {
  if (installation.repositorySelection === 'selected') return [...installation.repositories].sort();
  return repositoriesOf(world, installation.account);
}

export function installationCovers(installation: SimInstallation, fullName: string): boolean {
  if (!fullName.startsWith(`${installation.account}/`)) return false;
  return installation.repositorySelection === 'all' || installation.repositories.includes(fullName);
}

/** The App's installation on an account, suspended or not. */
export function installationOn(world: World, account: string): SimInstallation | undefined {
  for (const i of world.installations.values()) if (i.account === account) return i;
  return undefined;
}

// ─── installations ───

export type InstallInput = {
  org: string;
  repositorySelection?: 'all' | 'selected';
  repositories?: string[];
  sender?: string;
};

/** `name` or `owner/name` → `owner/name` inside the organization. */
export function fullNameIn(org: string, name: string): string {
  return name.includes('/') ? name : `${org}/${name}`;
}

export function install(world: World, input: InstallInput): SimInstallation {
  const app = mustApp(world);
  const org = world.orgs.get(input.org);
  if (!org) throw new Error(`no organization ${input.org} (GitHub Apps are installed on organizations here)`);
  if (installationOn(world, org.login)) throw new Error(`the App is already installed on ${org.login}`);
  const repositories = (input.repositories ?? []).map((r) => fullNameIn(org.login, r));
  const selection = input.repositorySelection ?? (input.repositories ? 'selected' : 'all');
  const at = world.now();
  const installation: SimInstallation = {
    id: world.nextInstallationId++,
    appId: app.id,
    account: org.login,
    repositorySelection: selection,
    repositories: selection === 'selected' ? repositories : [],
    permissions: { ...app.permissions },
    events: [...app.events],
    suspendedAt: null,
    suspendedBy: null,
    createdAt: at,
    updatedAt: at,
  };
  world.installations.set(installation.id, installation);
  world.installRequests = world.installRequests.filter((r) => r.account !== org.login);
  world.emitApp({
    event: 'installation',
    action: 'created',
    installation,
    sender: input.sender ?? [...(org.owners ?? [])][0] ?? app.owner,
    repositories: installationRepositories(world, installation),
  });
  return installation;
}

export function mustInstallation(world: World, id: number): SimInstallation {
  const installation = world.installations.get(id);
  if (!installation) throw Object.assign(new Error(`no installation ${id}`), { statusCode: 404 });
  return installation;
}

function revokeInstallationTokens(world: World, id: number): void {
  for (const [token, entry] of world.installationTokens)
    if (entry.installationId === id) world.installationTokens.delete(token);
}

export function uninstall(world: World, id: number, sender?: string): void {
  const installation = mustInstallation(world, id);
  const repositories = installationRepositories(world, installation);
  world.installations.delete(id);
  revokeInstallationTokens(world, id);
  world.emitApp({
    event: 'installation',
    action: 'deleted',
    installation,
    sender: sender ?? defaultSender(world, installation),
    repositories,
  });
}

function defaultSender(world: World, installation: SimInstallation): string {
  return [...(world.orgs.get(installation.account)?.owners ?? [])][0] ?? mustApp(world).owner;
}

export function setSuspended(world: World, id: number, suspended: boolean, sender?: string): SimInstallation {
  const installation = mustInstallation(world, id);
  if ((installation.suspendedAt !== null) === suspended) return installation;
  const by = sender ?? defaultSender(world, installation);
  installation.suspendedAt = suspended ? world.now() : null;
  installation.suspendedBy = suspended ? by : null;
  installation.updatedAt = world.now();
  world.emitApp({
    event: 'installation',
    action: suspended ? 'suspend' : 'unsuspend',
    installation,
    sender: by,
    repositories: installationRepositories(world, installation),
  });
  return installation;
}

/** Changes which repositories an installation covers: `installation_repositories` added/removed. */
export function setRepositories(
  world: World,
  id: number,
  input: { repositorySelection?: 'all' | 'selected'; repositories?: string[]; sender?: string },
): SimInstallation {
  const installation = mustInstallation(world, id);
  const before = installationRepositories(world, installation);
  const selection = input.repositorySelection ?? (input.repositories ? 'selected' : 'all');
  installation.repositorySelection = selection;
  installation.repositories =
    selection === 'selected'
      ? (input.repositories ?? []).map((r) => fullNameIn(installation.account, r))
      : [];
  installation.updatedAt = world.now();
  const after = installationRepositories(world, installation);
  const added = after.filter((r) => !before.includes(r));
  const removed = before.filter((r) => !after.includes(r));
  const sender = input.sender ?? defaultSender(world, installation);
  if (added.length || removed.length || selection === 'all') {
    world.emitApp({
      event: 'installation_repositories',
      action: removed.length && !added.length ? 'removed' : 'added',
      installation,
      sender,
      repositories: added,
      removed,
    });
  }
  return installation;
}

/** The owner accepted the App's new permissions: `installation` new_permissions_accepted. */
export function acceptPermissions(world: World, id: number, sender?: string): SimInstallation {
  const installation = mustInstallation(world, id);
  const app = mustApp(world);
  installation.permissions = { ...app.permissions };
  installation.events = [...app.events];
  installation.updatedAt = world.now();
  world.emitApp({
    event: 'installation',
    action: 'new_permissions_accepted',
    installation,
    sender: sender ?? defaultSender(world, installation),
    repositories: installationRepositories(world, installation),
  });
  return installation;
}

// ─── tokens ───

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function tokenBody(length: number): string {
  return [...randomBytes(length)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

/**
 * GitHub's installation tokens since its April 2026 roll-out: `ghs_<app id>_<JWT>`, far longer than the
 * 40 characters of the older format, so a client that assumed a length or shape meets it here too.
 */
function statelessInstallationToken(appId: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = { iss: appId, jti: tokenBody(16) };
  return `ghs_${appId}_${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.${tokenBody(86)}`;
}

export function mintInstallationToken(
  world: World,
  installation: SimInstallation,
  narrowed: { permissions?: AppPermissions; repositories?: string[] | null } = {},
): SimInstallationToken {
  const token: SimInstallationToken = {
    token: statelessInstallationToken(mustApp(world).id),
    installationId: installation.id,
    permissions: narrowed.permissions ?? { ...installation.permissions },
    repositories: narrowed.repositories ?? null,
    expiresAt: world.now() + INSTALLATION_TOKEN_MS,
  };
  world.installationTokens.set(token.token, token);
  world.stats.installationTokensMinted += 1;
  const key = String(installation.id);
  world.stats.installationTokensByInstallation[key] =
    (world.stats.installationTokensByInstallation[key] ?? 0) + 1;
  return token;
}

export type UserTokenPair = { access: SimToken; refresh: SimRefreshToken | null };

/** A user access token (`ghu_`, 8 hours) and its refresh token (`ghr_`, 6 months) for the App. */
export function mintUserToken(world: World, login: string): UserTokenPair {
  const app = mustApp(world);
  if (!world.users.has(login)) throw new Error(`no user ${login}`);
  const now = world.now();
  const access: SimToken = {
    token: `ghu_${tokenBody(36)}`,
    login,
    scopes: [],
    kind: 'app-user',
    appId: app.id,
    expiresAt: app.userTokensExpire ? now + USER_TOKEN_SECONDS * 1000 : null,
  };
  world.tokens.set(access.token, access);
  world.stats.userTokensMinted += 1;
  if (!app.userTokensExpire) return { access, refresh: null };
  const refresh: SimRefreshToken = {
    token: `ghr_${tokenBody(76)}`,
    login,
    appId: app.id,
    accessToken: access.token,
    expiresAt: now + REFRESH_TOKEN_SECONDS * 1000,
  };
  world.refreshTokens.set(refresh.token, refresh);
  return { access, refresh };
}

/** Spends a refresh token: a new pair, and the old refresh token and its access token stop working. */
export function refreshUserToken(world: World, refreshToken: string): UserTokenPair | undefined {
  const found = world.refreshTokens.get(refreshToken);
  if (!found) return undefined;
  world.refreshTokens.delete(refreshToken);
  if (found.expiresAt <= world.now() || !world.users.has(found.login)) return undefined;
  world.tokens.delete(found.accessToken);
  world.stats.userTokensRefreshed += 1;
  return mintUserToken(world, found.login);
}

/** The user revoked the App's authorization: every user access and refresh token of theirs stops working. */
export function revokeAuthorization(world: World, login: string): number {
  const app = mustApp(world);
  let revoked = 0;
  for (const [token, entry] of world.tokens) {
    if (entry.kind === 'app-user' && entry.login === login && entry.appId === app.id) {
      world.tokens.delete(token);
      revoked += 1;
    }
  }
  for (const [token, entry] of world.refreshTokens)
    if (entry.login === login && entry.appId === app.id) world.refreshTokens.delete(token);
  world.users.get(login)?.approvals.delete(app.clientId);
  return revoked;
}

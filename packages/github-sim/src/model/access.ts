import {
  botUser,
  installationCovers,
  installationOn,
  installationRepositories,
  mustApp,
  repositoryExists,
  repositoryIsPrivate,
} from '../app/model.ts';
import { type RateWindow, rateWindow } from './rate-limits.ts';
import type {
  AppPermissions,
  SimApp,
  SimContent,
  SimInstallation,
  SimInstallationToken,
  SimProject,
  SimToken,
  SimUser,
} from './types.ts';
import type { World } from './world.ts';

/**
 * Who a request acts as, by its token:
 * - `classic`: an OAuth app's token (`gho_`): the user's own access, limited by scopes;
 * - `app-user`: a GitHub App's user access token (`ghu_`): the user's access ∩ the App's permissions ∩ the
 *   repositories of the App's installations;
 * - `installation`: an installation access token (`ghs_`): the installation's organization and
 *   repositories, as the App's bot (`viewer`).
 */
export type Principal =
  | { kind: 'classic'; user: SimUser; token: SimToken }
  | { kind: 'app-user'; user: SimUser; token: SimToken; app: SimApp }
  | {
      kind: 'installation';
      user: SimUser;
      token: SimInstallationToken;
      installation: SimInstallation;
      app: SimApp;
    };

export type Resolved =
  | Principal
  | { refused: 'missing' | 'bad' }
  | { refused: 'suspended'; status: 403; message: string };

export const SUSPENDED_MESSAGE = 'This installation has been suspended';

/** Reads `Authorization: bearer|token <t>` as GitHub does, and finds who it acts as. */
export function resolveToken(world: World, header: string | undefined): Resolved {
  if (!header) return { refused: 'missing' };
  const match = /^(?:bearer|token)\s+(\S+)$/i.exec(header.trim());
  const value = match?.[1];
  if (!value) return { refused: 'bad' };
  const now = world.now();
  const installationToken = world.installationTokens.get(value);
  if (installationToken) {
    const installation = world.installations.get(installationToken.installationId);
    if (!installation || installationToken.expiresAt <= now) return { refused: 'bad' };
    if (installation.suspendedAt !== null)
      return { refused: 'suspended', status: 403, message: SUSPENDED_MESSAGE };
    const app = mustApp(world);
    return { kind: 'installation', user: botUser(app), token: installationToken, installation, app };
  }
  const token = world.tokens.get(value);
  const user = token && world.users.get(token.login);
  if (!token || !user) return { refused: 'bad' };
  if (token.expiresAt != null && token.expiresAt <= now) return { refused: 'bad' };
  if (token.kind === 'app-user') {
    const app = world.app;
    if (!app || app.id !== token.appId) return { refused: 'bad' };
    return { kind: 'app-user', user, token, app };
  }
  return { kind: 'classic', user, token };
}

export function isPrincipal(resolved: Resolved): resolved is Principal {
  return !('refused' in resolved);
}

/** The OAuth scopes a request carries (classic tokens only: App tokens have permissions instead). */
export function scopesOf(principal: Principal): string[] {
  return principal.kind === 'classic' ? principal.token.scopes : [];
}

/** Whose budget a request spends: the user's (classic and user access tokens), or the installation's. */
export function rateKey(principal: Principal): string {
  return principal.kind === 'installation'
    ? `installation:${principal.installation.id}`
    : principal.user.login;
}

/**
 * An installation's hourly budget as GitHub documents it ("Rate limits for GitHub Apps"): 5,000, plus 50
 * for each repository above 20 and 50 for each user of its organization above 20, at most 12,500.
 */
export function installationRateLimit(repositories: number, users: number): number {
  return Math.min(12_500, 5_000 + 50 * Math.max(0, repositories - 20) + 50 * Math.max(0, users - 20));
}

/** The budget a request spends (`suffix` '#core' for REST): the installation's by the formula, else 5,000. */
export function budgetOf(world: World, principal: Principal, suffix = ''): RateWindow {
  if (principal.kind !== 'installation') return rateWindow(world, `${rateKey(principal)}${suffix}`);
  const installation = principal.installation;
  const users = world.orgs.get(installation.account)?.members.size ?? 0;
  const limit = installationRateLimit(installationRepositories(world, installation).length, users);
  return rateWindow(world, `${rateKey(principal)}${suffix}`, limit);
}

function activeInstallation(world: World, account: string): SimInstallation | undefined {
  const installation = installationOn(world, account);
  return installation && installation.suspendedAt === null ? installation : undefined;
}

function allows(permissions: AppPermissions, name: string): boolean {
  return permissions[name] === 'read' || permissions[name] === 'write';
}

/** The permissions an App token holds on an account's resources (none when not installed there). */
function appPermissionsOn(world: World, principal: Principal, account: string): AppPermissions | null {
  if (principal.kind === 'installation')
    return principal.installation.account === account ? principal.token.permissions : null;
  if (principal.kind === 'app-user') return activeInstallation(world, account)?.permissions ?? null;
  return null;
}

/**
 * Whether the token may read the user's own membership of an organization (`GET /user/memberships/orgs/{org}`):
 * an OAuth app's token may; a GitHub App's user token only where the App is installed with the organization
 * permission Members (`members: read`), else GitHub answers 403 "Resource not accessible by integration".
 */
export function canReadOwnMembership(world: World, principal: Principal, org: string): boolean {
  if (principal.kind === 'classic') return true;
  if (principal.kind === 'installation') return false;
  const permissions = appPermissionsOn(world, principal, org);
  return permissions !== null && allows(permissions, 'members');
}

/** Whether a Projects (v2) board is visible at all (invisible ones are NOT_FOUND or absent from lists). */
export function canSeeProject(world: World, principal: Principal, project: SimProject): boolean {
  if (principal.kind === 'classic') return world.canSeeProject(principal.user.login, project);
  // GitHub Apps cannot be granted access to a user's boards: app tokens see none of them.
  if (project.ownerType === 'User') return false;
  if (project.public) return true;
  const permissions = appPermissionsOn(world, principal, project.owner);
  if (!permissions || !allows(permissions, 'organization_projects')) return false;
  return principal.kind === 'installation' || world.canSeeProject(principal.user.login, project);
}

const CONTENT_PERMISSION = { Issue: 'issues', PullRequest: 'pull_requests' } as const;

/** Whether an item's content is readable (else the item is REDACTED: no content, no field values). */
export function canSeeContent(world: World, principal: Principal, content: SimContent): boolean {
  if (content.kind === 'DraftIssue') return true;
  const isPrivate = content.visibleTo !== null;
  const userMay = (login: string) => !content.visibleTo || content.visibleTo.has(login);
  if (principal.kind === 'classic') {
    if (!userMay(principal.user.login)) return false;
    const needsRepo = isPrivate && world.options.classicScopesEnforced;
    return !needsRepo || principal.token.scopes.includes('repo');
  }
  if (!isPrivate) return true;
  const [owner = ''] = content.repo.split('/');
  const permissions = appPermissionsOn(world, principal, owner);
  if (!permissions || !allows(permissions, CONTENT_PERMISSION[content.kind])) return false;
  if (principal.kind === 'installation') {
    const { installation, token } = principal;
    return (
      installationCovers(installation, content.repo) &&
      (token.repositories === null || token.repositories.includes(content.repo))
    );
  }
  const installation = activeInstallation(world, owner);
  return !!installation && installationCovers(installation, content.repo) && userMay(principal.user.login);
}

/** `GET /repos/{owner}/{repo}`: whether the token may read the repository (else 404, as GitHub). */
export function canReadRepository(world: World, principal: Principal, fullName: string): boolean {
  if (!repositoryExists(world, fullName)) return false;
  const isPrivate = repositoryIsPrivate(world, fullName);
  const readers = new Set<string>();
  let everyone = false;
  for (const c of world.contents.values()) {
    if (c.repo !== fullName) continue;
    if (!c.visibleTo) everyone = true;
    else for (const login of c.visibleTo) readers.add(login);
  }
  const userMay = (login: string) => everyone || readers.has(login);
  if (principal.kind === 'classic') {
    if (!userMay(principal.user.login)) return false;
    return !(isPrivate && world.options.classicScopesEnforced && !principal.token.scopes.includes('repo'));
  }
  if (!isPrivate) return true;
  const [owner = ''] = fullName.split('/');
  const permissions = appPermissionsOn(world, principal, owner);
  if (!permissions || !allows(permissions, 'metadata')) return false;
  if (principal.kind === 'installation') {
    const { installation, token } = principal;
    return (
      installationCovers(installation, fullName) &&
      (token.repositories === null || token.repositories.includes(fullName))
    );
  }
  const installation = activeInstallation(world, owner);
  return !!installation && installationCovers(installation, fullName) && userMay(principal.user.login);
}

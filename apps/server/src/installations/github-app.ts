import { request as octokitRequest } from '@octokit/request';
import type { Config, GithubAppConfig } from '../config.ts';
import { timedFetch } from '../github/timed-fetch.ts';
import { appJwt } from './app-jwt.ts';

/** An installation as GitHub's REST API and webhooks describe it (the fields Fluxion keeps). */
export type InstallationOnGithub = {
  id: number;
  accountLogin: string;
  accountType: string;
  repositorySelection: string;
  permissions: Record<string, string>;
  suspendedAt: number | null;
};

/** GitHub no longer has the installation (uninstalled): 404 to the App. */
export class InstallationGoneError extends Error {}
/** The installation is suspended: GitHub mints no token for it (403). */
export class InstallationSuspendedError extends Error {}

type RawInstallation = {
  id: number;
  account: { login: string; type?: string } | null;
  repository_selection?: string;
  permissions?: Record<string, string>;
  suspended_at?: string | null;
};

/** GitHub's installation object (REST answer or webhook payload) → what Fluxion keeps. */
export function fromGithub(raw: RawInstallation): InstallationOnGithub {
  const suspended = raw.suspended_at ? Date.parse(raw.suspended_at) : Number.NaN;
  return {
    id: Number(raw.id),
    accountLogin: raw.account?.login ?? '',
    accountType: raw.account?.type ?? 'Organization',
    repositorySelection: raw.repository_selection ?? 'all',
    permissions: raw.permissions ?? {},
    suspendedAt: raw.suspended_at ? (Number.isFinite(suspended) ? suspended : 0) : null,
  };
}

/** What calling GitHub as the App needs: its registration, the API base and the clock (an AppContext has them). */
export type AppCaller = {
  config: { github: Pick<Config['github'], 'app' | 'apiUrl'> };
  now: () => number;
};

function appOf(ctx: AppCaller): GithubAppConfig {
  const app = ctx.config.github.app;
  if (!app) throw new Error('No GitHub App is configured (GITHUB_APP_*)');
  return app;
}

/** Octokit's request, authenticated as the App with a fresh JWT, at the configured API base. */
async function asApp(ctx: AppCaller) {
  const jwt = await appJwt(appOf(ctx), ctx.now());
  return octokitRequest.defaults({
    baseUrl: ctx.config.github.apiUrl,
    headers: { authorization: `Bearer ${jwt}`, 'x-github-api-version': '2022-11-28' },
    // A hung call would hold the installations' reconciliation, and the collector's run that makes it.
    request: { fetch: timedFetch() },
  });
}

const statusOf = (error: unknown) => (error as { status?: number }).status;

/**
 * A 403 or 429 that is a rate limit (GitHub's secondary limits answer so, with `retry-after`, or a spent
 * budget with `x-ratelimit-remaining: 0`), not a refusal of the installation: never read as a suspension.
 */
export function isRateLimited(error: unknown): boolean {
  const status = statusOf(error);
  if (status !== 403 && status !== 429) return false;
  const headers = (error as { response?: { headers?: Record<string, string | undefined> } }).response
    ?.headers;
  const message = (error as { message?: string }).message ?? '';
  return (
    status === 429 ||
    headers?.['retry-after'] !== undefined ||
    headers?.['x-ratelimit-remaining'] === '0' ||
    /rate limit/i.test(message)
  );
}

/** `GET /app/installations/{id}`: GitHub's current view of an installation; null when it is gone. */
export async function fetchInstallation(ctx: AppCaller, id: number): Promise<InstallationOnGithub | null> {
  const request = await asApp(ctx);
  try {
    const { data } = await request('GET /app/installations/{installation_id}', { installation_id: id });
    return fromGithub(data as RawInstallation);
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

/** `GET /app/installations`: every installation of the App (all pages). */
export async function listInstallations(ctx: AppCaller): Promise<InstallationOnGithub[]> {
  const request = await asApp(ctx);
  const all: InstallationOnGithub[] = [];
  for (let page = 1; page <= 100; page += 1) {
    const { data } = await request('GET /app/installations', { per_page: 100, page });
    const rows = data as RawInstallation[];
    all.push(...rows.map(fromGithub));
    if (rows.length < 100) break;
  }
  return all;
}

/**
 * `POST /app/installations/{id}/access_tokens`: a new installation access token (`ghs_…`, an hour) for
 * every repository the installation covers, with its permissions.
 */
export async function mintInstallationToken(
  ctx: AppCaller,
  id: number,
): Promise<{ token: string; expiresAt: number }> {
  const request = await asApp(ctx);
  try {
    const { data } = await request('POST /app/installations/{installation_id}/access_tokens', {
      installation_id: id,
    });
    const expiresAt = Date.parse(data.expires_at);
    if (!data.token || !Number.isFinite(expiresAt)) throw new Error('GitHub answered no usable token');
    return { token: data.token, expiresAt };
  } catch (error) {
    if (statusOf(error) === 404) throw new InstallationGoneError(`GitHub has no installation ${id}`);
    if (statusOf(error) === 403 && !isRateLimited(error))
      throw new InstallationSuspendedError(`Installation ${id} is suspended`);
    throw error;
  }
}

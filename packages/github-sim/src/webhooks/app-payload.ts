import { installationRepositories, mustApp, repositoryJson } from '../app/model.ts';
import type { SimInstallation } from '../model/types.ts';
import type { AppEvent, World } from '../model/world.ts';
import { accountJson, iso } from './payload.ts';

const API = 'https://api.github.com';

/** An installation as GitHub's REST API and webhooks show it. */
export function installationJson(world: World, installation: SimInstallation): Record<string, unknown> {
  const app = mustApp(world);
  const org = world.orgs.get(installation.account);
  return {
    id: installation.id,
    client_id: app.clientId,
    account: org ? { ...accountJson(org), description: org.description } : null,
    repository_selection: installation.repositorySelection,
    access_tokens_url: `${API}/app/installations/${installation.id}/access_tokens`,
    repositories_url: `${API}/installation/repositories`,
    html_url: `https://github.com/organizations/${installation.account}/settings/installations/${installation.id}`,
    app_id: app.id,
    app_slug: app.slug,
    target_id: org?.databaseId ?? 0,
    target_type: 'Organization',
    permissions: { ...installation.permissions },
    events: [...installation.events],
    created_at: iso(installation.createdAt),
    updated_at: iso(installation.updatedAt),
    single_file_name: null,
    has_multiple_single_files: false,
    single_file_paths: [],
    suspended_by: installation.suspendedBy ? accountJson(world.account(installation.suspendedBy)) : null,
    suspended_at: iso(installation.suspendedAt),
  };
}

function shortRepository(world: World, fullName: string): Record<string, unknown> {
  const { id, node_id, name, full_name, private: isPrivate } = repositoryJson(world, fullName);
  return { id, node_id, name, full_name, private: isPrivate };
}

/** `installation` and `installation_repositories` payloads, as sent to the App's webhook URL. */
export function appEventPayload(world: World, event: AppEvent): Record<string, unknown> {
  if (event.event === 'github_app_authorization')
    return { action: event.action, sender: accountJson(world.account(event.sender)) };
  const base = {
    action: event.action,
    installation: installationJson(world, event.installation),
  };
  const sender = accountJson(world.account(event.sender));
  if (event.event === 'installation') {
    const repositories = event.repositories ?? installationRepositories(world, event.installation);
    return {
      ...base,
      repositories: repositories.map((r) => shortRepository(world, r)),
      requester: null,
      sender,
    };
  }
  return {
    ...base,
    repository_selection: event.installation.repositorySelection,
    repositories_added: (event.repositories ?? []).map((r) => shortRepository(world, r)),
    repositories_removed: (event.removed ?? []).map((r) => shortRepository(world, r)),
    requester: null,
    sender,
  };
}

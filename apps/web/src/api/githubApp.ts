import { api } from './instance.ts';

/** GitHub's page that installs the Fluxion GitHub App on an organization; null: the server has no App. */
export async function getGithubAppInstallUrl(): Promise<string | null> {
  return (await api.call('githubAppInstallUrl', {})).install_url;
}

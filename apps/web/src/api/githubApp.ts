import { api } from './instance.ts';

/** GitHub's page that installs the Fluxion GitHub App on an organization; null: the server has no App. */
export async function getGithubAppInstallUrl(): Promise<string | null> {
  return (await api.call('githubAppInstallUrl', {})).install_url;
}

/** How the user reaches GitHub: App or OAuth-app sign-in, personal boards connected, where the App is installed. */
export const getGithubConnections = () => api.call('githubConnections', {});

/** Starts "Connect personal boards": GitHub's authorize page, where the browser goes next. */
export async function connectPersonalBoards(): Promise<string> {
  return (await api.call('githubPersonalConnect', {})).authorize_url;
}

/** Ends "Connect personal boards": the token is deleted at GitHub. */
export async function disconnectPersonalBoards(): Promise<void> {
  await api.call('githubPersonalDisconnect', {});
}

/** Confirms the install GitHub's setup redirect named: GitHub is asked whether it is the user's own. */
export const confirmGithubAppInstall = (installationId: string) =>
  api.call('githubAppConfirmInstall', { body: { installation_id: installationId } });

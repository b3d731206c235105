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

/** An organization's own webhook: payload URL, whether its secret is set, whether the user may set it. */
export const getOrgWebhook = (org: string) => api.call('orgWebhook', { params: { org } });

/** Sets the organization webhook's secret (an owner of the organization only). */
export const setOrgWebhookSecret = (org: string, secret: string) =>
  api.call('setOrgWebhookSecret', { params: { org }, body: { secret } });

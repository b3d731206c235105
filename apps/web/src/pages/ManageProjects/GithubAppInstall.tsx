import { LinkExternalIcon } from '@primer/octicons-react';
import { Button, Flash } from '@primer/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  confirmGithubAppInstall,
  connectPersonalBoards,
  disconnectPersonalBoards,
} from '../../api/githubApp.ts';
import { CONNECTIONS_KEY, useConnections } from '../../components/BoardAccess/useConnections.ts';
import { useInstallUrl } from '../../components/BoardAccess/useInstallUrl.ts';
import { T } from '../../texts.ts';
import styles from './ManageProjects.module.css';

/**
 * "Install on an organization": GitHub's page that installs the Fluxion GitHub App, where a member who is
 * not an owner requests it from one. Shown only when the server has an App (its install URL is not null).
 */
export function InstallOnOrganizationButton() {
  const installUrl = useInstallUrl();
  if (!installUrl) return null;
  return (
    <Button as="a" href={installUrl} leadingVisual={LinkExternalIcon} title={T.githubApp.installHint}>
      {T.githubApp.installButton}
    </Button>
  );
}

const OUTCOMES = {
  installed: 'success',
  requested: 'default',
  suspended: 'warning',
  failed: 'danger',
} as const;
type Outcome = keyof typeof OUTCOMES;
const isOutcome = (value: string | null): value is Outcome => value !== null && value in OUTCOMES;

/**
 * What came of an install: GitHub sends the browser to the server's setup URL, which redirects here with
 * `?github_app_installation=<id>` for the signed-in user to confirm (the server asks GitHub whether it is
 * theirs), or with an outcome already; the outcome then stands in the address as
 * `?github_app=installed|requested|suspended|failed&message=…` (docs/github.md). Shown until dismissed.
 */
export function GithubAppSetupResult() {
  const [params, setParams] = useSearchParams();
  useConfirmInstall(params, setParams);
  const outcome = params.get('github_app');
  if (!isOutcome(outcome)) return null;
  const message = params.get('message') || T.githubApp.result[outcome];
  const dismiss = () => {
    const rest = new URLSearchParams(params);
    rest.delete('github_app');
    rest.delete('message');
    setParams(rest, { replace: true });
  };
  return (
    <Flash variant={OUTCOMES[outcome]} className={styles.note} data-github-app={outcome}>
      <span role={outcome === 'failed' ? 'alert' : 'status'}>{message}</span>{' '}
      <Button size="small" variant="invisible" onClick={dismiss}>
        {T.githubApp.dismiss}
      </Button>
    </Flash>
  );
}

/** Confirms the installation the address names, once, and puts what came of it in its place. */
function useConfirmInstall(params: URLSearchParams, setParams: ReturnType<typeof useSearchParams>[1]) {
  const queryClient = useQueryClient();
  const installation = params.get('github_app_installation');
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!installation || asked.current === installation) return;
    asked.current = installation;
    const show = (outcome: { result: string; message?: string }) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('github_app_installation');
          next.set('github_app', outcome.result);
          if (outcome.message) next.set('message', outcome.message);
          return next;
        },
        { replace: true },
      );
    confirmGithubAppInstall(installation).then(
      async (outcome) => {
        show(outcome);
        await queryClient.invalidateQueries({ queryKey: CONNECTIONS_KEY });
      },
      (error: unknown) => show({ result: 'failed', message: (error as Error).message || undefined }),
    );
  }, [installation, setParams, queryClient]);
}

/**
 * "Connect personal boards" (docs/github.md): for a user signed in through the App, whose tokens read no
 * user-owned board. Goes to GitHub's authorize page of the OAuth app (read:project only); once connected,
 * the same place disconnects (the token is deleted at GitHub). Nothing for an OAuth-app sign-in.
 */
export function PersonalBoardsButton() {
  const connections = useConnections();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!connections || connections.personal_boards === 'not_needed') return null;
  if (connections.personal_boards === 'connected') {
    const disconnect = async () => {
      setBusy(true);
      await disconnectPersonalBoards().finally(() => setBusy(false));
      await queryClient.invalidateQueries({ queryKey: CONNECTIONS_KEY });
    };
    return (
      <Button variant="invisible" loading={busy} onClick={() => void disconnect()}>
        {T.githubApp.disconnectPersonal}
      </Button>
    );
  }
  return <ConnectPersonalButton />;
}

/** Starts "Connect personal boards": the browser goes to GitHub and comes back to Manage Projects. */
export function ConnectPersonalButton() {
  const [busy, setBusy] = useState(false);
  const connect = async () => {
    setBusy(true);
    try {
      window.location.assign(await connectPersonalBoards());
    } catch {
      setBusy(false);
    }
  };
  return (
    <Button loading={busy} onClick={() => void connect()} title={T.githubApp.connectPersonalHint}>
      {T.githubApp.connectPersonal}
    </Button>
  );
}

/** What came of "Connect personal boards": `?github_personal=connected|failed&message=…`, until dismissed. */
export function PersonalBoardsResult() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('github_personal');
  if (outcome !== 'connected' && outcome !== 'failed') return null;
  const message = params.get('message') || T.githubApp.personalResult[outcome];
  const dismiss = () => {
    const rest = new URLSearchParams(params);
    rest.delete('github_personal');
    rest.delete('message');
    setParams(rest, { replace: true });
  };
  return (
    <Flash
      variant={outcome === 'connected' ? 'success' : 'danger'}
      className={styles.note}
      data-github-personal={outcome}
    >
      <span role={outcome === 'failed' ? 'alert' : 'status'}>{message}</span>{' '}
      <Button size="small" variant="invisible" onClick={dismiss}>
        {T.githubApp.dismiss}
      </Button>
    </Flash>
  );
}

import { LinkExternalIcon } from '@primer/octicons-react';
import { Button, Flash } from '@primer/react';
import { useSearchParams } from 'react-router';
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
 * `?github_app=installed|requested|suspended|failed&message=…` (docs/github.md). Shown until dismissed.
 */
export function GithubAppSetupResult() {
  const [params, setParams] = useSearchParams();
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

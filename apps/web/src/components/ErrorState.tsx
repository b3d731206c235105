import { AlertIcon, SyncIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { HttpError } from '../api/errors.ts';
import { T } from '../texts.ts';
import styles from './States.module.css';

/** The server's own message when it sent one (not a bare status text), else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error) || !error.message) return fallback;
  return /^(Internal Server Error|Bad Gateway|Service Unavailable|Gateway Timeout|HTTP \d+)$/.test(
    error.message,
  )
    ? fallback
    : error.message;
}

type ErrorStateProps = {
  error: unknown;
  /** What failed, in the page's words (e.g. the spec's 'Failed to load issues'). */
  fallback?: string;
  onRetry?: () => void;
  retrying?: boolean;
};

/**
 * The one error state of the app: what failed, what to do, and a way to try again. A 400 is the request's
 * fault, not the server's or GitHub's: it says so with the server's reason, and offers no retry (the
 * same request would be refused again).
 */
export function ErrorState({
  error,
  fallback = T.common.loadFailed,
  onRetry,
  retrying = false,
}: ErrorStateProps) {
  if (error instanceof HttpError && error.status === 400) {
    return (
      <div className={styles.error} role="alert">
        <AlertIcon size={20} className={styles.errorIcon} />
        <div className={styles.errorBody}>
          <strong>{T.states.badRequest}</strong>
          <p>{T.states.badRequestReason(error.message)}</p>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.error} role="alert">
      <AlertIcon size={20} className={styles.errorIcon} />
      <div className={styles.errorBody}>
        <strong>{errorMessage(error, fallback)}</strong>
        <p>{T.states.errorHint}</p>
      </div>
      {onRetry && (
        <Button leadingVisual={SyncIcon} onClick={onRetry} loading={retrying}>
          {T.states.retry}
        </Button>
      )}
    </div>
  );
}

import { Button, Flash } from '@primer/react';
import { Component, type ReactNode } from 'react';
import { T } from '../frameTexts.ts';

type State = { error: Error | null };

/** Keeps a failed page (e.g. a chart chunk that no longer exists after a deploy) from blanking the app. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Flash variant="danger" role="alert">
        <p>{this.state.error.message}</p>
        <Button onClick={() => window.location.reload()}>{T.common.reload}</Button>
      </Flash>
    );
  }
}

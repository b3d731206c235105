import { HistoryIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { useState } from 'react';
import { T } from '../texts.ts';

/** Brings the demo board back to a user who removed it (Home after deleting every board, Projects). */
export function RestoreDemoButton({ onRestore }: { onRestore: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  async function restore() {
    setBusy(true);
    try {
      await onRestore();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button leadingVisual={HistoryIcon} loading={busy} onClick={() => void restore()}>
      {T.projects.restoreDemo}
    </Button>
  );
}

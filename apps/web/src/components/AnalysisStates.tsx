import { ProjectIcon } from '@primer/octicons-react';
import { Flash } from '@primer/react';
import { T } from '../texts.ts';
import styles from './Analysis.module.css';

export function NoProject() {
  return (
    <div className={styles.empty}>
      <ProjectIcon size={24} />
      <p>{T.common.selectProjectFirst}</p>
    </div>
  );
}

export function LoadError({ error }: { error: unknown }) {
  const message = error instanceof Error && error.message ? error.message : T.common.loadFailed;
  return (
    <Flash variant="danger" role="alert">
      {message}
    </Flash>
  );
}

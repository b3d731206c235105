import { Spinner } from '@primer/react';
import styles from './Layout.module.css';

/** A centred spinner with the spec's loading text. */
export function Loading({ text }: { text: string }) {
  return (
    <div className={styles.center} role="status">
      <Spinner size="medium" srText={null} />
      <span>{text}</span>
    </div>
  );
}

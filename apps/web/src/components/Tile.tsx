import { InfoIcon } from '@primer/octicons-react';
import { IconButton } from '@primer/react';
import type { ReactNode } from 'react';
import type { Tone } from '../lib/thresholds.ts';
import styles from './Tiles.module.css';

type TileProps = { label: string; value: ReactNode; tone?: Tone; hint?: ReactNode; tooltip?: string };

export function Tile({ label, value, tone = 'neutral', hint, tooltip }: TileProps) {
  return (
    <div className={`${styles.tile} ${styles[tone]}`} data-tone={tone} title={tooltip}>
      <div className={styles.label}>
        <span className={styles.labelText}>{label}</span>
        {tooltip && <IconButton icon={InfoIcon} aria-label={tooltip} variant="invisible" size="small" />}
      </div>
      <div className={styles.value}>{value}</div>
      {hint && <div className={styles.hint}>{hint}</div>}
    </div>
  );
}

export function TileGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

import { InfoIcon } from '@primer/octicons-react';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import type { Tone } from '../lib/thresholds.ts';
import { T } from '../texts.ts';
import styles from './Tiles.module.css';

type TileProps = { label: string; value: ReactNode; tone?: Tone; hint?: ReactNode; tooltip?: string };

/**
 * The (i) of a tile and what it explains. A hover shows it with a mouse; a tap or click, and focus from
 * the keyboard, show it too (a phone has no hover), until the button loses focus or Escape is pressed.
 */
function TileInfo({ label, text }: { label: string; text: string }) {
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [pinned, setPinned] = useState(false);
  const open = hovered || pinned;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setPinned(false);
    setHovered(false);
  };
  return (
    <span className={styles.info}>
      <button
        type="button"
        className={styles.infoButton}
        aria-label={T.tiles.about(label)}
        aria-expanded={open}
        aria-describedby={open ? id : undefined}
        onClick={() => setPinned(true)}
        onFocus={() => setPinned(true)}
        onBlur={() => setPinned(false)}
        onKeyDown={onKeyDown}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        <InfoIcon size={16} />
      </button>
      {open && (
        <span role="tooltip" id={id} className={styles.tooltip}>
          {text}
        </span>
      )}
    </span>
  );
}

export function Tile({ label, value, tone = 'neutral', hint, tooltip }: TileProps) {
  return (
    <div className={`${styles.tile} ${styles[tone]}`} data-tone={tone}>
      <div className={styles.label}>
        <span className={styles.labelText}>{label}</span>
        {tooltip && <TileInfo label={label} text={tooltip} />}
      </div>
      <div className={styles.value}>{value}</div>
      {hint && <div className={styles.hint}>{hint}</div>}
    </div>
  );
}

export function TileGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

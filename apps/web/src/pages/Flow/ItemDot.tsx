import { T } from '../../texts.ts';
import styles from './ItemDot.module.css';

/** The dot of recharts' default scatter symbol (size 64: r ≈ 4.5), a little larger to be hit by a finger. */
const RADIUS = 5;

/** What recharts hands a Scatter's `shape`: where the dot goes, its colours, and its data point. */
export type DotProps = {
  cx?: number;
  cy?: number;
  fill?: string;
  fillOpacity?: number;
  stroke?: string;
  strokeWidth?: number;
  payload?: { url: string | null; number: number | null; title: string | null };
};

/**
 * A chart dot that opens its item on GitHub (a new tab): a link, so a click, a tap, or Tab then Enter
 * reaches it. A dot without URL (a draft, an item the viewer may not read) is only a dot.
 */
export function ItemDot({ cx, cy, fill, fillOpacity, stroke, strokeWidth, payload }: DotProps) {
  if (cx === undefined || cy === undefined) return null;
  const dot = (
    <circle
      cx={cx}
      cy={cy}
      r={RADIUS}
      fill={fill}
      fillOpacity={fillOpacity}
      stroke={stroke}
      strokeWidth={strokeWidth}
    />
  );
  if (!payload?.url) return dot;
  return (
    <a
      href={payload.url}
      target="_blank"
      rel="noreferrer"
      className={styles.link}
      aria-label={T.flow.openItem(T.flow.itemLabel(payload.number, payload.title))}
    >
      {dot}
    </a>
  );
}

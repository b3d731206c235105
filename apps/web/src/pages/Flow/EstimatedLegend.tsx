import { T } from '../../texts.ts';
import styles from './Flow.module.css';

/** The key to a chart's hollow dots (docs/metrics.md, "Reconstructed histories"), when it draws one. */
export function EstimatedLegend({ points }: { points: readonly { estimated?: boolean }[] }) {
  if (!points.some((point) => point.estimated)) return null;
  return (
    <span data-legend-estimated="true">
      <span className={styles.hollowSwatch} />
      {T.flow.estimatedLegend}
    </span>
  );
}

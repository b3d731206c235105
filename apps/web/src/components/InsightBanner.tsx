import type { Insight } from '@fluxion/contract';
import { AlertIcon, CheckCircleIcon, InfoIcon, LightBulbIcon, StopIcon } from '@primer/octicons-react';
import { Flash } from '@primer/react';
import { formatConfidence } from '../lib/format.ts';
import { insightVariant } from '../lib/insight.ts';
import { T } from '../texts.ts';
import styles from './Analysis.module.css';

const ICONS = { success: CheckCircleIcon, default: InfoIcon, warning: AlertIcon, danger: StopIcon };

/** The insight banner: severity colour (unknown → info), message and confidence as a percent. */
export function InsightBanner({ insight }: { insight: Insight | null | undefined }) {
  if (!insight) return null;
  const variant = insightVariant(insight);
  const Icon = ICONS[variant] ?? LightBulbIcon;
  return (
    <Flash variant={variant} className={styles.insight} data-severity={insight.severity}>
      <Icon />
      <span className={styles.insightMessage}>{insight.message}</span>
      {/* No confidence on a statement of fact with nothing behind it (an empty column's "No issues…"). */}
      {insight.confidence > 0 && (
        <span className={styles.confidence} title={T.common.confidenceHelp}>
          {T.common.confidence}: {formatConfidence(insight.confidence)}
          {insight.sample !== undefined && ` ${T.common.confidenceFrom(insight.sample)}`}
        </span>
      )}
    </Flash>
  );
}

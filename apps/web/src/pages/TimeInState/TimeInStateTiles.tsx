import type { ColumnClassification, TimeInStateMetrics } from '@fluxion/contract';
import { Tile, TileGrid } from '../../components/Tile.tsx';
import { formatDays, formatIntensity, formatPercent } from '../../lib/format.ts';
import type { DurationUnit } from '../../lib/units.ts';
import { activeRatioTone, intensityTone, queueHealth } from '../../lib/thresholds.ts';
import { T } from '../../texts.ts';
import { classificationText } from './classification.ts';

type Props = {
  metrics: TimeInStateMetrics;
  classification: ColumnClassification | undefined;
  unit?: DurationUnit;
  /** The bottleneck's window (the board's iteration), named when there is no bottleneck to show. */
  iterationDays: number;
};

export function TimeInStateTiles({ metrics, classification, unit = 'days', iterationDays }: Props) {
  const t = T.timeInState;
  // The bottleneck's own window (the iteration) is named on its tiles: the page's window may differ.
  const b = metrics.bottleneck;
  const ratio = metrics.queue_health_ratio;
  const queue = ratio === null ? null : queueHealth(ratio);
  const tooltip = classificationText(classification);
  return (
    <TileGrid>
      <Tile
        label={t.intensive}
        value={metrics.time_intensive_column ?? T.common.notAvailable}
        hint={
          b ? t.intensiveHint(formatDays(b.days), unit, b.window_days) : t.noBottleneckHint(iterationDays)
        }
        tooltip={tooltip}
      />
      <Tile
        label={t.intensity}
        value={
          metrics.time_intensive_column === null
            ? T.common.notAvailable
            : formatIntensity(metrics.stage_intensity)
        }
        tone={metrics.time_intensive_column === null ? undefined : intensityTone(metrics.stage_intensity)}
        hint={b ? t.intensityHint(b.window_days) : t.noBottleneckHint(iterationDays)}
        tooltip={tooltip}
      />
      <Tile
        label={t.activeRatio}
        value={
          metrics.active_work_ratio === null
            ? T.common.notAvailable
            : formatPercent(metrics.active_work_ratio)
        }
        tone={metrics.active_work_ratio === null ? undefined : activeRatioTone(metrics.active_work_ratio)}
        hint={t.activeRatioHint}
        tooltip={tooltip}
      />
      <Tile
        label={t.queueHealth}
        value={queue?.label ?? T.common.notAvailable}
        tone={queue?.tone}
        hint={ratio === null ? t.queueUnknownHint : t.queueHint(ratio)}
        tooltip={tooltip}
      />
    </TileGrid>
  );
}

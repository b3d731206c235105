import type { LeadTimeMetrics, TrendChange } from '@fluxion/contract';
import { Tile, TileGrid } from '../../components/Tile.tsx';
import { MIN_STABILITY_SAMPLE } from '../../lib/constants.ts';
import { formatDays, formatTrend } from '../../lib/format.ts';
import { stabilityTone } from '../../lib/thresholds.ts';
import { trendDisplay } from '../../lib/trend.ts';
import type { DurationUnit } from '../../lib/units.ts';
import { T } from '../../texts.ts';

/** A trend tile: coloured only when the engine calls the trend clear; else "No clear change" and why. */
function TrendTile({
  label,
  change,
  days,
  finished,
}: {
  label: string;
  change: TrendChange | null;
  days: number;
  finished: number | undefined;
}) {
  // null: no cycle-start column, so no cycle time at all (spec: not available).
  if (change === null) return <Tile label={label} value={formatTrend(null)} />;
  const shown = trendDisplay(change, days, finished);
  return <Tile label={label} value={shown.value} tone={shown.tone} hint={shown.hint} />;
}

const pair = (p50: number | null, p85: number | null) =>
  p50 === null || p85 === null ? T.common.notAvailable : `${formatDays(p50)} / ${formatDays(p85)}`;

type Props = { metrics: LeadTimeMetrics; unit: DurationUnit };

export function LeadTimeTiles({ metrics, unit }: Props) {
  const t = T.leadTime;
  const stabilityKnown = metrics.stability_sample >= MIN_STABILITY_SAMPLE;
  const completions = metrics.lead_time_change.completions;
  const finished = metrics.history_gaps?.finished;
  return (
    <TileGrid>
      <TrendTile
        label={t.leadTrend}
        change={metrics.lead_time_change}
        days={metrics.window_days}
        finished={finished}
      />
      <TrendTile
        label={t.cycleTrend}
        change={metrics.cycle_time_change}
        days={metrics.window_days}
        finished={finished}
      />
      {stabilityKnown ? (
        <Tile label={t.stability} value={metrics.stability} tone={stabilityTone(metrics.stability)} />
      ) : (
        <Tile
          label={t.stability}
          value={t.unknownValue}
          hint={t.stabilityNeeds(metrics.stability_sample, MIN_STABILITY_SAMPLE, metrics.window_days)}
        />
      )}
      {/* No completion in the window: no average (not "0") and no "Half of the 0 items…". */}
      <Tile
        label={t.avgLeadIn(unit)}
        value={completions === 0 ? T.common.notAvailable : formatDays(metrics.avg_lead_time)}
      />
      <Tile
        label={t.leadPercentiles(unit)}
        value={pair(metrics.lead_time_p50, metrics.lead_time_p85)}
        {...(completions > 0 ? { hint: t.percentilesHint(completions, metrics.window_days) } : {})}
      />
      {metrics.cycle_time_change !== null && (
        <Tile label={t.cyclePercentiles(unit)} value={pair(metrics.cycle_time_p50, metrics.cycle_time_p85)} />
      )}
    </TileGrid>
  );
}

import type { LeadTimeMetrics } from '@fluxion/contract';
import { Tile, TileGrid } from '../../components/Tile.tsx';
import { MIN_STABILITY_SAMPLE } from '../../lib/constants.ts';
import { formatDays, formatTrend } from '../../lib/format.ts';
import { stabilityTone, trendTone } from '../../lib/thresholds.ts';
import { T } from '../../texts.ts';

/** A trend tile: a figure only when the iteration before had completions to compare with. */
function TrendTile({ label, trend, known }: { label: string; trend: number | null; known: boolean }) {
  // null: no cycle-start column, so no cycle time at all (spec: not available).
  if (trend === null) return <Tile label={label} value={formatTrend(null)} />;
  if (!known) return <Tile label={label} value={T.leadTime.unknownValue} hint={T.leadTime.trendNeeds} />;
  return <Tile label={label} value={formatTrend(trend)} tone={trendTone(trend)} />;
}

export function LeadTimeTiles({ metrics }: { metrics: LeadTimeMetrics }) {
  const t = T.leadTime;
  const stabilityKnown = metrics.stability_sample >= MIN_STABILITY_SAMPLE;
  return (
    <TileGrid>
      <TrendTile label={t.leadTrend} trend={metrics.lead_time_trend} known={metrics.trend_known} />
      <TrendTile label={t.cycleTrend} trend={metrics.cycle_time_trend} known={metrics.trend_known} />
      {stabilityKnown ? (
        <Tile label={t.stability} value={metrics.stability} tone={stabilityTone(metrics.stability)} />
      ) : (
        <Tile
          label={t.stability}
          value={t.unknownValue}
          hint={t.stabilityNeeds(metrics.stability_sample, MIN_STABILITY_SAMPLE)}
        />
      )}
      <Tile label={t.avgLead} value={formatDays(metrics.avg_lead_time)} />
    </TileGrid>
  );
}

import type { LeadTimeMetrics } from '@fluxion/contract';
import { Tile, TileGrid } from '../../components/Tile.tsx';
import { formatDays, formatTrend } from '../../lib/format.ts';
import { stabilityTone, trendTone } from '../../lib/thresholds.ts';
import { T } from '../../texts.ts';

export function LeadTimeTiles({ metrics }: { metrics: LeadTimeMetrics }) {
  const t = T.leadTime;
  return (
    <TileGrid>
      <Tile
        label={t.leadTrend}
        value={formatTrend(metrics.lead_time_trend)}
        tone={trendTone(metrics.lead_time_trend)}
      />
      <Tile
        label={t.cycleTrend}
        value={formatTrend(metrics.cycle_time_trend)}
        tone={trendTone(metrics.cycle_time_trend)}
      />
      <Tile label={t.stability} value={metrics.stability} tone={stabilityTone(metrics.stability)} />
      <Tile label={t.avgLead} value={formatDays(metrics.avg_lead_time)} />
    </TileGrid>
  );
}

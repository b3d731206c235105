import type { FlowResponse } from '@fluxion/contract';
import { Tile, TileGrid } from '../../components/Tile.tsx';
import { formatDays } from '../../lib/format.ts';
import { atRiskTone } from '../../lib/thresholds.ts';
import { T } from '../../texts.ts';
import { FLOW_DEFAULTS } from '../../lib/constants.ts';

const t = T.flow;

export function FlowTiles({ data }: { data: FlowResponse }) {
  const p85 = data.cycle_time.percentiles.p85;
  const howMany = data.forecast?.how_many.results.find((r) => r.confidence === 0.85);
  const wip = data.aging.items.length;
  return (
    <TileGrid>
      <Tile
        label={t.perWeek}
        value={formatDays(data.throughput.per_week)}
        hint={t.perWeekHint(data.throughput.total, data.window.days)}
      />
      <Tile
        label={t.cycleP85}
        value={p85 === null ? T.common.notAvailable : t.days(formatDays(p85))}
        hint={t.cycleP85Hint}
      />
      <Tile
        label={t.wipAtRisk}
        value={String(data.aging.at_risk)}
        tone={atRiskTone(data.aging.at_risk, wip)}
        hint={t.wipAtRiskHint(wip)}
      />
      <Tile
        label={t.nextDays(data.forecast?.how_many.horizon_days ?? FLOW_DEFAULTS.horizon)}
        value={howMany ? t.nextItems(howMany.items) : t.noForecast}
        hint={data.forecast ? t.nextHint(data.forecast.sample_days) : undefined}
      />
    </TileGrid>
  );
}

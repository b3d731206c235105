import type { FlowResponse } from '@fluxion/contract';
import { Tile, TileGrid } from '../../components/Tile.tsx';
import { formatDays } from '../../lib/format.ts';
import { atRiskTone } from '../../lib/thresholds.ts';
import { T } from '../../texts.ts';
import { FLOW_DEFAULTS } from '../../lib/constants.ts';
import { useContext } from 'react';
import { UnitField } from './ChartCard.tsx';
import { forecastSample } from '../../lib/forecastSample.ts';
import type { DurationUnit } from '../../lib/units.ts';

const t = T.flow;

/** `unit`: working days on a board whose calendar has days off (docs/metrics.md §12). */
export function FlowTiles({ data, unit = 'days' }: { data: FlowResponse; unit?: DurationUnit }) {
  const p85 = data.cycle_time.percentiles.p85;
  const howMany = data.forecast?.how_many.results.find((r) => r.confidence === 0.85);
  const wip = data.aging.items.length;
  const field = useContext(UnitField);
  return (
    <TileGrid>
      <Tile
        label={t.perWeek}
        value={formatDays(data.throughput.per_week)}
        hint={
          field === null
            ? t.perWeekHint(data.throughput.total, data.window.days)
            : `${t.amount(data.throughput.total, field)} finished in ${data.window.days} days`
        }
      />
      <Tile
        label={t.cycleP85}
        value={p85 === null ? T.common.notAvailable : t.days(formatDays(p85), unit)}
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
        value={
          howMany
            ? field === null
              ? t.nextItems(howMany.items)
              : `${t.amount(howMany.items, field)} (85%)`
            : t.noForecast
        }
        hint={data.forecast ? t.nextHintOf(forecastSample(data.forecast, unit)) : undefined}
      />
    </TileGrid>
  );
}

import type { FlowResponse } from '@fluxion/contract';
import { HistoryGapsNote } from '../../components/HistoryGapsNote.tsx';
import { InsightBanner } from '../../components/InsightBanner.tsx';
import { Tile, TileGrid } from '../../components/Tile.tsx';
import { formatDays } from '../../lib/format.ts';
import { formatCount } from '../../lib/viewerFormat.ts';
import { atRiskTone } from '../../lib/thresholds.ts';
import { T } from '../../texts.ts';
import { FLOW_DEFAULTS } from '../../lib/constants.ts';
import { useContext } from 'react';
import { UnitField } from './ChartCard.tsx';
import { forecastSample } from '../../lib/forecastSample.ts';
import type { DurationUnit } from '../../lib/units.ts';

const t = T.flow;

/**
 * Items in progress at risk against the board's SLE (set or proposed), else older than the p85 of cycle
 * times: the same line as the insight and the at-risk list. Without an SLE nor a known cycle time (GitHub
 * lost the history of every finished item) nothing can be compared: unknown, never a reassuring 0.
 */
export function WipAtRiskTile(props: {
  atRisk: number;
  wip: number;
  p85: number | null;
  sle?: { percent: number; days: number } | null;
  unit?: DurationUnit;
}) {
  const sle = props.sle ?? null;
  if (sle === null && props.p85 === null && props.wip > 0) {
    return (
      <Tile
        label={t.wipAtRisk}
        value={T.historyGaps.atRiskUnknown}
        hint={T.historyGaps.atRiskUnknownHint(props.wip)}
      />
    );
  }
  return (
    <Tile
      label={t.wipAtRisk}
      value={formatCount(props.atRisk)}
      tone={atRiskTone(props.atRisk, props.wip)}
      hint={t.wipAtRiskHint(props.wip, sle, props.unit)}
    />
  );
}

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
      <WipAtRiskTile atRisk={data.aging.at_risk} wip={wip} p85={p85} sle={data.sle ?? null} unit={unit} />
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

/**
 * Flow's figures and what they say, as the Flow page and a shared view both show them: the tiles, the
 * insight and, under it, the finished items whose start GitHub lost (docs/metrics.md §16).
 */
export function FlowHeadline({ data, unit }: { data: FlowResponse; unit: DurationUnit }) {
  return (
    <>
      <FlowTiles data={data} unit={unit} />
      <InsightBanner insight={data.performance_insight} />
      <HistoryGapsNote gaps={data.history_gaps} days={data.window.days} kind="cycle" />
    </>
  );
}

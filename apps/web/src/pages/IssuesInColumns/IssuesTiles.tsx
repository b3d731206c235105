import type { IssuesColumnStats } from '@fluxion/contract';
import { Tile, TileGrid } from '../../components/Tile.tsx';
import { formatDays } from '../../lib/format.ts';
import type { DurationUnit } from '../../lib/units.ts';
import { T } from '../../texts.ts';

type Props = { total: number; stats: IssuesColumnStats; unit?: DurationUnit };

export function IssuesTiles({ total, stats, unit = 'days' }: Props) {
  const t = T.issues;
  const over1 = stats.issues_over_1x_iteration;
  const over2 = stats.issues_over_2x_iteration;
  return (
    <TileGrid>
      <Tile label={t.total} value={total} />
      {/* No issue in the column: no average (not "0"), as Lead Time's tile shows none without a completion. */}
      <Tile
        label={t.avgDaysIn(unit)}
        value={total === 0 ? T.common.notAvailable : formatDays(stats.avg_days)}
      />
      <Tile
        label={t.over1x}
        value={over1}
        tone={over1 > 0 ? 'attention' : 'success'}
        hint={t.overHint(stats.thresholds['1x_iteration'], unit)}
      />
      <Tile
        label={t.over2x}
        value={over2}
        tone={over2 > 0 ? 'danger' : 'success'}
        hint={t.overHint(stats.thresholds['2x_iteration'], unit)}
      />
    </TileGrid>
  );
}

import type { IssuesColumnStats } from '@fluxion/contract';
import { Tile, TileGrid } from '../../components/Tile.tsx';
import { formatDays } from '../../lib/format.ts';
import { T } from '../../texts.ts';

type Props = { total: number; stats: IssuesColumnStats };

export function IssuesTiles({ total, stats }: Props) {
  const t = T.issues;
  const over1 = stats.issues_over_1x_iteration;
  const over2 = stats.issues_over_2x_iteration;
  return (
    <TileGrid>
      <Tile label={t.total} value={total} />
      <Tile label={t.avgDays} value={formatDays(stats.avg_days)} />
      <Tile
        label={t.over1x}
        value={over1}
        tone={over1 > 0 ? 'attention' : 'success'}
        hint={`> ${stats.thresholds['1x_iteration']} days`}
      />
      <Tile
        label={t.over2x}
        value={over2}
        tone={over2 > 0 ? 'danger' : 'success'}
        hint={`> ${stats.thresholds['2x_iteration']} days`}
      />
    </TileGrid>
  );
}

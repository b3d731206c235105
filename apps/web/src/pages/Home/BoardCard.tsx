import type { BoardFlowSummary, BoardSummary, Project } from '@fluxion/contract';
import { AlertIcon, HourglassIcon } from '@primer/octicons-react';
import { Label, Link } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import { BoardAccessNotice } from '../../components/BoardAccess/BoardAccessNotice.tsx';
import { BoardSync } from '../../components/BoardSync.tsx';
import { InsightBanner } from '../../components/InsightBanner.tsx';
import { HistoryGapsNote } from '../../components/HistoryGapsNote.tsx';
import { WipAtRiskTile } from '../Flow/FlowTiles.tsx';
import { Paywall } from '../../components/Paywall/Paywall.tsx';
import { Tile, TileGrid } from '../../components/Tile.tsx';
import { formatDays } from '../../lib/format.ts';
import { awaitsData } from '../../lib/sync.ts';
import { T } from '../../texts.ts';
import styles from './BoardCard.module.css';
import { SleAtRiskList } from '../../components/FlowPolicies/SleAtRiskList.tsx';
import { type DurationUnit, durationUnit } from '../../lib/units.ts';
import { cardTone, daysOrNotAvailable, flowLink, itemLabel, riskTone, stuckItemLink } from './boardCards.ts';

const t = T.home.boards;

function OldestTile({ board, unit }: { board: BoardFlowSummary; unit: DurationUnit }) {
  const item = board.oldest_item;
  if (!item) return <Tile label={t.oldest} value={t.noWip} />;
  return (
    <Tile
      label={t.oldest}
      value={
        item.age_at_least
          ? T.historyGaps.ageAtLeast(T.flow.days(formatDays(item.age_days), unit))
          : T.flow.days(formatDays(item.age_days), unit)
      }
      tone={riskTone(item.risk)}
      hint={
        <Link as={RouterLink} to={stuckItemLink(board.project_id, item.column)} data-testid="stuck-item-link">
          {t.oldestHint(itemLabel(item), item.column)} →
        </Link>
      }
    />
  );
}

/** The board's bottleneck as Time in State, Flow and the Issues page name it (docs/metrics.md §14). */
function Bottleneck({ board, unit }: { board: BoardFlowSummary; unit: DurationUnit }) {
  const b = board.bottleneck;
  if (!b) return null;
  return (
    <p className={styles.muted} data-testid="board-bottleneck">
      {t.bottleneck(b.column, formatDays(b.days), unit, b.window_days)}
    </p>
  );
}

function FlowFigures({ board, days, unit }: { board: BoardFlowSummary; days: number; unit: DurationUnit }) {
  return (
    <>
      <div className={styles.figures}>
        <TileGrid>
          <Tile
            label={T.flow.perWeek}
            value={formatDays(board.throughput_per_week)}
            hint={t.windowHint(days)}
          />
          <Tile
            label={T.flow.cycleP85}
            value={daysOrNotAvailable(board.cycle_time_p85, unit)}
            hint={T.flow.cycleP85Hint}
          />
          <WipAtRiskTile
            atRisk={board.wip_at_risk}
            wip={board.wip}
            p85={board.cycle_time_p85}
            sle={board.sle ?? null}
            unit={unit}
          />
          <OldestTile board={board} unit={unit} />
        </TileGrid>
      </div>
      <Bottleneck board={board} unit={unit} />
      <InsightBanner insight={board.insight} />
      <HistoryGapsNote gaps={board.history_gaps} days={days} kind="cycle" />
      <SleAtRiskList
        items={board.sle_at_risk ?? []}
        sle={board.sle}
        total={board.sle_at_risk_count}
        unit={unit}
        projectId={board.project_id}
      />
    </>
  );
}

function Calm({ icon: Icon, title, text }: { icon: typeof AlertIcon; title: string; text: string }) {
  return (
    <div className={styles.calm}>
      <Icon size={20} />
      <div>
        <div className={styles.calmTitle}>{title}</div>
        <div className={styles.muted}>{text}</div>
      </div>
    </div>
  );
}

/** One board of "Your boards at a glance": its Flow figures, the item stuck longest, the insight. */
export function BoardCard({
  board,
  days,
  project,
}: {
  board: BoardSummary;
  days: number;
  project?: Project;
}) {
  const headingId = `board-${board.project_id}`;
  return (
    <article
      className={`${styles.card} ${styles[cardTone(board)]}`}
      aria-labelledby={headingId}
      data-testid="board-card"
      data-status={board.status}
    >
      <header className={styles.header}>
        <h3 id={headingId} className={styles.title}>
          {board.title}
        </h3>
        {board.is_demo && <Label variant="accent">{t.demo}</Label>}
        <Link as={RouterLink} to={flowLink(board.project_id)} className={styles.open}>
          {t.openFlow} →
        </Link>
      </header>
      {project && <BoardSync project={project} />}
      {/* What GitHub hides from Fluxion, said here too, as on the board's pages and in Manage Projects. */}
      {project && <BoardAccessNotice project={project} />}
      {board.status === 'ok' && (
        <FlowFigures board={board} days={days} unit={durationUnit(project?.calendar)} />
      )}
      {/* A board just added has no figures because its history is still on its way, as its pages say. */}
      {board.status === 'no_data' && (
        <Calm
          icon={HourglassIcon}
          title={t.noData}
          text={project && awaitsData(project) ? T.states.importing : t.noDataText(days)}
        />
      )}
      {board.status === 'failed' && <Calm icon={AlertIcon} title={t.cardFailed} text={board.message} />}
      {board.status === 'locked' && <Paywall compact />}
    </article>
  );
}

import type { AgingRisk, BoardSummary, OldestItem } from '@fluxion/contract';
import { formatDays } from '../../lib/format.ts';
import { insightVariant } from '../../lib/insight.ts';
import { truncateTitle } from '../../lib/text.ts';
import type { Tone } from '../../lib/thresholds.ts';
import { T } from '../../texts.ts';

/** The board's Flow page (the link selects the project). */
export const flowLink = (projectId: string) => `/flow?${new URLSearchParams({ project: projectId })}`;

/** Issues in Columns on the board's column that holds the stuck item. */
export const stuckItemLink = (projectId: string, column: string) =>
  `/issues-in-columns?${new URLSearchParams({ project: projectId, column })}`;

/** '#12', or the title (cut to 40 characters) of an item without a number. */
export function itemLabel(item: Pick<OldestItem, 'number' | 'title'>): string {
  if (item.number !== null) return `#${item.number}`;
  return item.title.trim() ? truncateTitle(item.title.trim()) : T.home.boards.untitled;
}

/** '4.2 days', or N/A without a value. */
export const daysOrNotAvailable = (days: number | null, unit = 'days') =>
  days === null ? T.common.notAvailable : T.flow.days(formatDays(days), unit);

/** The oldest item's age coloured as the Flow page's aging chart: beyond p85 red, beyond p50 amber. */
export function riskTone(risk: AgingRisk): Tone {
  if (risk === 'critical' || risk === 'at_risk') return 'danger';
  if (risk === 'watch') return 'attention';
  if (risk === 'on_track') return 'success';
  return 'neutral';
}

const VARIANT_TONES = {
  success: 'success',
  default: 'neutral',
  warning: 'attention',
  danger: 'danger',
} as const;

/** The card's accent: its insight's severity colour; calm (neutral) without data or behind the paywall, amber when it failed. */
export function cardTone(board: BoardSummary): Tone {
  if (board.status === 'no_data') return 'neutral';
  if (board.status === 'failed') return 'attention';
  if (board.status === 'locked') return 'neutral';
  return VARIANT_TONES[insightVariant(board.insight)];
}

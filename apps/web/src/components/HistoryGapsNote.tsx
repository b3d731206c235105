import type { HistoryGaps } from '@fluxion/contract';
import { InfoIcon } from '@primer/octicons-react';
import { T } from '../texts.ts';
import styles from './Analysis.module.css';

/** Which start a page's figures need: the cycle start (Flow), the first entry (Lead Time), the stays. */
export type GapKind = 'cycle' | 'lead' | 'stays';

/**
 * How many of the window's finished items lack the start this page needs (0: none, or no answer). Their
 * stays: the items without a known joining or cycle start, as Time in State's insight counts them (a
 * reconstructed joining gives a lead time, not the stays before GitHub's record).
 */
export function unknownStarts(gaps: HistoryGaps | undefined, kind: GapKind): number {
  if (!gaps) return 0;
  if (kind === 'cycle') return gaps.without_cycle_start;
  if (kind === 'lead') return gaps.without_board_entry;
  return Math.max(gaps.without_board_entry, gaps.without_cycle_start);
}

/**
 * The finished items GitHub lost the start of, and why (docs/metrics.md §16): the same count on every
 * page that shows figures built on those starts. Nothing when every finished item's start is known.
 */
export function HistoryGapsNote(props: { gaps: HistoryGaps | undefined; days: number; kind: GapKind }) {
  const unknown = unknownStarts(props.gaps, props.kind);
  if (!props.gaps || unknown === 0) return null;
  return (
    <p className={styles.historyGaps} data-testid="history-gaps">
      <InfoIcon size={14} /> {T.historyGaps.note(unknown, props.gaps.finished, props.days, props.kind)}
    </p>
  );
}

import { formatCount } from '../core/numbers.ts';
import type { ItemTimeline } from './item-timelines.ts';
import { cycleTimeMs, type RowTimeline } from './timeline.ts';

/**
 * The partial-history rule, stated once (docs/metrics.md §16). GitHub lost the moves of an item "partial
 * before K"; what such an item contributes:
 * - finished: yes, counted in throughput (its entry into done is a known event);
 * - cycle time: only when its cycle-start entry is after K (`cycleTimeMs` in `timeline.ts` applies this);
 * - lead time: never (its first entry on the board is unknown), unless its joining was reconstructed
 *   (`joinedOnlyItems`: "Reconstructed histories");
 * - age: at least the time since K when its cycle-start entry is not after K.
 * Every analysis reads the counts below, so each page says how many finished items lack a known start.
 */
export type HistoryGaps = {
  /** Items finished in the window. */
  finished: number;
  /** Of them, those without a known cycle start: GitHub lost their history. */
  without_cycle_start: number;
  /** Of them, those without a known first entry on the board (no lead time): GitHub lost their history. */
  without_board_entry: number;
};

/**
 * When an item in progress started, as every age counts it (Flow's aging chart, Home, the digest, the item
 * page): its entry into the cycle-start column (back-filled from a later column it reached when it skipped
 * that one), else its entry into its current column. Null: no start known at all.
 */
export function ageStartedAt(
  t: ItemTimeline | undefined,
  enteredColumnAt: number | null,
  cycleStart: string,
): number | null {
  return startedAt(t?.entered[cycleStart], enteredColumnAt);
}

/** `ageStartedAt` given the item's cycle-start entry (null or undefined: none recorded). */
export function startedAt(entered: number | null | undefined, enteredColumnAt: number | null): number | null {
  if (entered !== null && entered !== undefined) return entered;
  return enteredColumnAt !== null && Number.isFinite(enteredColumnAt) ? enteredColumnAt : null;
}

/**
 * Whether an item's age is only a lower bound: its history is partial and its cycle-start entry (the
 * start of its age) is not after the instant GitHub's history begins for it.
 */
export function ageIsMinimum(t: ItemTimeline | undefined, cycleStart: string): boolean {
  if (!t || t.partialBefore === null) return false;
  const started = t.entered[cycleStart];
  return started === null || started === undefined || started <= t.partialBefore;
}

/**
 * The gaps among the items finished by `now` on the days `first`…`last` (`dayOf`: the calendar's local
 * day), read from the timeline as built (before the next `buildTimeline`).
 */
export function historyGaps(
  t: RowTimeline,
  window: { first: number; last: number },
  dayOf: (ms: number) => number,
  now: number,
): HistoryGaps {
  const gaps: HistoryGaps = { finished: 0, without_cycle_start: 0, without_board_entry: 0 };
  for (let item = 0; item < t.itemIds.length; item++) {
    const doneAt = t.doneAt[item] as number;
    if (!(doneAt <= now)) continue;
    const day = dayOf(doneAt);
    if (day < window.first || day > window.last) continue;
    gaps.finished += 1;
    if (Number.isNaN(t.partialBefore[item] as number)) continue;
    if (t.joinKnown[item] !== 1) gaps.without_board_entry += 1;
    if (t.board.cycleStart >= 0 && Number.isNaN(cycleTimeMs(t, item))) gaps.without_cycle_start += 1;
  }
  return gaps;
}

/**
 * " GitHub lost the history of 2 of the 6 items finished, so their cycle times are unknown.": the one
 * sentence every insight adds for the gap (empty without one). `noun`: the missing duration, singular.
 */
export function gapSentence(finished: number, unknown: number, noun: string): string {
  if (unknown === 0) return '';
  if (unknown === finished) {
    const which =
      finished === 1 ? 'the item' : finished === 2 ? 'both items' : `all ${formatCount(finished)} items`;
    return ` GitHub lost the history of ${which} finished, so no ${noun} is known.`;
  }
  return ` GitHub lost the history of ${formatCount(unknown)} of the ${formatCount(finished)} items finished, so their ${noun}s are unknown.`;
}

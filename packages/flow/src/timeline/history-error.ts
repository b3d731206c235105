import { quantile } from '../core/numbers.ts';
import type { BoardColumns } from '../types.ts';
import type { Transitions } from '../input/transitions.ts';
import { buildTimeline, cycleTimeMs, leadTimeMs } from './timeline.ts';

const DAY_MS = 86_400_000;

/**
 * Per item: its joining, cycle start, completion, cycle and lead time (NaN: unknown), copied out of the
 * shared timeline.
 */
type ItemDates = Map<string, { join: number; start: number; done: number; cycle: number; lead: number }>;

function itemDates(columns: BoardColumns, transitions: Transitions): ItemDates {
  const t = buildTimeline(columns, transitions);
  const width = t.board.columns.length;
  const dates: ItemDates = new Map();
  t.itemIds.forEach((id, item) => {
    const start =
      t.board.cycleStart < 0 ? Number.NaN : (t.entries[item * width + t.board.cycleStart] as number);
    dates.set(id, {
      join: t.firstEntry[item] as number,
      start,
      done: t.doneAt[item] as number,
      cycle: cycleTimeMs(t, item),
      lead: leadTimeMs(t, item),
    });
  });
  return dates;
}

/** A distribution's median and 90th percentile, days (null: no value). */
export type ErrorSpread = { count: number; median: number | null; p90: number | null; errors: number[] };

/** The board's cycle-time percentiles, days; `leadItems`: how many finished items have a lead time. */
export type CyclePercentiles = { items: number; p50: number | null; p85: number | null; leadItems: number };

/** How far a reconstructed history is from the truth (docs/metrics.md, "Reconstructed histories"). */
export type HistoryError = {
  /** Absolute error of the estimated cycle start / completion of the items finished in both, days. */
  start: ErrorSpread;
  done: ErrorSpread;
  /** Absolute error of the estimated joining of the finished items of which only that was reconstructed. */
  join: ErrorSpread;
  /** Cycle-time percentiles of the truth, of the reconstruction, and of the partial rule alone. */
  truth: CyclePercentiles;
  reconstructed: CyclePercentiles;
  partialOnly: CyclePercentiles;
};

function spread(values: number[]): ErrorSpread {
  const sorted = Float64Array.from(values).sort();
  return { count: values.length, median: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), errors: values };
}

/** The spread of errors pooled from several boards. */
export function pooledSpread(spreads: readonly ErrorSpread[]): ErrorSpread {
  return spread(spreads.flatMap((s) => s.errors));
}

function percentiles(dates: ItemDates): CyclePercentiles {
  const cycles = [...dates.values()].map((d) => d.cycle / DAY_MS).filter((c) => Number.isFinite(c));
  const sorted = Float64Array.from(cycles).sort();
  const leadItems = [...dates.values()].filter((d) => Number.isFinite(d.lead)).length;
  return { items: cycles.length, p50: quantile(sorted, 0.5), p85: quantile(sorted, 0.85), leadItems };
}

/**
 * Compares a board's reconstructed history with its true one. `truth`: every move as it happened;
 * `recorded`: what the import stored, estimated steps included; `partial`: the items whose history stayed
 * partial with the estimates, and `partialOnly`/`leftOut`: the partial rule without them. Errors are taken
 * over the items whose estimated history has the date (`estimatedItems`) and the truth finished.
 */
export function historyError(input: {
  columns: BoardColumns;
  truth: Transitions;
  recorded: Transitions;
  estimatedItems: ReadonlySet<string>;
  partial: ReadonlyMap<string, number>;
  partialOnly: ReadonlyMap<string, number>;
  leftOut: ReadonlyMap<string, ReadonlySet<number>>;
  /** The partial items of which only the joining was reconstructed. */
  joinedOnly?: ReadonlySet<string>;
}): HistoryError {
  const truth = itemDates({ ...input.columns, partialHistory: null }, input.truth);
  const reconstructed = itemDates(
    { ...input.columns, partialHistory: input.partial, joinedOnlyItems: input.joinedOnly ?? null },
    input.recorded,
  );
  const partialOnly = itemDates(
    { ...input.columns, partialHistory: input.partialOnly, leftOutMoves: input.leftOut },
    input.recorded,
  );
  const startErrors: number[] = [];
  const doneErrors: number[] = [];
  for (const id of input.estimatedItems) {
    const real = truth.get(id);
    const estimate = reconstructed.get(id);
    if (!real || !estimate || !Number.isFinite(real.done)) continue;
    if (Number.isFinite(estimate.done)) doneErrors.push(Math.abs(estimate.done - real.done) / DAY_MS);
    if (Number.isFinite(estimate.start) && Number.isFinite(real.start))
      startErrors.push(Math.abs(estimate.start - real.start) / DAY_MS);
  }
  const joinErrors: number[] = [];
  for (const id of input.joinedOnly ?? []) {
    const real = truth.get(id);
    const estimate = reconstructed.get(id);
    if (real && estimate && Number.isFinite(real.done) && Number.isFinite(estimate.lead))
      joinErrors.push(Math.abs(estimate.join - real.join) / DAY_MS);
  }
  return {
    start: spread(startErrors),
    done: spread(doneErrors),
    join: spread(joinErrors),
    truth: percentiles(truth),
    reconstructed: percentiles(reconstructed),
    partialOnly: percentiles(partialOnly),
  };
}

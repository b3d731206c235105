import type { ItemStay } from '../timeline/item-timelines.ts';
import type { Stays } from '../timeline/timeline.ts';

/** A label put on (`added`) or taken off an item at `at`, as the collector recorded it. */
export type LabelChange = { itemId: string; label: string; added: boolean; at: number };

/** A time an item was blocked: [start, end); `open` while it still is (`end` is then now). */
export type Span = { start: number; end: number; open?: boolean };

export const DEFAULT_BLOCKED_LABEL = 'blocked';

/**
 * The times each item carried the blocked label (GitHub label names compare without case): from each
 * addition to the next removal, or to `now`. A second addition while blocked, or a removal while not, changes
 * nothing; changes after `now` are not known yet.
 */
export function blockedSpans(
  changes: readonly LabelChange[],
  label: string,
  now: number,
): Map<string, Span[]> {
  const wanted = label.toLowerCase();
  const byItem = new Map<string, LabelChange[]>();
  for (const c of changes) {
    if (c.at > now || c.label.toLowerCase() !== wanted) continue;
    const list = byItem.get(c.itemId);
    if (list) list.push(c);
    else byItem.set(c.itemId, [c]);
  }
  const spans = new Map<string, Span[]>();
  for (const [itemId, list] of byItem) {
    const own: Span[] = [];
    let since: number | null = null;
    for (const c of list.sort((a, b) => a.at - b.at)) {
      if (c.added && since === null) since = c.at;
      else if (!c.added && since !== null) {
        if (c.at > since) own.push({ start: since, end: c.at });
        since = null;
      }
    }
    if (since !== null && now > since) own.push({ start: since, end: now, open: true });
    if (own.length > 0) spans.set(itemId, own);
  }
  return spans;
}

/** An item's value of a board field (`value` null: cleared) from `at` on, as the collector recorded it. */
export type FieldValueChange = { itemId: string; field: string; value: string | null; at: number };

/** The field value the team names as a blocked marker (field names as GitHub spells them). */
export type BlockedFieldMarker = { name: string; value: string };

/**
 * The times each item's `marker.name` field held `marker.value` (compared without case): from each change
 * to it until the next change to anything else (another value, or cleared), or to `now`. Repeated
 * reports of the same value change nothing; changes after `now` are not known yet.
 */
export function fieldBlockedSpans(
  changes: readonly FieldValueChange[],
  marker: BlockedFieldMarker,
  now: number,
): Map<string, Span[]> {
  const wanted = marker.value.toLowerCase();
  const asLabel: LabelChange[] = [];
  for (const c of changes) {
    if (c.field !== marker.name) continue;
    asLabel.push({ itemId: c.itemId, label: wanted, added: c.value?.toLowerCase() === wanted, at: c.at });
  }
  return blockedSpans(asLabel, wanted, now);
}

/**
 * Each item's spans of either source as one list: overlapping or touching spans become one, so a time
 * both marked (label and field) counts once. Open while the latest span is.
 */
export function unionSpans(...sources: ReadonlyMap<string, Span[]>[]): Map<string, Span[]> {
  const all = new Map<string, Span[]>();
  for (const source of sources)
    for (const [itemId, spans] of source) all.set(itemId, [...(all.get(itemId) ?? []), ...spans]);
  for (const [itemId, spans] of all) {
    if (spans.length < 2) continue;
    const merged: Span[] = [];
    for (const span of [...spans].sort((a, b) => a.start - b.start)) {
      const last = merged.at(-1);
      if (last && span.start <= last.end) {
        if (span.end >= last.end) {
          last.end = span.end;
          last.open = span.open;
        }
      } else merged.push({ ...span });
    }
    for (const span of merged) if (!span.open) delete span.open;
    all.set(itemId, merged);
  }
  return all;
}

/**
 * An issue started (`blocking`) or stopped blocking an item at `at`: a "blocked by" dependency added or
 * removed, its blocking issue reopened or closed (issue dependencies; docs/metrics.md, "Dependency
 * blocking"). `blockingId`: the blocking issue's node id.
 */
export type DependencyChange = { itemId: string; blockingId: string; blocking: boolean; at: number };

/**
 * The times each item was blocked by an open issue: per blocking issue, from each start to the next stop
 * (or to `now`), all of an item's blockers joined (two at once count once). A repeated start or stop
 * changes nothing; changes after `now` are not known yet.
 */
export function dependencyBlockedSpans(
  changes: readonly DependencyChange[],
  now: number,
): Map<string, Span[]> {
  const byPair = new Map<string, DependencyChange[]>();
  for (const c of changes) {
    if (c.at > now) continue;
    const key = `${c.itemId}\u0000${c.blockingId}`;
    const list = byPair.get(key);
    if (list) list.push(c);
    else byPair.set(key, [c]);
  }
  const spans = new Map<string, Span[]>();
  for (const list of byPair.values()) {
    const itemId = list[0]?.itemId ?? '';
    const own = spans.get(itemId) ?? [];
    let since: number | null = null;
    for (const c of list.sort((a, b) => a.at - b.at || Number(a.blocking) - Number(b.blocking))) {
      if (c.blocking && since === null) since = c.at;
      else if (!c.blocking && since !== null) {
        if (c.at > since) own.push({ start: since, end: c.at });
        since = null;
      }
    }
    if (since !== null && now > since) own.push({ start: since, end: now, open: true });
    if (own.length > 0) spans.set(itemId, own);
  }
  return unionSpans(spans);
}

/** Everything that marks items blocked (docs/metrics.md, "Blocked time"). */
export type BlockedMarks = {
  labelChanges: readonly LabelChange[];
  /** The blocked label (compared without case). */
  label: string;
  fieldChanges?: readonly FieldValueChange[];
  field?: BlockedFieldMarker | null;
  dependencyChanges?: readonly DependencyChange[];
  now: number;
};

/**
 * The times each item was blocked: while it carried the blocked label, its blocked field held the named
 * value, or an open issue blocked it; a time marked more than once counts once.
 */
export function markedBlockedSpans(marks: BlockedMarks): Map<string, Span[]> {
  const sources = [blockedSpans(marks.labelChanges, marks.label, marks.now)];
  if (marks.field) sources.push(fieldBlockedSpans(marks.fieldChanges ?? [], marks.field, marks.now));
  if (marks.dependencyChanges?.length)
    sources.push(dependencyBlockedSpans(marks.dependencyChanges, marks.now));
  return sources.length === 1 ? (sources[0] as Map<string, Span[]>) : unionSpans(...sources);
}

/** How an item's time in progress divides: blocked (per column), active, in total. All in ms of working time. */
export type ItemFlowTime = {
  blockedMs: number;
  blockedByColumn: Map<string, number>;
  activeMs: number;
  totalMs: number;
  /** activeMs / totalMs; null when no time passed. */
  efficiency: number | null;
};

export type FlowTimeContext = {
  /** The in-progress columns (commitment point up to done) and those of them classified productive. */
  inProgress: ReadonlySet<string>;
  productive: ReadonlySet<string>;
  /** Working time between two instants (the calendar's). */
  workingMs: (from: number, to: number) => number;
};

/** Working time the spans cover within [from, to). */
function overlapMs(spans: readonly Span[] | undefined, from: number, to: number, ctx: FlowTimeContext) {
  let total = 0;
  for (const s of spans ?? []) {
    const a = Math.max(s.start, from);
    const b = Math.min(s.end, to);
    if (b > a) total += ctx.workingMs(a, b);
  }
  return total;
}

/**
 * An item's time in progress between `from` (its cycle start) and `to` (its completion, or now): blocked
 * time per in-progress column; active time = its time in productive columns while not blocked; total =
 * the whole interval (its cycle time); flow efficiency = active / total.
 */
export function itemFlowTime(
  stays: readonly ItemStay[],
  from: number,
  to: number,
  spans: readonly Span[] | undefined,
  ctx: FlowTimeContext,
): ItemFlowTime {
  const blockedByColumn = new Map<string, number>();
  let blockedMs = 0;
  let activeMs = 0;
  for (const stay of stays) {
    if (stay.column === null || !ctx.inProgress.has(stay.column)) continue;
    const a = Math.max(stay.start, from);
    const b = Math.min(stay.end ?? to, to);
    if (b <= a) continue;
    const blocked = overlapMs(spans, a, b, ctx);
    if (blocked > 0) {
      blockedByColumn.set(stay.column, (blockedByColumn.get(stay.column) ?? 0) + blocked);
      blockedMs += blocked;
    }
    if (ctx.productive.has(stay.column)) activeMs += ctx.workingMs(a, b) - blocked;
  }
  const totalMs = ctx.workingMs(from, to);
  return {
    blockedMs,
    blockedByColumn,
    activeMs,
    totalMs,
    efficiency: totalMs > 0 ? Math.min(1, activeMs / totalMs) : null,
  };
}

/**
 * The stays of the items of a timeline, read in place: item `row`'s are positions from[row] … from[row + 1]
 * - 1 of `stays`, their columns positions on the board (negative: off the board).
 */
export type StayTable = { stays: Stays; from: Int32Array };

/** Sums of blocked time by column slot; `counted`: 1 where a sum was added to (as a Map's keys). */
export type BlockedSums = { sums: Float64Array; counted: Uint8Array };

/**
 * `itemFlowTime(stays, from, to, spans, ctx).blockedByColumn` of the item at `row` of a stay table, added
 * to `totals` as the item's Map would be: the same sums, without an object per stay or a Map per item.
 * `slots`: each board column's slot (its name's first position), -1 for a column not in progress; `own`:
 * the item's sums while it is read (left empty for the next item).
 */
export function addBlockedByColumn(
  table: StayTable,
  row: number,
  interval: { from: number; to: number },
  spans: readonly Span[],
  ctx: FlowTimeContext & { slots: Int16Array },
  totals: BlockedSums & { own: BlockedSums },
): void {
  const { stays } = table;
  const { sums: own, counted: ownCounted } = totals.own;
  const lo = table.from[row] as number;
  const hi = table.from[row + 1] as number;
  for (let i = lo; i < hi; i++) {
    const column = stays.column[i] as number;
    const slot = column < 0 ? -1 : (ctx.slots[column] as number);
    if (slot < 0) continue;
    const a = Math.max(stays.start[i] as number, interval.from);
    const end = stays.end[i] as number;
    const b = Math.min(Number.isNaN(end) ? interval.to : end, interval.to);
    if (b <= a) continue;
    const blocked = overlapMs(spans, a, b, ctx);
    if (blocked > 0) {
      own[slot] = (own[slot] as number) + blocked;
      ownCounted[slot] = 1;
    }
  }
  for (let slot = 0; slot < own.length; slot++) {
    if (ownCounted[slot] !== 1) continue;
    totals.sums[slot] = (totals.sums[slot] as number) + (own[slot] as number);
    totals.counted[slot] = 1;
    own[slot] = 0;
    ownCounted[slot] = 0;
  }
}

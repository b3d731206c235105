import type { ParentFlowRow, TypeFlowRow } from '@fluxion/contract';
import type { Db } from '../db/connection.ts';

/**
 * What a digest compares with the week before (docs/metrics.md, "Digest: parents that slipped, types whose
 * cycle time grew"): each parent's 85 % forecast date and each issue type's p85 cycle time, kept in
 * `digest_baselines` by the first digest of a board composed for a week and read by the next one's.
 */

/** A type's cycle time grew: its p85 is at least this much over the kept one (25 %)… */
export const TYPE_GROWTH = 1.25;
/** …and at least this many days longer (a 1.2-day p85 becoming 1.6 days is noise)… */
export const TYPE_GROWTH_MIN_DAYS = 1;
/** …each p85 of at least this many finished items of the type over the digest's window. */
export const TYPE_MIN_SAMPLE = 5;
const FORECAST_CONFIDENCE = 0.85;
const ROWS_PER_STATEMENT = 500;

/** A board's kept figures of one week. */
export type Baseline = {
  period: string;
  /** Parent item id → its 85 % date (YYYY-MM-DD). */
  parents: ReadonlyMap<string, string>;
  /** Issue type → its p85 (days). */
  types: ReadonlyMap<string, number>;
};

export type SlippedParent = Pick<ParentFlowRow, 'id' | 'number' | 'title' | 'url'> & {
  /** The 85 % date a week before, and now (null: no forecast now, no child finished lately). */
  was: string;
  now: string | null;
};

export type GrownType = { type: string; was: number; now: number };

/** A parent's 85 % date, when it has a forecast. */
export const forecastDate = (parent: ParentFlowRow): string | null =>
  parent.forecast?.results.find((r) => r.confidence === FORECAST_CONFIDENCE)?.date ?? null;

/** The types whose p85 is worth keeping: enough finished items of the type (TYPE_MIN_SAMPLE). */
const typeP85s = (rows: readonly TypeFlowRow[]) =>
  rows.flatMap((row) =>
    row.type !== null && row.p85 !== null && row.throughput >= TYPE_MIN_SAMPLE
      ? [[row.type, row.p85] as const]
      : [],
  );

/** The parents whose 85 % date moved later than the kept one (or that lost their forecast), latest first. */
export function slippedParents(parents: readonly ParentFlowRow[], kept: Baseline): SlippedParent[] {
  const slipped: SlippedParent[] = [];
  for (const parent of parents) {
    const was = kept.parents.get(parent.id);
    if (was === undefined || parent.progress.done === parent.progress.total) continue;
    const now = forecastDate(parent);
    if (now !== null && now <= was) continue;
    slipped.push({ id: parent.id, number: parent.number, title: parent.title, url: parent.url, was, now });
  }
  return slipped.sort((a, b) => (b.now ?? '9999').localeCompare(a.now ?? '9999'));
}

/** The types whose p85 grew past the thresholds against the kept one, most grown first. */
export function grownTypes(rows: readonly TypeFlowRow[], kept: Baseline): GrownType[] {
  const grown: GrownType[] = [];
  for (const [type, now] of typeP85s(rows)) {
    const was = kept.types.get(type);
    if (was === undefined || was <= 0) continue;
    if (now >= was * TYPE_GROWTH && now - was >= TYPE_GROWTH_MIN_DAYS) grown.push({ type, was, now });
  }
  return grown.sort((a, b) => b.now / b.was - a.now / a.was || a.type.localeCompare(b.type));
}

/** The latest week kept before `period` (the digest's Monday), or null. */
export async function readBaseline(db: Db, boardId: string, period: string): Promise<Baseline | null> {
  const latest = await db
    .selectFrom('digest_baselines')
    .select((eb) => eb.fn.max('period').as('period'))
    .where('board_id', '=', boardId)
    .where('period', '<', period)
    .executeTakeFirst();
  if (!latest?.period) return null;
  const rows = await db
    .selectFrom('digest_baselines')
    .select(['kind', 'key', 'value'])
    .where('board_id', '=', boardId)
    .where('period', '=', latest.period)
    .execute();
  return {
    period: latest.period,
    parents: new Map(rows.filter((r) => r.kind === 'parent').map((r) => [r.key, r.value])),
    types: new Map(rows.filter((r) => r.kind === 'type').map((r) => [r.key, Number(r.value)])),
  };
}

/**
 * Keeps this week's figures once: the first digest composed for the board and week writes them, the
 * others (more readers, a retried job) write nothing, so every reader of the next week compares with the same.
 */
export async function keepBaseline(
  db: Db,
  boardId: string,
  period: string,
  figures: { parents: readonly ParentFlowRow[]; types: readonly TypeFlowRow[] },
  now: number,
): Promise<void> {
  const kept = await db
    .selectFrom('digest_baselines')
    .select('key')
    .where('board_id', '=', boardId)
    .where('period', '=', period)
    .limit(1)
    .executeTakeFirst();
  if (kept) return;
  const row = (kind: 'parent' | 'type', key: string, value: string) => ({
    board_id: boardId,
    period,
    kind,
    key,
    value,
    recorded_at: now,
  });
  const rows = [
    ...figures.parents.flatMap((p) => {
      const date = forecastDate(p);
      return date === null ? [] : [row('parent', p.id, date)];
    }),
    ...typeP85s(figures.types).map(([type, p85]) => row('type', type, String(p85))),
  ];
  // A week with nothing to keep still marks itself kept, so a later reader's view does not fill it in.
  if (rows.length === 0) rows.push(row('type', '', '0'));
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
    await db
      .insertInto('digest_baselines')
      .values(rows.slice(i, i + ROWS_PER_STATEMENT))
      .onConflict((oc) => oc.doNothing())
      .execute();
}

import { type AgingRisk, type FlowPercentiles, type FlowResponse, wallClockMs } from '@fluxion/contract';
import { dayOfIsoDate } from '@fluxion/contract/dates';

const DAY_MS = 86_400_000;

export type CfdChartRow = { date: string } & Record<string, number | string>;

/**
 * Cumulative counts → stacked bands: each column's band is its count minus the next column's (the items
 * in it by the entry rules), the last column's band its whole count. Stacked from done upwards, the top
 * of each band is the column's cumulative count, as in a classic cumulative flow diagram.
 */
export function cfdRows(data: Pick<FlowResponse, 'cfd' | 'columns'>): CfdChartRow[] {
  return data.cfd.map((row) => {
    const bands: CfdChartRow = { date: row.date };
    data.columns.forEach((column, i) => {
      const next = data.columns[i + 1];
      const own = row.counts[column] ?? 0;
      bands[column] = Math.max(0, own - (next === undefined ? 0 : (row.counts[next] ?? 0)));
    });
    return bands;
  });
}

/**
 * Where the CFD's y axis starts: just under the fewest items done in the window (a round number), so that
 * the bands of the work in progress are not squeezed on top of the whole history of done items.
 */
export function cfdBaseline(data: Pick<FlowResponse, 'cfd' | 'columns'>): number {
  const done = data.columns.at(-1);
  if (done === undefined || data.cfd.length === 0) return 0;
  const least = Math.min(...data.cfd.map((row) => row.counts[done] ?? 0));
  const step = least >= 100 ? 50 : 10;
  return Math.max(0, Math.floor((least * 0.9) / step) * step);
}

export type PercentileLine = { percentile: number; days: number };

export function percentileLines(p: FlowPercentiles): PercentileLine[] {
  const lines: [number, number | null][] = [
    [50, p.p50],
    [70, p.p70],
    [85, p.p85],
    [95, p.p95],
  ];
  return lines.flatMap(([percentile, days]) => (days === null ? [] : [{ percentile, days }]));
}

/**
 * A day axis from 0 to at least `max`, in round steps (1, 2, 2.5 or 5 times a power of ten), at most six
 * of them: the top is a tick like the others, never a stray value crowding the one below (60 and 64).
 */
export function dayAxis(max: number): { top: number; ticks: number[] } {
  const target = Math.max(max, 1);
  let magnitude = 10 ** Math.floor(Math.log10(target / 6));
  for (;;) {
    for (const factor of [1, 2, 2.5, 5]) {
      const step = factor * magnitude;
      const count = Math.ceil(target / step - 1e-9);
      if (count <= 6) {
        const ticks = Array.from({ length: count + 1 }, (_, i) => Number((i * step).toFixed(6)));
        return { top: ticks[count] ?? step, ticks };
      }
    }
    magnitude *= 10;
  }
}

/** Label lines are 11 px text: closer than this, two percentile labels print over each other. */
export const LABEL_GAP_PX = 13;

/**
 * Vertical offsets (px, negative is up) for the labels of lines at `days` (ascending): a label closer than
 * `gap` to the one below moves up, so close percentiles (a filter leaving few items) stay readable.
 */
export function labelNudges(days: readonly number[], pxPerDay: number, gap = LABEL_GAP_PX): number[] {
  let previous = Number.POSITIVE_INFINITY;
  return days.map((day) => {
    const at = -day * pxPerDay;
    const placed = Math.min(at, previous - gap);
    previous = placed;
    return placed - at;
  });
}

export type ScatterPoint = {
  id: string;
  x: number;
  y: number;
  number: number | null;
  title: string | null;
  /** Where the item opens (its issue or pull request on GitHub); null for a draft or a private item. */
  url: string | null;
  date: string;
  /** Days it carried the board's blocked label in progress, and its flow efficiency (0–1). */
  blockedDays?: number;
  flowEfficiency?: number | null;
  /** Its history was reconstructed (docs/metrics.md): drawn hollow, said in the tooltip. */
  estimated?: boolean;
  /** On a thinned chart: the completions of about this date and cycle time with no dot of their own. */
  more?: number;
};

/** Spots across the scatter's window when it is thinned (a phone's plot holds about 30 dots side by side). */
const SCATTER_SPOTS_ACROSS = 40;

/** The scatter's spot of a point: a 40th of the window across, the days one dot covers (`spotDays`) up. */
export function scatterSpotOf(
  window: FlowResponse['window'],
  spotDays: number,
): (point: { x: number; y: number }) => string {
  const [from, to] = windowDomain(window);
  const across = (to - from) / SCATTER_SPOTS_ACROSS;
  return (p) => `${Math.floor((p.x - from) / across)}:${Math.floor(p.y / spotDays)}`;
}

/**
 * Completions on the board's local clock (`wallClockMs`), so that they fall in the window's days, which
 * are the board's: the axis formats them as UTC dates.
 */
export function scatterPoints(data: Pick<FlowResponse, 'cycle_time'>, timeZone = 'UTC'): ScatterPoint[] {
  return data.cycle_time.points.map((p) => ({
    id: p.id,
    x: wallClockMs(Date.parse(p.completed_at), timeZone),
    y: p.cycle_time_days,
    number: p.number,
    title: p.title,
    url: p.url,
    date: p.date,
    blockedDays: p.blocked_days,
    flowEfficiency: p.flow_efficiency,
    ...(p.estimated ? { estimated: true } : {}),
  }));
}

/** The scatter's x range: the whole window, from its first midnight to the end of its last day. */
export function windowDomain(window: FlowResponse['window']): [number, number] {
  const dayMs = (date: string) => (dayOfIsoDate(date) ?? Number.NaN) * DAY_MS;
  return [dayMs(window.start), dayMs(window.end) + DAY_MS];
}

export type AgingPoint = {
  /** The item's id: items without number share titles ("Private item", drafts). */
  id: string;
  x: number;
  y: number;
  risk: AgingRisk;
  number: number | null;
  title: string;
  url: string | null;
  column: string;
  blockedDays?: number;
  blocked?: boolean;
  sleRisk?: string;
  /** GitHub lost the item's history: its age is a lower bound (docs/metrics.md §16). */
  ageAtLeast?: boolean;
  /** Its history was reconstructed (docs/metrics.md): drawn hollow, said in the tooltip. */
  estimated?: boolean;
  /** On a thinned chart: the items of about this age in this column that have no dot of their own. */
  more?: number;
};

/**
 * Up to this many points a chart draws each as a dot. Above it the chart thins crowded spots: the
 * 100,000-issue board's 17,232 items in progress took 7–10 s to draw as SVG dots in Chromium (its 39,413
 * completions of a year 6 s), and past a few hundred dots only cover one another.
 */
export const DOTS_ALL_UP_TO = 600;
/** The most dots a spot keeps when a chart thins; fewer where many spots are taken (`DOTS_BUDGET`). */
export const DOTS_A_SPOT = 4;
/** About as many dots as a thinned chart draws: a spot keeps this shared among the spots taken, 1 at least. */
export const DOTS_BUDGET = 800;

/**
 * The dots a chart draws of `points`, whose order decides which ones a spot keeps: every one up to
 * `DOTS_ALL_UP_TO`; above it each spot (`spotOf`) keeps a few, its first ones (the oldest, where the
 * order is by age) or, with `spread`, ones evenly apart in that order from a place its key gives (a
 * scatter in time order otherwise drew each spot's dots at one place across it: stripes); its last kept
 * dot counts the others (`more`), so every point stands behind exactly one dot.
 */
export function thinnedDots<T extends { more?: number }>(
  points: readonly T[],
  spotOf: (point: T) => string,
  spread = false,
): T[] {
  if (points.length <= DOTS_ALL_UP_TO) return [...points];
  const spots = points.map(spotOf);
  const crowd = new Map<string, number>();
  for (const spot of spots) crowd.set(spot, (crowd.get(spot) ?? 0) + 1);
  const keep = Math.max(1, Math.min(DOTS_A_SPOT, Math.floor(DOTS_BUDGET / crowd.size)));
  const seen = new Map<string, number>();
  const kept = new Map<string, number>();
  const drawn: T[] = [];
  points.forEach((point, i) => {
    const spot = spots[i] as string;
    const count = crowd.get(spot) as number;
    const n = seen.get(spot) ?? 0;
    seen.set(spot, n + 1);
    const k = kept.get(spot) ?? 0;
    const next = spread && count > keep ? Math.floor(((k + placeOf(spot)) * count) / keep) : k;
    if (k === keep || n !== next) return;
    kept.set(spot, k + 1);
    const more = k === keep - 1 ? count - keep : 0;
    drawn.push(more > 0 ? { ...point, more } : point);
  });
  return drawn;
}

/**
 * A fraction in [0, 1) of a spot's key: the same spot, the same place on every render. FNV-1a, then
 * murmur3's finaliser: without it, keys differing in their last character got nearly the same fraction.
 */
function placeOf(spot: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < spot.length; i++) hash = Math.imul(hash ^ spot.charCodeAt(i), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return ((hash ^ (hash >>> 16)) >>> 0) / 2 ** 32;
}

/** The oldest age among the items in progress (the aging chart's axis reaches past it); 0 without one. */
export function oldestAge(data: Pick<FlowResponse, 'aging'>): number {
  let oldest = 0;
  for (const item of data.aging.items) if (item.age_days > oldest) oldest = item.age_days;
  return oldest;
}

/**
 * Dots per WIP column (x = column index), spread sideways by a golden-ratio offset so they do not overlap;
 * with `spotDays` (the ages one dot covers on the axis) a crowded chart is thinned (`thinnedDots`), a spot
 * being one column's ages within one dot's height.
 */
export function agingPoints(data: Pick<FlowResponse, 'aging'>, spotDays?: number): AgingPoint[] {
  const { columns, items } = data.aging;
  const all = items.flatMap((item): AgingPoint[] => {
    const column = columns.indexOf(item.column);
    if (column < 0) return [];
    return [
      {
        id: item.id,
        x: column,
        y: item.age_days,
        risk: item.risk,
        number: item.number,
        title: item.title,
        url: item.url,
        column: item.column,
        blockedDays: item.blocked_days,
        blocked: item.blocked,
        sleRisk: item.sle_risk,
        ...(item.age_at_least ? { ageAtLeast: true } : {}),
        ...(item.estimated ? { estimated: true } : {}),
      },
    ];
  });
  const drawn =
    spotDays && spotDays > 0 ? thinnedDots(all, (p) => `${p.x}:${Math.floor(p.y / spotDays)}`) : all;
  const seen = new Map<number, number>();
  for (const point of drawn) {
    const n = seen.get(point.x) ?? 0;
    seen.set(point.x, n + 1);
    point.x += (((n * 0.618_034 + 0.5) % 1) - 0.5) * 0.6;
  }
  return drawn;
}

/** Primer colours of the aging risks (and of the percentile bands under them). */
export const RISK_COLORS: Record<AgingRisk, string> = {
  on_track: '#1a7f37',
  watch: '#bf8700',
  at_risk: '#bc4c00',
  critical: '#cf222e',
  unknown: '#59636e',
};

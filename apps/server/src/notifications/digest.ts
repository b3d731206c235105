import {
  type AgingItem,
  type Bottleneck,
  type FlowResponse,
  flowQuerySchema,
  type HistoryGaps,
} from '@fluxion/contract';
import { type Formatter, formatter } from '@fluxion/contract/format';
import type { GrownType, SlippedParent } from './baselines.ts';

/** Weeks of completions a digest compares: this week and the three before it. */
export const DIGEST_WEEKS = 4;
/**
 * The Flow report the digest reads: the Flow page's defaults (parsed by its own schema, so a parameter
 * added there keeps its default here) over DIGEST_WEEKS weeks — GET /api/flow/?days=28 gives the same.
 */
export const DIGEST_FLOW_PARAMS = (() => {
  const { project: _project, ...params } = flowQuerySchema.parse({ project: '-', days: DIGEST_WEEKS * 7 });
  return params;
})();

export type DigestItem = Pick<
  AgingItem,
  'id' | 'number' | 'title' | 'url' | 'column' | 'age_days' | 'risk' | 'age_at_least'
>;

/** "12 days", or "at least 12 days" when GitHub lost the item's history (docs/metrics.md §16). */
export const ageText = (item: Pick<DigestItem, 'age_days' | 'age_at_least'>, f: Formatter) =>
  `${item.age_at_least ? 'at least ' : ''}${f.duration(item.age_days)}`;

/** A week's digest of one board, from the same Flow report as the Flow page (figures and story). */
export type Digest = {
  boardTitle: string;
  /** The locale its reader reads dates and numbers in (contract/format.ts; en-US when unknown). */
  locale: string;
  /** The Monday of the digest (YYYY-MM-DD on the board's calendar). */
  period: string;
  completed: WeeklyCompletions & {
    weekEnd: string | null;
    /**
     * The same weeks in the board's estimate unit (the Flow page's `unit=estimate`: each item weighs its
     * latest estimate), 1 decimal; null when the board has no estimate field.
     */
    estimate: (WeeklyCompletions & { field: string }) | null;
  };
  wip: number;
  /**
   * Items in progress at risk (the Flow page's WIP-at-risk tile): against the SLE wherever one is set or
   * proposed (`sle`), else older than the p85 of the report's cycle times.
   */
  atRisk: number;
  /** The report's window (days): the p85 and the finished items without a known start are of it. */
  windowDays: number;
  /** The window's finished items and those whose start GitHub lost (docs/metrics.md §16). */
  historyGaps: HistoryGaps | null;
  /** The three oldest items in progress, oldest first. */
  oldest: DigestItem[];
  bottleneck: Bottleneck | null;
  /** The board's SLE and the items in progress past it or near it (the Flow page's); null without an SLE. */
  sle: DigestSle | null;
  /** Columns over their WIP limit now. */
  wipBreaches: { column: string; count: number; limit: number }[];
  /**
   * Against the week kept before (baselines.ts): the parents whose 85 % date slipped and the types whose
   * p85 cycle time grew; null when no earlier week was kept.
   */
  sinceBefore?: SinceBefore | null;
  /** One sentence: what to look at first. */
  firstLook: string;
  links: DigestLinks;
};

/** Completions per week: the last week of the report's window, and the weeks before. */
export type WeeklyCompletions = {
  /** Finished in the last 7 days of the report's window (its last weekly row). */
  thisWeek: number;
  /** The weeks before, oldest first. */
  previous: number[];
  /** Their mean, 1 decimal; null without a previous week. */
  previousMean: number | null;
};

export type DigestSle = {
  percent: number;
  days: number;
  source: 'set' | 'proposed';
  /** Items past the SLE, and near it (older than 85% of finished items were in their column). */
  breached: DigestItem[];
  atRisk: DigestItem[];
};

/** `period`: the Monday of the week compared with. */
export type SinceBefore = { period: string; slipped: SlippedParent[]; grown: GrownType[] };

export type DigestLinks = { flow: string; issues: string; timeInState: string; settings: string };

/** The board's pages, for the digest's links (the web app's addresses keep the view). */
export function digestLinks(
  publicUrl: string,
  projectId: string,
  bottleneckColumn: string | null,
): DigestLinks {
  const base = publicUrl.replace(/\/$/, '');
  const project = encodeURIComponent(projectId);
  const column = bottleneckColumn ? `&column=${encodeURIComponent(bottleneckColumn)}` : '';
  return {
    flow: `${base}/flow?project=${project}`,
    issues: `${base}/issues-in-columns?project=${project}${column}`,
    timeInState: `${base}/time-in-state?project=${project}`,
    settings: `${base}/manage-projects?notifications=${project}`,
  };
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** A report's weekly throughput as this week against the weeks before, in the report's unit. */
export function weeklyCompletions(report: FlowResponse): WeeklyCompletions {
  const weeks = report.throughput.weekly.map((w) => oneDecimal(w.count));
  const previous = weeks.slice(0, -1);
  const previousMean =
    previous.length > 0 ? oneDecimal(previous.reduce((a, b) => a + b, 0) / previous.length) : null;
  return { thisWeek: weeks.at(-1) ?? 0, previous, previousMean };
}

/**
 * The digest from a board's Flow report (computed as its reader may see the items), and, on a board with
 * an estimate field, the same report in its estimate unit (`estimate`).
 */
export function buildDigest(input: {
  boardTitle: string;
  projectId: string;
  period: string;
  report: FlowResponse;
  estimate?: { field: string; report: FlowResponse } | null;
  publicUrl: string;
  locale?: string | null;
  sinceBefore?: SinceBefore | null;
}): Digest {
  const { report, estimate } = input;
  const last = report.throughput.weekly.at(-1);
  const oldest = report.aging.items.slice(0, 3).map(asDigestItem);
  const digest: Omit<Digest, 'firstLook'> = {
    boardTitle: input.boardTitle,
    locale: formatter(input.locale).locale,
    period: input.period,
    completed: {
      ...weeklyCompletions(report),
      weekEnd: last?.week_end ?? null,
      estimate: estimate ? { field: estimate.field, ...weeklyCompletions(estimate.report) } : null,
    },
    wip: report.aging.items.length,
    atRisk: report.aging.at_risk,
    windowDays: report.window.days,
    historyGaps: report.history_gaps ?? null,
    oldest,
    bottleneck: report.bottleneck,
    sle: sleOf(report),
    wipBreaches: (report.wip_limits ?? [])
      .filter((w) => w.over)
      .map(({ column, count, limit }) => ({ column, count, limit })),
    links: digestLinks(input.publicUrl, input.projectId, report.bottleneck?.column ?? null),
    sinceBefore: input.sinceBefore ?? null,
  };
  return { ...digest, firstLook: firstLook(digest) };
}

function asDigestItem(item: AgingItem): DigestItem {
  const { id, number, title, url, column, age_days, risk } = item;
  return {
    id,
    number,
    title,
    url,
    column,
    age_days,
    risk,
    ...(item.age_at_least ? { age_at_least: true } : {}),
  };
}

function sleOf(report: FlowResponse): DigestSle | null {
  const sle = report.sle;
  if (!sle) return null;
  const items = report.aging.items;
  return {
    percent: sle.percent,
    days: sle.days,
    source: sle.source,
    breached: items.filter((i) => i.sle_risk === 'breached').map(asDigestItem),
    atRisk: items.filter((i) => i.sle_risk === 'at_risk').map(asDigestItem),
  };
}

export const itemName = (item: DigestItem) =>
  item.number === null ? `“${item.title}”` : `#${item.number} “${item.title}”`;

/** At risk on the digest's one line: the SLE's (missed or near it) with one, else the p85's. */
function isAtRisk(item: DigestItem, digest: Omit<Digest, 'firstLook'>): boolean {
  if (!digest.sle) return item.risk === 'at_risk' || item.risk === 'critical';
  return [...digest.sle.breached, ...digest.sle.atRisk].some((i) => i.id === item.id);
}

/**
 * What to look at first, in one sentence: the oldest item when it is at risk (finishing started work
 * beats starting more), else the bottleneck when it holds work clearly longer than the other columns,
 * else a fall in completions, else that the flow is steady.
 */
export function firstLook(digest: Omit<Digest, 'firstLook'>): string {
  const f = formatter(digest.locale);
  const [pastSle] = digest.sle?.breached ?? [];
  if (pastSle && digest.sle) {
    const others =
      digest.sle.breached.length > 1 ? `, one of ${digest.sle.breached.length} items past it` : '';
    return `Look first at ${itemName(pastSle)}: ${ageText(pastSle, f)} in progress, past the board's SLE of ${f.duration(digest.sle.days)}${others}.`;
  }
  const [over] = digest.wipBreaches;
  if (over) {
    return `Look first at ${over.column}: it holds ${over.count} items against a WIP limit of ${over.limit} — finish one there before starting another.`;
  }
  const [oldest] = digest.oldest;
  if (oldest && isAtRisk(oldest, digest)) {
    const line = digest.sle ? 'at risk of missing the SLE' : 'older than the p85 of recent cycle times';
    const others = digest.atRisk > 1 ? `, one of ${digest.atRisk} items ${line}` : '';
    return `Look first at ${itemName(oldest)}: in progress for ${ageText(oldest, f)} in ${oldest.column}${others}.`;
  }
  const b = digest.bottleneck;
  if (b && b.intensity >= 1.5) {
    return `Look first at ${b.column}: items stay there ${f.duration(b.days)} on average, ${f.number(b.intensity, 2)}× the other in-progress columns.`;
  }
  const { thisWeek, previousMean } = digest.completed;
  if (previousMean !== null && previousMean > 0 && thisWeek < previousMean / 2) {
    return `Look first at why fewer items finished: ${f.number(thisWeek)} this week against ${f.number(previousMean)} a week before.`;
  }
  return digest.wip === 0
    ? 'Nothing is in progress: pick the next items to start.'
    : 'Nothing stands out this week: the flow is steady.';
}

import { seededRandom, weighted, type Random } from './random.ts';

export type Transition = { at: string; from: string | null; to: string };
export type HistoryItem = {
  index: number;
  title: string;
  labels: string[];
  milestone: string | null;
  createdAt: string;
  transitions: Transition[];
};

/** How a board flows: for each column, the mean stay (hours) and where items go next, by weight. */
export type FlowModel = {
  entry: Record<string, number>;
  columns: Record<string, { meanHours: number; next: Record<string, number> }>;
  done: string;
};

export type HistoryOptions = {
  seed: number;
  count: number;
  days: number;
  end: number;
  flow: FlowModel;
  stuckRate?: number;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const VERBS = [
  'Fix',
  'Add',
  'Improve',
  'Refactor',
  'Document',
  'Speed up',
  'Remove',
  'Support',
  'Test',
  'Polish',
];
const NOUNS = [
  'checkout flow',
  'login page',
  'search index',
  'CSV export',
  'billing webhook',
  'dark mode',
  'API pagination',
  'image upload',
  'cache layer',
  'email digest',
  'audit log',
  'mobile menu',
  'rate limiter',
  'settings page',
  'onboarding tour',
];
const LABELS = ['bug', 'enhancement', 'documentation', 'performance', 'ux'];
const MILESTONES = ['v1.0', 'v1.1', 'v1.2', 'v1.3'];

function walk(random: Random, options: HistoryOptions, createdAt: number): Transition[] {
  const { flow, end } = options;
  const stuck = random.chance(options.stuckRate ?? 0.08);
  const transitions: Transition[] = [];
  let column = weighted(random, flow.entry);
  let at = createdAt;
  transitions.push({ at: new Date(at).toISOString(), from: null, to: column });
  for (let step = 0; step < 40; step += 1) {
    const spec = flow.columns[column];
    if (!spec) break;
    const stay = random.exp(spec.meanHours * HOUR) * (stuck && step >= 1 ? 30 : 1) + HOUR / 4;
    const next = weighted(random, spec.next);
    at += Math.round(stay);
    if (at > end || next === '') break;
    transitions.push({ at: new Date(at).toISOString(), from: column, to: next });
    column = next;
  }
  return transitions;
}

/** A deterministic history: `count` issues created over `days` days before `end`, each walking the flow. */
export function generateHistory(options: HistoryOptions): HistoryItem[] {
  const random = seededRandom(options.seed);
  const start = options.end - options.days * DAY;
  const span = (options.days - 2) * DAY;
  return Array.from({ length: options.count }, (_, index) => {
    const createdAt = Math.round(start + (span * index) / options.count + random.next() * 6 * HOUR);
    const labels = LABELS.filter(() => random.chance(0.2));
    const milestone = random.chance(0.7)
      ? (MILESTONES[Math.floor((index * MILESTONES.length) / options.count)] ?? null)
      : null;
    return {
      index,
      title: `${random.pick(VERBS)} ${random.pick(NOUNS)}`,
      labels,
      milestone,
      createdAt: new Date(createdAt).toISOString(),
      transitions: walk(random, options, createdAt),
    };
  });
}

export const DAY_MS = DAY;

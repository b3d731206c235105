/**
 * The reconstruction rule (docs/metrics.md, "Reconstructed histories"), stated once. GitHub lost some of
 * the moves of a partial item; what it still keeps says roughly when the item was where:
 * - it joined the board when its project item was created, in the column its first surviving move left
 *   (else the board's first column);
 * - its work started when the first label whose name says work is under way (`WORK_LABEL`) was put on it,
 *   else at the first of its first assignment and the opening of its first linked pull request (each not
 *   before it joined), unless its first surviving move into a started column (the start column or a later
 *   one) came first;
 * - each closing of the issue that was reopened later put it in done (the merge of a linked pull request
 *   that closed it, when one did), and the reopening took it back to the start column;
 * - it entered its current column when its value was last set (GitHub's field `updatedAt`: recorded by the
 *   import as a move, not estimated here).
 * Every step is before that last entry and before no recorded move it contradicts: a recorded move always
 * wins. An item whose current column is past the start column and whose start no evidence tells keeps
 * only its joining (basis `added_only`): its start stays unknown, its history partial, its lead time known.
 */

/** What an estimated step is based on: the audit export and the item page name it. */
export type EstimateBasis =
  | 'added'
  | 'added_only'
  | 'assigned'
  | 'pr_opened'
  | 'labeled'
  | 'closed'
  | 'pr_merged'
  | 'reopened';

/**
 * A label whose name says the work is under way ("in progress", "doing", "WIP", "started", "working",
 * "in development"): teams that mark work with labels put one on when they pick an item up.
 */
export const WORK_LABEL =
  /(^|[^a-z])(in[ _-]?progress|doing|wip|started|working|in[ _-]?dev(elopment)?)($|[^a-z])/i;

/** A label put on the issue (`added`) or taken off, from its timeline. */
export type LabelEvent = { at: number; label: string; added: boolean };

/** A pull request linked to the issue: opened, merged (null: not yet), and whether its merge closes it. */
export type LinkedPullRequest = { openedAt: number; mergedAt: number | null; closes: boolean };

export type EstimatedStep = { from: string | null; to: string; at: number; basis: EstimateBasis };

/** A move GitHub still keeps (a surviving timeline event), before the item's known entry. */
export type SurvivingMove = { from: string | null; to: string | null; at: number };

/** What GitHub still keeps of one partial item's past. Times are epoch ms. */
export type HistoryEvidence = {
  /** When the item joined the board; null: not known. */
  addedAt: number | null;
  /** Its column now, and when it entered it (the field value's `updatedAt`). */
  column: string;
  enteredAt: number;
  surviving: readonly SurvivingMove[];
  /** The assignments, closings and reopenings (any order). */
  assignedAt: readonly number[];
  closedAt: readonly number[];
  reopenedAt: readonly number[];
  /** Its linked pull requests (absent: none read). */
  pullRequests?: readonly LinkedPullRequest[];
  /** Its label events (absent: none read). */
  labels?: readonly LabelEvent[];
};

/** The board as the rule reads it: its columns in order, where work starts and where it is done. */
export type ReconstructionBoard = {
  columns: readonly string[];
  startColumn: string | null;
  doneColumn: string | null;
};

/** Two stamps this close are one instant (GitHub stamps a value and its event apart). */
const SAME_INSTANT_MS = 60_000;

type Resolved = { index: (name: string | null) => number; start: number; done: number };

function resolve(board: ReconstructionBoard): Resolved {
  const index = (name: string | null) => (name === null ? -1 : board.columns.indexOf(name));
  const done = board.doneColumn === null ? board.columns.length - 1 : index(board.doneColumn);
  const start = index(board.startColumn);
  return { index, start: start > done ? -1 : start, done };
}

/** The estimated steps of one partial item, oldest first; null: nothing to estimate (or nothing known). */
export function reconstructHistory(
  board: ReconstructionBoard,
  evidence: HistoryEvidence,
): EstimatedStep[] | null {
  const b = resolve(board);
  const current = b.index(evidence.column);
  if (current < 0 || evidence.addedAt === null) return null;
  const firstRecorded = firstRecordedAt(evidence);
  const joined = Math.min(evidence.addedAt, firstRecorded);
  // Where it joined: the column its first surviving move leaves, unless work had started there already.
  const left = evidence.surviving[0]?.from ?? null;
  const entryColumn =
    left !== null && (b.start < 0 || b.index(left) < b.start) ? left : (board.columns[0] ?? null);
  if (entryColumn === null || b.index(entryColumn) < 0) return null;
  const steps: EstimatedStep[] = [];
  if (joined < firstRecorded - SAME_INSTANT_MS)
    steps.push({ from: null, to: entryColumn, at: joined, basis: 'added' });
  // Its current column is where it started only when that is the start column: then its entry is known.
  const needsStart = b.start >= 0 && current > b.start && b.index(entryColumn) < b.start;
  const recordedStart = needsStart ? survivingStart(b, evidence) : undefined;
  const startLimit = (recordedStart?.at ?? evidence.enteredAt) - SAME_INSTANT_MS;
  const started = needsStart ? startEstimate(b, evidence, joined, startLimit) : null;
  if (needsStart && started === null && !recordedStart) return joinedOnly(steps, evidence);
  if (started !== null) steps.push({ from: entryColumn, to: board.columns[b.start] as string, ...started });
  const until = evidence.enteredAt - SAME_INSTANT_MS;
  steps.push(...reworkSteps(board, b, evidence, started?.at ?? joined, until));
  const kept = steps.filter((step) => !recordedNear(evidence, step.at));
  return kept.length > 0 ? chain(kept, evidence.surviving) : null;
}

/**
 * An item whose start nothing tells keeps its joining (`added_only`): its lead time is known, its start is
 * not; null when its joining is its first recorded move anyway.
 */
function joinedOnly(steps: EstimatedStep[], evidence: HistoryEvidence): EstimatedStep[] | null {
  const joined = steps
    .filter((step) => !recordedNear(evidence, step.at))
    .map((step) => ({ ...step, basis: 'added_only' as const }));
  return joined.length > 0 ? joined : null;
}

/** A recorded move (or the known entry) within an instant of `at`: it wins over any step estimated there. */
function recordedNear(evidence: HistoryEvidence, at: number): boolean {
  const near = (t: number) => Math.abs(t - at) <= SAME_INSTANT_MS;
  return near(evidence.enteredAt) || evidence.surviving.some((m) => near(m.at));
}

/** The first recorded instant of the item's chain: its first surviving move, else its known entry. */
function firstRecordedAt(evidence: HistoryEvidence): number {
  return Math.min(evidence.enteredAt, ...evidence.surviving.map((m) => m.at));
}

function survivingStart(b: Resolved, evidence: HistoryEvidence): SurvivingMove | undefined {
  return evidence.surviving.find((m) => b.index(m.to) >= b.start && b.index(m.to) >= 0);
}

/**
 * The first label put on that says work is under way; without one, the first assignment or linked pull
 * request's opening (each not before the item joined). A work label is the team's own word that the work
 * started, where an assignment may come at creation: when one was put on, it is the start, even after an
 * assignment (measured: docs/metrics.md). Only those before the first recorded move into a started column
 * (or its known entry) count (`until`), so such a move that came first wins.
 */
function startEstimate(
  b: Resolved,
  evidence: HistoryEvidence,
  joined: number,
  until: number,
): { at: number; basis: EstimateBasis } | null {
  if (b.start < 0) return null;
  const before = (candidates: { at: number; basis: EstimateBasis }[]) =>
    candidates.filter((c) => c.at < until);
  const labelled = before(workLabelled(evidence).map((at) => ({ at, basis: 'labeled' as const })));
  const candidates =
    labelled.length > 0
      ? labelled
      : before([
          ...evidence.assignedAt.map((at) => ({ at, basis: 'assigned' as const })),
          ...(evidence.pullRequests ?? []).map((pr) => ({ at: pr.openedAt, basis: 'pr_opened' as const })),
        ]);
  const first = candidates.reduce<(typeof candidates)[number] | null>(
    (best, c) => (best === null || c.at < best.at ? c : best),
    null,
  );
  return first && { at: Math.max(first.at, joined), basis: first.basis };
}

/** When a label that says work is under way was put on the issue. */
function workLabelled(evidence: HistoryEvidence): number[] {
  return (evidence.labels ?? []).filter((l) => l.added && WORK_LABEL.test(l.label)).map((l) => l.at);
}

/** A closing is a linked pull request's merge when one that closes the issue merged at that instant. */
function closingBasis(evidence: HistoryEvidence, closed: number): EstimateBasis {
  const merged = (evidence.pullRequests ?? []).some(
    (pr) => pr.closes && pr.mergedAt !== null && Math.abs(pr.mergedAt - closed) <= SAME_INSTANT_MS,
  );
  return merged ? 'pr_merged' : 'closed';
}

/** Each closing reopened later, inside the gap: into done at the closing, back to the start at the reopening. */
function reworkSteps(
  board: ReconstructionBoard,
  b: Resolved,
  evidence: HistoryEvidence,
  after: number,
  until: number,
): EstimatedStep[] {
  if (b.start < 0 || b.done < 0) return [];
  const done = board.columns[b.done] as string;
  const start = board.columns[b.start] as string;
  const reopenings = [...evidence.reopenedAt].sort((x, y) => x - y);
  const steps: EstimatedStep[] = [];
  for (const closed of [...evidence.closedAt].sort((x, y) => x - y)) {
    if (!(closed > after && closed < until)) continue;
    const reopened = reopenings.find((r) => r > closed && r < until);
    if (reopened === undefined) continue;
    steps.push({ from: start, to: done, at: closed, basis: closingBasis(evidence, closed) });
    steps.push({ from: done, to: start, at: reopened, basis: 'reopened' });
    after = reopened;
  }
  return steps;
}

/** The steps in time order, each leaving the column the item was last in (a step or a surviving move). */
function chain(steps: EstimatedStep[], surviving: readonly SurvivingMove[]): EstimatedStep[] {
  const sorted = [...steps].sort((x, y) => x.at - y.at);
  return sorted.map((step, i) => {
    const before = [...surviving.filter((m) => m.at < step.at), ...sorted.slice(0, i)];
    const last = before.reduce<{ at: number; to: string | null } | null>(
      (latest, m) => (latest === null || m.at >= latest.at ? m : latest),
      null,
    );
    return { ...step, from: last?.to ?? null };
  });
}

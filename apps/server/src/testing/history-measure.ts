import { seededRandom } from '@fluxion/demo-board';
import { type ErrorSpread, historyError, type HistoryError, pooledSpread } from '@fluxion/flow';
import { loadBoardData } from '../move-log/load-moves.ts';
import { type CollectorWorld, DAY, HOUR, START } from './collector-sim.ts';

/**
 * The measure of reconstructed histories (docs/metrics.md, "Reconstructed histories"): boards generated in
 * the GitHub simulator with a seed, their moves lost at a rate, imported by the real collector and
 * reconstructed, then compared with the true history the simulator keeps. `npm run measure:history` prints
 * it; `history-error.test.ts` holds it under `HISTORY_ERROR_BOUNDS`.
 */

const COLUMNS = ['Todo', 'In Progress', 'In Review', 'Done'];
const START_COLUMN = 'In Progress';

/**
 * The documented error of the test's board (docs/metrics.md: seed 7, 30 items, its figures rounded up) the
 * test fails past, days, per loss rate.
 */
export const HISTORY_ERROR_BOUNDS: Record<
  string,
  { startMedian: number; startP90: number; p85Shift: number }
> = {
  '0.7': { startMedian: 0.5, startP90: 3, p85Shift: 1.5 },
  '1': { startMedian: 0.4, startP90: 2.9, p85Shift: 1.5 },
};

type Control = CollectorWorld['control'];
type Script = { at: number; edit: (control: Control) => Promise<unknown> };

type Random = ReturnType<typeof seededRandom>;

/**
 * One item's life, in time order: added to Todo, assigned around when work starts (most teams: within a
 * day of it; some at creation; some never), In Progress, In Review (sometimes back once), Done with the
 * issue closed; some reopened and done again; some not finished yet. With `prs` (a random stream of its
 * own, so that the rest of the board is the same with or without), 60 % of the items get a pull request
 * opened after work started (an exponential lag, mean 1 day, before Done), linked to the issue (half in its
 * Development section, half by "Fixes #n"), whose merge at Done closes the issue.
 */
function itemScript(
  random: Random,
  ids: { itemId: string; contentId: string },
  added: number,
  now: number,
  prs: Random | null,
  marks: Random | null,
): Script[] {
  const steps: Script[] = [];
  const move = (status: string, at: number) =>
    steps.push({ at, edit: (c) => c(`/_sim/items/${ids.itemId}/move`, { status, at }) });
  const issue = (edit: object, at: number) =>
    steps.push({ at, edit: (c) => c(`/_sim/issues/${ids.contentId}`, { ...edit, at }, 'PATCH') });
  const started = added + random.exp(4 * DAY);
  const assignment = random.next();
  if (assignment < 0.15) issue({ assignees: ['octo-alice'] }, added + HOUR);
  else if (assignment < 0.85)
    issue({ assignees: ['octo-alice'] }, Math.max(added + HOUR, started + (random.next() - 0.7) * DAY));
  move(START_COLUMN, started);
  let at = started + random.exp(3 * DAY);
  move('In Review', at);
  const reviewed = at;
  if (random.chance(0.2)) {
    at += random.exp(DAY);
    move(START_COLUMN, at);
    at += random.exp(2 * DAY);
    move('In Review', at);
  }
  at += random.exp(1.5 * DAY);
  move('Done', at);
  const pr = prs?.chance(0.6) ? pullRequest(prs, ids.contentId, started, at) : null;
  if (pr) steps.push(...pr);
  else issue({ state: 'CLOSED' }, at);
  if (random.chance(0.1)) {
    at += random.exp(2 * DAY);
    issue({ state: 'OPEN' }, at);
    move(START_COLUMN, at);
    at += random.exp(2 * DAY);
    move('Done', at);
    issue({ state: 'CLOSED' }, at);
  }
  if (marks) steps.push(...labelsAndFields(marks, ids, { added, started, reviewed, done: at }));
  return steps.filter((s) => s.at < now - HOUR);
}

/**
 * The labels and other fields a team sets as an item lives, drawn from a stream of their own (the rest of
 * the board stays the same with or without): 60 % get a type label ("bug", "enhancement") within hours of
 * creation; 35 % get "in progress" when work starts (most within 2 hours before to 6 hours after, a third
 * of them late, a mean 1.5 days after), taken off at review; 10 % are "blocked" for a while during the work;
 * 3 % are labelled "wip" when created (an unfinished idea, not work under way). 60 % get a Priority at
 * triage (a mean half a day after creation), a fifth of them changed again later; 45 % an Estimate at
 * refinement, between creation and start, a sixth of them estimated again during the work. GitHub keeps
 * every label event; of the fields, only when each value was last set.
 */
function labelsAndFields(
  random: Random,
  ids: { itemId: string; contentId: string },
  life: { added: number; started: number; reviewed: number; done: number },
): Script[] {
  const labels = new Set<string>();
  const steps: Script[] = [];
  const label = (name: string, on: boolean, at: number) =>
    steps.push({
      at,
      edit: (c) => {
        if (on) labels.add(name);
        else labels.delete(name);
        return c(`/_sim/issues/${ids.contentId}`, { labels: [...labels], at }, 'PATCH');
      },
    });
  const field = (name: string, value: string | number, at: number) =>
    steps.push({ at, edit: (c) => c(`/_sim/items/${ids.itemId}/fields`, { fields: { [name]: value }, at }) });
  const { added, started, reviewed, done } = life;
  const within = (from: number, to: number) => from + random.next() * (to - from);
  if (random.chance(0.6))
    label(random.chance(0.5) ? 'bug' : 'enhancement', true, added + random.exp(2 * HOUR));
  if (random.chance(0.03)) label('wip', true, added + HOUR);
  if (random.chance(0.35)) {
    const on = random.chance(1 / 3)
      ? started + random.exp(1.5 * DAY)
      : within(started - 2 * HOUR, started + 6 * HOUR);
    if (on < reviewed) {
      label('in progress', true, Math.max(on, added + HOUR));
      label('in progress', false, reviewed);
    }
  }
  if (random.chance(0.1)) {
    const blocked = within(started, reviewed);
    label('blocked', true, blocked);
    label('blocked', false, within(blocked, reviewed));
  }
  if (random.chance(0.6)) {
    const triaged = added + random.exp(DAY / 2);
    field('Priority', random.chance(0.3) ? 'High' : 'Normal', triaged);
    if (random.chance(0.2)) field('Priority', 'Urgent', within(triaged, done));
  }
  if (random.chance(0.45)) {
    field('Estimate', 1 + Math.floor(random.next() * 8), within(added, started));
    if (random.chance(1 / 6)) field('Estimate', 8 + Math.floor(random.next() * 5), within(started, done));
  }
  return steps;
}

/** A pull request opened for the issue after `started`, linked to it, merged at `done` (closing the issue). */
function pullRequest(random: Random, issueId: string, started: number, done: number): Script[] {
  const opened = Math.min(started + random.exp(DAY), started + 0.9 * (done - started));
  const how = random.chance(0.5) ? 'connected' : 'reference';
  let prId = '';
  return [
    {
      at: opened,
      edit: async (c) => {
        const body = { at: opened, how, closes: true };
        prId = (await c<{ contentId: string }>(`/_sim/issues/${issueId}/pull-requests`, body)).contentId;
      },
    },
    { at: done, edit: (c) => c(`/_sim/issues/${prId}`, { state: 'MERGED', at: done }, 'PATCH') },
  ];
}

/**
 * A board of `items` issues over the 60 days before the world's start, its moves lost at `loss`; with
 * linked pull requests unless `pullRequests` is false, with labels and other fields set unless
 * `labelsAndFieldsToo` is false (the same board otherwise).
 */
export async function generateBoard(
  world: CollectorWorld,
  seed: number,
  items: number,
  loss: number,
  pullRequests = true,
  labelsAndFieldsToo = true,
) {
  const random = seededRandom(seed);
  const prs = pullRequests ? seededRandom(seed + 1_000_003) : null;
  const marks = labelsAndFieldsToo ? seededRandom(seed + 2_000_003) : null;
  await world.control('/_sim/quirks', { timelineEventLoss: loss });
  const project = await world.control<{ id: string; statusFieldId: string }>('/_sim/projects', {
    owner: 'fluxion-labs',
    title: `History ${seed} at ${loss}`,
    columns: COLUMNS,
    singleSelectFields: [{ name: 'Priority', options: ['Urgent', 'High', 'Normal'] }],
    numberFields: ['Estimate'],
    at: START - 90 * DAY,
  });
  const scripts: Script[] = [];
  for (let i = 0; i < items; i++) {
    const added = START - 60 * DAY + random.next() * 55 * DAY;
    const created = await world.control<{ itemId: string; contentId: string }>('/_sim/issues', {
      repo: 'fluxion-labs/history',
      title: `item ${seed}.${i}`,
      projectId: project.id,
      status: 'Todo',
      at: added,
    });
    scripts.push(...itemScript(random, created, added, START, prs, marks));
  }
  // In time order across items, as they happened (the simulator's losses are spread over that order); a
  // stable sort keeps a pull request's merge after its opening and an issue's steps at one instant in order.
  for (const step of scripts.sort((a, b) => a.at - b.at)) await step.edit(world.control);
  await world.flush();
  return project;
}

/** Registers the board (its start column chosen), imports it, and compares what was stored with the truth. */
export async function measureBoard(
  world: CollectorWorld,
  project: { id: string; statusFieldId: string },
): Promise<HistoryError> {
  const added = await world.app.inject({
    method: 'POST',
    url: '/api/projects/',
    headers: world.auth,
    payload: {
      project_id: project.id,
      iteration_length: 7,
      workflow_field_id: project.statusFieldId,
      cycle_time_start: START_COLUMN,
    },
  });
  if (added.statusCode !== 201) throw new Error(`register: ${added.statusCode} ${added.body}`);
  await world.collector({ backfill: true }).runOnce();
  const board = await world.ctx.db
    .selectFrom('boards')
    .select('id')
    .where('github_project_id', '=', project.id)
    .executeTakeFirstOrThrow();
  const truth = await world.control<{ itemId: string; from: string | null; to: string | null; at: number }[]>(
    `/_sim/projects/${project.id}/true-history`,
    undefined,
    'GET',
  );
  const data = await loadBoardData(world.ctx.db, board.id);
  const reconstructed = (id: string) => data.estimated.has(id) && !data.joinedOnly.has(id);
  return historyError({
    columns: { columns: COLUMNS, cycleStartColumn: START_COLUMN },
    truth,
    recorded: data.transitions,
    estimatedItems: new Set([...data.estimated.keys()].filter(reconstructed)),
    partial: new Map([...data.partial].filter(([id]) => !reconstructed(id))),
    joinedOnly: data.joinedOnly,
    partialOnly: data.partial,
    leftOut: data.estimated,
  });
}

/** Several boards at one loss rate, pooled: item errors over all, percentile shifts per board. */
export type LossMeasure = {
  loss: number;
  boards: number;
  start: Omit<ErrorSpread, 'errors'>;
  done: Omit<ErrorSpread, 'errors'>;
  /** The estimated joining of the finished items whose start stayed unknown. */
  join: Omit<ErrorSpread, 'errors'>;
  /** The largest shift of a board's p50 / p85 cycle time from the truth's, days: reconstructed, partial rule. */
  p50Shift: number;
  p85Shift: number;
  partialP50Shift: number | null;
  partialP85Shift: number | null;
  /** Finished items with a cycle time: truth, reconstructed, partial rule alone. */
  counted: { truth: number; reconstructed: number; partialOnly: number };
  /** Finished items with a lead time: truth, reconstructed, partial rule alone. */
  leadCounted: { truth: number; reconstructed: number; partialOnly: number };
};

const shift = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.abs(a - b));
const largest = (values: (number | null)[]) =>
  values.some((v) => v === null) ? null : Math.max(...(values as number[]));
const summary = ({ errors: _errors, ...rest }: ErrorSpread) => rest;

export function poolLoss(loss: number, results: readonly HistoryError[]): LossMeasure {
  const sum = (pick: (r: HistoryError) => number) => results.reduce((n, r) => n + pick(r), 0);
  return {
    loss,
    boards: results.length,
    start: summary(pooledSpread(results.map((r) => r.start))),
    done: summary(pooledSpread(results.map((r) => r.done))),
    join: summary(pooledSpread(results.map((r) => r.join))),
    p50Shift: largest(results.map((r) => shift(r.reconstructed.p50, r.truth.p50))) ?? Number.NaN,
    p85Shift: largest(results.map((r) => shift(r.reconstructed.p85, r.truth.p85))) ?? Number.NaN,
    partialP50Shift: largest(results.map((r) => shift(r.partialOnly.p50, r.truth.p50))),
    partialP85Shift: largest(results.map((r) => shift(r.partialOnly.p85, r.truth.p85))),
    counted: {
      truth: sum((r) => r.truth.items),
      reconstructed: sum((r) => r.reconstructed.items),
      partialOnly: sum((r) => r.partialOnly.items),
    },
    leadCounted: {
      truth: sum((r) => r.truth.leadItems),
      reconstructed: sum((r) => r.reconstructed.leadItems),
      partialOnly: sum((r) => r.partialOnly.leadItems),
    },
  };
}

/** Generates, imports and measures `boards` boards of `items` items at each loss rate (seeds 1, 2, …). */
export async function measureHistory(
  world: CollectorWorld,
  options: {
    boards: number;
    items: number;
    losses: readonly number[];
    pullRequests?: boolean;
    labelsAndFields?: boolean;
  },
): Promise<LossMeasure[]> {
  const measures: LossMeasure[] = [];
  for (const loss of options.losses) {
    const results: HistoryError[] = [];
    for (let seed = 1; seed <= options.boards; seed++) {
      const { pullRequests = true, labelsAndFields = true } = options;
      const project = await generateBoard(world, seed, options.items, loss, pullRequests, labelsAndFields);
      results.push(await measureBoard(world, project));
    }
    measures.push(poolLoss(loss, results));
  }
  return measures;
}

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  DEMO_ESTIMATE_FIELD,
  DEMO_ESTIMATE_FIELD_ID,
  DEMO_ITERATION_FIELD,
  DEMO_ITERATION_FIELD_ID,
  DEMO_BLOCKED_LABEL,
  DEMO_PRIORITY_FIELD,
  DEMO_PRIORITY_FIELD_ID,
  type DemoBoard,
  type DemoItem,
  DEMO_REPO,
  demoLabelChanges,
  demoPriorityChanges,
  demoWipLimits,
  generateDemoBoard,
  generateDemoIterations,
} from '@fluxion/demo-board';
import type { AppContext } from '../context.ts';
import type { Db, DialectName } from '../db/connection.ts';
import { type BoardChanges, recordChanges } from '../boards/changes.ts';
import { saveDemoBoard, setBreakdownField, setSyncStatus } from '../boards/repository.ts';
import { forgetFieldValues, recordFieldValueChanges } from '../move-log/field-changes.ts';
import { breakdownFieldKey } from './breakdown-field.ts';
import { forgetLabelChanges, recordLabelChanges } from '../move-log/label-changes.ts';
import { saveFlowPolicies } from './flow-policies.ts';
import { forgetHistory, insertHistory } from '../move-log/writes.ts';
import { forgetDependencyChanges, recordDependencyChanges } from '../move-log/dependency-changes.ts';
import type { ItemRelations, StoredRelatedIssue } from '../move-log/moves.ts';
import { demoHasRelations, findDemoBoard } from './queries.ts';
import {
  appendIterationChanges,
  forgetIterationChanges,
  readIterationFields,
  saveIterationField,
  setEstimateField,
} from '../iterations/queries.ts';

const BATCH = 200;

/**
 * Makes sure the shared demo board exists with a history that ends today: the history is regenerated
 * (deterministically) when the stored one was made on an earlier day, so the demo always looks current.
 */
export async function ensureDemoBoard(ctx: AppContext, options: { live: boolean }): Promise<string> {
  const board = generateDemoBoard({ now: ctx.now() });
  const firstMove = Math.min(...board.items.flatMap((i) => i.transitions.map((t) => Date.parse(t.at))));
  // Live: the simulator's demo board keeps moving and the collector records it; otherwise it is history only.
  const syncStatus = options.live ? 'active' : 'static';
  // Every process ensures the demo board at start-up, API replicas at the same moment: one at a time, each
  // deciding on what the one before left (else two insert it, and one fails to start on the unique key).
  return ctx.db.transaction().execute(async (trx) => {
    await lockDemoBoard(trx, ctx.dialect);
    const existing = await findDemoBoard(trx);
    // A demo stored before it had types and parents is made again, like one from an earlier day.
    if (existing && existing.added_at === firstMove && (await demoHasRelations(trx, existing.id))) {
      await setSyncStatus(trx, existing.id, syncStatus);
      // A database from before iterations and estimates gets the demo's iterations and estimates without a new history: new
      // board data, one bump for all of it.
      await recordChanges(trx, existing.id, async (changes) => {
        if ((await readIterationFields(trx, existing.id)).iterationField === null)
          await insertDemoIterations(changes, board, ctx.now());
        // A database from before flow policies gets the demo's WIP limit and blocked item.
        if (existing.flow_policies === null) await insertDemoStory(changes, board, ctx.now());
        // A database from before the breakdown field gets the demo's Priority.
        if (existing.breakdown_field === null) await insertDemoPriority(changes, board, ctx.now());
      });
      return existing.id;
    }
    const boardId = existing?.id ?? randomUUID();
    // One unit of work: a regeneration makes the board's caches go cold once.
    await recordChanges(trx, boardId, async (changes) => {
      if (existing) await forgetHistory(trx, boardId);
      await upsertDemoBoardRow(
        changes,
        board,
        { addedAt: firstMove, now: ctx.now(), syncStatus },
        existing !== undefined,
      );
      await insertDemoHistory(trx, boardId, board, ctx.now());
      await insertDemoIterations(changes, board, ctx.now());
      await insertDemoStory(changes, board, ctx.now());
      await insertDemoPriority(changes, board, ctx.now());
    });
    return boardId;
  });
}

/** Arbitrary, fixed: the PostgreSQL advisory lock that serialises `ensureDemoBoard` across processes. */
const DEMO_BOARD_LOCK = 7_310_001;

/** Held until the transaction ends. SQLite needs none: its scale is one process (docs/operations.md). */
async function lockDemoBoard(trx: Db, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${DEMO_BOARD_LOCK})`.execute(trx);
}

async function upsertDemoBoardRow(
  changes: BoardChanges,
  board: DemoBoard,
  { addedAt, now, syncStatus }: { addedAt: number; now: number; syncStatus: string },
  exists: boolean,
): Promise<void> {
  const values = {
    sync_status: syncStatus,
    github_project_id: board.projectId,
    owner_login: board.owner,
    owner_type: 'Organization',
    number: board.number,
    title: board.title,
    column_list: JSON.stringify(board.columns),
    added_at: addedAt,
    next_sync_at: now,
    last_synced_at: now,
  };
  await saveDemoBoard(changes, values, exists);
}

async function insertDemoHistory(db: Db, boardId: string, board: DemoBoard, now: number): Promise<void> {
  const items = board.items.map((item) => {
    const last = item.transitions.at(-1);
    return {
      board_id: boardId,
      item_id: item.id,
      number: item.number,
      title: item.title,
      url: item.url,
      content_type: 'Issue',
      milestone: item.milestone,
      labels: JSON.stringify(item.labels),
      content_id: item.contentId,
      relations: JSON.stringify(demoRelations(board, item)),
      column_name: last?.to ?? null,
      entered_column_at: last ? Date.parse(last.at) : null,
      removed_at: null,
      updated_at: now,
    };
  });
  const transitions = board.items.flatMap((item) =>
    item.transitions.map((t) => ({
      board_id: boardId,
      item_id: item.id,
      from_column: t.from,
      to_column: t.to,
      at: Date.parse(t.at),
      source: 'demo',
      recorded_at: now,
    })),
  );
  await insertHistory(db, { items, moves: transitions }, BATCH);
}

/** An open issue of the demo's repository, as a relation names it (the demo's parents and blocker are open). */
const demoIssue = (issue: { contentId: string; number: number; title: string }) => ({
  contentId: issue.contentId,
  number: issue.number,
  repository: DEMO_REPO,
  title: issue.title,
  url: `https://github.com/${DEMO_REPO}/issues/${issue.number}`,
  closed: false,
});

/** An item's type, parent, sub-issue counts and blockers, as a listing of the simulator's demo reads them. */
function demoRelations(board: DemoBoard, item: DemoItem): ItemRelations {
  const parent = board.items.find((p) => p.number === item.parentNumber);
  const children = board.items.filter((c) => c.parentNumber === item.number);
  const blockedBy: StoredRelatedIssue[] = board.dependencies
    .filter((d) => d.itemId === item.id)
    .map((d) => ({ ...demoIssue(d.blocker), closedAt: null }));
  return {
    parent: parent ? demoIssue(parent) : null,
    subIssues: children.length ? { total: children.length, completed: children.filter(isDone).length } : null,
    issueType: item.issueType,
    blockedBy,
  };
}

const isDone = (item: DemoItem) => item.transitions.at(-1)?.to === 'Done';

/**
 * The demo's flow policies and its blocked item's label history (packages/demo-board, story.ts): a WIP
 * limit on review breached once in the last 30 days, the label `blocked`, the SLE its history proposes.
 */
async function insertDemoStory(changes: BoardChanges, board: DemoBoard, now: number): Promise<void> {
  const { db, boardId } = changes;
  const end = Math.floor(now / 86_400_000) * 86_400_000;
  await saveFlowPolicies(db, boardId, {
    sle: null,
    wip_limits: demoWipLimits(board, end),
    blocked_label: DEMO_BLOCKED_LABEL,
  });
  await forgetLabelChanges(db, boardId);
  await recordLabelChanges(
    changes,
    demoLabelChanges(board, end).map((c) => ({ ...c, at: Date.parse(c.at) })),
    'demo',
    now,
  );
  await forgetDependencyChanges(db, boardId);
  const dependencies = board.dependencies.map((d) => ({
    itemId: d.itemId,
    blockingId: d.blocker.contentId,
    blocking: true,
    at: Date.parse(d.since),
    blocker: {
      number: d.blocker.number,
      repository: DEMO_REPO,
      title: d.blocker.title,
      url: demoIssue(d.blocker).url,
    },
  }));
  await recordDependencyChanges(changes, dependencies, 'demo', now);
}

/** The demo's Iteration field, its estimate field (Estimate, in story points) and every item's iteration and estimate. */
async function insertDemoIterations(changes: BoardChanges, board: DemoBoard, now: number): Promise<void> {
  const generated = generateDemoIterations(board, { now });
  const iterationField = {
    id: DEMO_ITERATION_FIELD_ID,
    name: DEMO_ITERATION_FIELD,
    iterations: generated.iterations,
  };
  await saveIterationField(changes, iterationField, now);
  const estimateField = { id: DEMO_ESTIMATE_FIELD_ID, name: DEMO_ESTIMATE_FIELD };
  await setEstimateField(changes, estimateField, now);
  await forgetIterationChanges(changes.db, changes.boardId);
  await appendIterationChanges(changes, generated.changes, 'demo');
}

/**
 * The demo's Priority field, its breakdown field (docs/metrics.md, "Breakdown by a board field"), and every
 * item's Priority over time (packages/demo-board, priority.ts): Flow shows the demo's work by Priority.
 */
async function insertDemoPriority(changes: BoardChanges, board: DemoBoard, now: number): Promise<void> {
  const field = { id: DEMO_PRIORITY_FIELD_ID, name: DEMO_PRIORITY_FIELD };
  const key = breakdownFieldKey(field);
  await setBreakdownField(changes.db, changes.boardId, JSON.stringify(field));
  await forgetFieldValues(changes.db, changes.boardId, key);
  const values = demoPriorityChanges(board, { now }).map((c) => ({ ...c, field: key }));
  await recordFieldValueChanges(changes, values, 'demo', now);
}

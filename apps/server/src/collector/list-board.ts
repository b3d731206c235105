import { recordChanges } from '../boards/changes.ts';
import type { AppContext } from '../context.ts';
import type { Board } from '../db/schema.ts';
import { FieldRenamedError } from '../github/errors.ts';
import { readItemSeq } from '../move-log/items.ts';
import type { BoardReader } from '../github/board-reader.ts';
import { applyColumnRenames } from '../tracked-boards/column-renames.ts';
import { setUnreadableItems } from '../boards/repository.ts';
import type { ObservedItem } from './observation.ts';
import { recordObservation } from './record.ts';
import type { SchedulePolicy } from './schedule.ts';
import type { VersionGate } from './version-gate.ts';
import { findWorkflowField, NoWorkflowFieldError, workflowFieldOf } from '../boards/workflow-field.ts';
import { iterationFieldsToList, recordIterationEstimates } from '../iterations/collect.ts';
import { blockedFieldKey, blockedFieldValue, currentBlockedField } from '../tracked-boards/blocked-field.ts';
import {
  breakdownFieldKey,
  breakdownFieldValues,
  currentBreakdownField,
} from '../tracked-boards/breakdown-field.ts';
import { recordFieldValues } from '../move-log/field-changes.ts';
import { recordObservedBlockers } from '../move-log/dependency-changes.ts';
import { toObserved, unreadableReason } from './listed-items.ts';
import { backfill } from './timeline-backfill.ts';

/** Incremental polls list items changed in the last day: far cheaper than a full listing on big boards. */
const INCREMENTAL_DAYS = 1;

export type SyncParams = {
  board: Board;
  reader: BoardReader;
  owner: string;
  policy: SchedulePolicy;
  backfill?: boolean;
  /** Asks GitHub the board's updatedAt; without one, every poll lists. */
  gate?: VersionGate;
};

/**
 * listBoard; an incremental listing that finds a field renamed on GitHub since the last full listing is
 * dropped unrecorded (its items would all read as having left their columns) for a full listing at once,
 * which finds the field again by its id.
 */
export async function listOrRelist(ctx: AppContext, params: SyncParams, full: boolean) {
  try {
    return { ...(await listBoard(ctx, params, full)), full };
  } catch (error) {
    if (full || !(error instanceof FieldRenamedError)) throw error;
    ctx.log?.warn({ board: params.board.id, reason: error.message }, 'a field was renamed: listing in full');
    return { ...(await listBoard(ctx, params, true)), full: true };
  }
}

/**
 * Lists the board's items (all of them, or those changed lately) and records them; answers the columns
 * (when full) and when each listed item's Status was set.
 */
async function listBoard(ctx: AppContext, params: SyncParams, full: boolean) {
  const { board, reader } = params;
  const read = full ? await readWorkflowField(reader, board) : null;
  const workflow = read?.field ?? null;
  // The demo board's iterations come with its generated history (tracked-boards/demo.ts), not from GitHub.
  const iterationFields =
    board.is_demo === 0 ? await iterationFieldsToList(ctx, board.id, read?.fields.iterationFields) : null;
  const columns = workflow?.options ?? null;
  // Before the items are compared: a renamed column is then where its items already are.
  if (columns) await applyColumnRenames(ctx.db, board, columns, params.owner);
  // Read before the listing: what webhooks store while it runs is newer than what it shows.
  const listedAtSeq = (await readItemSeq(ctx.db, board.id)).seq;
  // A renamed workflow field is asked by its new name from this listing on.
  const fieldName = workflow?.name ?? workflowFieldOf(board).name;
  // The field the team names as its blocked marker: its values come with the items (docs/metrics.md).
  const blockedField = await currentBlockedField(ctx, board, read?.fields.fields ?? null);
  // The field Flow splits the work by, if the team picked one: its values come with the items too.
  // The demo's comes with its generated history (tracked-boards/demo.ts), as its iterations do.
  const breakdownField =
    board.is_demo === 0 ? await currentBreakdownField(ctx, board, read?.fields.fields ?? null) : null;
  const asked = {
    fieldName,
    fieldIds: {
      workflow: workflow?.id ?? workflowFieldOf(board).id,
      blocked: blockedField?.field_id ?? null,
      breakdown: breakdownField?.id ?? null,
    },
    ...(iterationFields ? { iterationFields } : {}),
    ...(blockedField ? { blockedField: blockedField.name } : {}),
    ...(breakdownField ? { breakdownField: breakdownField.name } : {}),
  };
  const items = await reader.listProjectItems(
    board.github_project_id,
    full ? asked : { updatedSinceDays: INCREMENTAL_DAYS, ...asked },
  );
  const observed = items.map(toObserved).filter((i): i is ObservedItem => i !== null);
  if (full && board.is_demo === 0) {
    // Never dropped silently: the board's pages and Manage Projects say how many, why and what fixes it.
    const unreadable = items.filter((i) => i.type === 'REDACTED').length;
    await setUnreadableItems(ctx.db, board.id, unreadable, unreadableReason(board, reader));
  }
  await recordObservation(ctx.db, {
    boardId: board.id,
    addedAt: board.added_at,
    observed,
    // A repository out of the App's reach for now hides its items: unknown, not removed (their age stays).
    hidden: items.filter((i) => i.type === 'REDACTED').map((i) => i.id),
    initial: board.last_synced_at === null,
    complete: full,
    now: ctx.now(),
    listedAtSeq,
    leaseOwner: params.owner,
  });
  if (iterationFields) await recordIterationEstimates(ctx.db, board.id, items, ctx.now());
  // Which issues block each listed issue, where the host says (docs/metrics.md, "Dependency blocking").
  const blockers = items.flatMap((item) => {
    const blockedBy = item.type === 'REDACTED' ? undefined : item.content?.relations?.blockedBy;
    return blockedBy ? [{ itemId: item.id, blockedBy }] : [];
  });
  if (blockers.length > 0)
    await recordChanges(ctx.db, board.id, (changes) => recordObservedBlockers(changes, blockers, ctx.now()));
  if (blockedField) {
    const values = items.flatMap((item) => blockedFieldValue(blockedField, item));
    const field = blockedFieldKey(blockedField);
    await recordChanges(ctx.db, board.id, (changes) => recordFieldValues(changes, field, values, ctx.now()));
  }
  if (breakdownField) {
    const values = breakdownFieldValues(items);
    const field = breakdownFieldKey(breakdownField);
    await recordChanges(ctx.db, board.id, (changes) => recordFieldValues(changes, field, values, ctx.now()));
  }
  if (params.backfill !== false && full && board.backfilled_at === null && board.is_demo === 0) {
    await backfill(ctx, board, reader, observed, params.owner, columns?.map((c) => c.name) ?? null);
  }
  const workflowField = workflow ? { id: workflow.id, name: workflow.name } : null;
  return { columns, workflowField, statusTimes: observed.map((i) => i.statusUpdatedAt) };
}

/**
 * The board's workflow field as GitHub has it now, found by its id (renamed or not), or on a board added
 * before the field was stored, by the name Status. Gone: NoWorkflowFieldError (the board's error says it).
 */
async function readWorkflowField(reader: BoardReader, board: Board) {
  const ref = workflowFieldOf(board);
  const fields = await reader.getProjectFields(board.github_project_id);
  const field = findWorkflowField(fields, ref);
  if (!field) throw new NoWorkflowFieldError(ref.name);
  return { field, fields };
}

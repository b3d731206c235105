import { recordChanges } from '../boards/changes.ts';
import type { AppContext } from '../context.ts';
import type { Board } from '../db/schema.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import {
  GithubAuthError,
  GithubNotFoundError,
  GithubRateLimitError,
  FieldRenamedError,
  GithubSchemaError,
} from '../github/errors.ts';
import type { GithubItemHistory, GithubProjectItem } from '../github/types.ts';
import type { UnreadableReason } from '@fluxion/contract';
import { readItemSeq } from '../move-log/items.ts';
import type { BoardReader } from '../github/board-reader.ts';
import { recordBackfill, recordBackfillSkipped } from './backfill.ts';
import { type CheckedHistories, checkHistories, estimateHistories } from './history-check.ts';
import { applyColumnRenames } from '../tracked-boards/column-renames.ts';
import { LeaseLostError, releaseBoard, type SyncOutcome } from '../boards/leases.ts';
import { setCollectorUser, setUnreadableItems } from '../boards/repository.ts';
import type { ObservedItem } from './observation.ts';
import { recordObservation } from './record.ts';
import {
  needsFullSync,
  nextAfterFailure,
  nextAfterSuccess,
  type SchedulePolicy,
  settledUpdatedAt,
  unchangedOnGithub,
  updatedAtLags,
  webhookChangeAt,
} from './schedule.ts';
import type { VersionGate } from './version-gate.ts';
import {
  findWorkflowField,
  NoWorkflowFieldError,
  STATUS_FIELD,
  workflowFieldOf,
} from '../boards/workflow-field.ts';
import { planFieldsToList, recordPlans } from '../iterations/collect.ts';
import { blockedFieldKey, blockedFieldValue, currentBlockedField } from '../tracked-boards/blocked-field.ts';
import { recordFieldValues } from '../move-log/field-changes.ts';
import { recordObservedBlockers } from '../move-log/dependency-changes.ts';
import { timelineLabelChanges } from '../move-log/label-changes.ts';
import { classifyColumns, type LabelChange, type ReconstructionBoard } from '@fluxion/flow';
import { parseColumns } from '../tracked-boards/to-api.ts';

/** Incremental polls list items changed in the last day: far cheaper than a full listing on big boards. */
const INCREMENTAL_DAYS = 1;

export function toObserved(item: GithubProjectItem): ObservedItem | null {
  if (item.type === 'REDACTED' || !item.content) return null;
  return {
    itemId: item.id,
    number: item.content.number,
    title: item.content.title,
    url: item.content.url,
    contentType: item.content.type,
    milestone: item.content.milestone,
    labels: item.content.labels,
    ...(item.content.assignees ? { assignees: item.content.assignees } : {}),
    ...(item.content.type === 'DraftIssue' ? {} : { contentId: item.content.id }),
    ...(item.content.relations ? { relations: item.content.relations } : {}),
    column: item.status,
    statusUpdatedAt: item.statusUpdatedAt ? Date.parse(item.statusUpdatedAt) : null,
    updatedAt: item.updatedAt ? Date.parse(item.updatedAt) : null,
    archived: item.isArchived,
    addedAt: item.createdAt ? Date.parse(item.createdAt) : null,
  };
}

type SyncParams = {
  board: Board;
  reader: BoardReader;
  owner: string;
  policy: SchedulePolicy;
  backfill?: boolean;
  /** Asks GitHub the board's updatedAt; without one, every poll lists. */
  gate?: VersionGate;
};

/**
 * One poll of one leased board: ask GitHub whether the board changed, list it when it did (or when a full
 * listing is due), record what changed, schedule the next poll.
 */
export async function syncBoard(ctx: AppContext, params: SyncParams): Promise<SyncOutcome> {
  const { board, reader, policy } = params;
  const now = ctx.now();
  const heard = webhookChangeAt(board, now);
  let outcome: SyncOutcome;
  try {
    const full = needsFullSync(board.last_full_sync_at, now, policy, heard);
    // Asked before the listing: a change made while it runs moves updatedAt past what is stored.
    const seen = params.gate ? await params.gate(board, reader) : null;
    const gateOff = board.version_gate_off === 1;
    const listed = full || gateOff || !unchangedOnGithub(seen?.updatedAt, board.github_updated_at);
    const listing = listed ? await listOrRelist(ctx, params, full) : null;
    const lags = !gateOff && !!listing && updatedAtLags(listing.statusTimes, seen);
    if (lags)
      ctx.log?.warn({ board: board.id }, "GitHub's board updatedAt lags its moves: listing it every poll");
    outcome = {
      ok: true,
      full: listing?.full ?? full,
      columns: listing?.columns ?? null,
      workflowField: listing?.workflowField ?? null,
      versionGateOff: gateOff || lags,
      githubUpdatedAt: settledUpdatedAt(seen),
      webhookChangeAt: heard,
      nextSyncAt: nextAfterSuccess(ctx.now(), policy, reader.rateBudget(), seen?.askedAt),
    };
  } catch (error) {
    // Not GitHub's failure: no error count or backoff. The lease stays until this collector's next run
    // frees it (runner.ts), and the board is synced again then.
    if (isDatabaseUnavailable(error)) throw error;
    // The workflow field changed meanwhile and took the lease: the board is due again, read by the new field.
    if (error instanceof LeaseLostError) return leaseLost(ctx, error);
    outcome = failure(error, board, ctx.now(), policy);
  }
  if (!outcome.ok && outcome.inaccessible) outcome = await handOver(ctx, board, outcome);
  await releaseBoard(ctx.db, board, params.owner, ctx.now(), outcome);
  return outcome;
}

/**
 * listBoard; an incremental listing that finds a field renamed on GitHub since the last full listing is
 * dropped unrecorded (its items would all read as having left their columns) for a full listing at once,
 * which finds the field again by its id.
 */
async function listOrRelist(ctx: AppContext, params: SyncParams, full: boolean) {
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
  // The demo board's plan comes with its generated history (tracked-boards/demo.ts), not from GitHub.
  const plan = board.is_demo === 0 ? await planFieldsToList(ctx, board.id, read?.fields.plan) : null;
  const columns = workflow?.options ?? null;
  // Before the items are compared: a renamed column is then where its items already are.
  if (columns) await applyColumnRenames(ctx.db, board, columns, params.owner);
  // Read before the listing: what webhooks store while it runs is newer than what it shows.
  const listedAtSeq = (await readItemSeq(ctx.db, board.id)).seq;
  // A renamed workflow field is asked by its new name from this listing on.
  const fieldName = workflow?.name ?? workflowFieldOf(board).name;
  // The field the team names as its blocked marker: its values come with the items (docs/metrics.md).
  const blockedField = await currentBlockedField(ctx, board, read?.fields.fields ?? null);
  const asked = {
    fieldName,
    fieldIds: {
      workflow: workflow?.id ?? workflowFieldOf(board).id,
      blocked: blockedField?.field_id ?? null,
    },
    ...(plan ? { plan } : {}),
    ...(blockedField ? { blockedField: blockedField.name } : {}),
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
  if (plan) await recordPlans(ctx.db, board.id, items, ctx.now());
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

/** Why the reader gets some of the board's items as REDACTED: what fixes it depends on who reads. */
export function unreadableReason(board: Board, reader: BoardReader): UnreadableReason {
  if (reader.readsAs === 'installation') return 'repositories_not_selected';
  return board.owner_type === 'Organization' ? 'no_installation' : 'user_owned';
}

/**
 * The user whose token reads the board lost access (revoked grant, left the organization): another user
 * tracking the board takes over. Right away the first time; later ones wait for the backoff, so that
 * users who all lack access do not hand the board around in a loop.
 */
async function handOver(ctx: AppContext, board: Board, outcome: SyncOutcome): Promise<SyncOutcome> {
  const next = await ctx.db
    .selectFrom('tracked_projects')
    .innerJoin('users', 'users.id', 'tracked_projects.user_id')
    .select('users.id')
    .where('tracked_projects.board_id', '=', board.id)
    .where('users.id', '!=', board.collector_user_id ?? '')
    .where('users.github_token_enc', 'is not', null)
    .orderBy('tracked_projects.added_at')
    .executeTakeFirst();
  if (!next) return outcome;
  await setCollectorUser(ctx.db, board.id, next.id);
  return board.sync_error_count === 0 ? { ...outcome, nextSyncAt: ctx.now() } : outcome;
}

/**
 * Once per board, after its first full listing: past moves from the issues' timelines, marked 'backfill',
 * so a new board can show insights early. Best effort: a failure is logged and not retried; a host whose
 * timelines lack the Projects (v2) events (older GitHub Enterprise) leaves a note for the board's users.
 */
async function backfill(
  ctx: AppContext,
  board: Board,
  reader: BoardReader,
  observed: ObservedItem[],
  owner: string,
  columns: string[] | null,
) {
  let checked: CheckedHistories = { moves: [], partial: new Map(), checked: 0 };
  let labels: LabelChange[] = [];
  try {
    const histories = await reader.getStatusHistory(board.github_project_id);
    labels = timelineLabelChanges(histories);
    const events = statusEventsIfRead(board, histories);
    checked = checkHistories(events, observed, board.added_at);
    const shape = await reconstructionBoard(ctx, board, columns);
    checked.estimated = estimateHistories(events, observed, checked, shape);
  } catch (error) {
    if (error instanceof GithubSchemaError)
      return recordBackfillSkipped(ctx.db, board.id, 'no_timeline_events', ctx.now(), owner);
    ctx.log?.warn({ board: board.id, reason: (error as Error).message }, 'backfill failed; skipped');
  }
  await recordBackfill(ctx.db, board.id, checked, ctx.now(), owner, labels);
}

/**
 * The board as the reconstruction reads it: its columns, the start column its first tracker chose (else the
 * first column its name says is worked in) and its last column as done.
 */
async function reconstructionBoard(
  ctx: AppContext,
  board: Board,
  listed: string[] | null,
): Promise<ReconstructionBoard> {
  const columns = listed ?? parseColumns(board.column_list);
  const chosen = await ctx.db
    .selectFrom('tracked_projects')
    .select('cycle_time_start_column')
    .where('board_id', '=', board.id)
    .where('cycle_time_start_column', 'is not', null)
    .orderBy('added_at')
    .executeTakeFirst();
  const start = chosen?.cycle_time_start_column;
  const startColumn =
    start && columns.includes(start) ? start : (classifyColumns({ columns }).productive[0] ?? null);
  return { columns, startColumn, doneColumn: null };
}

/** A sync that lost its lease releases nothing: the board is no longer its to schedule. */
function leaseLost(ctx: AppContext, error: LeaseLostError): SyncOutcome {
  return { ok: false, error: error.message, inaccessible: false, nextSyncAt: ctx.now() };
}

/**
 * GitHub's timeline events are the moves of the field named Status: a board read by another workflow field
 * imports none of them (they name another field's options), and each item is checked against its current
 * value alone.
 */
function statusEventsIfRead(board: Board, histories: GithubItemHistory[]): GithubItemHistory[] {
  if (workflowFieldOf(board).name === STATUS_FIELD) return histories;
  return histories.map((history) => ({ ...history, changes: [] }));
}

function failure(error: unknown, board: Board, now: number, policy: SchedulePolicy): SyncOutcome {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof GithubNotFoundError || error instanceof GithubAuthError) {
    return { ok: false, error: message, inaccessible: true, nextSyncAt: now + policy.maxBackoffMs };
  }
  // A secondary limit's wait is GitHub's retry-after, counted on our clock. GitHub's limits reset within the
  // hour: a longer wait comes from a skewed clock or a bogus header, and must not park the board for days.
  const retryAfter =
    error instanceof GithubRateLimitError
      ? Math.min(error.waitMs ?? error.retryAt.getTime() - now, policy.maxBackoffMs)
      : null;
  const nextSyncAt = nextAfterFailure(now, policy, board.sync_error_count + 1, retryAfter);
  return { ok: false, error: message, inaccessible: false, nextSyncAt };
}

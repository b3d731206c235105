import { recordChanges } from '../boards/changes.ts';
import { randomUUID } from 'node:crypto';
import {
  columnClassificationFor,
  DEFAULT_ITERATION_LENGTH,
  type Project,
  type SaveProjectRequest,
} from '@fluxion/contract';
import type { AppContext } from '../context.ts';
import { columnOptionsJson } from '../boards/columns.ts';
import { insertBoard, refreshBoard, setIncludeArchived, setWorkLevel } from '../boards/repository.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { findUser, setDemoHidden } from '../users/queries.ts';
import { type BoardOnGithub, readAsUser, readBoard, UnknownWorkflowFieldError } from '../github/for-user.ts';
import { workflowFieldOf } from '../boards/workflow-field.ts';
import { INTERACTIVE } from './github-errors.ts';
import { fromGithubError } from './github-errors.ts';
import { applyColumnRenames } from './column-renames.ts';
import {
  deleteTracking,
  findBoardByGithubId,
  findDemoBoard,
  settingsOwnerLogins,
  findVisibleBoard,
  listVisibleBoards,
  type OnUntrack,
  type TrackedRow,
  untrackedDemo,
  upsertTracking,
} from './queries.ts';
import { serializeClassification } from './classification.ts';
import { toApiProject } from './to-api.ts';
import { saveBoardCalendar } from './calendar.ts';
import { boardFlowPolicies, requestedPolicies } from './flow-policies.ts';
import {
  changedSharedSetting,
  firstSetter,
  maySetSharedSettings,
  type SettingsHolder,
  type SharedSettingField,
  type SharedSettings,
  sharedSettingsSetter,
  takeSharedSettings,
} from './shared-settings.ts';
import { estimateFieldChoice } from './estimate-field.ts';
import { breakdownFieldChoice, saveBreakdownField } from './breakdown-field.ts';
import { checkedBlockedField, saveFlowPoliciesOver } from './blocked-field.ts';
import { readIterationFields, setEstimateField } from '../iterations/queries.ts';

async function demoHiddenFor(ctx: AppContext, userId: string): Promise<boolean> {
  const user = await findUser(ctx.db, userId);
  if (!user) throw unauthorized('User no longer exists');
  return user.demo_hidden === 1;
}

/** The boards this user sees, in the project list's order: their own and, unless hidden, the demo. */
export async function listVisibleRows(ctx: AppContext, userId: string): Promise<TrackedRow[]> {
  return listVisibleBoards(ctx.db, userId, await demoHiddenFor(ctx, userId));
}

export async function listProjects(ctx: AppContext, userId: string): Promise<Project[]> {
  return withSharedSettings(ctx, userId, await listVisibleRows(ctx, userId));
}

/** The board behind a project id, if this user may see it; another user's board answers 404. */
export async function resolveProject(
  ctx: AppContext,
  userId: string,
  projectId: string,
): Promise<TrackedRow> {
  const row = await findVisibleBoard(ctx.db, userId, await demoHiddenFor(ctx, userId), projectId);
  if (!row) throw notFound(`Project ${projectId} not found`);
  return row;
}

export async function getProject(ctx: AppContext, userId: string, projectId: string): Promise<Project> {
  const [project] = await withSharedSettings(ctx, userId, [await resolveProject(ctx, userId, projectId)]);
  return project as Project;
}

/** The API's projects, each saying who sets its shared settings and whether this user may change them. */
async function withSharedSettings(ctx: AppContext, userId: string, rows: TrackedRow[]): Promise<Project[]> {
  const setters = await Promise.all(
    rows.map(async (row) => ({ ...row, settings_user_id: await sharedSettingsSetter(ctx, row) })),
  );
  const logins = await settingsOwnerLogins(ctx.db, setters);
  return Promise.all(
    setters.map(async (row) => ({
      ...toApiProject(row, ctx.now()),
      shared_settings: {
        set_by: row.settings_user_id === null ? null : (logins.get(row.settings_user_id) ?? null),
        editable: await maySetSharedSettings(ctx, row, userId),
      },
    })),
  );
}

export async function getDemoProject(ctx: AppContext): Promise<Project> {
  const demo = await findDemoBoard(ctx.db);
  if (!demo) throw notFound('There is no demo project');
  return toApiProject(untrackedDemo(demo), ctx.now());
}

/** The demo project is in every list and cannot be edited; deleting it hides it for this user. */
export async function deleteProject(
  ctx: AppContext,
  userId: string,
  projectId: string,
  onUntrack?: OnUntrack,
): Promise<void> {
  const row = await resolveProject(ctx, userId, projectId);
  if (row.is_demo === 1) return setDemoHidden(ctx.db, userId, true, ctx.now());
  await deleteTracking(ctx.db, userId, row.id, ctx.now(), onUntrack);
}

/** Adds a board (or updates the user's settings for it). The demo project can only be brought back. */
export async function saveProject(
  ctx: AppContext,
  userId: string,
  request: SaveProjectRequest,
): Promise<{ project: Project; created: boolean }> {
  const demo = await findDemoBoard(ctx.db);
  if (demo && demo.github_project_id === request.project_id) {
    const wasHidden = await demoHiddenFor(ctx, userId);
    if (!wasHidden) throw forbidden('The demo project cannot be edited');
    await setDemoHidden(ctx.db, userId, false, ctx.now());
    return { project: await getProject(ctx, userId, request.project_id), created: true };
  }
  const board = await readChosenBoard(ctx, userId, request);
  const cycleStart = request.cycle_time_start || null;
  if (cycleStart !== null && !board.columns.includes(cycleStart)) {
    throw badRequest(`cycle_time_start: "${cycleStart}" is not a column of this project`, 'cycle_time_start');
  }
  const classification = checkedClassification(request.column_classification, board.columns);
  const policies = await policiesToSave(ctx, userId, request, board.columns);
  await refuseSharedSettingsChange(ctx, userId, request, board);
  const estimate =
    request.estimate_field_id === undefined
      ? undefined
      : await estimateFieldChoice(ctx, userId, request.project_id, request.estimate_field_id);
  const breakdown =
    request.breakdown_field_id === undefined
      ? undefined
      : await breakdownFieldChoice(
          ctx,
          userId,
          request.project_id,
          request.breakdown_field_id,
          board.workflowField?.id ?? null,
        );
  const existing = await findVisibleBoard(ctx.db, userId, true, request.project_id);
  const boardId = await ensureBoard(ctx, userId, board);
  await upsertTracking(ctx.db, {
    userId,
    boardId,
    iterationLengthDays: request.iteration_length ?? DEFAULT_ITERATION_LENGTH,
    cycleStart,
    classification: classification === undefined ? undefined : serializeClassification(classification),
    now: ctx.now(),
  });
  if (request.calendar !== undefined) await saveBoardCalendar(ctx.db, boardId, request.calendar);
  if (request.include_archived !== undefined)
    await setIncludeArchived(ctx.db, boardId, request.include_archived);
  if (request.work_level !== undefined) await setWorkLevel(ctx.db, boardId, request.work_level);
  if (breakdown !== undefined) await saveBreakdownField(ctx.db, boardId, breakdown, ctx.now());
  if (policies) await saveFlowPoliciesOver(ctx.db, boardId, policies.stored, policies.policies);
  if (estimate !== undefined)
    await recordChanges(ctx.db, boardId, (changes) => setEstimateField(changes, estimate, ctx.now()));
  return { project: await getProject(ctx, userId, request.project_id), created: !existing };
}

/**
 * The board as GitHub has it, its columns read from its workflow field: the stored one for a board
 * already tracked (changing it is `changeWorkflowField`), else the request's choice or the default.
 */
async function readChosenBoard(ctx: AppContext, userId: string, request: SaveProjectRequest) {
  const stored = await findBoardByGithubId(ctx.db, request.project_id);
  const requested = request.workflow_field_id ?? null;
  if (stored && requested && stored.workflow_field_id && requested !== stored.workflow_field_id)
    throw badRequest(
      `workflow_field_id: this board is tracked by its field "${stored.workflow_field_name}"; change it with POST /api/projects/{id}/workflow-field/`,
      'workflow_field_id',
    );
  const field = stored ? workflowFieldOf(stored) : requested ? { id: requested, name: '' } : null;
  const board = await readAsUser(ctx, userId, INTERACTIVE, (client) =>
    readBoard(client, request.project_id, field),
  ).catch(workflowFieldError);
  if (!board) throw badRequest('project_id: no such project, or no access to it', 'project_id');
  return board;
}

/** A field that is not one of the board's single-select fields is the request's mistake (400). */
function workflowFieldError(error: unknown): never {
  if (error instanceof UnknownWorkflowFieldError)
    throw badRequest(`workflow_field_id: ${error.message}`, 'workflow_field_id');
  return fromGithubError(error);
}

/**
 * The request's flow policies over the stored ones (both answered), if it has any: WIP limits checked
 * against the board's columns, a newly named blocked field (or one saved without its ids) against its
 * fields on GitHub.
 */
async function policiesToSave(
  ctx: AppContext,
  userId: string,
  request: SaveProjectRequest,
  columns: readonly string[],
) {
  if (request.flow_policies === undefined) return null;
  const stored = boardFlowPolicies(
    (await findBoardByGithubId(ctx.db, request.project_id))?.flow_policies ?? null,
  );
  const policies = requestedPolicies(stored, request.flow_policies, columns);
  const field = policies.blocked_field;
  if (!field) return { stored, policies };
  // The ids come from GitHub, never from the request: the same field as saved keeps the stored ones.
  const saved = stored.blocked_field;
  if (saved?.field_id && field.name === saved.name && field.value === saved.value)
    return { stored, policies: { ...policies, blocked_field: saved } };
  const checked = await checkedBlockedField(ctx, userId, request.project_id, field);
  return { stored, policies: { ...policies, blocked_field: checked } };
}

/**
 * A board's calendar, archived-items setting, flow policies and estimate field change every tracker's
 * figures, so only the user who sets them (its first tracker, see migration 018) may change them; a
 * request that repeats them is fine.
 */
async function refuseSharedSettingsChange(
  ctx: AppContext,
  userId: string,
  request: SaveProjectRequest,
  onGithub: BoardOnGithub,
) {
  const stored = await findBoardByGithubId(ctx.db, request.project_id);
  const board = stored ?? unsetBoard(onGithub);
  const estimate = stored ? (await readIterationFields(ctx.db, stored.id)).estimateField : null;
  const field = changedSharedSetting(board, request, estimate?.id ?? null);
  if (field === null) return;
  const setter = stored ? await sharedSettingsSetter(ctx, stored) : null;
  const [owner] = setter ? (await settingsOwnerLogins(ctx.db, [{ settings_user_id: setter }])).values() : [];
  await takeSharedSettings(
    ctx,
    board,
    userId,
    `${field}: this board's ${SHARED_SETTINGS_ARE[field]} set by ${owner ? `@${owner}` : 'its first tracker'} for everyone who tracks it; ask them to change it`,
  );
}

/** A board nobody tracks yet, as it would be stored: GitHub's columns, no shared setting set. */
function unsetBoard(onGithub: BoardOnGithub): SharedSettings & SettingsHolder {
  return {
    id: '',
    is_demo: 0,
    owner_type: onGithub.ownerType,
    owner_login: onGithub.ownerLogin,
    settings_user_id: null,
    calendar: null,
    include_archived: 0,
    flow_policies: null,
    work_level: null,
    breakdown_field: null,
    column_list: JSON.stringify(onGithub.columns),
  };
}

const SHARED_SETTINGS_ARE: Record<SharedSettingField, string> = {
  calendar: 'working calendar is',
  include_archived: 'archived items are',
  flow_policies: 'flow policies are',
  estimate_field_id: 'estimate field is',
  work_level: 'level of work is',
  breakdown_field_id: 'breakdown field is',
};

/** The request's classification checked against the board's columns as GitHub has them now. */
function checkedClassification(
  requested: SaveProjectRequest['column_classification'],
  columns: readonly string[],
) {
  if (requested == null) return requested;
  const checked = columnClassificationFor(columns).safeParse(requested);
  if (!checked.success) {
    const reason = checked.error.issues[0]?.message ?? 'invalid';
    throw badRequest(`column_classification: ${reason}`, 'column_classification');
  }
  return checked.data;
}

function workflowFieldColumns(board: BoardOnGithub) {
  return board.workflowField
    ? { workflow_field_id: board.workflowField.id, workflow_field_name: board.workflowField.name }
    : {};
}

/** The board row, created at first registration: its `added_at` is when recording starts. */
async function ensureBoard(ctx: AppContext, userId: string, board: BoardOnGithub): Promise<string> {
  const found = await findBoardByGithubId(ctx.db, board.id);
  const now = ctx.now();
  if (found) {
    // A column renamed since the board was last read is renamed in its history too, not added.
    await applyColumnRenames(ctx.db, found, board.options);
    await refreshBoard(ctx.db, found.id, {
      title: board.title,
      column_list: JSON.stringify(board.columns),
      column_options: columnOptionsJson(board.options),
      ...workflowFieldColumns(board),
      collector_user_id: found.collector_user_id ?? userId,
      settings_user_id:
        found.settings_user_id ??
        (await firstSetter(ctx, { owner_type: board.ownerType, owner_login: board.ownerLogin }, userId)),
    });
    return found.id;
  }
  const id = randomUUID();
  await insertBoard(ctx.db, {
    id,
    github_project_id: board.id,
    owner_login: board.ownerLogin,
    owner_type: board.ownerType,
    number: board.number,
    title: board.title,
    column_list: JSON.stringify(board.columns),
    column_options: columnOptionsJson(board.options),
    ...workflowFieldColumns(board),
    is_demo: 0,
    added_at: now,
    sync_status: 'active',
    last_synced_at: null,
    next_sync_at: now,
    sync_error_count: 0,
    last_error: null,
    lease_owner: null,
    lease_until: null,
    collector_user_id: userId,
    settings_user_id: await firstSetter(
      ctx,
      { owner_type: board.ownerType, owner_login: board.ownerLogin },
      userId,
    ),
  });
  return (await findBoardByGithubId(ctx.db, board.id))?.id ?? id;
}

import type { Project, ProjectFields } from '@fluxion/contract';
import type { AppContext } from '../context.ts';
import { columnOptionsJson } from '../boards/columns.ts';
import { recordChanges } from '../boards/changes.ts';
import { defaultWorkflowField, switchWorkflowField } from '../boards/workflow-field.ts';
import { readAsUser, readBoard, UnknownWorkflowFieldError } from '../github/for-user.ts';
import type { GithubClient } from '../github/client.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { forgetHistory } from '../move-log/writes.ts';
import { fromGithubError, INTERACTIVE } from './github-errors.ts';
import { resetColumnSettings } from './queries.ts';
import { getProject, resolveProject } from './service.ts';
import { takeSharedSettings } from './shared-settings.ts';

/** The board's single-select fields for the Add and Edit dialogs, and the one chosen by default. */
export async function projectFields(
  ctx: AppContext,
  userId: string,
  projectId: string,
): Promise<ProjectFields> {
  const read = (client: GithubClient) => client.getProjectFields(projectId);
  const board = await readAsUser(ctx, userId, INTERACTIVE, read).catch(fromGithubError);
  const fields = board?.fields ?? [];
  return {
    fields: fields.map((f) => ({ id: f.id, name: f.name, columns: f.options.map((o) => o.name) })),
    default_field_id: board ? (defaultWorkflowField(board)?.id ?? null) : null,
    number_fields: board?.iterationFields?.numberFields ?? [],
    iteration_field: board?.iterationFields?.iterationField
      ? { id: board.iterationFields.iterationField.id, name: board.iterationFields.iterationField.name }
      : null,
  };
}

/**
 * Reads a tracked board by another workflow field (docs/api.md, "Changing the workflow field"). The moves
 * recorded under the old field named its options, so they are deleted with the board's items; the board is
 * then collected as if added now: a first look at GitHub, then the import of past moves from the issue
 * timelines for the new field, with its gaps marked; each tracker's cycle-start column and column
 * classification, which named the old options, go back to automatic. A sync running meanwhile loses its
 * lease and writes nothing of the old field. Only who sets the board's shared settings may do it; the
 * same field changes nothing.
 */
export async function changeWorkflowField(
  ctx: AppContext,
  userId: string,
  projectId: string,
  fieldId: string,
): Promise<Project> {
  const row = await resolveProject(ctx, userId, projectId);
  if (row.is_demo === 1) throw forbidden('The demo project cannot be edited');
  await takeSharedSettings(
    ctx,
    row,
    userId,
    "field_id: only who sets this board's shared settings may change its workflow field",
  );
  if (row.workflow_field_id === fieldId) return getProject(ctx, userId, projectId);
  const board = await readAsUser(ctx, userId, INTERACTIVE, (client) =>
    readBoard(client, projectId, { id: fieldId, name: '' }),
  ).catch((error: unknown) => {
    if (error instanceof UnknownWorkflowFieldError)
      throw badRequest(`field_id: ${error.message}`, 'field_id');
    return fromGithubError(error);
  });
  if (!board?.workflowField) throw badRequest('field_id: no such project, or no access to it', 'field_id');
  const field = board.workflowField;
  await recordChanges(ctx.db, row.id, async (changes) => {
    const trx = changes.db;
    // First: the board row is locked and its lease taken before anything is forgotten, so a sync's write
    // that committed before it is forgotten too, and one after it finds its lease gone.
    await switchWorkflowField(
      changes,
      {
        fieldId: field.id,
        fieldName: field.name,
        columnList: JSON.stringify(board.columns),
        columnOptions: columnOptionsJson(board.options),
      },
      ctx.now(),
    );
    await forgetHistory(trx, row.id);
    await resetColumnSettings(trx, row.id);
  });
  return getProject(ctx, userId, projectId);
}

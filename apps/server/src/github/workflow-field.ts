import { type RawPlanField, toPlanFields } from './plan-fields.ts';
import type { GithubBoardFields, GithubColumn, GithubSingleSelectField, WorkflowFieldRef } from './types.ts';

/** The workflow field of boards added before it was chosen per board, and the default's second choice. */
export const STATUS_FIELD = 'Status';

/** The workflow field a board is read by: the one stored with it, else (boards added before) Status. */
export function workflowFieldOf(board: {
  workflow_field_id: string | null;
  workflow_field_name: string | null;
}): WorkflowFieldRef {
  return { id: board.workflow_field_id, name: board.workflow_field_name ?? STATUS_FIELD };
}

/** The board's workflow field is gone on GitHub (deleted): the board's error says so until one is chosen. */
export class NoWorkflowFieldError extends Error {
  override name = 'NoWorkflowFieldError';
  constructor(fieldName: string) {
    super(
      `The board's workflow field "${fieldName}" is no longer on GitHub: choose another in Manage Projects (Edit)`,
    );
  }
}

type RawField = ({ id?: string; name?: string; options?: GithubColumn[] } & RawPlanField) | null;
type RawView = { layout?: string; verticalGroupByFields?: { nodes: RawField[] } | null } | null;
export type RawBoardFields = { fields?: { nodes: RawField[] } | null; views?: { nodes: RawView[] } | null };

/** The single-select fields of a `PROJECT_FIELDS` answer (other fields come back as empty objects). */
export function toBoardFields(raw: RawBoardFields): GithubBoardFields {
  const fields = (raw.fields?.nodes ?? []).flatMap((f) =>
    f?.id && f.name && f.options ? [{ id: f.id, name: f.name, options: f.options }] : [],
  );
  const boardView = (raw.views?.nodes ?? []).find((v) => v?.layout === 'BOARD_LAYOUT');
  return {
    fields,
    boardColumnFieldId: boardView?.verticalGroupByFields?.nodes[0]?.id ?? null,
    plan: toPlanFields(raw.fields?.nodes ?? []),
  };
}

/**
 * The field a new board is read by unless the user picks another: the one its first board-layout view
 * groups its columns by, else the one named Status, else the first single-select field.
 */
export function defaultWorkflowField(board: GithubBoardFields): GithubSingleSelectField | null {
  const { fields, boardColumnFieldId } = board;
  return (
    fields.find((f) => f.id === boardColumnFieldId) ??
    fields.find((f) => f.name === STATUS_FIELD) ??
    fields[0] ??
    null
  );
}

/** The board's workflow field: by its id when known (it may have been renamed), else by its name. */
export function findWorkflowField(
  board: GithubBoardFields,
  ref: WorkflowFieldRef,
): GithubSingleSelectField | null {
  if (ref.id) return board.fields.find((f) => f.id === ref.id) ?? null;
  return board.fields.find((f) => f.name === ref.name) ?? null;
}

import type { WorkflowFieldRef } from '../github/types.ts';
import { STATUS_FIELD } from '../github/workflow-field.ts';

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

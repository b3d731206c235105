import type {
  AvailableProject,
  BoardCalendar,
  OwnerOption,
  Project,
  SaveProjectRequest,
} from '@fluxion/contract';
import { DEFAULT_ITERATION_LENGTH } from '../../lib/constants.ts';
import { T } from '../../texts.ts';

/** State of the Add Project dialog: a project and an iteration length are required. */
export type ProjectForm = {
  owner: string | null;
  projectId: string;
  iteration: number | null;
  column: string;
  /** The workflow field's GitHub id; '': the board's default one. */
  fieldId: string;
};

export const initialForm = (): ProjectForm => ({
  owner: null,
  projectId: '',
  iteration: DEFAULT_ITERATION_LENGTH,
  column: '',
  fieldId: '',
});

/** Changing the organization clears project and column. */
export const changeOwner = (form: ProjectForm, owner: string): ProjectForm => ({
  ...form,
  owner,
  projectId: '',
  column: '',
  fieldId: '',
});

export const changeProject = (form: ProjectForm, projectId: string): ProjectForm => ({
  ...form,
  projectId,
  column: '',
  fieldId: '',
});

/** Another workflow field has other columns: the cycle start column is cleared. */
export const changeField = (form: ProjectForm, fieldId: string): ProjectForm => ({
  ...form,
  fieldId,
  column: '',
});

/** Submit is disabled while no project, no iteration length, or projects loading. */
export function canSubmit(form: ProjectForm, projectsLoading: boolean): boolean {
  return form.projectId !== '' && form.iteration !== null && form.iteration > 0 && !projectsLoading;
}

/** `owner` query value: none for the personal account (docs/api.md, Projects). */
export function ownerParam(option: OwnerOption | undefined, username: string | undefined): string | null {
  if (!option || option.value === '' || option.value === username) return null;
  return option.value;
}

export type BuildResult = { ok: true; body: SaveProjectRequest } | { ok: false; error: string };

export function buildAddRequest(form: ProjectForm, available: AvailableProject[]): BuildResult {
  const project = available.find((p) => p.id === form.projectId);
  if (!project) return { ok: false, error: T.projects.notFound };
  if (form.iteration === null) return { ok: false, error: T.projects.addError };
  const body = saveBody(project.id, project.name, form.iteration, form.column);
  return { ok: true, body: form.fieldId ? { ...body, workflow_field_id: form.fieldId } : body };
}

export function saveBody(
  projectId: string,
  name: string,
  iteration: number,
  column: string,
): SaveProjectRequest {
  const body: SaveProjectRequest = { project_id: projectId, name, iteration_length: iteration };
  if (column) body.cycle_time_start = column;
  return body;
}

/** The board's setting as saved; boards saved before it existed count archived items (the default). */
export const initialIncludeArchived = (project: Project): boolean => project.include_archived ?? true;

/** Whether this user may change the settings shared by everyone who tracks the board (not the demo's). */
export const sharedSettingsEditable = (project: Project): boolean =>
  !project.is_demo && project.shared_settings?.editable !== false;

/** The settings shared by everyone who tracks the board, sent only by a user who may change them. */
export function boardSettings(
  project: Project,
  calendar: BoardCalendar,
  includeArchived: boolean,
): Pick<SaveProjectRequest, 'calendar' | 'include_archived'> {
  return sharedSettingsEditable(project) ? { calendar, include_archived: includeArchived } : {};
}

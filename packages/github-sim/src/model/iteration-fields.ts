import { nodeId } from './ids.ts';
import { mustProject } from './items.ts';
import type {
  IterationField,
  NumberField,
  IterationValueEdit,
  SimItem,
  SimProject,
  SingleSelectField,
  StatusOption,
} from './types.ts';
import type { World } from './world.ts';

/** What `POST /_sim/projects` accepts for a board's Iteration field and Number fields. */
export type IterationFieldsInput = {
  iterationField?: { name?: string; iterations: { title: string; startDate: string; duration?: number }[] };
  numberFields?: string[];
};

/** A GitHub-like iteration id: 8 hex digits, the same for the same board and title. */
function iterationId(projectId: string, title: string): string {
  let h = 2166136261;
  for (const c of `${projectId}/${title}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** Gives a board its Iteration field and Number fields (GitHub keeps completed iterations too). */
export function addIterationFields(world: World, project: SimProject, input: IterationFieldsInput): void {
  if (input.iterationField) {
    const databaseId = world.newDatabaseId();
    const field: IterationField = {
      nodeId: nodeId('ProjectV2IterationField', databaseId),
      databaseId,
      name: input.iterationField.name ?? 'Iteration',
      iterations: input.iterationField.iterations.map((i) => ({
        id: iterationId(project.nodeId, i.title),
        title: i.title,
        startDate: i.startDate,
        duration: i.duration ?? 14,
      })),
    };
    project.iterationField = field;
  }
  project.numberFields = (input.numberFields ?? []).map((name): NumberField => {
    const databaseId = world.newDatabaseId();
    return { nodeId: nodeId('ProjectV2Field', databaseId), databaseId, name };
  });
}

/**
 * Sets an item's Iteration, Number or (other than the workflow field) single-select values by field name
 * (an iteration by title or id, an option by name or id; null clears), as a user does on the board: the
 * item's and the board's updatedAt move, and a single-select edit sends a `projects_v2_item` edited
 * webhook with the field and its old and new options, as GitHub does. Unknown names throw.
 */
export function setIterationValues(
  world: World,
  item: SimItem,
  values: Record<string, string | number | null>,
  at: number,
): SimItem {
  const project = mustProject(world, item.projectId);
  const set = { ...(item.fieldValues ?? {}) };
  const edits: { field: SingleSelectField; from: StatusOption | null; to: StatusOption | null }[] = [];
  for (const [name, value] of Object.entries(values)) {
    const select = project.otherSingleSelects?.find((f) => f.name === name);
    if (select) {
      const edit = singleSelectValue(select, value, set, at);
      if (edit.from?.id !== edit.to?.id) edits.push({ field: select, ...edit });
      continue;
    }
    const fieldId = iterationFieldValue(project, name, value, set, at);
    if (fieldId === null) throw new Error(`no Iteration, Number or single-select field named ${name}`);
  }
  const iterationEdits = iterationValueEdits(project, item.fieldValues ?? {}, set);
  item.fieldValues = set;
  item.updatedAt = Math.max(item.updatedAt, at);
  project.updatedAt = Math.max(project.updatedAt, at);
  for (const edit of edits) world.emit({ action: 'edited', item, actor: project.owner, at, ...edit });
  for (const iterationEdit of iterationEdits)
    world.emit({ action: 'edited', item, actor: project.owner, at, from: null, to: null, iterationEdit });
  return item;
}

/** The Iteration and Number values that differ between two sets of an item's values, as edits. */
function iterationValueEdits(
  project: SimProject,
  before: FieldValues,
  after: FieldValues,
): IterationValueEdit[] {
  const value = (set: FieldValues, fieldId: string) => set[fieldId]?.value ?? null;
  const edits: IterationValueEdit[] = [];
  const iterations = project.iterationField;
  if (iterations) {
    const [from, to] = [value(before, iterations.nodeId), value(after, iterations.nodeId)];
    if (from !== to)
      edits.push({ type: 'iteration', field: iterations, from: from as string, to: to as string });
  }
  for (const field of project.numberFields ?? []) {
    const [from, to] = [value(before, field.nodeId), value(after, field.nodeId)];
    if (from !== to) edits.push({ type: 'number', field, from: from as number, to: to as number });
  }
  return edits;
}

type FieldValues = NonNullable<SimItem['fieldValues']>;

/** Sets a single-select value (an option by name or id; null clears); answers the options before and after. */
function singleSelectValue(
  field: SingleSelectField,
  value: string | number | null,
  set: NonNullable<SimItem['fieldValues']>,
  at: number,
): { from: StatusOption | null; to: StatusOption | null } {
  const from = field.options.find((o) => o.id === set[field.nodeId]?.value) ?? null;
  if (value === null) {
    delete set[field.nodeId];
    return { from, to: null };
  }
  const to = field.options.find((o) => o.name === value || o.id === value);
  if (!to) throw new Error(`no option ${value} in ${field.name}`);
  if (from?.id !== to.id)
    set[field.nodeId] = { value: to.id, createdAt: set[field.nodeId]?.createdAt ?? at, updatedAt: at };
  return { from, to };
}

function iterationFieldValue(
  project: SimProject,
  name: string,
  value: string | number | null,
  set: NonNullable<SimItem['fieldValues']>,
  at: number,
): string | null {
  const put = (fieldId: string, v: string | number | null) => {
    if (v === null) delete set[fieldId];
    else set[fieldId] = { value: v, createdAt: set[fieldId]?.createdAt ?? at, updatedAt: at };
    return fieldId;
  };
  const iterations = project.iterationField;
  if (iterations && iterations.name === name) {
    if (value === null) return put(iterations.nodeId, null);
    const iteration = iterations.iterations.find((i) => i.title === value || i.id === value);
    if (!iteration) throw new Error(`no iteration ${value} in ${name}`);
    return put(iterations.nodeId, iteration.id);
  }
  const number = project.numberFields?.find((f) => f.name === name);
  if (number) {
    if (value !== null && typeof value !== 'number') throw new Error(`${name} takes a number`);
    return put(number.nodeId, value);
  }
  return null;
}

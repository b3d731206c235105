import {
  OPTIONAL_FIELD_NAMES,
  type OptionalField,
  optionalFieldVariable,
  projectItemsDocument,
} from './queries.ts';
import type { IterationFieldNames } from './types.ts';
import { STATUS_FIELD } from '../boards/workflow-field.ts';

/**
 * `fieldName`: the workflow field (default Status); `iterationFields`: the Iteration and estimate fields;
 * `blockedField`: the field the team names as its blocked marker; `breakdownField`: the field Flow splits
 * the work by. Values of each come with every item.
 */
export type ListItemsOptions = {
  updatedSinceDays?: number;
  fieldName?: string;
  iterationFields?: IterationFieldNames;
  blockedField?: string;
  breakdownField?: string;
  /**
   * The node ids the workflow and blocked fields must have under the names asked (the Iteration and estimate fields', in `iterationFields`): a
   * name that finds another field, or none (renamed on GitHub since), throws FieldRenamedError instead of
   * reading every item as having no value there. Null or absent: not checked (stored before its id).
   */
  fieldIds?: { workflow?: string | null; blocked?: string | null; breakdown?: string | null };
};

export type ListVariables = {
  id: string;
  field: string;
  iterationField?: string;
  estimateField?: string;
  blockedField?: string;
  breakdownField?: string;
  filter?: string;
};

export type ItemsRequest = { document: string; variables: ListVariables };

/**
 * The listing's document and variables. A field the board lacks (no name, or '') is not asked at all:
 * GitHub publishes no answer for an empty name (docs/github.md, "What GitHub does not publish").
 */
export function itemsRequest(
  projectId: string,
  opts: ListItemsOptions,
  { filtered, relations = true }: { filtered: boolean; relations?: boolean },
): ItemsRequest {
  const names: Record<OptionalField, string | undefined> = {
    blocked: opts.blockedField,
    breakdown: opts.breakdownField,
    iteration: opts.iterationFields?.iterationField,
    estimate: opts.iterationFields?.estimateField,
  };
  const fields = OPTIONAL_FIELD_NAMES.filter((name) => names[name]);
  const variables: ListVariables = { id: projectId, field: opts.fieldName ?? STATUS_FIELD };
  for (const name of fields) variables[optionalFieldVariable(name)] = names[name];
  if (filtered) variables.filter = `last-updated:${Math.ceil(opts.updatedSinceDays ?? 1)}days`;
  return { document: projectItemsDocument({ filtered, fields, relations }), variables };
}

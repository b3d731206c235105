import { z } from 'zod';
import { isoDateSchema } from './calendar.ts';

/** What an item filter may select by type. */
export const ITEM_TYPES = ['issue', 'pull_request', 'draft'] as const;
export type ItemTypeName = (typeof ITEM_TYPES)[number];

const MAX_VALUES = 20;

/** A repeatable query parameter (`?label=bug&label=ux`): one value or several, each kept whole (names may hold commas). */
function repeated<T extends z.ZodType<string>>(name: string, value: T) {
  return z
    .union([value, z.array(value).max(MAX_VALUES, `${name}: at most ${MAX_VALUES} values`)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]) as z.output<T>[]);
}

const name = (param: string) => z.string().trim().min(1, `${param} must not be empty`).max(200);

const day = () => isoDateSchema().optional();

/**
 * The value of `issue_type` and `field_value` that selects the items without one (no issue type, the
 * breakdown field unset; docs/api.md, "Filters"). A value starting with `~` is reserved: a real name that
 * starts with it is sent with the `~` doubled (`~~ops` names "~ops"), so no name can be read as this one.
 */
export const NO_VALUE = '~none';
const RESERVED = '~';

/** A name as a filter value (null: the items without one). */
export function filterValueOf(name: string | null): string {
  if (name === null) return NO_VALUE;
  return name.startsWith(RESERVED) ? RESERVED + name : name;
}

/** The name a filter value selects; null: the items without one. */
export function nameOfFilterValue(value: string): string | null {
  if (value === NO_VALUE) return null;
  return value.startsWith(RESERVED + RESERVED) ? value.slice(1) : value;
}

/** A value of `issue_type` or `field_value`: a name, `~~` before a name starting with `~`, or `~none`. */
const nameOrNone = (param: string) =>
  name(param).refine(
    (value) => value === NO_VALUE || !value.startsWith(RESERVED) || value.startsWith(RESERVED + RESERVED),
    `${param}: a value starting with ~ is reserved: ${NO_VALUE} for the items without one, ~~ before a name that starts with ~`,
  );

/**
 * The item filter every analysis takes (docs/metrics.md, "Filters"); spread into each analysis query.
 * Lists are repeated parameters and match any of their values; every parameter given must hold.
 */
export const itemFilterQueryShape = {
  label: repeated('label', name('label')),
  not_label: repeated('not_label', name('not_label')),
  milestone: repeated('milestone', name('milestone')),
  type: repeated('type', z.enum(ITEM_TYPES, { error: `type must be one of ${ITEM_TYPES.join(', ')}` })),
  /** The issue's organization-wide type ("Bug", "Feature"), compared without case; `~none`: no type. */
  issue_type: repeated('issue_type', nameOrNone('issue_type')),
  /**
   * Any of these values of the board's breakdown field (its single-select field picked in Edit project,
   * docs/metrics.md, "Breakdown"), as items have them now, compared without case; `~none`: no value.
   */
  field_value: repeated('field_value', nameOrNone('field_value')),
  repo: repeated('repo', name('repo')),
  assignee: repeated('assignee', name('assignee')),
  /** The first day (in the board's time zone) of the date range: items on the board on that day or later. */
  from: day(),
  /** The last day (in the board's time zone) of the date range, included. */
  to: day(),
  /**
   * The items the board's Iteration field puts in one iteration now: `current`, `previous`, or an
   * iteration's id or title (docs/metrics.md, "Iterations and estimates").
   */
  iteration: name('iteration').optional(),
};
export const itemFilterQuerySchema = z.object(itemFilterQueryShape);

/**
 * Whether an analysis counts the estimated steps of reconstructed histories (docs/metrics.md,
 * "Reconstructed histories"): `include` (the default) or `leave_out`, where such items keep the partial
 * rule. Not a filter of items: spread beside the item filter into each analysis query.
 */
export const ESTIMATED_OPTIONS = ['include', 'leave_out'] as const;
export type EstimatedOption = (typeof ESTIMATED_OPTIONS)[number];
export const historyQueryShape = {
  estimated: z
    .enum(ESTIMATED_OPTIONS, { error: `estimated must be one of ${ESTIMATED_OPTIONS.join(', ')}` })
    .optional(),
};
export type ItemFilterQuery = z.output<typeof itemFilterQuerySchema>;
/** What a caller sends: every part optional. */
export type ItemFilterParams = z.input<typeof itemFilterQuerySchema>;
/** An analysis query's filter part as a caller sends it: the item filter and the history option. */
export type AnalysisFilterParams = ItemFilterParams & { estimated?: EstimatedOption };
export const ITEM_FILTER_PARAMS = Object.keys(itemFilterQueryShape) as (keyof ItemFilterQuery)[];

import { z } from 'zod';
import { calendarSchema } from './calendar.ts';
import { wholeNumber } from './numbers.ts';
import { blockedFieldSchema, serviceLevelSchema, workLevelSchema } from './flow.ts';

const columnName = z.string().trim().min(1, 'a column name cannot be empty').max(200);

/** Productive and waiting columns, as the time-in-state answer lists them (docs/metrics.md §4). */
export const columnListsSchema = z.object({
  productive: z.array(columnName).max(200),
  waiting: z.array(columnName).max(200),
});

/** The first column named in both lists, if any. */
function inBothLists(lists: z.infer<typeof columnListsSchema>): string | undefined {
  const productive = new Set(lists.productive);
  return lists.waiting.find((name) => productive.has(name));
}

/** A user's classification of a project's columns (docs/metrics.md): a column is in one list at most. */
export const columnClassificationSchema = columnListsSchema.superRefine((lists, ctx) => {
  const both = inBothLists(lists);
  if (both !== undefined)
    ctx.addIssue({ code: 'custom', message: `"${both}" is both productive and waiting` });
});

/**
 * The classification checked against one project's columns (the last is done): only its own columns,
 * never the done column. The message names the column; callers name the field.
 */
export function columnClassificationFor(columnList: readonly string[]) {
  const done = columnList.at(-1);
  const open = new Set(columnList.slice(0, -1));
  return columnClassificationSchema.superRefine((lists, ctx) => {
    for (const name of [...lists.productive, ...lists.waiting]) {
      if (open.has(name)) continue;
      const message =
        name === done
          ? `"${name}" is the done column: it is neither productive nor waiting`
          : `"${name}" is not a column of this project`;
      ctx.addIssue({ code: 'custom', message });
      return;
    }
  });
}

/**
 * Why a board's items come from repositories Fluxion may not read (docs/api.md, Projects):
 * - `repositories_not_selected`: the Fluxion GitHub App is installed on the organization but not on those
 *   repositories (fix: add them to the installation);
 * - `no_installation`: the organization's board is read with a user's token, which may not read them
 *   (fix: install the App on the organization);
 * - `user_owned`: a user-owned board, which the App cannot read (fix: move the board to an organization).
 */
export const unreadableReasonSchema = z.enum(['repositories_not_selected', 'no_installation', 'user_owned']);
export type UnreadableReason = z.infer<typeof unreadableReasonSchema>;

/**
 * A board's flow policies, shared by everyone who tracks it (docs/metrics.md, "Service Level Expectation",
 * "WIP limits", "Blocked time"): its SLE (null: the one its history proposes), its columns' WIP limits
 * (column → most items at once; a column left out has none), and what marks an item blocked: the label,
 * or the value of a board field the team names.
 */
export const flowPoliciesSchema = z.object({
  sle: serviceLevelSchema.nullable(),
  wip_limits: z
    .record(columnName, z.number().int('a WIP limit is a whole number').min(1).max(999))
    .refine((limits) => Object.keys(limits).length <= 200, 'at most 200 WIP limits'),
  blocked_label: z.string().trim().min(1, 'the blocked label cannot be empty').max(50),
  /** A board field's value that marks an item blocked as well as the label; absent or null: none. */
  blocked_field: blockedFieldSchema.nullable().optional(),
  /** Per issue type ("Bug", "Feature"…): that type's own SLE (docs/metrics.md, "Breakdown by type"). */
  type_sles: z
    .record(z.string().trim().min(1, 'an issue type cannot be empty').max(100), serviceLevelSchema)
    .refine((sles) => Object.keys(sles).length <= 50, 'at most 50 type SLEs')
    .optional(),
});
export type FlowPolicies = z.infer<typeof flowPoliciesSchema>;
export const DEFAULT_FLOW_POLICIES: FlowPolicies = { sle: null, wip_limits: {}, blocked_label: 'blocked' };

/** The WIP limits checked against one project's columns: only its columns before done. */
export function wipLimitsFor(columnList: readonly string[]) {
  const open = new Set(columnList.slice(0, -1));
  return flowPoliciesSchema.shape.wip_limits.superRefine((limits, ctx) => {
    const stray = Object.keys(limits).find((name) => !open.has(name));
    if (stray === undefined) return;
    const message =
      stray === columnList.at(-1)
        ? `"${stray}" is the done column: it takes no WIP limit`
        : `"${stray}" is not a column of this project`;
    ctx.addIssue({ code: 'custom', message });
  });
}

/**
 * The board's breakdown field (docs/metrics.md, "Breakdown"): the single-select field Flow splits the work
 * by instead of the issue type; `gone` once GitHub deleted it (the work is then split by issue type).
 */
export const breakdownFieldSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  gone: z.literal(true).optional(),
});
export type BreakdownField = z.infer<typeof breakdownFieldSchema>;

/** A tracked board as the API answers it (docs/api.md, Projects). */
export const projectSchema = z.object({
  project_id: z.string(),
  title: z.string(),
  full_name: z.string(),
  owner: z.string(),
  is_demo: z.boolean(),
  /** The length the analyses read (their default window, "Over 1x iteration"): see `iteration`. */
  iteration_length_days: z.number().int().positive(),
  /**
   * Where `iteration_length_days` comes from (docs/metrics.md, "The iteration"): the board's GitHub
   * Iteration field (the iteration running today; between iterations the last that ended), or, for a
   * board without one, the length typed in Add/Edit project (`typed_days`, kept as the fallback).
   */
  iteration: z
    .object({
      source: z.enum(['github_field', 'typed']),
      /** The Iteration field's name; null without one. */
      field: z.string().nullable(),
      /** The iteration the length is read from (first and last day), and whether it runs today. */
      current: z
        .object({ title: z.string(), start: z.string(), end: z.string(), running: z.boolean() })
        .nullable(),
      typed_days: z.number().int().positive(),
    })
    .optional(),
  cycle_time_start_column: z.string().nullable(),
  column_list: z.array(z.string()),
  /** This user's productive/waiting choice for the columns before done; null: automatic, from the names. */
  column_classification: columnListsSchema.nullable(),
  /** What applies without a choice (or to a column the choice leaves out): the guess from the names. */
  automatic_column_classification: columnListsSchema,
  /** How collection goes: 'inaccessible' when GitHub no longer lets us read the board. */
  sync_status: z.enum(['active', 'inaccessible', 'static']).optional(),
  /**
   * Why an inaccessible board stopped and what to do (e.g. "Access lost: the Fluxion GitHub App was
   * uninstalled from <org>. Re-install …"); absent otherwise.
   */
  sync_message: z.string().optional(),
  last_synced_at: z.string().nullable().optional(),
  /**
   * How many items of the board GitHub answered as REDACTED at the last full
   * listing (their repositories are private and the token that reads the board may not read them); they
   * are left out of every analysis. Absent until a full listing counted them, and for the demo.
   */
  unreadable_items: z.number().int().nonnegative().optional(),
  /** Why those items cannot be read, when there are some: what fixes it depends on it. */
  unreadable_reason: unreadableReasonSchema.optional(),
  /** When Fluxion started recording the board's moves (movements are recorded from then on). */
  recording_since: z.string().optional(),
  /** The single-select field whose options are the columns; absent for the demo and before it is read. */
  workflow_field: z.object({ id: z.string().nullable(), name: z.string() }).optional(),
  /**
   * The import of past moves: how many items it covered, for how many of them the history is partial
   * (it disagreed with GitHub's current value: docs/metrics.md), and of those how many it reconstructed
   * (estimated: docs/metrics.md, "Reconstructed histories"); absent until imported. The board's history
   * quality: exact `imported_items - partial_items`, estimated `estimated_items`, unknown the rest.
   */
  history: z
    .object({
      imported_items: z.number().int().nonnegative(),
      partial_items: z.number().int().nonnegative(),
      estimated_items: z.number().int().nonnegative(),
    })
    .optional(),
  /**
   * The one-time import of the board's moves from before it was added: 'unavailable' when
   * the GitHub host's issue timelines lack Projects (v2) events (older GitHub Enterprise). Not for the demo.
   */
  history_import: z.enum(['pending', 'done', 'unavailable']).optional(),
  /** The board's working calendar (docs/metrics.md §12), the same for everyone who tracks it. */
  calendar: calendarSchema.optional(),
  /**
   * Whether the analyses count the history of items archived on GitHub (true,
   * the default: an archived done card is still throughput) or leave those items out. One per board.
   */
  include_archived: z.boolean().optional(),
  /**
   * Who sets the settings shared by everyone who tracks the board (`calendar`, `include_archived`): its
   * GitHub login (null for the demo, or when unknown), and whether this user may change them.
   */
  shared_settings: z.object({ set_by: z.string().nullable(), editable: z.boolean() }).optional(),
  /** The board's SLE, WIP limits and blocked label, shared like the calendar. */
  flow_policies: flowPoliciesSchema.optional(),
  /** Which items the analyses count (docs/metrics.md, "Level of work"), shared like the calendar; null: automatic. */
  work_level: workLevelSchema.nullable().optional(),
  /** What Flow splits the work by, shared like the calendar; null: issue type. */
  breakdown_field: breakdownFieldSchema.nullable().optional(),
});
export type Project = z.infer<typeof projectSchema>;

/** POST /api/projects/ — add or update, the same call (docs/api.md, Projects). */
export const saveProjectRequestSchema = z.object({
  project_id: z.string().trim().min(1, 'project_id is required'),
  name: z.string().trim().max(300).optional(),
  iteration_length: wholeNumber('iteration_length', 1, 365, 'days'),
  cycle_time_start: z.string().trim().max(200).nullish(),
  /** Omitted: unchanged; null: back to automatic; lists: the user's classification (checked against the columns). */
  column_classification: columnClassificationSchema.nullish(),
  /** Omitted: unchanged; otherwise the board's calendar, for everyone who tracks the board. */
  calendar: calendarSchema.optional(),
  /** Omitted: unchanged; otherwise whether the board's analyses count archived items. */
  include_archived: z.boolean().optional(),
  /** Omitted (or any part omitted): unchanged; `sle: null`: back to the proposed one. */
  flow_policies: flowPoliciesSchema.partial().optional(),
  /** Omitted: unchanged; null: automatic (leaf items when the board holds parents and children). */
  work_level: workLevelSchema.nullish(),
  /**
   * Adding a board: the single-select field whose options are its columns (GitHub's node id, from GET
   * /api/github-project-fields/); omitted: the default. A tracked board keeps its own (see workflow-field).
   */
  workflow_field_id: z.string().trim().min(1).max(200).optional(),
  /**
   * The Number field read as the estimate (GitHub's node id, from GET /api/github-project-fields/'s
   * `number_fields`), the same for everyone who tracks the board; null: none; omitted: unchanged.
   */
  estimate_field_id: z.string().trim().min(1).max(200).nullish(),
  /**
   * The single-select field Flow splits the work by (GitHub's node id, from GET /api/github-project-fields/;
   * not the workflow field), the same for everyone who tracks the board; null: issue type; omitted: unchanged.
   */
  breakdown_field_id: z.string().trim().min(1).max(200).nullish(),
});
export type SaveProjectRequest = z.infer<typeof saveProjectRequestSchema>;

export const projectIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** An owner the Add Project dialog offers: the user or one of their organizations. */
export const ownerOptionSchema = z.object({ value: z.string(), display_name: z.string() });
export type OwnerOption = z.infer<typeof ownerOptionSchema>;

/** A board on GitHub the user may add. */
export const availableProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  full_name: z.string(),
  owner: z.string(),
});
export type AvailableProject = z.infer<typeof availableProjectSchema>;

export const projectsByOwnerQuerySchema = z.object({ owner: z.string().trim().max(100).optional() });
export const projectColumnsQuerySchema = z.object({
  project_id: z.string().trim().min(1, 'project_id is required').max(200),
  /** The single-select field whose options to list; omitted: the default workflow field. */
  field_id: z.string().trim().min(1).max(200).optional(),
});

/** A board's single-select fields (GET /api/github-project-fields/): the workflow field is one of them. */
export const projectFieldsSchema = z.object({
  fields: z.array(z.object({ id: z.string(), name: z.string(), columns: z.array(z.string()) })),
  /** The field chosen unless the user picks another (docs/api.md); null: the board has no single-select field. */
  default_field_id: z.string().nullable(),
  /** The board's Number fields: what the team may pick as the estimate (docs/metrics.md, "Iterations and estimates"). */
  number_fields: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
  /** The board's Iteration field; null: none. */
  iteration_field: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type ProjectFields = z.infer<typeof projectFieldsSchema>;

/** Changes the workflow field of a tracked board (POST /api/projects/{id}/workflow-field/). */
export const workflowFieldRequestSchema = z.object({
  field_id: z.string().trim().min(1, 'field_id is required').max(200),
});

import { z } from 'zod';

/** Spec §3 Project. */
export const projectSchema = z.object({
  project_id: z.string(),
  title: z.string(),
  full_name: z.string(),
  owner: z.string(),
  is_demo: z.boolean(),
  iteration_length_days: z.number().int().positive(),
  cycle_time_start_column: z.string().nullable(),
  column_list: z.array(z.string()),
  /** How collection goes (beyond spec §3): 'inaccessible' when GitHub no longer lets us read the board. */
  sync_status: z.enum(['active', 'inaccessible', 'static']).optional(),
  last_synced_at: z.string().nullable().optional(),
});
export type Project = z.infer<typeof projectSchema>;

export const ITERATION_LENGTH_OPTIONS = [1, 2, 4, 7, 14, 28] as const;
export const DEFAULT_ITERATION_LENGTH = 7;

/** POST /api/projects/ — add or update (spec §7). */
export const saveProjectRequestSchema = z.object({
  project_id: z.string().trim().min(1, 'project_id is required'),
  name: z.string().trim().max(300).optional(),
  iteration_length: z.coerce
    .number({ error: 'iteration_length must be a number' })
    .int('iteration_length must be a whole number of days')
    .min(1, 'iteration_length must be at least 1 day')
    .max(365, 'iteration_length must be at most 365 days'),
  cycle_time_start: z.string().trim().max(200).nullish(),
});
export type SaveProjectRequest = z.infer<typeof saveProjectRequestSchema>;

export const projectIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** Spec §3 Owner option. */
export const ownerOptionSchema = z.object({ value: z.string(), display_name: z.string() });
export type OwnerOption = z.infer<typeof ownerOptionSchema>;

/** Spec §3 Available provider project. */
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
});

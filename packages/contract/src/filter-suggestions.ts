import { z } from 'zod';
import { projectParam } from './analytics.ts';

/** GET /api/filter-suggestions/?project=: what the filter bar suggests for one board. */
export const filterSuggestionsQuerySchema = z.object({ project: projectParam });

/** A name found on the board's items, and on how many of them. */
export const filterSuggestionSchema = z.object({ name: z.string(), items: z.number().int().positive() });
export type FilterSuggestion = z.infer<typeof filterSuggestionSchema>;

/**
 * The labels, milestones, assignees and repositories of the items now on a board, as the viewer may see
 * them (a private item's are not among them), most used first. Names that differ only in case are one
 * entry, as the filter matches them without case.
 */
export const filterSuggestionsSchema = z.object({
  labels: z.array(filterSuggestionSchema),
  milestones: z.array(filterSuggestionSchema),
  assignees: z.array(filterSuggestionSchema),
  repositories: z.array(filterSuggestionSchema),
  /** The issues' types ("Bug", "Feature"): the `issue_type` filter. */
  issue_types: z.array(filterSuggestionSchema).optional(),
  /** The board's breakdown field (absent: it breaks down by issue type) and its values now: the `field_value` filter. */
  breakdown_field: z.object({ name: z.string(), values: z.array(filterSuggestionSchema) }).optional(),
});
export type FilterSuggestions = z.infer<typeof filterSuggestionsSchema>;

import { z } from 'zod';

/**
 * What removing a project from the caller's list would do (docs/api.md, DELETE /api/projects/{id}/):
 * `hide` the demo for this caller only; `untrack` a board others still track, whose history stays for
 * them; `delete` a board no one else tracks, with its `recorded_moves`.
 */
export const projectRemovalSchema = z.object({
  effect: z.enum(['hide', 'untrack', 'delete']),
  recorded_moves: z.number().int().nonnegative(),
});
export type ProjectRemoval = z.infer<typeof projectRemovalSchema>;

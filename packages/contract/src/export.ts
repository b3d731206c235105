import { z } from 'zod';

/** GET /api/export/items.csv?project= — every item of the board now, one CSV row each. */
export const itemsExportQuerySchema = z.object({
  project: z.string({ error: 'project is required' }).trim().min(1, 'project is required').max(200),
});

/** The boards' time zone until a board has its own calendar: named in every CSV header. */
export const BOARD_TIME_ZONE = 'UTC';

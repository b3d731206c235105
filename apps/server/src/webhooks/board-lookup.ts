import type { AppContext } from '../context.ts';
import { batchesPerKey } from './batches.ts';

export type WebhookBoard = {
  id: string;
  /** Its owner on GitHub: an organization webhook's delivery must name it. */
  owner_login: string;
  column_list: string;
  added_at: number;
  column_options: string | null;
  workflow_field_id: string | null;
  workflow_field_name: string | null;
  /** Its flow policies (JSON): the blocked field's edits are recorded too. */
  flow_policies: string | null;
  /** Its breakdown field (JSON): that field's edits are recorded too. */
  breakdown_field: string | null;
};
export type BoardLookup = (projectNodeId: string) => Promise<WebhookBoard | undefined>;

/**
 * The tracked board of a GitHub project node id. Deliveries of one board that arrive together share one
 * query (a query costs a PostgreSQL delivery about as much CPU as the rest of its recording).
 */
export function boardLookup(ctx: AppContext): BoardLookup {
  const lookup = batchesPerKey<null, WebhookBoard | undefined>(async (projectNodeId, waiting) => {
    const board = await ctx.db
      .selectFrom('boards')
      .select([
        'id',
        'owner_login',
        'column_list',
        'added_at',
        'column_options',
        'workflow_field_id',
        'workflow_field_name',
        'flow_policies',
        'breakdown_field',
      ])
      .where('github_project_id', '=', projectNodeId)
      .executeTakeFirst();
    return waiting.map(() => ({ status: 'fulfilled', value: board }));
  }, Number.POSITIVE_INFINITY);
  return (projectNodeId) => lookup(projectNodeId, null);
}
